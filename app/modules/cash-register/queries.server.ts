import { and, asc, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { profiles } from "~/db/schema/accounts";
import { user } from "~/db/schema/auth";
import { databaseKind, getDb, type Database } from "~/db/client.server";
import { plannedForAnyValue } from "~/db/planned-for-any-value";
import { cashRegisters, registerEntries, registerIsClosed, registerIsOpen, sales } from "~/db/schema/cash-register";
import { cardReceivables } from "~/db/schema/finance";
import { serviceOrderPayments } from "~/db/schema/service-orders";
import { keptUntilWrite } from "~/db/kept-until-write.server";
import { shopToday } from "~/lib/dates";
import { readId } from "~/lib/forms";
import { joinedPersonNameSql, personNameSql } from "~/modules/accounts/person-name.server";
import { cashCounterAccounts } from "~/modules/finance/register-postings.server";
import { TAKINGS_METHODS, takingsWhere, type TakingsMethod } from "~/modules/finance/takings.server";
import { entriesOfRegisterOrUnassignedWhere, unassignedFromDayWhere } from "./closing.server";
import { closingMethodsOf, expectedByMethod, fingerprintOf, type ClosingTotals } from "./register-rules";

export const CLOSED_REGISTERS_PAGE_SIZE = 20;
export const MAX_CLOSED_REGISTERS_PAGE = 10_000;

/**
 * What the acquirer keeps of a card entry (its receivables' fees), or null
 * for an entry with no receivables (not a card, or recorded before finance).
 * The outer column is qualified by hand: drizzle writes it unqualified, and
 * inside the subquery "id" would be the receivable's own.
 */
export const cardFeeCentsSql = sql<
  number | null
>`(select sum(receivable.fee_cents)::int from ${cardReceivables} receivable where receivable.register_entry_id = "register_entries"."id")`;

// Who recorded each entry, joined (personNameSql's two subqueries ran once per entry: most of a long list's cost).
const actorProfile = alias(profiles, "actor_profile");
const actorAccount = alias(user, "actor_account");

const entryColumns = {
  id: registerEntries.id,
  registerId: registerEntries.registerId,
  kind: registerEntries.kind,
  method: registerEntries.method,
  amountCents: registerEntries.amountCents,
  tenderedCents: registerEntries.tenderedCents,
  instalments: registerEntries.instalments,
  reason: registerEntries.reason,
  saleId: registerEntries.saleId,
  saleCode: sales.code,
  serviceOrderId: serviceOrderPayments.orderId,
  pixPending: registerEntries.pixPending,
  pixConfirmedAt: registerEntries.pixConfirmedAt,
  pixConfirmedByLabel: registerEntries.pixConfirmedByLabel,
  businessDate: registerEntries.businessDate,
  actorName: joinedPersonNameSql(actorProfile.fullName, actorAccount.name, registerEntries.actorLabel),
  createdAt: registerEntries.createdAt,
  cancelledAt: registerEntries.cancelledAt,
  cancelledByLabel: registerEntries.cancelledByLabel,
  cancelReason: registerEntries.cancelReason,
  cardFeeCents: cardFeeCentsSql,
};

/** The entries with what they show: their sale, their order payment, their author's name, their card fee. */
function entriesWithDetails(db: Database, condition: SQL | undefined) {
  return db
    .select(entryColumns)
    .from(registerEntries)
    .leftJoin(sales, eq(sales.id, registerEntries.saleId))
    .leftJoin(serviceOrderPayments, eq(serviceOrderPayments.id, registerEntries.serviceOrderPaymentId))
    .leftJoin(actorProfile, eq(actorProfile.userId, registerEntries.actorUserId))
    .leftJoin(actorAccount, eq(actorAccount.id, registerEntries.actorUserId))
    .where(condition);
}

const withCancelled = <Row extends { cancelledAt: Date | null }>(row: Row) => ({ ...row, isCancelled: row.cancelledAt !== null });

async function selectEntries(condition: SQL | undefined) {
  const rows = await entriesWithDetails(await getDb(), condition).orderBy(
    asc(registerEntries.createdAt),
    asc(registerEntries.id),
  );
  return rows.map(withCancelled);
}

/**
 * The ids of one page of entries, newest first. The page is cut here, before
 * the sale, the order payment, the names and the card fees are joined to it:
 * joined first, every entry of a busy day was joined before the sort kept a
 * page of them.
 */
function entryIdsPageSql(condition: SQL | undefined, limit: number, offset: number) {
  return sql`(select ${registerEntries.id} from ${registerEntries} where ${condition ?? sql`true`}
    order by ${registerEntries.createdAt} desc, ${registerEntries.id} desc limit ${limit} offset ${offset})`;
}

/**
 * One page of entries, newest first: `limit + 1` read, so the caller knows
 * whether more exist. With `keptAs`, which entries make the page (the sort
 * over every entry of the condition) is kept between writes under that name
 * (keptUntilWrite, PGlite only); the entries themselves are read every time.
 */
async function selectEntriesPage(condition: SQL | undefined, limit: number, offset = 0, keptAs?: string) {
  const db = await getDb();
  const readIds = async () =>
    ((await db.execute(entryIdsPageSql(condition, limit + 1, offset))).rows as { id: number | string }[]).map((row) =>
      Number(row.id),
    );
  // On PostgreSQL nothing is kept: the ids stay a subquery of the one statement.
  const ids =
    keptAs === undefined || databaseKind() !== "pglite"
      ? null
      : await keptRegisterReadings(`${keptAs} page ${limit} ${offset}`, readIds);
  if (ids !== null && ids.length === 0) return { entries: [], hasMore: false };
  const rows = await entriesWithDetails(
    db,
    inArray(registerEntries.id, ids ?? entryIdsPageSql(condition, limit + 1, offset)),
  ).orderBy(desc(registerEntries.createdAt), desc(registerEntries.id));
  return {
    entries: rows.slice(0, limit).map(withCancelled),
    hasMore: rows.length > limit,
  };
}

export type RegisterEntryView = Awaited<ReturnType<typeof selectEntries>>[number];

const registerColumns = {
  id: cashRegisters.id,
  isOpen: cashRegisters.isOpen,
  openingFloatCents: cashRegisters.openingFloatCents,
  openedByName: personNameSql(cashRegisters.openedByUserId, cashRegisters.openedByLabel),
  openedAt: cashRegisters.openedAt,
  closedByName: sql<
    string | null
  >`case when ${cashRegisters.closedAt} is null then null else ${personNameSql(cashRegisters.closedByUserId, sql`coalesce(${cashRegisters.closedByLabel}, '')`)} end`,
  closedAt: cashRegisters.closedAt,
  countedCashCents: cashRegisters.countedCashCents,
  countedDenominations: cashRegisters.countedDenominations,
  closingTotals: cashRegisters.closingTotals,
  closingNote: cashRegisters.closingNote,
};

/** Totals per method of a set of entries, as a closed register's page shows them. */
function totalsOf(openingFloatCents: number, entries: readonly RegisterEntryView[]) {
  const expected = expectedByMethod(openingFloatCents, entries);
  const pendingPix = entries.filter((entry) => entry.pixPending && !entry.isCancelled);
  return {
    expected,
    methods: closingMethodsOf(entries),
    pendingPixCents: pendingPix.reduce((sum, entry) => sum + entry.amountCents, 0),
    pendingPixCount: pendingPix.length,
  };
}

/**
 * The same totals added up by the database, per method, with the counts a
 * page needs (how many, how many without a register) and the fingerprint a
 * closing compares: a register left open for weeks is summed, not loaded.
 */
async function summaryOf(openingFloatCents: number, condition: SQL | undefined) {
  const db = await getDb();
  const live = sql`${registerEntries.cancelledAt} is null`;
  const rows = await db
    .select({
      method: registerEntries.method,
      count: sql<number>`count(*)::int`,
      unassigned: sql<number>`(count(*) filter (where ${registerEntries.registerId} is null))::int`,
      cancelled: sql<number>`(count(*) filter (where not ${live}))::int`,
      newestId: sql<number>`max(${registerEntries.id})::int`,
      amountCents: sql<number>`coalesce(sum(${registerEntries.amountCents}) filter (where ${live}), 0)::int`,
      pendingPixCount: sql<number>`(count(*) filter (where ${registerEntries.pixPending} and ${live}))::int`,
      pendingPixCents: sql<number>`coalesce(sum(${registerEntries.amountCents}) filter (where ${registerEntries.pixPending} and ${live}), 0)::int`,
    })
    .from(registerEntries)
    .where(condition)
    .groupBy(registerEntries.method);
  const expected = expectedByMethod(openingFloatCents, []);
  for (const row of rows) expected[row.method] += Number(row.amountCents);
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + Number(pick(row)), 0);
  return {
    totals: {
      expected,
      methods: closingMethodsOf(rows.map((row) => ({ method: row.method, amountCents: 0, isCancelled: false }))),
      pendingPixCents: sum((row) => row.pendingPixCents),
      pendingPixCount: sum((row) => row.pendingPixCount),
    },
    entryCount: sum((row) => row.count),
    unassignedCount: sum((row) => row.unassigned),
    fingerprint: fingerprintOf(
      sum((row) => row.count),
      rows.reduce((max, row) => Math.max(max, Number(row.newestId ?? 0)), 0),
      sum((row) => row.cancelled),
    ),
  };
}

