import { fillPlaceholders, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
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
  const result = await reader.execute(readTogetherSql(queries));
  return readTogetherRow(result.rows[0], Object.keys(queries) as K[]);
}

/** readTogether's one statement, for a caller that runs it itself (a statement built once: keptStatement). */
export function readTogetherSql<K extends string>(queries: Record<K, SQLWrapper>): SQL {
  const keys = Object.keys(queries) as K[];
  const columns = keys.map(
    (key) => sql`(select coalesce(json_agg(q), '[]'::json) from (${queries[key]}) as q) as ${sql.identifier(key)}`,
  );
  return sql`select ${sql.join(columns, sql`, `)}`;
}

/**
 * Columns named by their keys, for a select read through readTogether: its
 * rows come back as JSON objects under these names, as Drizzle names a row's
 * fields.
 */
export function namedColumns<T extends Record<string, unknown>>(columns: T) {
  return Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, sql`${column as SQL}`.as(key)])) as {
    [K in keyof T]: SQL.Aliased;
  };
}

/** readTogether's answer from its statement's one row: each key's rows. */
export function readTogetherRow<K extends string>(row: unknown, keys: readonly K[]): Record<K, Record<string, unknown>[]> {
  const values = (row ?? {}) as Record<string, unknown>;
  const out = {} as Record<K, Record<string, unknown>[]>;
  for (const key of keys) out[key] = jsonColumn<Record<string, unknown>[]>(values[key], []);
  return out;
}

/** A json column's value, whether the driver parsed it or handed back its text; `empty` when null. */
export function jsonColumn<T>(value: unknown, empty: T): T {
  if (value === null || value === undefined) return empty;
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

const dialect = new PgDialect();

/**
 * A statement built from Drizzle's objects once, run again with other
 * values: `build` writes it with `sql.placeholder(name)` where the values go,
 * and each call gives the same text with this call's `values` as its
 * parameters. A placeholder's value reaches the driver as it is, as Drizzle
 * leaves it (a column's encoder does not see it): pass what the column would
 * send, a timestamp as `toISOString()`.
 * Turning a large select's objects into text on every view cost the server's
 * one thread (with PGlite inside it, its database's too) about as much as
 * running it. The text's parameters must be numbered in the order they
 * appear (Drizzle numbers them so) and it may hold no `$n` of its own: the
 * first call throws otherwise.
 */
export function keptStatement(build: () => SQLWrapper) {
  let kept: { chunks: string[]; params: unknown[] } | undefined;
  return (values: Record<string, unknown>): SQL => {
    if (!kept) {
      const query = dialect.sqlToQuery(build().getSQL());
      const numbers = [...query.sql.matchAll(/\$(\d+)/g)].map((match) => Number(match[1]));
      if (numbers.length !== query.params.length || numbers.some((number, index) => number !== index + 1)) {
        throw new Error("keptStatement: os parâmetros do texto não seguem a ordem $1, $2, …");
      }
      kept = { chunks: query.sql.split(/\$\d+/), params: query.params };
    }
    const { chunks } = kept;
    const parts: SQL[] = [sql.raw(chunks[0]!)];
    fillPlaceholders(kept.params, values).forEach((value, index) =>
      parts.push(sql`${sql.param(value)}`, sql.raw(chunks[index + 1]!)),
    );
    return sql.join(parts);
  };
}
