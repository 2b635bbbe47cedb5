import path from "node:path";
import { databaseKind, getDb, MIGRATIONS_FOLDER } from "~/db/client.server";
import type { AdminReply } from "~/lib/admin-socket.server";
import { getEnv } from "~/lib/env.server";
import { recordBackupOutcome } from "~/lib/job-runner.server";
import { logger } from "~/lib/logger.server";
import { BackupError } from "./backup-format";
import { describeBackup } from "./backup-report";
import { createBackup } from "./create-backup.server";
import { pgliteFolder } from "./maintenance-database.server";
import { readCodeMigrations } from "./migrations.server";
import { createBackupFromFolderCopy } from "./pglite-snapshot.server";

/**
 * `npm run db:backup` while the server runs on PGlite: the folder is the
 * server's, so the server writes the file (the script names it, absolute,
 * since the two may not share a working directory).
 */
export async function runBackupCommand(file: unknown): Promise<AdminReply> {
  if (typeof file !== "string" || !path.isAbsolute(file)) {
    return { ok: false, message: "Informe o caminho completo do arquivo da cópia de segurança." };
  }
  const startedAt = new Date();
  try {
    const db = await getDb();
    const migrations = readCodeMigrations(MIGRATIONS_FOLDER);
    // On PGlite the shop waits only for a checkpoint and a copy of the folder, not for the whole file (decision 0031).
    const report =
      databaseKind() === "pglite"
        ? await createBackupFromFolderCopy(db, { pgliteFolder: pgliteFolder(getEnv().DATA_DIR), file, migrations })
        : await createBackup(db, { file, database: databaseKind(), migrations });
    logger.info({ file, bytes: report.bytes, ms: Math.round(report.elapsedMs) }, "cópia de segurança gravada");
    // The outcome goes to job_runs, where the owner's banner reads a failed or late backup.
    await recordBackupOutcome(getDb, { ok: true, summary: describeBackup(report).split("\n")[0] }, startedAt);
    return { ok: true, message: describeBackup(report) };
  } catch (error) {
    await recordBackupOutcome(getDb, { ok: false, error }, startedAt);
    if (error instanceof BackupError) return { ok: false, message: error.message };
    logger.error({ err: error }, "a cópia de segurança falhou");
    return { ok: false, message: `A cópia de segurança falhou: ${(error as Error).message}` };
  }
}
