import { sql, type SQL } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import type { ColumnEncoding } from "./backup-format";
import type { ForeignKeyEdge } from "./table-order";

/**
 * What a backup copies, read from pg_catalog: every table of the public
 * schema, so a table added by a later migration is copied with no change
 * here. Not information_schema: it leaves out tables the role may not read,
 * and a backup must fail on those rather than skip them.
 */
export type CatalogColumn = {
  name: string;
  /** The type as SQL writes it, modifiers included ("character varying(20)", "text[]"). */
  type: string;
  encoding: ColumnEncoding;
};
export type CatalogTable = { name: string; columns: CatalogColumn[]; primaryKey: string[] };
export type CatalogForeignKey = ForeignKeyEdge & { name: string; isDeferrable: boolean };
export type CatalogSequence = { name: string; ownedBy: { table: string; column: string } | null };
export type CatalogTrigger = { name: string; table: string };

export type DatabaseCatalog = {
  tables: CatalogTable[];
  foreignKeys: CatalogForeignKey[];
  sequences: CatalogSequence[];
  /** Triggers written by the schema (not the ones PostgreSQL makes for foreign keys), enabled ones only. */
  userTriggers: CatalogTrigger[];
};

export async function queryRows<T>(tx: Transaction, query: SQL): Promise<T[]> {
  return (await tx.execute(query)).rows as T[];
}

export function quoteIdentifier(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Tables of the public schema that are ours: not views, not an extension's. */
const PUBLIC_TABLES = sql`
  select c.oid, c.relname from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r'
    and not exists (
      select 1 from pg_depend d
      where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e'
    )`;

export async function readCatalog(tx: Transaction): Promise<DatabaseCatalog> {
  // Generated columns are computed again by the database, and cannot be inserted.
  const columns = await queryRows<{ table: string; name: string; type: string; is_bytea: boolean }>(
    tx,
    sql`with t as (${PUBLIC_TABLES})
      select t.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
             a.atttypid = 'bytea'::regtype as is_bytea
      from t join pg_attribute a on a.attrelid = t.oid
      where a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by t.relname, a.attnum`,
  );
  const primaryKeys = await queryRows<{ table: string; column: string }>(
    tx,
    sql`with t as (${PUBLIC_TABLES})
      select t.relname as "table", a.attname as "column"
      from t join pg_constraint p on p.conrelid = t.oid and p.contype = 'p'
      cross join lateral unnest(p.conkey) with ordinality as k(attnum, position)
      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
      order by t.relname, k.position`,
  );
  const foreignKeys = await queryRows<{ name: string; table: string; references: string; is_deferrable: boolean }>(
    tx,
    sql`with t as (${PUBLIC_TABLES})
      select f.conname as name, t.relname as "table", r.relname as "references", f.condeferrable as is_deferrable
      from t join pg_constraint f on f.conrelid = t.oid and f.contype = 'f'
      join pg_class r on r.oid = f.confrelid
      order by t.relname, f.conname`,
  );
  const sequences = await queryRows<{ name: string; table: string | null; column: string | null }>(
    tx,
    sql`select s.relname as name, t.relname as "table", a.attname as "column"
      from pg_class s join pg_namespace n on n.oid = s.relnamespace
      left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
        and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
      left join pg_class t on t.oid = d.refobjid
      left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
      where n.nspname = 'public' and s.relkind = 'S'
      order by s.relname`,
  );
  const userTriggers = await queryRows<CatalogTrigger>(
    tx,
    sql`with t as (${PUBLIC_TABLES})
      select g.tgname as name, t.relname as "table"
      from t join pg_trigger g on g.tgrelid = t.oid
      where not g.tgisinternal and g.tgenabled <> 'D'
      order by t.relname, g.tgname`,
  );

  const tables = new Map<string, CatalogTable>();
  for (const column of columns) {
    const table = tables.get(column.table) ?? { name: column.table, columns: [], primaryKey: [] };
    table.columns.push({ name: column.name, type: column.type, encoding: column.is_bytea ? "base64" : "text" });
    tables.set(column.table, table);
  }
  for (const { table, column } of primaryKeys) tables.get(table)?.primaryKey.push(column);
  return {
    tables: [...tables.values()],
    foreignKeys: foreignKeys.map(({ is_deferrable, ...key }) => ({ ...key, isDeferrable: is_deferrable })),
    sequences: sequences.map(({ name, table, column }) => ({ name, ownedBy: table && column ? { table, column } : null })),
    userTriggers,
  };
}

/** The tables that hold at least one row. */
export async function tablesWithRows(tx: Transaction, tables: readonly CatalogTable[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    const [row] = await queryRows<{ has_rows: boolean }>(
      tx,
      sql`select exists (select 1 from ${sql.raw(quoteIdentifier(table.name))}) as has_rows`,
    );
    if (row?.has_rows) found.push(table.name);
  }
  return found;
}

export async function countRows(tx: Transaction, table: string): Promise<number> {
  const [row] = await queryRows<{ total: string }>(
    tx,
    sql`select count(*)::text as total from ${sql.raw(quoteIdentifier(table))}`,
  );
  return Number(row?.total ?? 0);
}

/**
 * Text forms that do not depend on the session: UTC offsets, ISO dates,
 * shortest exact floats, hex bytea inside arrays. Local to the transaction.
 */
export async function useStableTextFormats(tx: Transaction) {
  for (const setting of [
    "TimeZone = 'UTC'",
    "DateStyle = 'ISO, YMD'",
    "IntervalStyle = 'postgres'",
    "extra_float_digits = 1",
    "bytea_output = 'hex'",
  ]) {
    await tx.execute(sql.raw(`set local ${setting}`));
  }
}
