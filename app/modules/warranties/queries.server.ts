import { and, asc, count, desc, eq, gte, isNotNull, like, lt, or, sql, type SQL } from "drizzle-orm";
import { foldedContains } from "~/db/search-fold";
import { getDb } from "~/db/client.server";
import { saleItems, sales } from "~/db/schema/cash-register";
import { customers } from "~/db/schema/customers";
import { productUnits } from "~/db/schema/inventory";
import { serviceOrderLines, serviceOrders } from "~/db/schema/service-orders";
import { suppliers } from "~/db/schema/suppliers";
import { warranties, warrantyClaims } from "~/db/schema/warranties";
import { addDays, shopMonthRange } from "~/lib/dates";
import { escapeLike } from "~/lib/text-input";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { personNameSql } from "~/modules/accounts/person-name.server";
import { normaliseImeiOrSerial } from "~/lib/imei";
import { orderWarrantySubject } from "~/modules/service-orders/print-documents.server";
import { readServiceOrder } from "~/modules/service-orders/queries.server";
import { STATUS_LABELS } from "~/modules/service-orders/status";
import { LEGAL_WARRANTY_DAYS, warrantyStanding, type WarrantyStatus } from "~/modules/warranty-terms/rules";

export const WARRANTIES_PAGE_SIZE = 25;
export const MAX_WARRANTIES_PAGE = 400;
/** Fewer digits than this match too much to be a suffix search (an IMEI's or a phone's end). */
const MIN_SUFFIX_DIGITS = 4;

/** Which rows a status keeps, on "today" in the shop's calendar: the contractual end, then the legal one 90 days later. */
function statusCondition(status: WarrantyStatus, today: string): SQL {
  const legalFrom = addDays(today, -LEGAL_WARRANTY_DAYS);
  if (status === "active") return sql`${warranties.endsOn} >= ${today}`;
  if (status === "legal-only") return sql`${warranties.endsOn} < ${today} and ${warranties.endsOn} >= ${legalFrom}`;
  return sql`${warranties.endsOn} < ${legalFrom}`;
}

/**
 * A search as the staff type it: an order or sale number, a customer's name
 * or phone (whole or its last digits), an IMEI or serial (whole, its start or
 * its last digits).
 */
function searchCondition(query: string): SQL | undefined {
  const text = query.trim();
  if (text === "") return undefined;
  const code = normaliseImeiOrSerial(text);
  const digits = text.replace(/\D/g, "");
  const conditions: (SQL | undefined)[] = [foldedContains(warranties.customerName, text), foldedContains(customers.name, text)];
  if (/^[A-Z0-9]{3,}$/.test(code)) {
    conditions.push(like(warranties.imeiOrSerial, `${escapeLike(code)}%`));
    conditions.push(sql`reverse(${warranties.imeiOrSerial}) like ${escapeLike([...code].reverse().join("")) + "%"}`);
  }
  if (/^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647) {
    conditions.push(eq(warranties.serviceOrderId, Number(text)), eq(warranties.saleId, Number(text)));
  }
  if (digits.length >= MIN_SUFFIX_DIGITS && /^[\d\s()+-]+$/.test(text)) {
    conditions.push(like(customers.phone, `%${escapeLike(digits)}`));
  }
  return or(...conditions);
}

/**
 * Warranties claimed in a month ("2026-11", by the shop's calendar) and of a
 * technician's repair (NO_TECHNICIAN: repairs without one, and sales): the
 * Painel's "garantias acionadas no mês" per technician link here.
 */
export type WarrantyClaimFilter = {
  month: string;
  technician: string | null;
  /** A supplier's id: only warranties whose order has a part line from that supplier (null: any). */
  supplier?: number | null;
};
export const NO_TECHNICIAN = "sem";

export type WarrantyListFilters = {
  today: string;
  search: string;
  status: WarrantyStatus | null;
  page: number;
  claimed?: WarrantyClaimFilter | null;
};

