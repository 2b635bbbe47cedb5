import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "~/db/client.server";
import { assertSingletonStoreFound, createPostgresDatabase, openTestDatabase, type TestDatabase } from "../support/database";
import { copyPgliteTemplate } from "../support/pglite-template";

/**
 * The migration a later issue might add: tables the backup code has never
 * heard of, with every type a backup must carry exactly, an identity column,
 * a generated column, a reference to itself, one to a table that sorts after
 * it, and a table without a primary key.
 */
const TEST_MIGRATION_TAG = "9000_backup_test_values";
const TEST_MIGRATION_SQL = `CREATE TABLE "backup_test_values" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "parent_id" integer REFERENCES "backup_test_values"("id"),
  "customer_id" integer REFERENCES "customers"("id"),
  "bytes" bytea,
  "document" jsonb,
  "plain_json" json,
  "tags" text[],
  "numbers" integer[],
  "at" timestamp with time zone,
  "local_at" timestamp,
  "day" date,
  "amount" numeric(14, 4),
  "big" numeric,
  "ratio" double precision,
  "flag" boolean,
  "count" bigint,
  "label" varchar(40),
  "note" text,
  "span" interval,
  "uid" uuid,
  "doubled" bigint GENERATED ALWAYS AS ("count" * 2) STORED
);
--> statement-breakpoint
CREATE TABLE "backup_test_log" ("message" text, "at" timestamp with time zone);`;

type Journal = { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };

function readJournal(folder: string): Journal {
  return JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as Journal;
}

function writeJournal(folder: string, journal: Journal) {
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal, null, 2));
}

/** drizzle/ plus the test migration, as the code of a later version would ship it. */
export function createTestMigrationsFolder(folder: string) {
  fs.cpSync(path.resolve("drizzle"), folder, { recursive: true });
  const journal = readJournal(folder);
  const last = journal.entries.at(-1)!;
  journal.entries.push({
    idx: last.idx + 1,
    version: last.version,
    when: last.when + 1_000,
    tag: TEST_MIGRATION_TAG,
    breakpoints: true,
  });
  fs.writeFileSync(path.join(folder, `${TEST_MIGRATION_TAG}.sql`), TEST_MIGRATION_SQL);
  writeJournal(folder, journal);
  return folder;
}

/** The same migrations up to `lastTag`: the code as it was some versions ago. */
export function createOlderMigrationsFolder(source: string, folder: string, lastTag: string) {
  fs.cpSync(source, folder, { recursive: true });
  const journal = readJournal(folder);
  const end = journal.entries.findIndex(({ tag }) => tag === lastTag);
  if (end === -1) throw new Error(`migração ${lastTag} não existe`);
  writeJournal(folder, { ...journal, entries: journal.entries.slice(0, end + 1) });
  return folder;
}

/** The app on `database`, migrated with the test migration; imported after the environment is set. */
export async function loadBackupApp(database: TestDatabase) {
  const dataDir = process.env.DATA_DIR ?? "";
  process.env.MIGRATIONS_DIR = createTestMigrationsFolder(path.join(dataDir, "migrations"));
  const dropDatabase = await openTestDatabase(database);
  const [client, seed, uploads, createBackup, restoreBackup, migrations, maintenance, format] = await Promise.all([
    import("~/db/client.server"),
    import("~/modules/demo/seed.server"),
    import("~/modules/uploads/mutations.server"),
    import("~/db/backup/create-backup.server"),
    import("~/db/backup/restore-backup.server"),
    import("~/db/backup/migrations.server"),
    import("~/db/backup/maintenance-database.server"),
    import("~/db/backup/backup-format"),
  ]);
  const db = await client.getDb();
  assertSingletonStoreFound();
  let targetNumber = 0;

  /**
   * A database of `kind` with nothing in it: brand new, or migrated by
   * drizzle with the committed migrations (older than the test's).
   */
  async function createTarget(kind: TestDatabase, { migrated = false } = {}) {
    if (kind === "postgres") {
      const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? "");
      const opened = await maintenance.openMaintenanceDatabase({ kind, url: created.url }, { create: true });
      if (migrated) await migratePg(opened.db, { migrationsFolder: path.resolve("drizzle") });
      return { ...opened, drop: async () => (await opened.close(), await created.drop()) };
    }
    const targetDir = path.join(dataDir, `target-${++targetNumber}`);
    fs.mkdirSync(targetDir);
    await copyPgliteTemplate(targetDir, { migrated });
    const opened = await maintenance.openMaintenanceDatabase({ kind, dataDir: targetDir }, { create: true });
    return { ...opened, drop: () => opened.close() };
  }

  return {
    db,
    databaseKind: client.databaseKind(),
    migrationsFolder: client.MIGRATIONS_FOLDER,
    codeMigrations: migrations.readCodeMigrations(client.MIGRATIONS_FOLDER),
    readCodeMigrations: migrations.readCodeMigrations,
    seedDemoData: seed.seedDemoData,
    storeImageUpload: uploads.storeImageUpload,
    createBackup: createBackup.createBackup,
    restoreBackup: restoreBackup.restoreBackup,
    BackupError: format.BackupError,
    createTarget,
    dropDatabase,
  };
}

