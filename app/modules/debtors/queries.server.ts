import { sql, type SQL } from "drizzle-orm";
import { plannedForAnyValue } from "~/db/planned-for-any-value";
import { databaseKind, getDb, inTransaction, type Database, type Transaction } from "~/db/client.server";
import { keptUntilWrite } from "~/db/kept-until-write.server";
import { jsonColumn, readTogether } from "~/db/read-together.server";
import { creditInstalments, creditPlans, debtContacts, debts } from "~/db/schema/credit";
import { customers } from "~/db/schema/customers";
import { serviceOrders } from "~/db/schema/service-orders";
import { addDays, isIsoDate, SHOP_TIME_ZONE } from "~/lib/dates";
import { personNameSql } from "~/modules/accounts/person-name.server";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { customerSearchCondition } from "~/modules/customers/queries.server";
import { AWAITING_PICKUP_STATUSES } from "~/modules/service-orders/status";
import {
  AGEING_BUCKET_LIMITS,
  AGEING_BUCKETS,
  ageingBucketOfDays,
  daysOverdue,
  isAgeingBucket,
  type AgeingBucket,
} from "./ageing";
import { DEBT_CONTACT_CHANNELS, type DebtContactChannel } from "./validation";

/**
 * /devedores reads what customers owe from where it is recorded, never from
 * a copy: delivered orders with a balance (due the day of delivery), open
 * crediário instalments of active plans, and open debts (IOUs, sales left
 * owed before plans existed). "Today" always comes from the caller (the
 * page passes shopToday()), so a test can move the clock.
 */

export const DEBTORS_PAGE_SIZE = 20;
/** Past this a clerk searches instead; it also bounds what a crafted address can ask for. */
export const MAX_DEBTORS_PAGE = 500;

/** A search matching more customers than this (a common surname) looks among these only: the clerk types more. */
const MAX_SEARCH_MATCHES = 5_000;

export type DebtorsFilter = AgeingBucket | "upcoming";

export function isDebtorsFilter(value: unknown): value is DebtorsFilter {
  return value === "upcoming" || isAgeingBucket(value);
}

/**
 * The delivery's calendar day at the shop. The zone comes from app/lib/dates
 * and PostgreSQL's time-zone database applies it (summer time included); no
 * offset is written here.
 */
const orderDueInstant = sql`coalesce(${serviceOrders.deliveredAt}, ${serviceOrders.statusChangedAt})`;
const orderDueDate = sql`(${orderDueInstant} at time zone ${SHOP_TIME_ZONE})::date`;
const orderBalance = sql`(${serviceOrders.linesTotalCents} - ${serviceOrders.discountCents} - ${serviceOrders.paidCents})`;
const instalmentOpen = sql`(${creditInstalments.amountCents} - ${creditInstalments.paidPrincipalCents} - ${creditInstalments.paidInterestCents} - ${creditInstalments.waivedInterestCents})`;
const debtOpen = sql`(${debts.amountCents} - ${debts.paidCents})`;

/** Which open items a query reads: all of them, those due before `today`, or those due on or after it. */
type ItemScope = { today: string; due: "all" | "overdue" | "upcoming"; customerIds?: readonly number[] | null };

/** A list of ids as one array parameter (a page, or thousands of customers), never one parameter each. */
function idArray(ids: readonly number[]) {
  return sql`${`{${ids.join(",")}}`}::int[]`;
}

/**
 * Every open item of the scope, one row each: (customer_id, source,
 * item_id, item_number, due_date, amount_cents). Each branch is answered by
 * a partial index: owed delivered orders (service_orders_owed_idx), open
 * instalments (by due date, or by customer), open debts. A cancelled plan's
 * instalments are left out; a paid plan has none open.
 */
