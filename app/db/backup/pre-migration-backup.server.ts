import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { shopTimestampForFileName } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { BACKUP_FILE_SUFFIX, BackupError } from "./backup-format";
import { createBackup } from "./create-backup.server";
import { queryRows, quoteIdentifier, readCatalog } from "./database-catalog.server";
import { readCodeMigrations, readMigrationLevel } from "./migrations.server";

/**
 * Upgrades (issue 26 §4): before the migrations of a new version touch a
 * database that holds data, the database is copied as it is, into
 * DATA_DIR/backups/balcao-antes-de-<migration>-<date>.balcao-backup.gz. The
 * migrations then run in one transaction (drizzle's migrator): a failed one
 * leaves the database as it was and the previous version starts on it; a
 * version that migrated and must be rolled back restores this file into a
 * new DATA_DIR (README, "Atualizar e voltar atrás").
 *
 * A backup that fails stops the start: no migration runs on a database
 * without its copy. Returns the file written, or null when nothing needed one
 * (no migration pending, a new database, or one without a row).
 */
export async function backUpBeforeMigrating(
  db: Database,
  { database, dataDir, migrationsFolder }: { database: "pglite" | "postgres"; dataDir: string; migrationsFolder: string },
): Promise<string | null> {
  const migrations = readCodeMigrations(migrationsFolder);
  const state = await db.transaction(async (tx) => {
    const level = await readMigrationLevel(tx);
    if (!level) return null;
    const pending = migrations.filter(({ createdAt }) => createdAt > level.createdAt);
    if (pending.length === 0) return null;
    // One row anywhere is data worth keeping; a database migrated but never used is not.
    for (const table of (await readCatalog(tx)).tables) {
      const [row] = await queryRows<{ has_rows: boolean }>(
        tx,
        sql.raw(`select exists (select 1 from ${quoteIdentifier(table.name)}) as has_rows`),
      );
      if (row?.has_rows) return { pending };
    }
    return null;
  });
  if (!state) return null;
  const first = state.pending[0]!;
  const file = path.join(
    dataDir,
    "backups",
    `balcao-antes-de-${first.tag}-${shopTimestampForFileName(new Date())}${BACKUP_FILE_SUFFIX}`,
  );
  try {
    const report = await createBackup(db, { file, database, migrations });
    logger.info(
      { file, bytes: report.bytes, ms: Math.round(report.elapsedMs), pending: state.pending.map(({ tag }) => tag) },
      "cópia de segurança antes das migrações gravada",
    );
    return file;
  } catch (error) {
    throw new BackupError(
      `A cópia de segurança antes das migrações (${state.pending.map(({ tag }) => tag).join(", ")}) falhou, e nada foi migrado: ${(error as Error).message}`,
    );
  }
}