function claimedCondition({ month, technician, supplier = null }: WarrantyClaimFilter): SQL {
  const { from, to } = shopMonthRange(month);
  const inMonth = sql`exists (select 1 from ${warrantyClaims} where ${warrantyClaims.warrantyId} = ${warranties.id} and ${warrantyClaims.createdAt} >= ${from.toISOString()}::timestamptz and ${warrantyClaims.createdAt} < ${to.toISOString()}::timestamptz)`;
  const whose =
    technician === null
      ? undefined
      : technician === NO_TECHNICIAN
        ? sql`${warranties.technicianUserId} is null`
        : eq(warranties.technicianUserId, technician);
  return and(inMonth, whose, supplier === null ? undefined : fromSupplierCondition(supplier))!;
}

/** The warranty's repair used a part bought from this supplier (its order has a part line naming it). */
function fromSupplierCondition(supplierId: number): SQL {
  return sql`exists (select 1 from ${serviceOrderLines} where ${serviceOrderLines.orderId} = ${warranties.serviceOrderId} and ${serviceOrderLines.supplierId} = ${supplierId})`;
}

/** /warranty-contract: newest first, with each row's status and days left on `today`, and its claims counted. */
export async function listWarranties(actor: Actor, { today, search, status, page, claimed = null }: WarrantyListFilters) {
  assertStaffActor(actor);
  const db = await getDb();
  const where = and(
    searchCondition(search),
    status ? statusCondition(status, today) : undefined,
    claimed ? claimedCondition(claimed) : undefined,
  );
  const rows = await db
    .select({
      id: warranties.id,
      serviceOrderId: warranties.serviceOrderId,
      saleId: warranties.saleId,
      itemDescription: warranties.itemDescription,
      imeiOrSerial: warranties.imeiOrSerial,
      customerId: warranties.customerId,
      customerName: sql<string>`coalesce(${customers.name}, ${warranties.customerName})`,
      customerPhone: customers.phone,
      startsOn: warranties.startsOn,
      endsOn: warranties.endsOn,
      contractualDays: warranties.contractualDays,
      claims: sql<number>`(select count(*)::int from ${warrantyClaims} where ${warrantyClaims.warrantyId} = ${warranties.id})`,
    })
    .from(warranties)
    .leftJoin(customers, eq(customers.id, warranties.customerId))
    .where(where)
    .orderBy(desc(warranties.startsOn), desc(warranties.id))
    .limit(WARRANTIES_PAGE_SIZE + 1)
    .offset((page - 1) * WARRANTIES_PAGE_SIZE);
  return {
    today,
    page,
    hasNextPage: rows.length > WARRANTIES_PAGE_SIZE,
    rows: rows.slice(0, WARRANTIES_PAGE_SIZE).map((row) => ({ ...row, ...warrantyStanding(row, today) })),
  };
}

/** Claims counted per technician of the original repair (a sale's warranty has none): whose work comes back. */
export async function claimsPerTechnician(actor: Actor) {
  assertStaffActor(actor);
  const db = await getDb();
  const rows = await db
    .select({
      technicianUserId: warranties.technicianUserId,
      name: personNameSql(warranties.technicianUserId, sql`'Sem técnico'`),
      warranties: sql<number>`count(distinct ${warranties.id})::int`,
      claims: count(warrantyClaims.id),
    })
    .from(warranties)
    .leftJoin(warrantyClaims, eq(warrantyClaims.warrantyId, warranties.id))
    .where(isNotNull(warranties.serviceOrderId))
    .groupBy(warranties.technicianUserId)
    .orderBy(desc(count(warrantyClaims.id)));
  return rows.map((row) => ({ ...row, claims: Number(row.claims) }));
}

/**
 * The warranties claimed in a month, per technician of the original repair
 * (null: none, or a sale), each count the rows /warranty-contract shows with
 * `claimed: { month, technician }` (a warranty claimed twice counts once).
 */
export async function warrantiesClaimedInMonth(actor: Actor, month: string) {
  assertStaffActor(actor);
  const db = await getDb();
  const { from, to } = shopMonthRange(month);
  const rows = await db
    .select({
      technicianUserId: warranties.technicianUserId,
      name: personNameSql(warranties.technicianUserId, sql`'Sem técnico'`),
      warranties: sql<number>`count(distinct ${warranties.id})::int`,
    })
    .from(warrantyClaims)
    .innerJoin(warranties, eq(warranties.id, warrantyClaims.warrantyId))
    .where(and(gte(warrantyClaims.createdAt, from), lt(warrantyClaims.createdAt, to)))
    .groupBy(warranties.technicianUserId)
    .orderBy(desc(sql`count(distinct ${warranties.id})`));
  return rows.map((row) => ({
    technician: row.technicianUserId ?? NO_TECHNICIAN,
    name: row.name,
    warranties: Number(row.warranties),
  }));
}

