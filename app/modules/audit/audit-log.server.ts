import { and, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { profiles } from "~/db/schema/accounts";
import { user } from "~/db/schema/auth";
import { addDays, startOfShopDay } from "~/lib/dates";
import type { AuditFilters } from "./filters";

// Readers of the log for the owner's pages. The module sits below accounts (every module records its
// changes here), so the owner check is the caller's: app/routes/_owner/audit*.
import { AUDIT_AREAS } from "./presentation";

/** Entries on one page of the log, newest first. */
export const AUDIT_PAGE_SIZE = 50;
/** Rows read per round trip while the CSV streams. */
const EXPORT_BATCH = 2_000;

export type AuditRow = {
  id: number;
  createdAt: Date;
  actorUserId: string | null;
  actorLabel: string;
  action: string;
  entity: string;
  entityId: string | null;
  details: Record<string, unknown>;
};

const COLUMNS = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorUserId: auditLog.actorUserId,
  actorLabel: auditLog.actorLabel,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  details: auditLog.details,
};

function conditionsOf(filters: AuditFilters, before: number | null): SQL[] {
  const conditions: SQL[] = [];
  if (filters.personId) conditions.push(eq(auditLog.actorUserId, filters.personId));
  if (filters.area) conditions.push(inArray(auditLog.entity, [...AUDIT_AREAS[filters.area].entities]));
  if (filters.recordId) conditions.push(eq(auditLog.entityId, filters.recordId));
  if (filters.from) conditions.push(gte(auditLog.createdAt, startOfShopDay(filters.from)));
  if (filters.to) conditions.push(lt(auditLog.createdAt, startOfShopDay(addDays(filters.to, 1))));
  if (before !== null) {
    // Newest first by time, the id breaking ties: the cursor is the last entry shown.
    conditions.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (select b.created_at, b.id from audit_log b where b.id = ${before})`,
    );
  }
  return conditions;
}

/**
 * One page of the log, newest first, continuing before an
 * entry's id: a year of entries pages by its index, never by counting the
 * rows it skips. `olderFrom` is the id the next page starts before.
 */
export async function listAuditEntries(filters: AuditFilters, before: number | null) {
  const db = await getDb();
  const rows: AuditRow[] = await db
    .select(COLUMNS)
    .from(auditLog)
    .where(and(...conditionsOf(filters, before)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return { rows: page, olderFrom: rows.length > AUDIT_PAGE_SIZE ? page.at(-1)!.id : null };
}

/** Everyone who can act in the shop (deactivated people too: their past entries stay theirs), for the person filter. */
export async function auditPeople() {
  const db = await getDb();
  return db
    .select({ id: user.id, name: user.name, email: user.email, deactivated: sql<boolean>`${profiles.deactivatedAt} is not null` })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(inArray(user.role, ["owner", "staff"]))
    .orderBy(user.name);
}

/** The filtered log, newest first, in batches by id: a year of entries streams out without sitting in memory. */
export async function* auditEntriesForExport(filters: AuditFilters): AsyncGenerator<AuditRow[]> {
  const db = await getDb();
  let before: number | null = null;
  for (;;) {
    const batch: AuditRow[] = await db
      .select(COLUMNS)
      .from(auditLog)
      .where(and(...conditionsOf(filters, before)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(EXPORT_BATCH);
    if (batch.length > 0) yield batch;
    if (batch.length < EXPORT_BATCH) return;
    before = batch.at(-1)!.id;
  }
}
