import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, type BackupHeader, type BackupSequence } from "./backup-format";
import { partialPathFor, publishBackupFile, verifyBackupFile, writeBackupLines } from "./backup-file.server";
import {
  countRows,
  queryRows,
  quoteIdentifier,
  readCatalog,
  useStableTextFormats,
  type CatalogSequence,
  type CatalogTable,
} from "./database-catalog.server";
import { readMigrationLevel, type CodeMigration } from "./migrations.server";
import { orderByForeignKeys } from "./table-order";

export type BackupReport = { file: string; bytes: number; header: BackupHeader; elapsedMs: number };

/** Rows fetched at a time; far fewer from a table with bytea columns (images of a few MB each). */
const FETCH_ROWS = 1_000;
const FETCH_ROWS_WITH_BYTES = 16;
const CURSOR = "balcao_backup_rows";

function appVersion() {
  try {
    return (JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as { version?: string }).version ?? "?";
  } catch {
    return "?";
  }
}

/** One row as the JSON array of its values' text forms, built by the database itself. */
function rowAsJson(table: CatalogTable) {
  const values = table.columns.map(({ name, encoding }) =>
    encoding === "base64"
      ? `translate(encode(${quoteIdentifier(name)}, 'base64'), E'\\n', '')`
      : `${quoteIdentifier(name)}::text`,
  );
  return `array_to_json(array[${values.join(", ")}]::text[])::text`;
}

async function* tableLines(tx: Transaction, table: CatalogTable, expectedRows: number): AsyncGenerator<string[]> {
  yield [JSON.stringify({ table: table.name })];
  const orderBy = table.primaryKey.length > 0 ? ` order by ${table.primaryKey.map(quoteIdentifier).join(", ")}` : "";
  await tx.execute(
    sql.raw(
      `declare ${CURSOR} no scroll cursor for select ${rowAsJson(table)} as line from ${quoteIdentifier(table.name)}${orderBy}`,
    ),
  );
  const fetchRows = table.columns.some(({ encoding }) => encoding === "base64") ? FETCH_ROWS_WITH_BYTES : FETCH_ROWS;
  let written = 0;
  for (;;) {
    const rows = await queryRows<{ line: string }>(tx, sql.raw(`fetch forward ${fetchRows} from ${CURSOR}`));
    if (rows.length === 0) break;
    written += rows.length;
    yield rows.map(({ line }) => line);
  }
  await tx.execute(sql.raw(`close ${CURSOR}`));
  // The snapshot cannot change under a repeatable-read transaction: a difference is a bug, not a busy shop.
  if (written !== expectedRows) throw new Error(`${table.name}: ${written} linhas lidas, ${expectedRows} contadas`);
}

async function readSequenceStates(tx: Transaction, sequences: readonly CatalogSequence[]): Promise<BackupSequence[]> {
  const states: BackupSequence[] = [];
  for (const { name } of sequences) {
    const [state] = await queryRows<{ last_value: string; is_called: boolean }>(
      tx,
      sql.raw(`select last_value::text, is_called from ${quoteIdentifier(name)}`),
    );
    if (state) states.push({ name, lastValue: state.last_value, isCalled: state.is_called });
  }
  return states;
}

/** Header and rows of one snapshot, written to `file`. */
async function writeSnapshot(
  tx: Transaction,
  file: string,
  database: BackupHeader["database"],
  migrations: readonly CodeMigration[],
): Promise<BackupHeader> {
  await useStableTextFormats(tx);
  const level = await readMigrationLevel(tx);
  if (!level) throw new BackupError("O banco de dados não tem migrações aplicadas: não há o que copiar.");
  const catalog = await readCatalog(tx);
  const tablesByName = new Map(catalog.tables.map((table) => [table.name, table]));
  const tables = orderByForeignKeys([...tablesByName.keys()], catalog.foreignKeys).map((name) => tablesByName.get(name)!);
  const [server] = await queryRows<{ version: string }>(tx, sql`select version()`);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: appVersion(),
    createdAt: new Date().toISOString(),
    database,
    serverVersion: server?.version ?? "",
    migration: { ...level, tag: migrations.find(({ createdAt }) => createdAt === level.createdAt)?.tag ?? null },
    tables: [],
    sequences: await readSequenceStates(tx, catalog.sequences),
  };
  for (const table of tables)
    header.tables.push({ name: table.name, columns: table.columns, rows: await countRows(tx, table.name) });

  async function* lines() {
    yield [JSON.stringify(header)];
    for (const [index, table] of tables.entries()) yield* tableLines(tx, table, header.tables[index]!.rows);
  }
  await writeBackupLines(file, lines());
  return header;
}

/**
 * Copies every table of the public schema into `file` from one consistent
 * snapshot, then reads the file back and checks it before giving it its
 * name. On PGlite the snapshot's transaction holds the database (one
 * connection) until the file is written.
 */
export async function createBackup(
  db: Database,
  { file, database, migrations }: { file: string; database: BackupHeader["database"]; migrations: readonly CodeMigration[] },
): Promise<BackupReport> {
  const startedAt = performance.now();
  if (fs.existsSync(file)) throw new BackupError(`O arquivo ${file} já existe: escolha outro nome.`);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = partialPathFor(file);
  try {
    const header = await db.transaction((tx) => writeSnapshot(tx, partial, database, migrations), {
      isolationLevel: "repeatable read",
      accessMode: "read only",
    });
    // Read back before it gets its name: a disk that lies about a write is found now, not on the day of the restore.
    await verifyBackupFile(partial);
    publishBackupFile(partial, file);
    return { file, bytes: fs.statSync(file).size, header, elapsedMs: performance.now() - startedAt };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}
