import { sql, type SQLWrapper } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";

type Reader = Database | Transaction;

/**
 * Several read queries (raw SQL or a Drizzle select whose columns are named)
 * as one statement: one round trip instead of one per
 * query (issue 26: on PGlite each statement's round trip costs the one Node
 * thread CPU, whatever its plan). Each query's rows come back as a JSON
 * array under its key, in the query's own order (a sorted subquery feeds
 * json_agg in that order).
 *
 * The rows are JSON: integers and sums are numbers (exact for cents, far below
 * 2^53), dates are "YYYY-MM-DD" strings, timestamps ISO strings (not Date
 * objects), booleans booleans. The same on PGlite and node-postgres.
 */
export async function readTogether<K extends string>(
  reader: Reader,
  queries: Record<K, SQLWrapper>,
): Promise<Record<K, Record<string, unknown>[]>> {
  const keys = Object.keys(queries) as K[];
  const columns = keys.map(
    (key) => sql`(select coalesce(json_agg(q), '[]'::json) from (${queries[key]}) as q) as ${sql.identifier(key)}`,
  );
  const result = await reader.execute(sql`select ${sql.join(columns, sql`, `)}`);
  const row = (result.rows[0] ?? {}) as Record<string, unknown>;
  const out = {} as Record<K, Record<string, unknown>[]>;
  for (const key of keys) out[key] = jsonColumn<Record<string, unknown>[]>(row[key], []);
  return out;
}

/** A json column's value, whether the driver parsed it or handed back its text; `empty` when null. */
export function jsonColumn<T>(value: unknown, empty: T): T {
  if (value === null || value === undefined) return empty;
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}