export type BackupApp = Awaited<ReturnType<typeof loadBackupApp>>;
export type Target = Awaited<ReturnType<BackupApp["createTarget"]>>;

/** Migrates `db` with drizzle's own migrator (what the server does at start). */
export async function migrateWithDrizzle(db: Database, kind: TestDatabase, migrationsFolder: string) {
  if (kind === "postgres") await migratePg(db, { migrationsFolder });
  else await migratePglite(db as never, { migrationsFolder });
}

type Row = Record<string, unknown>;

async function rowsOf(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await db.execute(query)).rows;
}

/**
 * Everything a restore must bring back, read without the backup code: every
 * row of every public table as PostgreSQL's JSON of the whole row (all
 * columns, generated ones included), in a stable order; every sequence;
 * the migrations applied.
 */
export async function snapshotDatabase(db: Database) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = (
      await tx.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)
    ).rows.map((row) => String(row.tablename));
    const rows: Record<string, string[]> = {};
    for (const table of tables) {
      const result = await tx.execute(sql.raw(`select to_jsonb(t)::text as row from "${table}" t`));
      rows[table] = result.rows.map((row) => String(row.row)).sort();
    }
    const sequences = Object.fromEntries(
      (
        await tx.execute(sql`select sequencename, last_value::text from pg_sequences where schemaname = 'public' order by 1`)
      ).rows.map((row) => [String(row.sequencename), row.last_value === null ? null : String(row.last_value)]),
    );
    const [hasMigrations] = (await tx.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`)).rows;
    const migrations = hasMigrations?.found
      ? (await tx.execute(sql`select hash, created_at::text from drizzle.__drizzle_migrations order by created_at`)).rows.map(
          (row) => `${String(row.created_at)} ${String(row.hash)}`,
        )
      : [];
    return { rows, sequences, migrations };
  });
}

/** A snapshot in a form whose differences fit on a screen: rows per table with a hash of them. */
export function summarizeSnapshot({ rows, sequences, migrations }: Awaited<ReturnType<typeof snapshotDatabase>>) {
  const tables = Object.fromEntries(
    Object.entries(rows).map(([table, tableRows]) => [
      table,
      `${tableRows.length} linhas, ${createHash("sha256").update(tableRows.join("\n")).digest("hex").slice(0, 16)}`,
    ]),
  );
  return { tables, sequences, migrations };
}

/** Orders per status and technician, counted from the orders themselves, next to what the trigger-kept table says. */
export async function statusCounts(db: Database) {
  const counted = await rowsOf(
    db,
    sql`select status || '/' || coalesce(technician_user_id, '') || '=' || count(*) as entry from service_orders group by status, technician_user_id order by 1`,
  );
  const kept = await rowsOf(
    db,
    sql`select status || '/' || technician_user_id || '=' || total as entry from service_order_status_counts where total <> 0 order by 1`,
  );
  return { counted: counted.map((row) => String(row.entry)), kept: kept.map((row) => String(row.entry)) };
}

/** A backup's lines (the trailer apart), for tests that build damaged or foreign files from a real one. */
export function readBackupText(file: string) {
  const lines = gunzipSync(fs.readFileSync(file)).toString("utf8").split("\n");
  lines.pop();
  const trailer = lines.pop() ?? "";
  return { lines, trailer };
}

/** Writes lines as a backup, with a freshly computed trailer unless one is given. */
export function writeBackupText(file: string, lines: string[], trailer?: string) {
  const body = lines.map((line) => `${line}\n`).join("");
  const sha256 = createHash("sha256").update(body).digest("hex");
  fs.writeFileSync(file, gzipSync(`${body}${trailer ?? JSON.stringify({ end: "balcao-backup", sha256 })}\n`));
}
