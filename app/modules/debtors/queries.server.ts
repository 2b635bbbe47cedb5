import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { creditInstalments, creditPlans, debtContacts, debts } from "~/db/schema/credit";
import { customers } from "~/db/schema/customers";
import { serviceOrders } from "~/db/schema/service-orders";
import { isIsoDate, SHOP_TIME_ZONE } from "~/lib/dates";
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

export type DebtorsFilter = AgeingBucket | "upcoming";

export function isDebtorsFilter(value: unknown): value is DebtorsFilter {
  return value === "upcoming" || isAgeingBucket(value);
}

/**
 * The delivery's calendar day at the shop. The zone comes from app/lib/dates
 * and PostgreSQL's time-zone database applies it (summer time included); no
 * offset is written here.
 */
const orderDueDate = sql`(coalesce(${serviceOrders.deliveredAt}, ${serviceOrders.statusChangedAt}) at time zone ${SHOP_TIME_ZONE})::date`;
const orderBalance = sql`(${serviceOrders.linesTotalCents} - ${serviceOrders.discountCents} - ${serviceOrders.paidCents})`;
const instalmentOpen = sql`(${creditInstalments.amountCents} - ${creditInstalments.paidPrincipalCents} - ${creditInstalments.paidInterestCents} - ${creditInstalments.waivedInterestCents})`;
const debtOpen = sql`(${debts.amountCents} - ${debts.paidCents})`;

/**
 * Every open item, one row each: (customer_id, due_date, amount_cents), and
 * for the detail page what identifies it. `customerId` narrows it to one
 * customer; the partial indexes on open instalments and debts answer both.
 */
function openItemsSql(customerId: number | null) {
  const orderCustomer = customerId === null ? sql`` : sql` and ${serviceOrders.customerId} = ${customerId}`;
  const instalmentCustomer = customerId === null ? sql`` : sql` and ${creditInstalments.customerId} = ${customerId}`;
  const debtCustomer = customerId === null ? sql`` : sql` and ${debts.customerId} = ${customerId}`;
  return sql`
    select ${serviceOrders.customerId} as customer_id, 'order' as source, ${serviceOrders.id} as item_id, 0 as item_number,
      ${orderDueDate} as due_date, ${orderBalance} as amount_cents
    from ${serviceOrders}
    where ${serviceOrders.status} = 'delivered' and ${orderBalance} > 0${orderCustomer}
    union all
    select ${creditInstalments.customerId}, 'instalment', ${creditInstalments.planId}, ${creditInstalments.number},
      ${creditInstalments.dueDate}, ${instalmentOpen}
    from ${creditInstalments} join ${creditPlans} on ${creditPlans.id} = ${creditInstalments.planId}
    where ${creditInstalments.settledAt} is null and ${creditPlans.status} = 'active' and ${instalmentOpen} > 0${instalmentCustomer}
    union all
    select ${debts.customerId}, 'debt', ${debts.id}, 0, ${debts.dueDate}, ${debtOpen}
    from ${debts}
    where ${debts.settledAt} is null and ${debts.cancelledAt} is null and ${debtOpen} > 0${debtCustomer}`;
}

/** Days late → bucket, the same limits as ageing.ts. */
function bucketSql(today: string) {
  const days = sql`(${today}::date - oldest_overdue_date)`;
  const [first, second, third] = AGEING_BUCKET_LIMITS;
  return sql`case when oldest_overdue_date is null then null
    when ${days} <= ${first} then ${AGEING_BUCKETS[0]}
    when ${days} <= ${second} then ${AGEING_BUCKETS[1]}
    when ${days} <= ${third} then ${AGEING_BUCKETS[2]}
    else ${AGEING_BUCKETS[3]} end`;
}

type AggregateRow = {
  customer_id: number;
  overdue_cents: number | string;
  upcoming_cents: number | string;
  oldest_due_date: string | Date;
  oldest_overdue_date: string | Date | null;
  bucket: AgeingBucket | null;
};

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

export type DebtorsList = {
  today: string;
  rows: DebtorRow[];
  /** Over everyone who owes, whatever the search or filter. */
  totals: {
    buckets: BucketTotal[];
    overdueCents: number;
    upcomingCents: number;
    customers: number;
    /** Customers who owe only what is not due yet. */
    upcomingOnlyCustomers: number;
  };
  /** Rows matching the search and filter. */
  matching: number;
  page: number;
  pageCount: number;
};

function toChannel(value: string | null): DebtContactChannel | null {
  if (value === null) return null;
  return (DEBT_CONTACT_CHANNELS as readonly string[]).includes(value) ? (value as DebtContactChannel) : "phone";
}

/**
 * One row per customer who owes: overdue and not-yet-due amounts, oldest due
 * date, the ageing bucket of the overdue part (by its oldest overdue due
 * date), last contact and whether a device of theirs waits for pickup; the
 * totals per bucket over everyone. Most overdue first.
 */