/** A record without a register of a day before `fromDay` (it belongs to its day: the page links to the days). */
function earlierDayRecord(db: Database, fromDay: string) {
  return db
    .select({ id: registerEntries.id })
    .from(registerEntries)
    .where(and(isNull(registerEntries.registerId), lt(registerEntries.businessDate, fromDay)))
    .limit(1);
}

/** How many of the newest entries the register's page lists; the totals count them all. */
export const DESK_ENTRIES_SHOWN = 30;

/**
 * The register open now, with its entries and the records without a
 * register of the days it has been open (from its opening day: the closing
 * takes them), or, when none is open, today's records without a register.
 * Records of earlier days belong to their day (decision 0024): the page
 * links to them (`hasEarlierDays`). The newest DESK_ENTRIES_SHOWN entries
 * are listed; the totals and the closing's fingerprint are over all of them.
 */
export async function getRegisterDesk(today = shopToday()) {
  const db = await getDb();
  const [open] = await db.select(registerColumns).from(cashRegisters).where(registerIsOpen);
  const fromDay = open ? shopToday(open.openedAt) : today;
  const condition = open ? entriesOfRegisterOrUnassignedWhere(open.id, fromDay) : unassignedFromDayWhere(fromDay);
  const [summary, newest, earlier] = await Promise.all([
    summaryOf(open?.openingFloatCents ?? 0, condition),
    selectEntriesPage(condition, DESK_ENTRIES_SHOWN),
    earlierDayRecord(db, fromDay),
  ]);
  // Oldest first, as a register reads.
  return deskOf(open ?? null, newest.entries.toReversed(), summary, earlier.length > 0);
}

