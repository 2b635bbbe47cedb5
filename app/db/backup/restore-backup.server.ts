import { sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { BackupError, type BackupHeader, type BackupTable } from "./backup-format";
import { readBackup, verifyBackupFile } from "./backup-file.server";
import {
  countRows,
  queryRows,
  quoteIdentifier,
  readCatalog,
  tablesWithRows,
  useStableTextFormats,
  type DatabaseCatalog,
} from "./database-catalog.server";
import { applyMigrations, readMigrationLevel, type CodeMigration } from "./migrations.server";
import { forwardReferences } from "./table-order";

export type RestoreReport = {
  file: string;
  header: BackupHeader;
  /** Migrations newer than the backup, applied after its rows. */
  appliedAfter: string[];
  elapsedMs: number;
};

/** The code's migration the backup was taken at; a backup from newer or other code is refused. */
function migrationOfBackup(header: BackupHeader, migrations: readonly CodeMigration[]): CodeMigration {
  const found = migrations.find(({ createdAt }) => createdAt === header.migration.createdAt);
  if (found) return found;
  const name = header.migration.tag ?? String(header.migration.createdAt);
  const newest = migrations.at(-1);
  if (!newest || header.migration.createdAt > newest.createdAt) {
    throw new BackupError(
      `A cópia foi feita por uma versão mais nova do Balcão (${header.appVersion}, migração ${name}): atualize o Balcão antes de restaurá-la.`,
    );
  }
  throw new BackupError(
    `A cópia tem uma migração (${name}) que esta versão do Balcão não conhece: restaure com a versão que a gravou.`,
  );
}

/** Every table and column of the backup must be in the target with the same type: the same migration level means the same schema. */
function checkSchema(header: BackupHeader, catalog: DatabaseCatalog) {
  const tables = new Map(catalog.tables.map((table) => [table.name, table]));
  for (const table of header.tables) {
    const target = tables.get(table.name);
    if (!target) throw new BackupError(`A tabela ${table.name} da cópia não existe no banco de destino.`);
    for (const column of table.columns) {
      const targetColumn = target.columns.find(({ name }) => name === column.name);
      if (targetColumn?.type !== column.type) {
        throw new BackupError(
          `A coluna ${table.name}.${column.name} (${column.type}) da cópia não existe com esse tipo no banco de destino.`,
        );
      }
    }
  }
}

/**
 * One INSERT per batch: the batch's rows travel as one JSON parameter and
 * each value is cast from its text form to the column's type. OVERRIDING
 * SYSTEM VALUE lets identity columns keep their ids.
 */
function insertStatement(table: BackupTable) {
  const columns = table.columns.map(({ name }) => quoteIdentifier(name)).join(", ");
  const values = table.columns
    .map(({ type, encoding }, index) =>
      encoding === "base64" ? `decode(item->>${index}, 'base64')` : `cast(item->>${index} as ${type})`,
    )
    .join(", ");
  return {
    head: `insert into ${quoteIdentifier(table.name)} (${columns}) overriding system value select ${values} from json_array_elements(`,
    tail: "::json) as source(item)",
  };
}

/**
 * Sequences come back as they were, so ids of deleted rows are not reused
 * (an order's id is its printed number); a sequence behind its column's
 * largest id is moved past it.
 */
async function restoreSequences(tx: Transaction, header: BackupHeader, catalog: DatabaseCatalog) {
  for (const sequence of catalog.sequences) {
    const saved = header.sequences.find(({ name }) => name === sequence.name);
    const name = quoteIdentifier(sequence.name);
    if (saved) await tx.execute(sql`select setval(${name}::regclass, ${saved.lastValue}::bigint, ${saved.isCalled})`);
    if (!sequence.ownedBy) continue;
    const [row] = await queryRows<{ largest: string | null; last_value: string; is_called: boolean }>(
      tx,
      sql.raw(
        `select (select max(${quoteIdentifier(sequence.ownedBy.column)})::text from ${quoteIdentifier(sequence.ownedBy.table)}) as largest, last_value::text, is_called from ${name}`,
      ),
    );
    if (row?.largest == null) continue;
    const largest = BigInt(row.largest);
    const lastValue = BigInt(row.last_value);
    if (largest > lastValue || (largest === lastValue && !row.is_called)) {
      await tx.execute(sql`select setval(${name}::regclass, ${row.largest}::bigint, true)`);
    }
  }
}

/**
 * Tables a migration fills with the shop's starting setup (migration 0017:
 * the finance accounts, their roles, the categories, the card fees; 0027:
 * the services the site lists). A database with rows only there has never
 * been used: it counts as empty, and the restore replaces those rows with
 * the backup's like every other table.
 */
const MIGRATION_SEEDED_TABLES = new Set([
  "finance_accounts",
  "finance_account_roles",
  "finance_categories",
  "card_fee_rates",
  "shop_services",
]);

/**
 * Restores a backup into an empty database, in one transaction: the
 * migrations up to the backup's, its rows, its sequences, then the newer
 * migrations. Anything that fails (a damaged file, a row the schema
 * refuses) leaves the database as it was.
 *
 * The schema's own triggers are off while rows go in: a table derived by
 * triggers (service_order_status_counts) is restored from its saved rows,
 * not counted again. Foreign keys that point at a table restored later, or
 * at their own table, are checked once at the end.
 */
export async function restoreBackup(
  db: Database,
  { file, migrations }: { file: string; migrations: readonly CodeMigration[] },
): Promise<RestoreReport> {
  const startedAt = performance.now();
  // The whole file is checked (checksum included) before the database is touched: a damaged
  // file is reported as damaged, not as whatever row the database happens to refuse first.
  const header = await verifyBackupFile(file);
  const backupMigration = migrationOfBackup(header, migrations);
  const appliedAfter = await db.transaction(async (tx) => {
    await useStableTextFormats(tx);
    const targetLevel = await readMigrationLevel(tx);
    if (targetLevel && targetLevel.createdAt > backupMigration.createdAt) {
      throw new BackupError(
        `O banco de destino já tem migrações mais novas que as da cópia (${backupMigration.tag}): restaure num banco novo, vazio; as migrações mais novas são aplicadas depois dos dados.`,
      );
    }
    const existing = (await tablesWithRows(tx, (await readCatalog(tx)).tables)).filter(
      (table) => !MIGRATION_SEEDED_TABLES.has(table),
    );
    if (existing.length > 0) {
      throw new BackupError(
        `O banco de destino não está vazio (${existing.slice(0, 5).join(", ")}${existing.length > 5 ? "…" : ""}). A restauração só grava num banco sem dados, para nunca misturar duas lojas: use um banco novo.`,
      );
    }
    await applyMigrations(tx, migrations, { after: targetLevel?.createdAt ?? null, through: backupMigration.createdAt });

    const catalog = await readCatalog(tx);
    checkSchema(header, catalog);
    try {
      await prepareTables(tx, catalog, header);
      const rows = readBackup(file);
      for (let next = await rows.next(); !next.done; next = await rows.next()) {
        const { table, lines } = next.value;
        const { head, tail } = insertStatement(table);
        await tx.execute(sql`${sql.raw(head)}${`[${lines.join(",")}]`}${sql.raw(tail)}`);
      }
      await finishTables(tx, catalog, header);
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`O banco de destino recusou os dados da cópia: ${(error as Error).message}. Nada foi restaurado.`);
    }
    await restoreSequences(tx, header, catalog);
    for (const table of header.tables) {
      const restored = await countRows(tx, table.name);
      if (restored !== table.rows) throw new Error(`${table.name}: ${restored} linhas restauradas, ${table.rows} na cópia`);
    }
    return applyMigrations(tx, migrations, { after: backupMigration.createdAt, through: migrations.at(-1)!.createdAt });
  });
  // ANALYZE: the planner learns the tables' sizes. VACUUM: the visibility map, which PGlite has no autovacuum to build.
  const restored = header.tables.map(({ name }) => quoteIdentifier(name));
  if (restored.length > 0) await db.execute(sql.raw(`vacuum analyze ${restored.join(", ")}`));
  return { file, header, appliedAfter: appliedAfter.map(({ tag }) => tag), elapsedMs: performance.now() - startedAt };
}