function openItemsSql({ today, due, customerIds = null }: ItemScope) {
  const dueFilter = (column: SQL) =>
    due === "overdue" ? sql` and ${column} < ${today}::date` : due === "upcoming" ? sql` and ${column} >= ${today}::date` : sql``;
  // An order's due day compared as an instant: before (or from) the shop's midnight of `today`, converted once,
  // instead of converting every owed order's timestamp to the shop's day (the same rows; issue 23: /devedores ≤ 50 ms).
  const shopMidnight = sql`(${today}::date::timestamp at time zone ${SHOP_TIME_ZONE})`;
  const orderDueFilter =
    due === "overdue"
      ? sql` and ${orderDueInstant} < ${shopMidnight}`
      : due === "upcoming"
        ? sql` and ${orderDueInstant} >= ${shopMidnight}`
        : sql``;
  // One customer (their own page) planned once (plannedForAnyValue); a list, maybe thousands, as one array parameter.
  const customerFilter = (column: SQL | typeof serviceOrders.customerId) =>
    customerIds === null
      ? sql``
      : customerIds.length === 1
        ? sql` and ${column} = ${plannedForAnyValue(customerIds[0]!)}`
        : sql` and ${column} = any(${idArray(customerIds)})`;
  return sql`
    select ${serviceOrders.customerId} as customer_id, 'order' as source, ${serviceOrders.id} as item_id, 0 as item_number,
      ${orderDueDate} as due_date, ${orderBalance} as amount_cents
    from ${serviceOrders}
    where ${serviceOrders.status} = 'delivered' and ${orderBalance} > 0${orderDueFilter}${customerFilter(serviceOrders.customerId)}
    union all
    select ${creditInstalments.customerId}, 'instalment', ${creditInstalments.planId}, ${creditInstalments.number},
      ${creditInstalments.dueDate}, ${instalmentOpen}
    from ${creditInstalments}
    where ${creditInstalments.settledAt} is null and ${instalmentOpen} > 0${dueFilter(sql`${creditInstalments.dueDate}`)}${customerFilter(sql`${creditInstalments.customerId}`)}
      and ${creditInstalments.planId} not in (select ${creditPlans.id} from ${creditPlans} where ${creditPlans.status} = 'cancelled')
    union all
    select ${debts.customerId}, 'debt', ${debts.id}, 0, ${debts.dueDate}, ${debtOpen}
    from ${debts}
    where ${debts.settledAt} is null and ${debts.cancelledAt} is null and ${debtOpen} > 0${dueFilter(sql`${debts.dueDate}`)}${customerFilter(sql`${debts.customerId}`)}`;
}