/** The register's page: the register open now, the entries it lists split by whether they have a register, the figures. */
function deskOf<Register>(
  register: Register | null,
  shown: Awaited<ReturnType<typeof selectEntries>>,
  summary: Awaited<ReturnType<typeof summaryOf>>,
  hasEarlierDays: boolean,
) {
  return {
    register,
    entries: shown.filter((entry) => entry.registerId !== null),
    unassigned: shown.filter((entry) => entry.registerId === null),
    entryCount: summary.entryCount,
    unassignedCount: summary.unassignedCount,
    totals: summary.totals,
    fingerprint: summary.fingerprint,
    hasEarlierDays,
  };
}

export type RegisterDesk = Awaited<ReturnType<typeof getRegisterDesk>>;

/**
 * What the register's page costs to read, without the names it shows: the
 * open register, the totals over its entries (and the records it will
 * take), the ids of the newest DESK_ENTRIES_SHOWN, whether earlier days have
 * records without a register, and the accounts of its forms with the
 * drawer's balance in finance while none is open (summed over every day).
 */
type DeskFigures = {
  open: { id: number; openedAt: Date; openingFloatCents: number } | null;
  summary: Awaited<ReturnType<typeof summaryOf>>;
  newestIds: number[];
  hasEarlierDays: boolean;
  cashAccounts: Awaited<ReturnType<typeof cashCounterAccounts>>;
};

