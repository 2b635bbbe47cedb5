import { sql } from "drizzle-orm";

/**
 * A whole number the planner does not look at: `(select $1::int)`, which
 * PostgreSQL plans as it plans for any value. For an equality on an indexed
 * column with few, even rows per value (a register's entries, a customer's
 * open items): the plan made with the value came out a little cheaper by the
 * statistics than the same plan made for any value, so PostgreSQL planned
 * such a kept statement again at every run, and planning cost more than
 * running it (decision 33). Not for ranges or skewed columns, whose best
 * plan depends on the value, nor for a list (`= any(…)` over a list it
 * cannot see is searched element by element, not hashed).
 */
export function plannedForAnyValue(value: number) {
  return sql<number>`(select ${value}::int)`;
}
