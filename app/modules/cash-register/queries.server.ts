import { asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { cashRegisters, registerEntries, sales } from "~/db/schema/cash-register";
import { cardReceivables } from "~/db/schema/finance";
import { serviceOrderPayments } from "~/db/schema/service-orders";
import { readId } from "~/lib/forms";
import { personNameSql } from "~/modules/accounts/person-name.server";
import { entriesOfRegisterOrUnassignedWhere } from "./closing.server";
import { closingMethodsOf, entriesFingerprint, expectedByMethod, type ClosingTotals } from "./register-rules";

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
  actorName: personNameSql(registerEntries.actorUserId, registerEntries.actorLabel),
  createdAt: registerEntries.createdAt,
  cancelledAt: registerEntries.cancelledAt,
  cancelledByLabel: registerEntries.cancelledByLabel,
  cancelReason: registerEntries.cancelReason,
  cardFeeCents: cardFeeCentsSql,
};

async function selectEntries(condition: SQL | undefined) {
  const db = await getDb();
  const rows = await db
    .select(entryColumns)
    .from(registerEntries)
    .leftJoin(sales, eq(sales.id, registerEntries.saleId))
    .leftJoin(serviceOrderPayments, eq(serviceOrderPayments.id, registerEntries.serviceOrderPaymentId))
    .where(condition)
    .orderBy(asc(registerEntries.createdAt), asc(registerEntries.id));
  return rows.map((row) => ({ ...row, isCancelled: row.cancelledAt !== null }));
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

/** Totals per method of a set of entries, as the open register's page and a closing show them. */
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
 * The register open now, with its entries and the day's records it will
 * take at closing (PIX and cards recorded while none was open), or, when
 * none is open, just those records.
 */
export async function getRegisterDesk() {
  const db = await getDb();
  const [open] = await db.select(registerColumns).from(cashRegisters).where(eq(cashRegisters.isOpen, true));
  const entries = await selectEntries(open ? entriesOfRegisterOrUnassignedWhere(open.id) : isNull(registerEntries.registerId));
  const own = entries.filter((entry) => entry.registerId !== null);
  const unassigned = entries.filter((entry) => entry.registerId === null);
  return {
    register: open ?? null,
    entries: own,
    unassigned,
    totals: totalsOf(open?.openingFloatCents ?? 0, entries),
    fingerprint: entriesFingerprint(entries),
  };
}

export type RegisterDesk = Awaited<ReturnType<typeof getRegisterDesk>>;

/** One register with all its entries (a closed one with its closing), or null. */
export async function getCashRegister(rawId: string | number | undefined) {
  const id = rawId === undefined ? null : readId(rawId);
  if (id === null) return null;
  const db = await getDb();
  const [register] = await db.select(registerColumns).from(cashRegisters).where(eq(cashRegisters.id, id));
  if (!register) return null;
  const entries = await selectEntries(eq(registerEntries.registerId, id));
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
    .where(eq(cashRegisters.isOpen, false))
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
  const [open] = await db.select({ id: cashRegisters.id }).from(cashRegisters).where(eq(cashRegisters.isOpen, true));
  return open !== undefined;
}