function referencesToDefer(catalog: DatabaseCatalog, header: BackupHeader) {
  return forwardReferences(
    header.tables.map(({ name }) => name),
    catalog.foreignKeys,
  );
}

async function prepareTables(tx: Transaction, catalog: DatabaseCatalog, header: BackupHeader) {
  for (const { name, table } of catalog.userTriggers) {
    await tx.execute(sql.raw(`alter table ${quoteIdentifier(table)} disable trigger ${quoteIdentifier(name)}`));
  }
  // Only rows written by the migrations just applied can be here (the database was checked empty before them).
  const tables = catalog.tables.map(({ name }) => quoteIdentifier(name));
  if (tables.length > 0) await tx.execute(sql.raw(`truncate ${tables.join(", ")}`));
  for (const key of referencesToDefer(catalog, header)) {
    if (!key.isDeferrable) {
      await tx.execute(
        sql.raw(`alter table ${quoteIdentifier(key.table)} alter constraint ${quoteIdentifier(key.name)} deferrable`),
      );
    }
    await tx.execute(sql.raw(`set constraints ${quoteIdentifier(key.name)} deferred`));
  }
}

async function finishTables(tx: Transaction, catalog: DatabaseCatalog, header: BackupHeader) {
  // The deferred keys are checked here: ALTER TABLE refuses a table with checks still pending.
  await tx.execute(sql`set constraints all immediate`);
  for (const key of referencesToDefer(catalog, header)) {
    if (!key.isDeferrable) {
      await tx.execute(
        sql.raw(`alter table ${quoteIdentifier(key.table)} alter constraint ${quoteIdentifier(key.name)} not deferrable`),
      );
    }
  }
  for (const { name, table } of catalog.userTriggers) {
    await tx.execute(sql.raw(`alter table ${quoteIdentifier(table)} enable trigger ${quoteIdentifier(name)}`));
  }
}
