import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

/**
 * Every table's rows, as a digest per table (row count and an md5 of the
 * rows in order): "writes nothing" means no table changed. Waits first for
 * the background tasks (an issued document's bodies are rendered after its
 * commit). The replay suite (idempotent-actions-suite.ts) and the fuzzing
 * suite (fuzz-suite.ts) compare it before and after a refused request.
 */
export async function databaseDigest(db: Database): Promise<Record<string, string>> {
  await (await import("~/lib/background-tasks.server")).settleBackgroundTasks();
  const tables = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const digest: Record<string, string> = {};
  for (const { tablename } of tables.rows) {
    const [row] = (
      await db.execute<{ n: number; h: string }>(
        sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.identifier(tablename)} t`,
      )
    ).rows;
    digest[tablename] = `${row!.n}:${row!.h}`;
  }
  return digest;
}

/** The tables whose digest differs between two digests. */
export function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((table) => before[table] !== after[table]);
}

/**
 * Where the database's write-ahead log stands: its insert position moves on
 * every write, so an unchanged position says no table changed without
 * reading them all (the fuzzing suite digests only when it moved). The
 * insert position, not the write position (`pg_current_wal_lsn`): with
 * `synchronous_commit = off`, as CI's PostgreSQL runs, a commit leaves its
 * WAL for the background writer, and the write position could stand still
 * over a write (stop 33's CI saw it).
 */
export async function databaseWritePosition(db: Database): Promise<string> {
  await (await import("~/lib/background-tasks.server")).settleBackgroundTasks();
  const [row] = (await db.execute<{ lsn: string }>(sql`select pg_current_wal_insert_lsn()::text as lsn`)).rows;
  return row!.lsn;
}
