import { and, asc, desc, eq, gte, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { customers } from "~/db/schema/customers";
import { foldedColumnContains, foldedContains } from "~/db/search-fold";
import { financeAccounts, financeCategories, financeEntries, financeRecurring } from "~/db/schema/finance";
import { suppliers } from "~/db/schema/suppliers";
import { keptUntilWrite } from "~/db/kept-until-write.server";
import { shopToday } from "~/lib/dates";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { isFiltered, type EntryFilters } from "./entry-filters";

export const ENTRY_PAGE_SIZE = 50;
/**
 * 20 000 entries deep; beyond it the owner narrows by dates (the route
 * redirects a deeper page here). It bounds the OFFSET a crafted URL can ask
 * for: page 1 000 of 100 000 entries took over a second on PGlite.
 */
export const MAX_ENTRY_PAGE = 400;

/** The list's conditions; cancelled entries appear only when asked for. */
function conditionsOf(filters: EntryFilters, today: string): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  if (filters.status === "cancelled") conditions.push(isNotNull(financeEntries.cancelledAt));
  else conditions.push(isNull(financeEntries.cancelledAt));
  if (filters.status === "open") conditions.push(isNull(financeEntries.paidDate));
  if (filters.status === "overdue") conditions.push(isNull(financeEntries.paidDate), lt(financeEntries.dueDate, today));
  if (filters.status === "paid") conditions.push(isNotNull(financeEntries.paidDate));
  if (filters.direction) conditions.push(eq(financeEntries.direction, filters.direction));
  if (filters.categoryId) conditions.push(eq(financeEntries.categoryId, filters.categoryId));
  if (filters.accountId) conditions.push(eq(financeEntries.accountId, filters.accountId));
  if (filters.dueFrom) conditions.push(gte(financeEntries.dueDate, filters.dueFrom));
  if (filters.dueTo) conditions.push(lte(financeEntries.dueDate, filters.dueTo));
  if (filters.paidFrom) conditions.push(gte(financeEntries.paidDate, filters.paidFrom));
  if (filters.paidTo) conditions.push(lte(financeEntries.paidDate, filters.paidTo));
  // Accents and case ignored ("cartao" finds "Cartão"), on the folded text the trigram indexes hold (search-fold.ts).
  if (filters.query) conditions.push(foldedColumnContains(financeEntries.descriptionFolded, filters.query));
  if (filters.counterparty) {
    // `= any(array(…))`, not `in (select …)`: the matching customers are read once, so both sides are index scans (a BitmapOr).
    conditions.push(
      or(
        foldedColumnContains(financeEntries.counterpartyFolded, filters.counterparty),
        sql`${financeEntries.customerId} = any(array(select ${customers.id} from ${customers} where ${foldedContains(customers.name, filters.counterparty)}))`,
        sql`${financeEntries.supplierId} = any(array(select ${suppliers.id} from ${suppliers} where ${foldedContains(suppliers.name, filters.counterparty)}))`,
      ),
    );
  }
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** Open entries read oldest due first (what to pay next); everything else newest first. */
function orderOf(filters: EntryFilters) {
  return filters.status === "open" || filters.status === "overdue"
    ? [asc(financeEntries.dueDate), asc(financeEntries.id)]
    : [desc(financeEntries.dueDate), desc(financeEntries.id)];
}

const entryColumns = {
  id: financeEntries.id,
  direction: financeEntries.direction,
  description: financeEntries.description,
  categoryName: financeCategories.name,
  amountCents: financeEntries.amountCents,
  dueDate: financeEntries.dueDate,
  paidDate: financeEntries.paidDate,
  method: financeEntries.method,
  accountName: financeAccounts.name,
  counterparty: financeEntries.counterparty,
  customerName: customers.name,
  instalmentNumber: financeEntries.instalmentNumber,
  instalmentCount: financeEntries.instalmentCount,
  recurringId: financeEntries.recurringId,
  originKind: financeEntries.originKind,
  notes: financeEntries.notes,
  cancelledAt: financeEntries.cancelledAt,
};

function selectEntries(db: Database) {
  return db
    .select(entryColumns)
    .from(financeEntries)
    .innerJoin(financeCategories, eq(financeCategories.id, financeEntries.categoryId))
    .leftJoin(financeAccounts, eq(financeAccounts.id, financeEntries.accountId))
    .leftJoin(customers, eq(customers.id, financeEntries.customerId));
}

export type EntryListItem = Awaited<ReturnType<ReturnType<typeof selectEntries>["execute"]>>[number];

export type EntryListTotals = { inCents: number; outCents: number; count: number };

/**
 * One page of the lançamentos list, read one row past its size walking the
 * due-date index, and, once something is filtered, the totals of what the
 * filters match. Unfiltered, the totals would add up every entry ever
 * (a scan of the whole table for a number nobody reads): null then.
 */
export async function listEntries(actor: Actor, filters: EntryFilters, page: number, today = shopToday()) {
  assertStaffActor(actor);
  const db = await getDb();
  const where = and(...conditionsOf(filters, today));
  const [rows, totalsRows] = await Promise.all([
    selectEntries(db)
      .where(where)
      .orderBy(...orderOf(filters))
      .limit(ENTRY_PAGE_SIZE + 1)
      .offset((page - 1) * ENTRY_PAGE_SIZE),
    !isFiltered(filters)
      ? Promise.resolve([])
      : db
          .select({
            inCents: sql<string>`coalesce(sum(${financeEntries.amountCents}) filter (where ${financeEntries.direction} = 'in'), 0)::text`,
            outCents: sql<string>`coalesce(sum(${financeEntries.amountCents}) filter (where ${financeEntries.direction} = 'out'), 0)::text`,
            count: sql<number>`count(*)::int`,
          })
          .from(financeEntries)
          .where(where),
  ]);
  const totals = totalsRows[0];
  return {
    entries: rows.slice(0, ENTRY_PAGE_SIZE),
    hasNextPage: rows.length > ENTRY_PAGE_SIZE,
    page,
    totals: totals ? { inCents: Number(totals.inCents), outCents: Number(totals.outCents), count: Number(totals.count) } : null,
  };
}

const keptEntryPages = keptUntilWrite();

/**
 * The lançamentos list as its page shows it: listEntries, read again only
 * once a transaction that wrote something has committed or the shop's day
 * has changed (keptUntilWrite: on PGlite only), per filters and page. The
 * role is checked on every call, before the kept reading is handed out.
 */
export async function listEntriesForPage(actor: Actor, filters: EntryFilters, page: number, today: string) {
  assertStaffActor(actor);
  return keptEntryPages(JSON.stringify([filters, page, today]), () => listEntries(actor, filters, page, today));
}

/** Every entry the filters match, in batches (for the CSV), in the list's order. */
export async function* entriesForExport(filters: EntryFilters, today = shopToday(), batchSize = 1_000) {
  const db = await getDb();
  const where = and(...conditionsOf(filters, today));
  for (let offset = 0; ; offset += batchSize) {
    const batch = await selectEntries(db)
      .where(where)
      .orderBy(...orderOf(filters))
      .limit(batchSize)
      .offset(offset);
    if (batch.length > 0) yield batch;
    if (batch.length < batchSize) return;
  }
}

/** One entry with what its page shows. */
export async function getEntry(actor: Actor, entryId: number) {
  assertStaffActor(actor);
  const db = await getDb();
  const [entry] = await db
    .select({
      ...entryColumns,
      categoryId: financeEntries.categoryId,
      accountId: financeEntries.accountId,
      originId: financeEntries.originId,
      instalmentGroup: financeEntries.instalmentGroup,
      supplierId: financeEntries.supplierId,
      supplierName: sql<string | null>`(select s.name from ${suppliers} s where s.id = ${financeEntries.supplierId})`,
      cancelReason: financeEntries.cancelReason,
      cancelledByLabel: financeEntries.cancelledByLabel,
      createdByLabel: financeEntries.createdByLabel,
      createdAt: financeEntries.createdAt,
      // The account a recurring is usually paid from: the payment form starts on it.
      usualAccountId: sql<
        number | null
      >`(select r.account_id from ${financeRecurring} r where r.id = ${financeEntries.recurringId})`,
    })
    .from(financeEntries)
    .innerJoin(financeCategories, eq(financeCategories.id, financeEntries.categoryId))
    .leftJoin(financeAccounts, eq(financeAccounts.id, financeEntries.accountId))
    .leftJoin(customers, eq(customers.id, financeEntries.customerId))
    .where(eq(financeEntries.id, entryId));
  return entry ?? null;
}

const keptEntries = keptUntilWrite();

/**
 * An entry as its page shows it: getEntry, read again only once a
 * transaction that wrote something has committed (keptUntilWrite: on PGlite
 * only). The role is checked on every call, before the kept reading is
 * handed out.
 */
export async function getEntryForPage(actor: Actor, entryId: number) {
  assertStaffActor(actor);
  return keptEntries(String(entryId), () => getEntry(actor, entryId));
}