/**
 * The warranties claimed in a month per supplier of a part used in the
 * original repair: a warranty counts for a supplier when its order has a part
 * line from that supplier, so one whose order had parts from two suppliers
 * counts once for each (and a repair with no supplier named counts for none).
 * Each count is the rows /warranty-contract shows with
 * `claimed: { month, technician: null, supplier }`. Supplier names are shown to
 * all staff, as on a stock entry's form.
 */
export async function warrantiesClaimedInMonthBySupplier(actor: Actor, month: string) {
  assertStaffActor(actor);
  const db = await getDb();
  const { from, to } = shopMonthRange(month);
  const rows = await db
    .select({
      supplierId: suppliers.id,
      name: suppliers.name,
      warranties: sql<number>`count(distinct ${warranties.id})::int`,
    })
    .from(warrantyClaims)
    .innerJoin(warranties, eq(warranties.id, warrantyClaims.warrantyId))
    .innerJoin(serviceOrderLines, eq(serviceOrderLines.orderId, warranties.serviceOrderId))
    .innerJoin(suppliers, eq(suppliers.id, serviceOrderLines.supplierId))
    .where(and(gte(warrantyClaims.createdAt, from), lt(warrantyClaims.createdAt, to)))
    .groupBy(suppliers.id, suppliers.name)
    .orderBy(desc(sql`count(distinct ${warranties.id})`), asc(suppliers.name));
  return rows.map((row) => ({ supplier: row.supplierId, name: row.name, warranties: Number(row.warranties) }));
}

/** A supplier's name for the list's filter line; null when there is no such supplier. */
export async function supplierNameOf(supplierId: number) {
  const db = await getDb();
  const [row] = await db.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, supplierId));
  return row?.name ?? null;
}

/** One warranty as its page shows it, with its standing on `today` and its claims; null when none. */
export async function getWarranty(actor: Actor, warrantyId: number, today: string) {
  assertStaffActor(actor);
  const db = await getDb();
  const [row] = await db
    .select({
      warranty: warranties,
      customerPhone: customers.phone,
      customerRecordName: customers.name,
      technicianName: personNameSql(warranties.technicianUserId, sql`''`),
      issuedBy: personNameSql(warranties.issuedByUserId, warranties.issuedByLabel),
      saleCode: sales.code,
    })
    .from(warranties)
    .leftJoin(customers, eq(customers.id, warranties.customerId))
    .leftJoin(sales, eq(sales.id, warranties.saleId))
    .where(eq(warranties.id, warrantyId));
  if (!row) return null;
  const claims = await db
    .select({
      id: warrantyClaims.id,
      serviceOrderId: warrantyClaims.serviceOrderId,
      reportedDefect: warrantyClaims.reportedDefect,
      createdAt: warrantyClaims.createdAt,
      status: serviceOrders.status,
      createdBy: personNameSql(warrantyClaims.createdByUserId, sql`''`),
    })
    .from(warrantyClaims)
    .innerJoin(serviceOrders, eq(serviceOrders.id, warrantyClaims.serviceOrderId))
    .where(eq(warrantyClaims.warrantyId, warrantyId))
    .orderBy(asc(warrantyClaims.createdAt), asc(warrantyClaims.id));
  return {
    ...row.warranty,
    customerName: row.customerRecordName ?? row.warranty.customerName,
    customerPhone: row.customerPhone ?? "",
    technicianName: row.technicianName,
    issuedBy: row.issuedBy,
    saleCode: row.saleCode,
    standing: warrantyStanding(row.warranty, today),
    claims: claims.map((claim) => ({
      ...claim,
      statusLabel: STATUS_LABELS[claim.status as keyof typeof STATUS_LABELS] ?? claim.status,
    })),
  };
}

/**
 * What an order's page shows of warranties: the order's own warranty and
 * the claims under it, and, for an order a claim opened, the warranty and
 * original order it is a claim of.
 */
