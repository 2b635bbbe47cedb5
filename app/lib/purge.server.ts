import { sql } from "drizzle-orm";
import { getDb, inTransaction, type Database, type Transaction } from "~/db/client.server";
import { isNightlyDue, NIGHTLY_LOOK_MS } from "./maintenance.server";
import type { ScheduledJob } from "./job-runner.server";
import { UPLOAD_ID_PATTERN } from "./uploads/upload-urls";
import { plural } from "~/lib/wording";

/**
 * What is kept only until nothing needs it (issue 26 §4), purged nightly:
 *
 * - idempotency keys past their replay window (decision 0012: a form kept
 *   open, reloaded or sent again within a year still finds its first result);
 * - uploads nothing refers to any more (decision 0008: a replaced photo
 *   keeps its old upload). "Refers" is read from the schema itself, so a
 *   table added later is covered with no change here: every foreign key to
 *   `uploads`, and any text or JSON column of any table that holds the
 *   upload's id (a blog post's body, an issued document, a setting). An
 *   upload younger than UPLOAD_GRACE_DAYS stays whatever refers to it (a form
 *   still being filled in). A backup holds its uploads' bytes itself, so a
 *   restore never misses one.
 */

/** Decision 0012: a key is replayable for a year. */
export const IDEMPOTENCY_REPLAY_DAYS = 365;
/** An upload nothing refers to yet may belong to a form still open (a product's photo before "Salvar"). */
export const UPLOAD_GRACE_DAYS = 30;
/** At most this many uploads are weighed per run: the text scan's pattern stays small; the next night takes the rest. */
const UPLOADS_PER_RUN = 200;

const DAY_MS = 24 * 60 * 60_000;

function affected(result: unknown) {
  const counts = result as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}

export async function purgeIdempotencyKeys(now: Date): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_REPLAY_DAYS * DAY_MS);
  return affected(await db.execute(sql`delete from idempotency_keys where created_at < ${cutoff}`));
}

type Column = { table: string; column: string };

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every column with a foreign key to uploads.id, but the upload's own variants. */
async function foreignKeyColumns(db: Database | Transaction): Promise<Column[]> {
  const result = await db.execute<Column>(sql`
    select rel.relname as "table", att.attname as "column"
    from pg_constraint con
    join pg_class rel on rel.oid = con.conrelid
    join pg_namespace nsp on nsp.oid = rel.relnamespace
    join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any (con.conkey)
    where con.contype = 'f' and con.confrelid = 'uploads'::regclass and rel.relname <> 'upload_variants'
      and nsp.nspname = current_schema()`);
  return result.rows;
}

/** Every text-like column of the app's tables, where an upload's id could be written (a URL in a body, a JSON detail). */
async function textColumns(db: Database | Transaction): Promise<Column[]> {
  const result = await db.execute<Column>(sql`
    select c.table_name as "table", c.column_name as "column"
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.table_name not in ('uploads', 'upload_variants', '__drizzle_migrations')
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
    order by 1, 2`);
  return result.rows;
}

/**
 * The uploads nothing refers to, older than the grace period, at most
 * UPLOADS_PER_RUN: first those no foreign key holds, then, of those, the
 * ones whose id no text column contains.
 */
export async function findUnreferencedUploads(tx: Transaction, now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - UPLOAD_GRACE_DAYS * DAY_MS);
  const notHeld = (await foreignKeyColumns(tx)).map(
    ({ table, column }) =>
      sql`and not exists (select 1 from ${sql.raw(quoteIdent(table))} r where r.${sql.raw(quoteIdent(column))} = u.id)`,
  );
  const candidates = await tx.execute<{ id: string }>(sql`
    select u.id from uploads u where u.created_at < ${cutoff} ${sql.join(notHeld, sql` `)}
    order by u.created_at limit ${UPLOADS_PER_RUN}`);
  // An id of another shape cannot go into the pattern below: it is kept.
  const ids = candidates.rows.map((row) => row.id).filter((id) => UPLOAD_ID_PATTERN.test(id));
  if (ids.length === 0) return [];
  const pattern = `(${ids.join("|")})`;
  const mentioned = new Set<string>();
  for (const { table, column } of await textColumns(tx)) {
    const found = await tx.execute<{ id: string }>(sql`
      select distinct (regexp_matches(t.${sql.raw(quoteIdent(column))}::text, ${pattern}, 'g'))[1] as id
      from ${sql.raw(quoteIdent(table))} t
      where t.${sql.raw(quoteIdent(column))}::text ~ ${pattern}`);
    for (const row of found.rows) mentioned.add(row.id);
  }
  return ids.filter((id) => !mentioned.has(id));
}

/**
 * Deletes the unreferenced uploads (their variants go with them), in one
 * transaction that locks the uploads table against a new reference
 * appearing between the look and the delete.
 */
export async function purgeUnreferencedUploads(now: Date): Promise<number> {
  return inTransaction(async (tx) => {
    // EXCLUSIVE: a row that starts referring to an upload (its foreign key's check) waits for this to end; images are still served.
    await tx.execute(sql`lock table uploads in exclusive mode`);
    const ids = await findUnreferencedUploads(tx, now);
    if (ids.length === 0) return 0;
    return affected(await tx.execute(sql`delete from uploads where id in ${ids}`));
  });
}

export const purgeJob: ScheduledJob = {
  name: "maintenance.purge",
  intervalMs: NIGHTLY_LOOK_MS,
  isDue: isNightlyDue,
  leaseMs: 2 * 60 * 60_000,
  async run(now) {
    const keys = await purgeIdempotencyKeys(now);
    const uploads = await purgeUnreferencedUploads(now);
    return { summary: `${plural(keys, "chave", "chaves")} e ${plural(uploads, "imagem", "imagens")} removidas` };
  },
};
