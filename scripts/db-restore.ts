/**
 * npm run db:restore -- <file>
 *
 * Restores a backup made by `npm run db:backup` into an empty database: the
 * PGlite folder of DATA_DIR (created when missing), or DATABASE_URL. A
 * backup taken on PGlite restores into PostgreSQL and back. The server must
 * be stopped; a database that already holds data is refused, and a failed
 * restore leaves the database as it was.
 */
import fs from "node:fs";
import path from "node:path";
import { verifyBackupFile } from "~/db/backup/backup-file.server";
import { BackupError } from "~/db/backup/backup-format";
import { describeRestore } from "~/db/backup/backup-report";
import { openMaintenanceDatabase, pgliteFolder } from "~/db/backup/maintenance-database.server";
import { readCodeMigrations } from "~/db/backup/migrations.server";
import { restoreBackup } from "~/db/backup/restore-backup.server";
import { MIGRATIONS_FOLDER } from "~/db/client.server";
import { DataDirBusyError, dataDirHolder, describeHolder } from "~/db/data-dir-lock.server";
import { getEnv, InvalidEnvError } from "~/lib/env.server";

const USAGE = "Uso: npm run db:restore -- <arquivo>";
const SECRETS_REMINDER =
  "Atenção: a cópia não leva os segredos de DATA_DIR/secrets. Sem a mesma chave dos códigos de desbloqueio (UNLOCK_CODE_KEY ou secrets/unlock-code-key), os códigos gravados nas ordens ficam ilegíveis; sem o mesmo BETTER_AUTH_SECRET, todos entram de novo.";

class UsageError extends Error {}

function readFile(argv: string[]) {
  const [file, ...rest] = argv;
  if (!file || file.startsWith("-") || rest.length > 0) throw new UsageError(USAGE);
  // npm runs scripts from the package root: a relative name is the operator's, from where they typed it.
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** Where the rows go, without the password of a DATABASE_URL. */
function describeTarget(databaseUrl: string | undefined, dataDir: string) {
  if (!databaseUrl) return `PGlite em ${pgliteFolder(dataDir)}`;
  const url = new URL(databaseUrl);
  return `PostgreSQL ${url.host}${url.pathname}`;
}

async function restore(file: string) {
  const env = getEnv();
  if (!fs.existsSync(file)) throw new BackupError(`Arquivo não encontrado: ${file}`);
  if (!env.DATABASE_URL) {
    const holder = await dataDirHolder(env.DATA_DIR);
    if (holder !== null) {
      throw new BackupError(
        `O servidor (${describeHolder(holder)}) está usando a pasta ${env.DATA_DIR}: pare o servidor antes de restaurar.`,
      );
    }
  }
  // The whole file is read once before any database is touched: a damaged copy is refused at once.
  await verifyBackupFile(file);
  const isNewFolder = !env.DATABASE_URL && !fs.existsSync(pgliteFolder(env.DATA_DIR));
  console.log(`Restaurando ${file} em ${describeTarget(env.DATABASE_URL, env.DATA_DIR)}…`);
  const database = await openMaintenanceDatabase(
    env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR },
    { create: true },
  );
  let isRestored = false;
  try {
    const report = await restoreBackup(database.db, { file, migrations: readCodeMigrations(MIGRATIONS_FOLDER) });
    isRestored = true;
    return describeRestore(report);
  } finally {
    await database.close();
    // A folder made by a failed restore holds nothing worth keeping: without it the next start is a fresh one.
    if (isNewFolder && !isRestored) fs.rmSync(pgliteFolder(env.DATA_DIR), { recursive: true, force: true });
  }
}

try {
  console.log(await restore(readFile(process.argv.slice(2))));
  console.log(SECRETS_REMINDER);
} catch (error) {
  if (error instanceof UsageError) {
    console.error(error.message);
    process.exit(2);
  }
  if (error instanceof BackupError || error instanceof InvalidEnvError || error instanceof DataDirBusyError) {
    console.error(error.message);
  } else {
    console.error("A restauração falhou:", error);
  }
  process.exit(1);
}