async function readDeskFigures(today: string): Promise<DeskFigures> {
  const db = await getDb();
  const [open] = await db
    .select({ id: cashRegisters.id, openedAt: cashRegisters.openedAt, openingFloatCents: cashRegisters.openingFloatCents })
    .from(cashRegisters)
    .where(registerIsOpen);
  const fromDay = open ? shopToday(open.openedAt) : today;
  const condition = open ? entriesOfRegisterOrUnassignedWhere(open.id, fromDay) : unassignedFromDayWhere(fromDay);
  const [summary, newest, earlier, cashAccounts] = await Promise.all([
    summaryOf(open?.openingFloatCents ?? 0, condition),
    db.execute(entryIdsPageSql(condition, DESK_ENTRIES_SHOWN, 0)),
    earlierDayRecord(db, fromDay),
    cashCounterAccounts(open ? null : today),
  ]);
  return {
    open: open ?? null,
    summary,
    newestIds: (newest.rows as { id: number | string }[]).map((row) => Number(row.id)),
    hasEarlierDays: earlier.length > 0,
    cashAccounts,
  };
}

/** The desk's figures and the days asked (their totals, their pages' entries), the oldest asked going first. */
const keptRegisterReadings = keptUntilWrite(50);

/**
 * The register's page: getRegisterDesk with the accounts of its forms
 * (cashCounterAccounts: the drawer's balance while no register is open).
 * On PGlite the figures (totals, which entries are the newest, the drawer's
 * balance: what the page costs) are read again only once a transaction that
 * wrote something has committed or the shop's day has changed, as the
 * debtors' list keeps its late customers (committedWritesVersion), and
 * staff opening it at the same moment share one reading; the register and
 * the listed entries, with the names they show, are read every time. On
 * PostgreSQL another instance may have written: there all is read every time.
 */
export async function getRegisterDeskForPage(today = shopToday()) {
  if (databaseKind() !== "pglite") {
    const desk = await getRegisterDesk(today);
    return { ...desk, cashAccounts: await cashCounterAccounts(desk.register ? null : today) };
  }
  const { open, summary, newestIds, hasEarlierDays, cashAccounts } = await keptRegisterReadings(`desk ${today}`, () =>
    readDeskFigures(today),
  );
  const db = await getDb();
  const [registers, shown] = await Promise.all([
    open ? db.select(registerColumns).from(cashRegisters).where(eq(cashRegisters.id, open.id)) : [],
    // Oldest first, as a register reads.
    newestIds.length > 0 ? selectEntries(inArray(registerEntries.id, newestIds)) : [],
  ]);
  return { ...deskOf(registers[0] ?? null, shown, summary, hasEarlierDays), cashAccounts };
}

/** How many PIX awaiting confirmation the closing page lists, each with its link (the refusal counts them all). */
export const PENDING_PIX_SHOWN = 50;

/**
 * The PIX of the open register (and of the records it will take) still
 * waiting for "PIX recebido", oldest first: the closing is refused while
 * any waits, and its page links to each on the register's page.
 */
