import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

export type PersonalDataHit = { table: string; column: string; needle: string; rows: number };

/**
 * Every text, varchar, json and jsonb column (arrays of text too) of every
 * table of the public schema, searched for each needle in any letter case:
 * the anonymiser's check that a person is gone from the whole database,
 * tables added later included.
 */
export async function findTextAnywhere(db: Database, needles: readonly string[]): Promise<PersonalDataHit[]> {
  const columns = await db.execute(sql`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and (c.data_type in ('text', 'character varying', 'json', 'jsonb', 'character') or c.data_type = 'ARRAY')
    order by 1, 2`);
  const hits: PersonalDataHit[] = [];
  for (const { table_name: table, column_name: column } of columns.rows as { table_name: string; column_name: string }[]) {
    const counts = sql.join(
      needles.map(
        (needle, index) =>
          sql`count(*) filter (where ${sql.identifier(column)}::text ilike ${`%${needle}%`})::int as ${sql.identifier(`n${index}`)}`,
      ),
      sql`, `,
    );
    const [row] = (await db.execute(sql`select ${counts} from ${sql.identifier(table)}`)).rows as Record<string, number>[];
    needles.forEach((needle, index) => {
      const rows = Number(row?.[`n${index}`] ?? 0);
      if (rows > 0) hits.push({ table, column, needle, rows });
    });
  }
  return hits;
}