export async function getOrderWarrantyLinks(actor: Actor, orderId: number) {
  const read = orderWarrantyLinksRead(actor, orderId);
  const result = await (await getDb()).execute(read.query);
  return read.build(result.rows);
}

/**
 * getOrderWarrantyLinks as one query and what builds the links from its row,
 * so the order's page reads it in the same round trip as its form's options
 * (readTogether; on PGlite each round trip costs the server's one thread).
 * The role is checked here, before any query is handed out.
 */
export function orderWarrantyLinksRead(actor: Actor, orderId: number) {
  assertStaffActor(actor);
  // The three in one statement: the page reads this on every view.
  const query = sql`select
    (select json_build_object('id', ${warranties.id}, 'endsOn', ${warranties.endsOn})
      from ${warranties} where ${warranties.serviceOrderId} = ${orderId}) as "own",
    (select coalesce(json_agg(json_build_object('id', ${warrantyClaims.id}, 'serviceOrderId', ${warrantyClaims.serviceOrderId})
        order by ${warrantyClaims.id}), '[]'::json)
      from ${warrantyClaims}
      where ${warrantyClaims.warrantyId} = (select ${warranties.id} from ${warranties} where ${warranties.serviceOrderId} = ${orderId})) as "claims",
    (select json_build_object('warrantyId', ${warranties.id}, 'serviceOrderId', ${warranties.serviceOrderId}, 'saleId', ${warranties.saleId})
      from ${warrantyClaims} inner join ${warranties} on ${warranties.id} = ${warrantyClaims.warrantyId}
      where ${warrantyClaims.serviceOrderId} = ${orderId}) as "claimOf"`;
  return { query, build: orderWarrantyLinksOf };
}

/** orderWarrantyLinksRead's row as the page shows it. */
function orderWarrantyLinksOf(rows: readonly Record<string, unknown>[]) {
  const row = rows[0] as {
    own: { id: number; endsOn: string } | null;
    claims: { id: number; serviceOrderId: number }[];
    claimOf: { warrantyId: number; serviceOrderId: number | null; saleId: number | null } | null;
  };
  return { warranty: row.own ?? null, claims: row.claims, claimOf: row.claimOf ?? null };
}

/** The issue page for an order: what the warranty will name, and whether it may be issued. Null when no such order. */
export async function getOrderForWarranty(actor: Actor, orderId: number) {
  assertStaffActor(actor);
  const db = await getDb();
  const order = await readServiceOrder(db, orderId);
  if (!order) return null;
  const [existing] = await db.select({ id: warranties.id }).from(warranties).where(eq(warranties.serviceOrderId, orderId));
  const subject = orderWarrantySubject(order);
  return {
    id: order.id,
    customerName: subject.customerName,
    itemDescription: subject.itemDescription,
    imeiOrSerial: subject.imeiOrSerial,
    warrantyDays: order.warrantyDays,
    deliveredAt: order.deliveredAt,
    isDelivered: order.status === "delivered",
    wasRepaired: subject.wasRepaired,
    existingWarrantyId: existing?.id ?? null,
  };
}

/** The issue page for a sale: its items, each with its unit's IMEI/serial and any warranty it has. Null when no such sale. */
export async function getSaleForWarranty(actor: Actor, saleId: number) {
  assertStaffActor(actor);
  const db = await getDb();
  const [sale] = await db
    .select({
      id: sales.id,
      code: sales.code,
      status: sales.status,
      createdAt: sales.createdAt,
      customerId: sales.customerId,
      customerName: customers.name,
    })
    .from(sales)
    .leftJoin(customers, eq(customers.id, sales.customerId))
    .where(eq(sales.id, saleId));
  if (!sale) return null;
  const items = await db
    .select({
      id: saleItems.id,
      description: saleItems.description,
      quantity: saleItems.quantity,
      returnedQuantity: saleItems.returnedQuantity,
      serial: productUnits.serial,
      warrantyId: warranties.id,
    })
    .from(saleItems)
    .leftJoin(productUnits, eq(productUnits.id, saleItems.unitId))
    .leftJoin(warranties, eq(warranties.saleItemId, saleItems.id))
    .where(eq(saleItems.saleId, saleId))
    .orderBy(asc(saleItems.position), asc(saleItems.id));
  return { ...sale, items };
}
