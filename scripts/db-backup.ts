/**
 * npm run db:backup [-- --out <file>]
 *
 * Copies the whole database (every table, uploads included) into one file,
 * by default DATA_DIR/backups/balcao-<date>_<time>.balcao-backup.gz, and
 * prints its name, size and rows per table. With PGlite and the server
 * running, the server writes the file (through DATA_DIR/admin.sock: only one
 * process may open the folder); with the server stopped, this process opens
 * the folder itself. With DATABASE_URL it connects directly.
 */
import path from "node:path";
import { BackupError } from "~/db/backup/backup-format";
import { defaultBackupFile, describeBackup } from "~/db/backup/backup-report";
import { createBackup } from "~/db/backup/create-backup.server";
import { openMaintenanceDatabase } from "~/db/backup/maintenance-database.server";
import { readCodeMigrations } from "~/db/backup/migrations.server";
import { MIGRATIONS_FOLDER } from "~/db/client.server";
import { DataDirBusyError, dataDirHolder, describeHolder, type DataDirHolder } from "~/db/data-dir-lock.server";
import { sendAdminCommand } from "~/lib/admin-socket.server";
import { recordBackupOutcome } from "~/lib/job-runner.server";
import { getEnv, InvalidEnvError } from "~/lib/env.server";

const USAGE = "Uso: npm run db:backup [-- --out <arquivo>]";
/** The server answers once the file is written and read back: a large database takes minutes, not seconds. */
const SERVER_TIMEOUT_MS = 6 * 60 * 60 * 1000;

class UsageError extends Error {}

function readOut(argv: string[]): string | null {
  let out: string | null = null;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg.startsWith("--out=")) out = arg.slice("--out=".length);
    else if (arg === "--out") out = argv[++index] ?? "";
    else throw new UsageError(`Opção desconhecida: ${arg}\n${USAGE}`);
  }
  if (out === "") throw new UsageError(USAGE);
  // npm runs scripts from the package root: a relative name is the operator's, from where they typed it.
  return out === null ? null : path.resolve(process.env.INIT_CWD ?? process.cwd(), out);
}

async function backUpThroughServer(dataDir: string, file: string, holder: DataDirHolder) {
  try {
    return await sendAdminCommand(dataDir, { command: "backup", file }, { timeoutMs: SERVER_TIMEOUT_MS });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ECONNREFUSED" && code !== "ENOENT") throw error;
    throw new BackupError(
      `O servidor (${describeHolder(holder)}) está com a pasta ${dataDir}, mas ainda não atende comandos: espere ele terminar de iniciar e tente de novo.`,
    );
  }
}

async function backUp(file: string | null) {
  const env = getEnv();
  const target = file ?? defaultBackupFile(env.DATA_DIR);
  const holder = env.DATABASE_URL ? null : await dataDirHolder(env.DATA_DIR);
  if (holder !== null) {
    const reply = await backUpThroughServer(env.DATA_DIR, target, holder);
    if (!reply.ok) throw new BackupError(reply.message);
    return reply.message;
  }
  const database = await openMaintenanceDatabase(
    env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR },
    { create: false },
  );
  const startedAt = new Date();
  try {
    const report = await createBackup(database.db, {
      file: target,
      database: database.kind,
      migrations: readCodeMigrations(MIGRATIONS_FOLDER),
    });
    // Recorded for the owner's banner (a failed or late backup), as the server records the copies it makes.
    await recordBackupOutcome(async () => database.db, { ok: true, summary: describeBackup(report).split("\n")[0] }, startedAt);
    return describeBackup(report);
  } catch (error) {
    await recordBackupOutcome(async () => database.db, { ok: false, error }, startedAt);
    throw error;
  } finally {
    await database.close();
  }
}

try {
  console.log(await backUp(readOut(process.argv.slice(2))));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(error.message);
    process.exit(2);
  }
  if (error instanceof DataDirBusyError) {
    console.error(`${error.message} O servidor acabou de iniciar: rode o comando de novo para a cópia ser feita por ele.`);
  } else if (error instanceof BackupError || error instanceof InvalidEnvError) {
    console.error(error.message);
  } else {
    console.error("A cópia de segurança falhou:", error);
  }
  process.exit(1);
}
