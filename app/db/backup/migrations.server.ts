import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Transaction } from "~/db/client.server";
import { queryRows } from "./database-catalog.server";

/**
 * A backup restores at the migration level it was taken at, then the newer
 * migrations run on its rows, as they would have on the shop's own database.
 * Drizzle's migrator runs in a transaction of its own; doing its few steps
 * here instead (its files, its hashes, its table) keeps a whole restore in
 * one transaction, so a failure leaves the target as it was.
 */
export type CodeMigration = { tag: string; createdAt: number; hash: string; statements: string[] };
export type MigrationLevel = { createdAt: number; hash: string };

const MIGRATIONS_TABLE = sql`drizzle.__drizzle_migrations`;

/** The migrations this code ships, oldest first (drizzle's journal, files and hashes). */
export function readCodeMigrations(migrationsFolder: string): CodeMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return readMigrationFiles({ migrationsFolder }).map((migration, index) => ({
    tag: journal.entries[index]?.tag ?? String(migration.folderMillis),
    createdAt: migration.folderMillis,
    hash: migration.hash,
    statements: migration.sql,
  }));
}

/** The last migration applied to this database, or null when none was. */
export async function readMigrationLevel(tx: Transaction): Promise<MigrationLevel | null> {
  const [table] = await queryRows<{ is_migrated: boolean }>(
    tx,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as is_migrated`,
  );
  if (!table?.is_migrated) return null;
  const [last] = await queryRows<{ hash: string; created_at: string }>(
    tx,
    sql`select hash, created_at::text from ${MIGRATIONS_TABLE} order by created_at desc limit 1`,
  );
  return last ? { createdAt: Number(last.created_at), hash: last.hash } : null;
}

/** Applies, in order, the migrations newer than `after` up to `through` (both creation times; null: from the first). */
export async function applyMigrations(
  tx: Transaction,
  migrations: readonly CodeMigration[],
  { after, through }: { after: number | null; through: number },
): Promise<CodeMigration[]> {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists ${MIGRATIONS_TABLE} (id serial primary key, hash text not null, created_at bigint)`,
  );
  const pending = migrations.filter(({ createdAt }) => (after === null || createdAt > after) && createdAt <= through);
  for (const migration of pending) {
    for (const statement of migration.statements) await tx.execute(sql.raw(statement));
    await tx.execute(sql`insert into ${MIGRATIONS_TABLE} (hash, created_at) values (${migration.hash}, ${migration.createdAt})`);
  }
  return pending;
}
