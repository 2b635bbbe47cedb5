import { sql } from "drizzle-orm";

/**
 * A whole number, or a list of them (for `= any(…)`), that the planner does
 * not look at: `(select $1::int)`, which PostgreSQL plans as it plans for any
 * value. For an equality on an indexed column with few, even rows per value
 * (a register's entries, a customer's open items): the plan made with the
 * value came out a little cheaper by the statistics than the same plan made
 * for any value (for a list, any length), so PostgreSQL planned such a kept
 * statement again at every run, and planning cost more than running it
 * (decision 33). Not for ranges or skewed columns, whose best plan depends on
 * the value.
 */
export function plannedForAnyValue(value: number | readonly number[]) {
  if (typeof value === "number") return sql<number>`(select ${value}::int)`;
  // Cast after the subquery: `= any((select …))` would compare each row of the subquery, not each element.
  return sql<number[]>`(select ${`{${value.join(",")}}`}::int[])::int[]`;
}
