/**
 * npm run db:restore-drill [-- <file>]
 *
 * The backup drill: restores the latest backup of DATA_DIR/backups (or the
 * file named) into a scratch PGlite folder, never the shop's database, and
 * compares the rows of every table with the counts the backup's header
 * recorded. Exits 1 when a table differs or the restore fails. Runs while
 * the server runs (it does not touch DATA_DIR/pglite); needs free disk for
 * the restored database for the length of the drill.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BACKUP_FILE_SUFFIX, BackupError } from "~/db/backup/backup-format";
import { countRows } from "~/db/backup/database-catalog.server";
import { openMaintenanceDatabase } from "~/db/backup/maintenance-database.server";
import { readCodeMigrations } from "~/db/backup/migrations.server";
import { restoreBackup } from "~/db/backup/restore-backup.server";
import { MIGRATIONS_FOLDER } from "~/db/client.server";
import { getEnv, InvalidEnvError } from "~/lib/env.server";

const numbers = new Intl.NumberFormat("pt-BR");

/** The newest complete backup in the folder (a `.partial` is never one). */
function latestBackup(folder: string) {
  const files = fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((name) => name.endsWith(BACKUP_FILE_SUFFIX))
        .map((name) => path.join(folder, name))
    : [];
  if (files.length === 0) throw new BackupError(`Nenhuma cópia de segurança em ${folder}: rode npm run db:backup antes.`);
  return files.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0]!;
}

async function drill(file: string) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "balcao-restore-drill-"));
  const startedAt = performance.now();
  console.log(`Restaurando ${file} numa pasta de teste (${scratch})…`);
  try {
    const database = await openMaintenanceDatabase({ kind: "pglite", dataDir: scratch }, { create: true });
    try {
      const report = await restoreBackup(database.db, { file, migrations: readCodeMigrations(MIGRATIONS_FOLDER) });
      const differences: string[] = [];
      let rows = 0;
      for (const table of report.header.tables) {
        const restored = await database.db.transaction((tx) => countRows(tx, table.name));
        rows += restored;
        if (restored !== table.rows) differences.push(`${table.name}: ${table.rows} na cópia, ${restored} restauradas`);
      }
      const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
      if (differences.length > 0) {
        console.error(`A restauração de teste NÃO confere (${differences.length} tabelas):\n  ${differences.join("\n  ")}`);
        return false;
      }
      console.log(
        `Restauração de teste conferida: ${report.header.tables.length} tabelas, ${numbers.format(rows)} linhas, as mesmas contagens da cópia (${seconds} s).` +
          (report.appliedAfter.length > 0 ? ` Migrações aplicadas depois das linhas: ${report.appliedAfter.join(", ")}.` : ""),
      );
      return true;
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

try {
  const [named, ...rest] = process.argv.slice(2);
  if (rest.length > 0 || named?.startsWith("-")) {
    console.error("Uso: npm run db:restore-drill [-- <arquivo>]");
    process.exit(2);
  }
  const file = named
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), named)
    : latestBackup(path.join(getEnv().DATA_DIR, "backups"));
  process.exit((await drill(file)) ? 0 : 1);
} catch (error) {
  if (error instanceof BackupError || error instanceof InvalidEnvError) console.error(error.message);
  else console.error("A restauração de teste falhou:", error);
  process.exit(1);
}