export async function listDebtorsInTx(
  tx: Transaction,
  {
    today,
    search = "",
    bucket = null,
    page = 1,
  }: { today: string; search?: string; bucket?: DebtorsFilter | null; page?: number },
): Promise<DebtorsList> {
  if (!isIsoDate(today)) throw new RangeError(`today inválido: ${today}`);
  const aggregated = await tx.execute(sql`
    with items as (${openItemsSql(null)}),
    per_customer as (
      select customer_id,
        coalesce(sum(amount_cents) filter (where due_date < ${today}::date), 0) as overdue_cents,
        coalesce(sum(amount_cents) filter (where due_date >= ${today}::date), 0) as upcoming_cents,
        min(due_date) as oldest_due_date,
        min(due_date) filter (where due_date < ${today}::date) as oldest_overdue_date
      from items group by customer_id
    )
    select customer_id, overdue_cents, upcoming_cents, oldest_due_date, oldest_overdue_date, ${bucketSql(today)} as bucket
    from per_customer`);
  const all = (aggregated.rows as AggregateRow[]).map((row) => ({
    customerId: Number(row.customer_id),
    overdueCents: Number(row.overdue_cents),
    upcomingCents: Number(row.upcoming_cents),
    oldestDueDate: isoDay(row.oldest_due_date),
    oldestOverdueDate: row.oldest_overdue_date === null ? null : isoDay(row.oldest_overdue_date),
    bucket: row.bucket,
  }));

  const buckets: BucketTotal[] = AGEING_BUCKETS.map((name) => {
    const inBucket = all.filter((row) => row.bucket === name);
    return { bucket: name, customers: inBucket.length, overdueCents: inBucket.reduce((sum, row) => sum + row.overdueCents, 0) };
  });
  const totals = {
    buckets,
    overdueCents: all.reduce((sum, row) => sum + row.overdueCents, 0),
    upcomingCents: all.reduce((sum, row) => sum + row.upcomingCents, 0),
    customers: all.length,
    upcomingOnlyCustomers: all.filter((row) => row.bucket === null).length,
  };

  let selected =
    bucket === null ? all : all.filter((row) => (bucket === "upcoming" ? row.bucket === null : row.bucket === bucket));
  const condition = search.trim() === "" ? null : customerSearchCondition(search);
  if (condition === "none") selected = [];
  else if (condition !== null && selected.length > 0) {
    const matchingIds = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          inArray(
            customers.id,
            selected.map((row) => row.customerId),
          ),
          condition,
        ),
      );
    const ids = new Set(matchingIds.map((row) => row.id));
    selected = selected.filter((row) => ids.has(row.customerId));
  }
  // Most overdue first (oldest overdue date), then the largest overdue amount; those with nothing late last.
  selected.sort(
    (a, b) =>
      (a.oldestOverdueDate ?? "9999-12-31").localeCompare(b.oldestOverdueDate ?? "9999-12-31") ||
      b.overdueCents - a.overdueCents ||
      a.oldestDueDate.localeCompare(b.oldestDueDate) ||
      a.customerId - b.customerId,
  );
  const pageCount = Math.min(MAX_DEBTORS_PAGE, Math.max(1, Math.ceil(selected.length / DEBTORS_PAGE_SIZE)));
  const currentPage = Number.isSafeInteger(page) ? Math.min(Math.max(1, page), pageCount) : 1;
  const pageRows = selected.slice((currentPage - 1) * DEBTORS_PAGE_SIZE, currentPage * DEBTORS_PAGE_SIZE);
  const details = await pageDetails(
    tx,
    pageRows.map((row) => row.customerId),
  );
  const rows: DebtorRow[] = pageRows.flatMap((row) => {
    const detail = details.get(row.customerId);
    if (!detail) return [];
    return [
      {
        ...row,
        ...detail,
        daysOverdue: row.oldestOverdueDate ? daysOverdue(row.oldestOverdueDate, today) : 0,
      },
    ];
  });
  return { today, rows, totals, matching: selected.length, page: currentPage, pageCount };
}