export async function listPendingPixOfRegister(registerId: number, openedDay: string) {
  const condition = and(
    entriesOfRegisterOrUnassignedWhere(registerId, openedDay),
    eq(registerEntries.pixPending, true),
    isNull(registerEntries.cancelledAt),
  );
  const db = await getDb();
  return db
    .select({
      id: registerEntries.id,
      amountCents: registerEntries.amountCents,
      reason: registerEntries.reason,
      kind: registerEntries.kind,
      saleCode: sales.code,
      serviceOrderId: serviceOrderPayments.orderId,
      createdAt: registerEntries.createdAt,
    })
    .from(registerEntries)
    .leftJoin(sales, eq(sales.id, registerEntries.saleId))
    .leftJoin(serviceOrderPayments, eq(serviceOrderPayments.id, registerEntries.serviceOrderPaymentId))
    .where(condition)
    .orderBy(asc(registerEntries.id))
    .limit(PENDING_PIX_SHOWN);
}

export const UNASSIGNED_DAYS_PAGE_SIZE = 20;
export const DAY_ENTRIES_PAGE_SIZE = 25;
export const MAX_UNASSIGNED_PAGE = 10_000;

const safePageOf = (page: number) => Math.min(Math.max(1, Math.trunc(page) || 1), MAX_UNASSIGNED_PAGE);

/**
 * The days that have records without a register (PIX and cards taken with
 * the register closed), newest first, one page: per day how many, the
 * total taken (cancelled left out) and the PIX still to confirm.
 */
export async function listUnassignedDays(page: number) {
  const db = await getDb();
  const safePage = safePageOf(page);
  const live = sql`${registerEntries.cancelledAt} is null`;
  const rows = await db
    .select({
      day: registerEntries.businessDate,
      count: sql<number>`count(*)::int`,
      amountCents: sql<number>`coalesce(sum(${registerEntries.amountCents}) filter (where ${live}), 0)::int`,
      pendingPixCount: sql<number>`(count(*) filter (where ${registerEntries.pixPending} and ${live}))::int`,
    })
    .from(registerEntries)
    .where(isNull(registerEntries.registerId))
    .groupBy(registerEntries.businessDate)
    .orderBy(desc(registerEntries.businessDate))
    .limit(UNASSIGNED_DAYS_PAGE_SIZE + 1)
    .offset((safePage - 1) * UNASSIGNED_DAYS_PAGE_SIZE);
  return {
    page: safePage,
    hasNextPage: rows.length > UNASSIGNED_DAYS_PAGE_SIZE,
    days: rows.slice(0, UNASSIGNED_DAYS_PAGE_SIZE).map((row) => ({
      day: row.day,
      count: Number(row.count),
      amountCents: Number(row.amountCents),
      pendingPixCount: Number(row.pendingPixCount),
    })),
  };
}

/** One day's records without a register: its totals per method over all, and one page of entries, newest first. */
export async function getUnassignedDay(day: string, page: number) {
  const safePage = safePageOf(page);
  const condition = and(isNull(registerEntries.registerId), eq(registerEntries.businessDate, day));
  const [summary, listed] = await Promise.all([
    keptRegisterReadings(`unassigned day ${day}`, () => summaryOf(0, condition)),
    selectEntriesPage(condition, DAY_ENTRIES_PAGE_SIZE, (safePage - 1) * DAY_ENTRIES_PAGE_SIZE, `unassigned day ${day}`),
  ]);
  return {
    day,
    page: safePage,
    hasNextPage: listed.hasMore,
    entries: listed.entries,
    entryCount: summary.entryCount,
    totals: summary.totals,
  };
}

/**
 * "Recebido" on one of the shop's days (finance's takings: what customers
 * paid, not cancelled, whatever register took it or none), of one method or
 * of all: how many and how much per method, and one page of the entries of
 * the method asked, newest first. The Painel's "Recebido hoje" links here,
 * each method to its own list.
 */