/** A `date` column as "2026-11-22", whichever driver read it. */
function isoDay(value: string | Date): string {
  return typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

export type DebtorRow = {
  customerId: number;
  name: string;
  phone: string;
  overdueCents: number;
  upcomingCents: number;
  oldestDueDate: string;
  oldestOverdueDate: string | null;
  daysOverdue: number;
  bucket: AgeingBucket | null;
  lastContactAt: string | null;
  lastContactChannel: DebtContactChannel | null;
  hasDeviceAwaitingPickup: boolean;
};

export type BucketTotal = { bucket: AgeingBucket; customers: number; overdueCents: number };

type OverdueRow = { customerId: number; overdueCents: number; oldestOverdueDate: string; bucket: AgeingBucket };

export type DebtorsList = {
  today: string;
  rows: DebtorRow[];
  /** Over everyone who owes, whatever the search or filter. */
  totals: {
    buckets: BucketTotal[];
    overdueCents: number;
    /** Customers with something overdue. */
    overdueCustomers: number;
  };
  page: number;
  hasNextPage: boolean;
};

function toChannel(value: string | null): DebtContactChannel | null {
  if (value === null) return null;
  return (DEBT_CONTACT_CHANNELS as readonly string[]).includes(value) ? (value as DebtContactChannel) : "phone";
}

export type OverdueSummary = {
  buckets: BucketTotal[];
  overdueCents: number;
  overdueCustomers: number;
};

/** The overdue items grouped by customer: (customer_id, overdue_cents, oldest_overdue_date). */
function lateCustomersSql(today: string) {
  return sql`
    select customer_id, sum(amount_cents) as overdue_cents, min(due_date) as oldest_overdue_date
    from (${openItemsSql({ today, due: "overdue" })}) items
    group by customer_id`;
}

/**
 * Every late customer, most overdue first (oldest overdue date, then the
 * largest amount, then id), with the totals per ageing bucket over them.
 * The page, a bucket, a search's customers and how many match are taken
 * from it in JavaScript: the grouping itself is what costs, and the page
 * keeps one reading between writes (listDebtorsForPage).
 */
export type LateCustomers = { today: string; rows: OverdueRow[] } & OverdueSummary;

/**
 * The overdue items grouped by customer (lateCustomersSql), read back as
 * one row of three JSON arrays (a customer's id, amount and oldest overdue
 * date at the same position: one aggregation feeds the three) and sorted
 * here: a row per late customer handed over by the driver, an object per
 * customer built in JSON, or the sort done by PostgreSQL each cost more
 * than the grouping itself on PGlite (5 000 late customers).
 */
export async function readLateCustomersInTx(tx: Database | Transaction, today: string): Promise<LateCustomers> {
  if (!isIsoDate(today)) throw new RangeError(`today inválido: ${today}`);
  const result = await tx.execute(sql`
    select json_agg(customer_id) as ids, json_agg(overdue_cents) as cents, json_agg(oldest_overdue_date) as days
    from (${lateCustomersSql(today)}) late`);
  const row = result.rows[0] as { ids: unknown; cents: unknown; days: unknown } | undefined;
  const ids = jsonColumn<(number | string)[]>(row?.ids, []);
  const cents = jsonColumn<(number | string)[]>(row?.cents, []);
  const days = jsonColumn<string[]>(row?.days, []);
  const limits = AGEING_BUCKET_LIMITS.map((limit) => addDays(today, -limit));
  const totals = new Map(AGEING_BUCKETS.map((bucket) => [bucket, { bucket, customers: 0, overdueCents: 0 }]));
  const rows = ids.map((id, index) => {
    const oldestOverdueDate = isoDay(days[index]!);
    // ageingBucketOfDays' cut, on dates: late by at most each limit (on or after today minus it), else the last bucket.
    const limit = limits.findIndex((from) => oldestOverdueDate >= from);
    const bucket = AGEING_BUCKETS[limit === -1 ? AGEING_BUCKETS.length - 1 : limit]!;
    const overdueCents = Number(cents[index]);
    const total = totals.get(bucket)!;
    total.customers += 1;
    total.overdueCents += overdueCents;
    return { customerId: Number(id), overdueCents, oldestOverdueDate, bucket };
  });
  // Most overdue first: the oldest overdue date ("YYYY-MM-DD" sorts as text), then the largest amount, then the id.
  rows.sort(
    (a, b) =>
      (a.oldestOverdueDate < b.oldestOverdueDate ? -1 : a.oldestOverdueDate > b.oldestOverdueDate ? 1 : 0) ||
      b.overdueCents - a.overdueCents ||
      a.customerId - b.customerId,
  );
  const buckets = [...totals.values()];
  return {
    today,
    rows,
    buckets,
    overdueCents: buckets.reduce((sum, total) => sum + total.overdueCents, 0),
    overdueCustomers: rows.length,
  };
}

/**
 * What "em atraso" means everywhere (the Painel and /devedores): everything
 * a customer owes past its due date, that is open crediário instalments,
 * open fiados (IOUs, sales left owed) and delivered orders not fully paid
 * (due the day of delivery), grouped by customer with the ageing buckets.
 * One function, so the figure on the Painel is the one its link opens.
 */
export async function overdueByCustomerInTx(tx: Transaction, today: string): Promise<OverdueSummary> {
  if (!isIsoDate(today)) throw new RangeError(`today inválido: ${today}`);
  const { buckets, overdueCents, overdueCustomers } = await readLateCustomersInTx(tx, today);
  return { buckets, overdueCents, overdueCustomers };
}

/**
 * "Em atraso" as the Painel shows it: how much and how many customers, by
 * the same overdue items as overdueByCustomerInTx (openItemsSql), so it is
 * /devedores' total. Only what those two numbers need is read: the items
 * summed and their customers counted, without grouping them by customer
 * nor the ageing buckets (the due dates go unread: the planner drops the
 * unused column, and with it turning each order's delivery into the shop's
 * calendar day). Issue 25: the Painel ≤ 50 ms.
 */
export async function overdueTotalsInTx(
  tx: Transaction,
  today: string,
): Promise<Pick<OverdueSummary, "overdueCents" | "overdueCustomers">> {
  if (!isIsoDate(today)) throw new RangeError(`today inválido: ${today}`);
  const result = await tx.execute(overdueTotalsSql(today));
  const row = result.rows[0] as { cents: number | string; customers: number | string } | undefined;
  return { overdueCents: Number(row?.cents ?? 0), overdueCustomers: Number(row?.customers ?? 0) };
}

/** The statement of overdueTotalsInTx (its plan is tested: each open item read from its partial index alone). */
export function overdueTotalsSql(today: string) {
  return sql`
    select coalesce(sum(amount_cents), 0) as cents, count(distinct customer_id) as customers
    from (${openItemsSql({ today, due: "overdue" })}) items`;
}

/** What customers owe that falls due from today to `until` (inclusive), by the same items as "em atraso". */
export async function owedDueBetweenInTx(tx: Transaction, today: string, until: string): Promise<number> {
  if (!isIsoDate(today) || !isIsoDate(until)) throw new RangeError(`datas inválidas: ${today}, ${until}`);
  const result = await tx.execute(sql`
    select coalesce(sum(amount_cents), 0) as cents
    from (${openItemsSql({ today, due: "upcoming" })}) items
    where due_date <= ${until}::date`);
  return Number((result.rows[0] as { cents: number | string } | undefined)?.cents ?? 0);
}

/**
 * One row per customer who owes: overdue and not-yet-due amounts, oldest due
 * date, the ageing bucket of the overdue part (by its oldest overdue due
 * date), last contact and whether a device of theirs waits for pickup; the
 * totals per bucket over everyone. Most overdue first; those with nothing
 * late yet after them, by their next due date.
 *
 * Built for thousands of plans on PGlite, where every row a query touches
 * costs: only the overdue items are grouped by customer (they decide the
 * buckets and the order: readLateCustomersInTx); what is not due yet is read
 * per customer only for the page shown. The customers with nothing overdue
 * are grouped only when a page reaches them.
 */
export async function listDebtorsInTx(
  tx: Database | Transaction,
  {
    today,
    search = "",
    bucket = null,
    page = 1,
  }: { today: string; search?: string; bucket?: DebtorsFilter | null; page?: number },
  /** The late customers of `today` already read (listDebtorsForPage keeps them between writes); read here if not given. */
  lateRead?: LateCustomers,
): Promise<DebtorsList> {
  if (!isIsoDate(today)) throw new RangeError(`today inválido: ${today}`);
  if (lateRead !== undefined && lateRead.today !== today) throw new RangeError(`atrasados de ${lateRead.today}, não de ${today}`);
  const currentPage = Number.isSafeInteger(page) ? Math.min(Math.max(1, page), MAX_DEBTORS_PAGE) : 1;
  const late = lateRead ?? (await readLateCustomersInTx(tx, today));
  const totals: OverdueSummary = {
    buckets: late.buckets,
    overdueCents: late.overdueCents,
    overdueCustomers: late.overdueCustomers,
  };

  const condition = search.trim() === "" ? null : customerSearchCondition(search);
  if (condition === "none") return { today, rows: [], totals, page: 1, hasNextPage: false };
  // A search reads the matching customers once (through the customers' own indexes), at most as many as debtors could be shown.
  const matchingIds =
    condition === null
      ? null
      : (await tx.select({ id: customers.id }).from(customers).where(condition).limit(MAX_SEARCH_MATCHES)).map((row) => row.id);

  // The late customers the filters match, in the list's order (the rows before the on-time ones), and the page's among them.
  const start = (currentPage - 1) * DEBTORS_PAGE_SIZE;
  const matching = matchingIds === null ? null : new Set(matchingIds);
  const lateMatched =
    bucket === "upcoming"
      ? []
      : late.rows.filter(
          (row) => (bucket === null || row.bucket === bucket) && (matching === null || matching.has(row.customerId)),
        );
  const lateCount = lateMatched.length;
  const lateOnPage = lateMatched.slice(start, start + DEBTORS_PAGE_SIZE + 1);
  // The customers with nothing late, after the late ones, when the page reaches them.
  let onTime: { customerId: number; oldestDueDate: string }[] = [];
  if ((bucket === null || bucket === "upcoming") && lateOnPage.length <= DEBTORS_PAGE_SIZE) {
    const skip = Math.max(0, start - lateCount);
    const wanted = DEBTORS_PAGE_SIZE + 1 - lateOnPage.length;
    onTime = await onTimeCustomers(tx, { today, matchingIds, skip, wanted, late });
  }
  const shown = [
    ...lateOnPage.map((row) => ({ ...row, oldestDueDate: null as string | null })),
    ...onTime.map((row) => ({ ...row, overdueCents: 0, oldestOverdueDate: null, bucket: null })),
  ];
  const hasNextPage = shown.length > DEBTORS_PAGE_SIZE && currentPage < MAX_DEBTORS_PAGE;
  const pageRows = shown.slice(0, DEBTORS_PAGE_SIZE);
  const details = await pageDetails(
    tx,
    pageRows.map((row) => row.customerId),
    today,
  );
  const rows: DebtorRow[] = pageRows.flatMap((row) => {
    const detail = details.get(row.customerId);
    if (!detail) return [];
    return [
      {
        customerId: row.customerId,
        overdueCents: row.overdueCents,
        oldestOverdueDate: row.oldestOverdueDate,
        bucket: row.bucket,
        ...detail,
        oldestDueDate: row.oldestOverdueDate ?? detail.nextDueDate ?? row.oldestDueDate ?? today,
        daysOverdue: row.oldestOverdueDate ? daysOverdue(row.oldestOverdueDate, today) : 0,
      },
    ];
  });
  return { today, rows, totals, page: currentPage, hasNextPage };
}

/** Rows of (customer_id, due_date) as the on-time part of the list reads them. */
function customerDueRows(rows: unknown[]) {
  return (rows as { customer_id: number; due_date: string | Date }[]).map((row) => ({
    customerId: Number(row.customer_id),
    oldestDueDate: isoDay(row.due_date),
  }));
}

/**
 * Customers who owe only what is not due yet, by their next due date (then
 * id): `wanted` of them after the first `skip`. A search's matches are few,
 * so theirs are grouped outright. Otherwise the open instalments are walked
 * in due-date order through their partial index, reading only as far as the
 * page needs (doubling the stretch when it is not enough), instead of
 * grouping every instalment still to fall due; the debts and today's orders,
 * few, are read whole.
 */
async function onTimeCustomers(
  tx: Database | Transaction,
  {
    today,
    matchingIds,
    skip,
    wanted,
    late: lateRead,
  }: { today: string; matchingIds: number[] | null; skip: number; wanted: number; late: LateCustomers },
): Promise<{ customerId: number; oldestDueDate: string }[]> {
  if (matchingIds !== null) {
    const result = await tx.execute(sql`
      select customer_id, min(due_date) as due_date
      from (${openItemsSql({ today, due: "upcoming", customerIds: matchingIds })}) items
      where customer_id not in (select customer_id from (${openItemsSql({ today, due: "overdue", customerIds: matchingIds })}) late)
      group by customer_id
      order by due_date, customer_id
      limit ${wanted} offset ${skip}`);
    return customerDueRows(result.rows);
  }
  const late = new Set(lateRead.rows.map((row) => row.customerId));
  const byCustomer = new Map<number, string>();
  const keepEarliest = (row: { customerId: number; oldestDueDate: string }) => {
    if (late.has(row.customerId)) return;
    const seen = byCustomer.get(row.customerId);
    if (seen === undefined || row.oldestDueDate < seen) byCustomer.set(row.customerId, row.oldestDueDate);
  };
  const others = await tx.execute(sql`
    select customer_id, min(due_date) as due_date
    from (${openItemsSql({ today, due: "upcoming" })}) items
    where source <> 'instalment'
    group by customer_id`);
  customerDueRows(others.rows).forEach(keepEarliest);
  const need = skip + wanted;
  for (let stretch = Math.max(200, need * 4); ; stretch *= 2) {
    const walked = await tx.execute(sql`
      select ${creditInstalments.customerId} as customer_id, ${creditInstalments.dueDate} as due_date
      from ${creditInstalments}
      where ${creditInstalments.settledAt} is null and ${creditInstalments.dueDate} >= ${today}::date and ${instalmentOpen} > 0
        and ${creditInstalments.planId} not in (select ${creditPlans.id} from ${creditPlans} where ${creditPlans.status} = 'cancelled')
      order by ${creditInstalments.dueDate}, ${creditInstalments.customerId}
      limit ${stretch}`);
    const rows = customerDueRows(walked.rows);
    rows.forEach(keepEarliest);
    const isWhole = rows.length < stretch;
    // Past the last due date read, a customer's next instalment may not have been reached yet.
    const reached = isWhole ? null : rows.at(-1)!.oldestDueDate;
    const ordered = [...byCustomer]
      .map(([customerId, oldestDueDate]) => ({ customerId, oldestDueDate }))
      .filter((row) => reached === null || row.oldestDueDate < reached)
      .sort((a, b) => a.oldestDueDate.localeCompare(b.oldestDueDate) || a.customerId - b.customerId);
    if (isWhole || ordered.length >= need) return ordered.slice(skip, need);
  }
}

/**
 * What the list shows of one page of customers (at most a page, read by
 * customer through the indexes): name, phone, what is not due yet and when
 * it next falls due, the last contact, and whether a device waits for pickup.
 */
async function pageDetails(tx: Database | Transaction, customerIds: number[], today: string) {
  const result = new Map<
    number,
    {
      name: string;
      phone: string;
      upcomingCents: number;
      nextDueDate: string | null;
      lastContactAt: string | null;
      lastContactChannel: DebtContactChannel | null;
      hasDeviceAwaitingPickup: boolean;
    }
  >();
  if (customerIds.length === 0) return result;
  const statuses = sql.join(
    AWAITING_PICKUP_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  // Written out with aliases: in a one-table select Drizzle leaves columns unqualified, and inside
  // these subqueries "id" would then be the subquery's own table's.
  const detailResult = await tx.execute(sql`
    with upcoming as (
      select customer_id, sum(amount_cents) as upcoming_cents, min(due_date) as next_due_date
      from (${openItemsSql({ today, due: "upcoming", customerIds })}) items
      group by customer_id
    )
    select c.id, c.name, c.phone, upcoming.upcoming_cents, upcoming.next_due_date,
      last_contact.contacted_at as last_contact_at, last_contact.channel as last_contact_channel,
      awaiting.customer_id is not null as has_device_awaiting_pickup
    from ${customers} c
    left join upcoming on upcoming.customer_id = c.id
    left join lateral (
      select dc.contacted_at, dc.channel from ${debtContacts} dc
      where dc.customer_id = c.id order by dc.contacted_at desc, dc.id desc limit 1
    ) last_contact on true
    -- Per customer, through the customer's orders: as an EXISTS the planner hashed every device awaiting pickup in the shop.
    left join lateral (
      select so.customer_id from ${serviceOrders} so
      where so.customer_id = c.id and so.status in (${statuses}) and so.delivered_at is null limit 1
    ) awaiting on true
    where c.id = any(${idArray(customerIds)})`);
  for (const row of detailResult.rows as {
    id: number;
    name: string;
    phone: string;
    upcoming_cents: number | string | null;
    next_due_date: string | Date | null;
    last_contact_at: string | Date | null;
    last_contact_channel: string | null;
    has_device_awaiting_pickup: boolean;
  }[]) {
    result.set(Number(row.id), {
      name: row.name,
      phone: row.phone,
      upcomingCents: Number(row.upcoming_cents ?? 0),
      nextDueDate: row.next_due_date === null ? null : isoDay(row.next_due_date),
      lastContactAt: row.last_contact_at ? new Date(row.last_contact_at).toISOString() : null,
      lastContactChannel: toChannel(row.last_contact_channel),
      hasDeviceAwaitingPickup: Boolean(row.has_device_awaiting_pickup),
    });
  }
  return result;
}

export function listDebtors(actor: Actor, options: Parameters<typeof listDebtorsInTx>[1]) {
  assertStaffActor(actor);
  return inTransaction((tx) => listDebtorsInTx(tx, options));
}

/**
 * /devedores as its page shows it: listDebtors, with the late customers
 * (the grouping of every overdue item, what the list costs) read again only
 * once a transaction that wrote something has committed or the shop's day
 * has changed, as the Painel keeps its figures (committedWritesVersion);
 * staff opening the list at the same moment share one reading. What the
 * page shows of each customer (name, phone, what is not due yet, the last
 * contact) is read every time. On PostgreSQL another instance may have
 * written: there the late customers are read every time.
 */
export async function listDebtorsForPage(actor: Actor, options: Parameters<typeof listDebtorsInTx>[1]) {
  assertStaffActor(actor);
  if (databaseKind() !== "pglite") return inTransaction((tx) => listDebtorsInTx(tx, options));
  const late = await keptLateCustomers(options.today, () => inTransaction((tx) => readLateCustomersInTx(tx, options.today)));
  // Outside a transaction: on the first pages what is left is one statement (the page's details), and a transaction
  // would add two round trips to it; the late customers are of their own moment already.
  return listDebtorsInTx(await getDb(), options, late);
}

/** One day's: a new day's reading takes the place of the day before's. */
const keptLateCustomers = keptUntilWrite(1);

// ------------------------------------------------------------------ one customer

export type DebtItemSource = "order" | "instalment" | "debt";

export type DebtItem = {
  source: DebtItemSource;
  /** Order number, plan id or debt id. */
  id: number;
  /** The instalment's number in its plan (0 for the others). */
  number: number;
  label: string;
  dueDate: string;
  daysOverdue: number;
  amountCents: number;
  /** Where staff open it. */
  href: string | null;
};

export type DebtContact = {
  id: number;
  contactedAt: string;
  channel: DebtContactChannel;
  note: string;
  owedCents: number | null;
  actorLabel: string;
};

export type CustomerDebts = {
  customer: { id: number; name: string; phone: string };
  today: string;
  items: DebtItem[];
  overdueCents: number;
  upcomingCents: number;
  oldestOverdueDate: string | null;
  bucket: AgeingBucket | null;
  contacts: DebtContact[];
  devicesAwaitingPickup: { orderId: number; status: string }[];
};

type ItemRow = {
  source: DebtItemSource;
  item_id: number;
  item_number: number;
  due_date: string | Date;
  amount_cents: number | string;
  label: string | null;
  instalment_count: number | null;
};

/** How many contacts the detail shows, newest first. */
const CONTACTS_SHOWN = 50;

/**
 * One customer's debt: every open item (oldest due first), the totals, the
 * contact log and devices waiting for pickup. Null when no such customer.
 * Only this customer's rows are read: every query is keyed on the id.
 */
export async function getCustomerDebtsInTx(
  tx: Database | Transaction,
  customerId: number,
  today: string,
): Promise<CustomerDebts | null> {
  if (!isIsoDate(today)) throw new RangeError(`today inválido: ${today}`);
  // One statement (readTogether): on PGlite each round trip costs the server's one thread.
  const read = await readTogether(tx, {
    customer: sql`select ${customers.id} as id, ${customers.name} as name, ${customers.phone} as phone
      from ${customers} where ${customers.id} = ${customerId}`,
    items: sql`
      with items as (${openItemsSql({ today, due: "all", customerIds: [customerId] })})
      select items.source, items.item_id, items.item_number, items.due_date, items.amount_cents,
        case items.source
          when 'order' then (select nullif(concat_ws(' ', nullif(${serviceOrders.brand}, ''), nullif(${serviceOrders.model}, '')), '') from ${serviceOrders} where ${serviceOrders.id} = items.item_id)
          when 'debt' then (select ${debts.description} from ${debts} where ${debts.id} = items.item_id)
        end as label,
        case when items.source = 'instalment' then (select ${creditPlans.instalmentCount} from ${creditPlans} where ${creditPlans.id} = items.item_id) end as instalment_count
      from items
      order by items.due_date, items.source, items.item_id, items.item_number`,
    contacts: sql`
      select ${debtContacts.id} as id, ${debtContacts.contactedAt} as contacted_at, ${debtContacts.channel} as channel,
        ${debtContacts.note} as note, ${debtContacts.owedCents} as owed_cents,
        ${personNameSql(debtContacts.actorUserId, debtContacts.actorLabel)} as actor_label
      from ${debtContacts}
      where ${debtContacts.customerId} = ${customerId}
      order by ${debtContacts.contactedAt} desc, ${debtContacts.id} desc
      limit ${CONTACTS_SHOWN}`,
    devices: sql`
      select ${serviceOrders.id} as order_id, ${serviceOrders.status} as status
      from ${serviceOrders}
      where ${serviceOrders.customerId} = ${customerId} and ${serviceOrders.status} in (${sql.join(
        AWAITING_PICKUP_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )}) and ${serviceOrders.deliveredAt} is null
      order by ${serviceOrders.id}`,
  });
  const [customerRow] = read.customer as { id: number; name: string; phone: string }[];
  if (!customerRow) return null;
  const customer = { id: Number(customerRow.id), name: customerRow.name, phone: customerRow.phone };
  const items = (read.items as ItemRow[]).map((row) => toItem(row, today));
  const overdue = items.filter((item) => item.dueDate < today);
  const oldestOverdueDate = overdue[0]?.dueDate ?? null;
  const contactRows = read.contacts as {
    id: number;
    contacted_at: string;
    channel: string;
    note: string;
    owed_cents: number | null;
    actor_label: string;
  }[];
  const devices = (read.devices as { order_id: number; status: string }[]).map((row) => ({
    orderId: Number(row.order_id),
    status: row.status,
  }));

  return {
    customer,
    today,
    items,
    overdueCents: overdue.reduce((sum, item) => sum + item.amountCents, 0),
    upcomingCents: items.filter((item) => item.dueDate >= today).reduce((sum, item) => sum + item.amountCents, 0),
    oldestOverdueDate,
    bucket: oldestOverdueDate ? ageingBucketOfDays(daysOverdue(oldestOverdueDate, today)) : null,
    contacts: contactRows.map((row) => ({
      id: Number(row.id),
      contactedAt: new Date(row.contacted_at).toISOString(),
      channel: toChannel(row.channel) ?? "phone",
      note: row.note,
      owedCents: row.owed_cents === null ? null : Number(row.owed_cents),
      actorLabel: row.actor_label,
    })),
    devicesAwaitingPickup: devices,
  };
}

function toItem(row: ItemRow, today: string): DebtItem {
  const dueDate = isoDay(row.due_date);
  const base = { id: Number(row.item_id), number: Number(row.item_number), dueDate, daysOverdue: daysOverdue(dueDate, today) };
  const amountCents = Number(row.amount_cents);
  switch (row.source) {
    case "order":
      return {
        ...base,
        source: "order",
        amountCents,
        label: `OS nº ${row.item_id}${row.label ? ` — ${row.label}` : ""}`,
        href: `/service-orders/${row.item_id}/edit`,
      };
    case "instalment":
      return {
        ...base,
        source: "instalment",
        amountCents,
        label: `Crediário nº ${row.item_id} — parcela ${row.item_number}${row.instalment_count ? ` de ${row.instalment_count}` : ""}`,
        href: `/cdc/${row.item_id}`,
      };
    default:
      return { ...base, source: "debt", amountCents, label: row.label ?? "Dívida", href: null };
  }
}

export async function getCustomerDebts(actor: Actor, customerId: number, today: string) {
  assertStaffActor(actor);
  // One statement: a transaction around it would only add two round trips.
  return getCustomerDebtsInTx(await getDb(), customerId, today);
}