/** Name, phone, last contact and the pickup flag of one page of customers (at most a page: index probes each). */
async function pageDetails(tx: Transaction, customerIds: number[]) {
  const result = new Map<
    number,
    {
      name: string;
      phone: string;
      lastContactAt: string | null;
      lastContactChannel: DebtContactChannel | null;
      hasDeviceAwaitingPickup: boolean;
    }
  >();
  if (customerIds.length === 0) return result;
  // Written out with aliases: in a one-table select Drizzle leaves columns unqualified, and inside
  // these subqueries "id" would then be the subquery's own table's.
  const statuses = sql.join(
    AWAITING_PICKUP_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const detailResult = await tx.execute(sql`
    select c.id, c.name, c.phone,
      last_contact.contacted_at as last_contact_at, last_contact.channel as last_contact_channel,
      exists (
        select 1 from ${serviceOrders} so
        where so.customer_id = c.id and so.status in (${statuses}) and so.delivered_at is null
      ) as has_device_awaiting_pickup
    from ${customers} c
    left join lateral (
      select dc.contacted_at, dc.channel from ${debtContacts} dc
      where dc.customer_id = c.id order by dc.contacted_at desc, dc.id desc limit 1
    ) last_contact on true
    where c.id in (${sql.join(
      customerIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const rows = (
    detailResult.rows as {
      id: number;
      name: string;
      phone: string;
      last_contact_at: string | Date | null;
      last_contact_channel: string | null;
      has_device_awaiting_pickup: boolean;
    }[]
  ).map((row) => ({
    id: Number(row.id),
    name: row.name,
    phone: row.phone,
    lastContactAt: row.last_contact_at,
    lastContactChannel: row.last_contact_channel,
    hasDeviceAwaitingPickup: row.has_device_awaiting_pickup,
  }));
  for (const row of rows) {
    result.set(row.id, {
      name: row.name,
      phone: row.phone,
      lastContactAt: row.lastContactAt ? new Date(row.lastContactAt).toISOString() : null,
      lastContactChannel: toChannel(row.lastContactChannel),
      hasDeviceAwaitingPickup: Boolean(row.hasDeviceAwaitingPickup),
    });
  }
  return result;
}

export function listDebtors(actor: Actor, options: Parameters<typeof listDebtorsInTx>[1]) {
  assertStaffActor(actor);
  return inTransaction((tx) => listDebtorsInTx(tx, options));
}

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
export async function getCustomerDebtsInTx(tx: Transaction, customerId: number, today: string): Promise<CustomerDebts | null> {
  if (!isIsoDate(today)) throw new RangeError(`today inválido: ${today}`);
  const [customer] = await tx
    .select({ id: customers.id, name: customers.name, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return null;
  const itemResult = await tx.execute(sql`
    with items as (${openItemsSql(customerId)})
    select items.source, items.item_id, items.item_number, items.due_date, items.amount_cents,
      case items.source
        when 'order' then (select concat_ws(' ', ${serviceOrders.deviceType}, ${serviceOrders.brand}, ${serviceOrders.model}) from ${serviceOrders} where ${serviceOrders.id} = items.item_id)
        when 'debt' then (select ${debts.description} from ${debts} where ${debts.id} = items.item_id)
      end as label,
      case when items.source = 'instalment' then (select ${creditPlans.instalmentCount} from ${creditPlans} where ${creditPlans.id} = items.item_id) end as instalment_count
    from items
    order by items.due_date, items.source, items.item_id, items.item_number`);
  const items = (itemResult.rows as ItemRow[]).map((row) => toItem(row, today));
  const overdue = items.filter((item) => item.dueDate < today);
  const oldestOverdueDate = overdue[0]?.dueDate ?? null;

  const contactRows = await tx
    .select({
      id: debtContacts.id,
      contactedAt: debtContacts.contactedAt,
      channel: debtContacts.channel,
      note: debtContacts.note,
      owedCents: debtContacts.owedCents,
      actorLabel: personNameSql(debtContacts.actorUserId, debtContacts.actorLabel),
    })
    .from(debtContacts)
    .where(eq(debtContacts.customerId, customerId))
    .orderBy(desc(debtContacts.contactedAt), desc(debtContacts.id))
    .limit(CONTACTS_SHOWN);
  const devices = await tx
    .select({ orderId: serviceOrders.id, status: serviceOrders.status })
    .from(serviceOrders)
    .where(
      and(
        eq(serviceOrders.customerId, customerId),
        inArray(serviceOrders.status, [...AWAITING_PICKUP_STATUSES]),
        isNull(serviceOrders.deliveredAt),
      ),
    )
    .orderBy(serviceOrders.id);

  return {
    customer,
    today,
    items,
    overdueCents: overdue.reduce((sum, item) => sum + item.amountCents, 0),
    upcomingCents: items.filter((item) => item.dueDate >= today).reduce((sum, item) => sum + item.amountCents, 0),
    oldestOverdueDate,
    bucket: oldestOverdueDate ? ageingBucketOfDays(daysOverdue(oldestOverdueDate, today)) : null,
    contacts: contactRows.map((row) => ({
      id: row.id,
      contactedAt: new Date(row.contactedAt).toISOString(),
      channel: toChannel(row.channel) ?? "phone",
      note: row.note,
      owedCents: row.owedCents,
      actorLabel: row.actorLabel,
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
  return inTransaction((tx) => getCustomerDebtsInTx(tx, customerId, today));
}