export async function listTakingsOfDay(day: string, method: TakingsMethod | null, page: number) {
  const db = await getDb();
  const safePage = safePageOf(page);
  const [byMethod, listed] = await Promise.all([
    keptRegisterReadings(`takings ${day}`, async () =>
      db
        .select({
          method: registerEntries.method,
          count: sql<number>`count(*)::int`,
          cents: sql<number>`coalesce(sum(${registerEntries.amountCents}), 0)::int`,
        })
        .from(registerEntries)
        .where(takingsWhere({ from: day, to: day }))
        .groupBy(registerEntries.method),
    ),
    selectEntriesPage(
      takingsWhere({ from: day, to: day, method }),
      DAY_ENTRIES_PAGE_SIZE,
      (safePage - 1) * DAY_ENTRIES_PAGE_SIZE,
      `takings ${day} ${method ?? "all"}`,
    ),
  ]);
  const methods = TAKINGS_METHODS.map((each) => {
    const row = byMethod.find((candidate) => candidate.method === each);
    return { method: each, count: Number(row?.count ?? 0), cents: Number(row?.cents ?? 0) };
  });
  const shown = method === null ? methods : methods.filter((row) => row.method === method);
  return {
    day,
    method,
    methods,
    entryCount: shown.reduce((sum, row) => sum + row.count, 0),
    totalCents: shown.reduce((sum, row) => sum + row.cents, 0),
    page: safePage,
    hasNextPage: listed.hasMore,
    entries: listed.entries,
  };
}

/** One register with all its entries (a closed one with its closing), or null. */
export async function getCashRegister(rawId: string | number | undefined) {
  const id = rawId === undefined ? null : readId(rawId);
  if (id === null) return null;
  const db = await getDb();
  const [register] = await db.select(registerColumns).from(cashRegisters).where(eq(cashRegisters.id, id));
  if (!register) return null;
  const entries = await selectEntries(eq(registerEntries.registerId, plannedForAnyValue(id)));
  return { register, entries, totals: totalsOf(register.openingFloatCents, entries) };
}

export type CashRegisterDetail = NonNullable<Awaited<ReturnType<typeof getCashRegister>>>;

/** The difference a closing recorded, over every method (counted − expected). */
export function closingDifferenceCents(totals: ClosingTotals | null) {
  return Object.values(totals ?? {}).reduce((sum, { expectedCents, countedCents }) => sum + countedCents - expectedCents, 0);
}

/** Closed registers, newest first, one page (the page after the last has none). */
export async function listClosedRegisters(page: number) {
  const db = await getDb();
  const safePage = Math.min(Math.max(1, Math.trunc(page) || 1), MAX_CLOSED_REGISTERS_PAGE);
  const rows = await db
    .select(registerColumns)
    .from(cashRegisters)
    .where(registerIsClosed)
    .orderBy(desc(cashRegisters.closedAt), desc(cashRegisters.id))
    .limit(CLOSED_REGISTERS_PAGE_SIZE + 1)
    .offset((safePage - 1) * CLOSED_REGISTERS_PAGE_SIZE);
  return {
    page: safePage,
    hasNextPage: rows.length > CLOSED_REGISTERS_PAGE_SIZE,
    registers: rows
      .slice(0, CLOSED_REGISTERS_PAGE_SIZE)
      .map((row) => ({ ...row, differenceCents: closingDifferenceCents(row.closingTotals) })),
  };
}

/** One entry, for its printed slip. */
export async function getRegisterEntry(rawId: string | number | undefined) {
  const id = rawId === undefined ? null : readId(rawId);
  if (id === null) return null;
  const [entry] = await selectEntries(eq(registerEntries.id, id));
  return entry ?? null;
}

/** Whether a register is open now (the order's payment form says so before a cash payment is refused). */
export async function isRegisterOpen() {
  const db = await getDb();
  const [open] = await db.select({ id: cashRegisters.id }).from(cashRegisters).where(registerIsOpen);
  return open !== undefined;
}
