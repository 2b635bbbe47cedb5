import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  like,
  lt,
  sql,
  sum,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import { foldedContains } from "~/db/search-fold";
import { alias, union, type AnyPgColumn } from "drizzle-orm/pg-core";
import { databaseKind, getDb, type Database, type Transaction } from "~/db/client.server";
import { keptStatement, namedColumns, readTogether, readTogetherRow, readTogetherSql } from "~/db/read-together.server";
import { profiles } from "~/db/schema/accounts";
import { user } from "~/db/schema/auth";
import { cashRegisters, registerEntries } from "~/db/schema/cash-register";
import { customers } from "~/db/schema/customers";
import { productUnits, products, type PartOrigin } from "~/db/schema/inventory";
import { suppliers } from "~/db/schema/suppliers";
import {
  serviceOrderLines,
  serviceOrderPayments,
  serviceOrderStatusCounts,
  serviceOrderStatusEvents,
  serviceOrders,
  type PartStockState,
} from "~/db/schema/service-orders";
import { addDays, startOfShopDay } from "~/lib/dates";
import { joinedPersonNameSql, personNameSql } from "~/modules/accounts/person-name.server";
import { phoneDigits } from "~/lib/phone";
import { escapeLike } from "~/lib/text-input";
import { normaliseImeiOrSerial } from "~/lib/imei";
import { SEARCH_RESULT_LIMIT, SERVICE_ORDERS_PAGE_SIZE } from "./list-limits";
import { isOrderNumber } from "./order-number";
import { SERVICE_ORDER_STATUSES, isServiceOrderStatus, type ServiceOrderStatus } from "./status";
import { normaliseTrackingCode } from "./tracking-code";
import { orderBalanceCents } from "./order-money";

/** What a row of a list or a search shows; never the unlock code. */
const ROW_COLUMNS = {
  id: serviceOrders.id,
  trackingCode: serviceOrders.trackingCode,
  status: serviceOrders.status,
  createdAt: serviceOrders.createdAt,
  deviceType: serviceOrders.deviceType,
  brand: serviceOrders.brand,
  model: serviceOrders.model,
  imeiOrSerial: serviceOrders.imeiOrSerial,
  promisedDate: serviceOrders.promisedDate,
  balanceCents:
    sql<number>`${serviceOrders.linesTotalCents} - ${serviceOrders.discountCents} - ${serviceOrders.paidCents}`.mapWith(Number),
  customerId: serviceOrders.customerId,
  customerName: customers.name,
  customerPhone: customers.phone,
};

export type ServiceOrderRow = {
  id: number;
  trackingCode: string;
  status: ServiceOrderStatus;
  createdAt: Date;
  deviceType: string;
  brand: string;
  model: string;
  imeiOrSerial: string;
  promisedDate: string | null;
  balanceCents: number;
  customerId: number;
  customerName: string;
  customerPhone: string;
};

function toRow(row: Omit<ServiceOrderRow, "status"> & { status: string }): ServiceOrderRow {
  return { ...row, status: isServiceOrderStatus(row.status) ? row.status : "received" };
}

export type ServiceOrderListFilters = {
  status?: ServiceOrderStatus | null;
  technicianId?: string | null;
  /** Calendar days in the shop's time zone, "2026-11-01" (inclusive). */
  from?: string | null;
  to?: string | null;
  page?: number;
};

/** ROW_COLUMNS named by their keys, for a list read through readTogether (its rows come back as JSON objects). */
const NAMED_ROW_COLUMNS = namedColumns(ROW_COLUMNS);

/**
 * One page of orders, newest first, with the count of each status for the
 * filter chips. The counts come from the counters the triggers keep
 * (service_order_status_counts, per status and technician); only a date
 * range needs a GROUP BY, over that range's orders. The page is chosen on the orders'
 * own indexes first and only its rows are joined with the customers, so a
 * deep page does not join every row it skips.
 */
export async function listServiceOrders(filters: ServiceOrderListFilters) {
  const { technicians: _team, ...list } = await readServiceOrderList(filters, false);
  return list;
}

/**
 * listServiceOrders with the team as listTechnicians gives it (the list's
 * technician filter), all in one round trip: the list page reads them on every view.
 */
export async function listServiceOrdersWithTeam(filters: ServiceOrderListFilters) {
  const { technicians, ...list } = await readServiceOrderList(filters, true);
  return { ...list, technicians: technicians ?? [] };
}

/** Which filters a list statement has: each combination is its own text, built once (keptStatement). */
type ListShape = { status: boolean; technician: boolean; from: boolean; to: boolean; withTeam: boolean };

/** The list's statements, by database handle and shape. */
const listStatements = new WeakMap<Database, Map<string, ReturnType<typeof keptStatement>>>();

/**
 * The list's one statement for a shape, its values placeholders (status,
 * technicianId, from, to, offset). The page is chosen on the orders' own
 * indexes first and only its rows are joined with the customers.
 */
function listStatementOf(db: Database, shape: ListShape) {
  const scope: SQL[] = [];
  if (shape.technician) scope.push(eq(serviceOrders.technicianUserId, sql.placeholder("technicianId")));
  if (shape.from) scope.push(gte(serviceOrders.createdAt, sql.placeholder("from")));
  if (shape.to) scope.push(lt(serviceOrders.createdAt, sql.placeholder("to")));
  const pageIds = db
    .select({ id: serviceOrders.id })
    .from(serviceOrders)
    .where(and(...scope, shape.status ? eq(serviceOrders.status, sql.placeholder("status")) : undefined))
    .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id))
    .limit(SERVICE_ORDERS_PAGE_SIZE + 1)
    .offset(sql.placeholder("offset"))
    .as("page_ids");
  return readTogetherSql({
    counts:
      shape.from || shape.to
        ? db
            .select({ status: serviceOrders.status, total: count().as("total") })
            .from(serviceOrders)
            .where(and(...scope))
            .groupBy(serviceOrders.status)
        : db
            .select({ status: serviceOrderStatusCounts.status, total: sum(serviceOrderStatusCounts.total).as("total") })
            .from(serviceOrderStatusCounts)
            .where(shape.technician ? eq(serviceOrderStatusCounts.technicianUserId, sql.placeholder("technicianId")) : undefined)
            .groupBy(serviceOrderStatusCounts.status),
    rows: db
      .select(NAMED_ROW_COLUMNS)
      .from(pageIds)
      .innerJoin(serviceOrders, eq(serviceOrders.id, pageIds.id))
      .innerJoin(customers, eq(customers.id, serviceOrders.customerId))
      .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id)),
    team: shape.withTeam ? techniciansQuery(db) : sql`select 1 where false`,
  });
}

async function readServiceOrderList(filters: ServiceOrderListFilters, withTeam: boolean) {
  const db = await getDb();
  const page = Math.max(1, Math.min(Math.trunc(filters.page ?? 1) || 1, 10_000));
  const shape: ListShape = {
    status: Boolean(filters.status),
    technician: Boolean(filters.technicianId),
    from: Boolean(filters.from),
    to: Boolean(filters.to),
    withTeam,
  };
  const key = JSON.stringify(shape);
  const statements = listStatements.get(db) ?? new Map<string, ReturnType<typeof keptStatement>>();
  listStatements.set(db, statements);
  let statement = statements.get(key);
  if (!statement) {
    statement = keptStatement(() => listStatementOf(db, shape));
    statements.set(key, statement);
  }
  // The counts, the page's rows (and the team) in one statement (on PGlite each statement costs the server's one thread).
  const result = await db.execute(
    statement({
      status: filters.status ?? null,
      technicianId: filters.technicianId ?? null,
      // As the column sends an instant (a placeholder's value is not encoded by it).
      from: filters.from ? startOfShopDay(filters.from).toISOString() : null,
      to: filters.to ? startOfShopDay(addDays(filters.to, 1)).toISOString() : null,
      offset: (page - 1) * SERVICE_ORDERS_PAGE_SIZE,
    }),
  );
  const read = readTogetherRow(result.rows[0], ["counts", "rows", "team"] as const);
  const countRows = read.counts as { status: string; total: number | string | null }[];
  const rows = (read.rows as (Omit<ServiceOrderRow, "status" | "createdAt"> & { status: string; createdAt: string })[]).map(
    // JSON hands the instant back as text.
    (row) => ({ ...row, createdAt: new Date(row.createdAt) }),
  );

  const counts = Object.fromEntries(SERVICE_ORDER_STATUSES.map((status) => [status, 0])) as Record<ServiceOrderStatus, number>;
  for (const row of countRows) if (isServiceOrderStatus(row.status)) counts[row.status] = Number(row.total);
  const total = filters.status ? counts[filters.status] : Object.values(counts).reduce((running, value) => running + value, 0);
  return {
    rows: rows.slice(0, SERVICE_ORDERS_PAGE_SIZE).map(toRow),
    page,
    hasNextPage: rows.length > SERVICE_ORDERS_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(total / SERVICE_ORDERS_PAGE_SIZE)),
    total,
    counts,
    technicians: withTeam ? (read.team as TechnicianOption[]) : null,
  };
}

/** Up to this many matching customers, the search reads their orders by customer. */
const FEW_CUSTOMERS = 500;
/** Up to this many orders whose IMEI/serial ends with what was typed, they are read by id. */
const FEW_ORDERS = 500;

/** Fewer characters than this at the end of a phone or an IMEI/serial would match a large share of them. */
const MIN_END_LENGTH = 4;
/**
 * An IMEI's first 8 digits are its model's code, shared by thousands of
 * orders; a phone without its area code has 8 or 9 digits. A shorter run of
 * digits read as the start of an IMEI would bury the orders it more likely
 * means (the end of a phone or IMEI, an order number) under every IMEI of a model.
 */
const MIN_DIGITS_IMEI_PREFIX = 10;

/**
 * The column ends with `text`: a prefix of its reverse, which the column's
 * reverse() text_pattern_ops index answers (a LIKE '%…' would read every row).
 */
function endsWith(column: AnyPgColumn, text: string) {
  return like(sql`reverse(${column})`, `${escapeLike([...text].reverse().join(""))}%`);
}

/**
 * The order of that index. Nothing analyses the tables on PGlite (no
 * autovacuum), so the planner has no statistics on reverse() and guesses
 * hundreds of matches; sorted newest first, it walked all 100 000 orders
 * (0.2–0.8 s). Sorted in the index's own order, only the index can answer
 * without reading the whole table, at any size; the caller sorts later.
 */
function inReverseOrder(column: AnyPgColumn) {
  return sql`reverse(${column}) using ~<~`;
}

/** What the one search box understood: the branches that run. */
export function searchPlan(rawQuery: string) {
  // NUL is the one character PostgreSQL refuses in text: dropped, it cannot fail the query (as in customers' search).
  const query = rawQuery.replaceAll("\u0000", "").trim().slice(0, 100);
  const numberText = query.replace(/^(?:os|nº|n[.º°]?|#)\s*/i, "");
  const orderNumber = /^\d{1,10}$/.test(numberText) && isOrderNumber(Number(numberText)) ? Number(numberText) : null;
  const looksNumeric = /^[\d\s().+\-/]+$/.test(query);
  const digits = phoneDigits(query);
  const document = query.replace(/[.\-/\s]/g, "").toUpperCase();
  const imeiOrSerial = normaliseImeiOrSerial(query);
  const isImeiOrSerialShaped = /^[A-Z0-9]{4,30}$/.test(imeiOrSerial) && /\d/.test(imeiOrSerial);
  const isDigitsOnly = /^\d+$/.test(imeiOrSerial);
  const hasLetters = /\p{L}/u.test(query);
  return {
    query,
    orderNumber,
    trackingCode: normaliseTrackingCode(query),
    // The start of the IMEI or serial (its text_pattern_ops index), and its end (the reverse() index).
    imeiOrSerialPrefix:
      isImeiOrSerialShaped && (!isDigitsOnly || imeiOrSerial.length >= MIN_DIGITS_IMEI_PREFIX) ? imeiOrSerial : null,
    imeiOrSerialEnd: isImeiOrSerialShaped && imeiOrSerial.length >= MIN_END_LENGTH ? imeiOrSerial : null,
    // With the area code, the number from its start; fewer digits are its end: without the area code, or the last 4.
    phone: looksNumeric && digits.length >= 10 && digits.length <= 13 ? digits.replace(/^55(?=\d{10,11}$)/, "") : null,
    phoneEnd: looksNumeric && digits.length >= MIN_END_LENGTH && digits.length <= 9 ? digits : null,
    document: /^\d{11}$/.test(document) || /^[A-Z0-9]{12}\d{2}$/.test(document) ? document : null,
    // Trigram indexes need three characters to narrow anything down; people's names carry no digits.
    customerName: hasLetters && query.length >= 3 && !/\d/.test(query) ? query : null,
    model: hasLetters && query.length >= 3 ? query : null,
  };
}

/**
 * The one search box: order number, tracking code, IMEI/serial, phone,
 * CPF/CNPJ, customer name or model. Each kind of match is its own
 * index-friendly query capped at the result limit; their union is sorted
 * newest first.
 */
export async function searchServiceOrders(rawQuery: string): Promise<ServiceOrderRow[]> {
  const plan = searchPlan(rawQuery);
  if (plan.query === "") return [];
  const db = await getDb();
  const match = () => db.select({ id: serviceOrders.id }).from(serviceOrders);
  const newest = [desc(serviceOrders.createdAt)] as const;

  // Customers first, on their own indexes. A few of them: their orders are read by customer
  // (exact, whatever the planner guesses); many (a common name): walking the orders newest
  // first meets 50 of theirs sooner.
  const customerLookups = [
    plan.phone ? { condition: like(customers.phone, `${plan.phone}%`) } : null,
    plan.phoneEnd ? { condition: endsWith(customers.phone, plan.phoneEnd), order: inReverseOrder(customers.phone) } : null,
    plan.document ? { condition: eq(customers.document, plan.document) } : null,
    plan.customerName ? { condition: foldedContains(customers.name, plan.customerName) } : null,
  ].filter((lookup) => lookup !== null);
  const [customerIdSets, orderIdsByEnd] = await Promise.all([
    Promise.all(
      customerLookups.map(async ({ condition, order }) => {
        const found = await db
          .select({ id: customers.id })
          .from(customers)
          .where(condition)
          .orderBy(...(order ? [order] : []))
          .limit(FEW_CUSTOMERS + 1);
        return found.length <= FEW_CUSTOMERS ? found.map((customer) => customer.id) : condition;
      }),
    ),
    plan.imeiOrSerialEnd
      ? db
          .select({ id: serviceOrders.id })
          .from(serviceOrders)
          .where(endsWith(serviceOrders.imeiOrSerial, plan.imeiOrSerialEnd))
          .orderBy(inReverseOrder(serviceOrders.imeiOrSerial))
          .limit(FEW_ORDERS + 1)
      : [],
  ]);
  // (A query builder is built here, not in the async map above: awaiting one runs it.)
  const customerBranches = customerIdSets
    .filter((ids) => !Array.isArray(ids) || ids.length > 0)
    .map((ids) =>
      match()
        .where(
          inArray(
            serviceOrders.customerId,
            Array.isArray(ids) ? ids : db.select({ id: customers.id }).from(customers).where(ids),
          ),
        )
        .orderBy(...newest)
        .limit(SEARCH_RESULT_LIMIT),
    );

  const branches = [
    plan.orderNumber !== null ? match().where(eq(serviceOrders.id, plan.orderNumber)).limit(1) : null,
    plan.trackingCode ? match().where(eq(serviceOrders.trackingCode, plan.trackingCode)).limit(1) : null,
    plan.imeiOrSerialPrefix
      ? match()
          .where(like(serviceOrders.imeiOrSerial, `${plan.imeiOrSerialPrefix}%`))
          .orderBy(...newest)
          .limit(SEARCH_RESULT_LIMIT)
      : null,
    orderIdsByEnd.length > 0
      ? match()
          .where(
            orderIdsByEnd.length <= FEW_ORDERS
              ? inArray(
                  serviceOrders.id,
                  orderIdsByEnd.map((order) => order.id),
                )
              : endsWith(serviceOrders.imeiOrSerial, plan.imeiOrSerialEnd!),
          )
          .orderBy(...newest)
          .limit(SEARCH_RESULT_LIMIT)
      : null,
    ...customerBranches,
    plan.model
      ? match()
          .where(ilike(serviceOrders.model, `%${escapeLike(plan.model)}%`))
          .orderBy(...newest)
          .limit(SEARCH_RESULT_LIMIT)
      : null,
  ].filter((branch) => branch !== null);
  if (branches.length === 0) return [];

  const [first, second, ...rest] = branches;
  const matches = (second ? union(first!, second, ...rest) : first!).as("matches");
  const rows = await db
    .select(ROW_COLUMNS)
    .from(serviceOrders)
    .innerJoin(matches, eq(matches.id, serviceOrders.id))
    .innerJoin(customers, eq(customers.id, serviceOrders.customerId))
    .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id))
    .limit(SEARCH_RESULT_LIMIT);
  return rows.map(toRow);
}

const technician = alias(user, "technician");
const creator = alias(user, "creator");

/**
 * Everything the order's page shows, except the unlock code itself (only revealUnlockCode reads it).
 * On PGlite the statement is built once (its order number a placeholder) and
 * run again as it is: building this select from Drizzle's objects on every
 * view cost the server's one thread about as much as running it.
 */
export async function getServiceOrder(id: number) {
  const db = await getDb();
  if (databaseKind() !== "pglite" || !isOrderNumber(id)) return readServiceOrder(db, id);
  let prepared = preparedDetails.get(db);
  if (!prepared) {
    prepared = detailSelect(db, sql.placeholder("id")).prepare("service_order_detail");
    preparedDetails.set(db, prepared);
  }
  return detailOf(await prepared.execute({ id }));
}

/** An order's customer, as SQL for another read of its page (that customer's loyalty points). */
export function orderCustomerIdSql(orderId: number): SQL {
  return sql`(select ${serviceOrders.customerId} from ${serviceOrders} where ${serviceOrders.id} = ${orderId})`;
}

/** getServiceOrder's statement, built once per database handle (PGlite only: one handle per process). */
const preparedDetails = new WeakMap<Database, ReturnType<ReturnType<typeof detailSelect>["prepare"]>>();

type OrderLineRow = {
  id: number;
  kind: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  productId: number | null;
  productUnitId: number | null;
  stockState: PartStockState;
  partOrigin: PartOrigin | null;
  expectedArrivalDate: string | null;
  supplierId: number | null;
  supplierName: string | null;
  productName: string | null;
  productSku: string | null;
  unitSerial: string | null;
};
type OrderPaymentRow = {
  id: number;
  method: string;
  amountCents: number;
  isDeposit: boolean;
  paidAt: Date;
  note: string;
  cancelReason: string | null;
};
type OrderEventRow = {
  id: number;
  fromStatus: string | null;
  toStatus: string;
  actorLabel: string;
  note: string;
  createdAt: Date;
};

/** getServiceOrder inside a transaction (or on a handle already at hand). */
export async function readServiceOrder(db: Database | Transaction, id: number) {
  if (!isOrderNumber(id)) return null;
  return detailOf(await detailSelect(db, id));
}

/** The order's select: `id` a number, or a placeholder for a statement built once (getServiceOrder). */
function detailSelect(db: Database | Transaction, id: number | Placeholder) {
  return db
    .select({
      id: serviceOrders.id,
      trackingCode: serviceOrders.trackingCode,
      status: serviceOrders.status,
      statusChangedAt: serviceOrders.statusChangedAt,
      customerId: serviceOrders.customerId,
      deviceType: serviceOrders.deviceType,
      brand: serviceOrders.brand,
      model: serviceOrders.model,
      imeiOrSerial: serviceOrders.imeiOrSerial,
      color: serviceOrders.color,
      accessories: serviceOrders.accessories,
      conditionChecklist: serviceOrders.conditionChecklist,
      conditionNotes: serviceOrders.conditionNotes,
      unlockKind: serviceOrders.unlockKind,
      hasUnlockCode: sql<boolean>`${serviceOrders.unlockSecret} is not null`.mapWith(Boolean),
      reportedDefect: serviceOrders.reportedDefect,
      diagnosis: serviceOrders.diagnosis,
      technicianUserId: serviceOrders.technicianUserId,
      technicianName: personNameSql(serviceOrders.technicianUserId, technician.email),
      linesTotalCents: serviceOrders.linesTotalCents,
      discountCents: serviceOrders.discountCents,
      loyaltyDiscountCents: serviceOrders.loyaltyDiscountCents,
      loyaltyLevelName: serviceOrders.loyaltyLevelName,
      loyaltyDiscountBasisPoints: serviceOrders.loyaltyDiscountBasisPoints,
      paidCents: serviceOrders.paidCents,
      promisedDate: serviceOrders.promisedDate,
      warrantyDays: serviceOrders.warrantyDays,
      notes: serviceOrders.notes,
      quoteDecidedAt: serviceOrders.quoteDecidedAt,
      partsConsentAt: serviceOrders.partsConsentAt,
      partsConsentBy: serviceOrders.partsConsentBy,
      deliveredAt: serviceOrders.deliveredAt,
      deliveredTo: serviceOrders.deliveredTo,
      owedAtDeliveryCents: serviceOrders.owedAtDeliveryCents,
      createdAt: serviceOrders.createdAt,
      updatedAt: serviceOrders.updatedAt,
      // Its documents print the demo's identity, marked (print-templates/shop-header.server.ts).
      isDemo: serviceOrders.isDemo,
      createdByName: personNameSql(serviceOrders.createdByUserId, creator.email),
      customer: {
        id: customers.id,
        name: customers.name,
        phone: customers.phone,
        document: customers.document,
        email: customers.email,
      },
      // Its lines, payments and timeline in the same round trip (on PGlite each round trip costs the server's one thread).
      lines: sql<OrderLineRow[]>`(
        select coalesce(json_agg(json_build_object(
          'id', ${serviceOrderLines.id},
          'kind', ${serviceOrderLines.kind},
          'description', ${serviceOrderLines.description},
          'quantity', ${serviceOrderLines.quantity},
          'unitPriceCents', ${serviceOrderLines.unitPriceCents},
          'productId', ${serviceOrderLines.productId},
          'productUnitId', ${serviceOrderLines.productUnitId},
          'stockState', ${serviceOrderLines.stockState},
          'partOrigin', ${serviceOrderLines.partOrigin},
          'expectedArrivalDate', ${serviceOrderLines.expectedArrivalDate},
          'supplierId', ${serviceOrderLines.supplierId},
          'supplierName', ${suppliers.name},
          'productName', ${products.name},
          'productSku', ${products.sku},
          'unitSerial', ${productUnits.serial}
        ) order by ${serviceOrderLines.position}, ${serviceOrderLines.id}), '[]'::json)
        from ${serviceOrderLines}
        left join ${products} on ${products.id} = ${serviceOrderLines.productId}
        left join ${productUnits} on ${productUnits.id} = ${serviceOrderLines.productUnitId}
        left join ${suppliers} on ${suppliers.id} = ${serviceOrderLines.supplierId}
        where ${serviceOrderLines.orderId} = ${serviceOrders.id}
      )`,
      // A payment cancelled in the register shows its entry's reason; the order's paid amount already left it out.
      payments: sql<(Omit<OrderPaymentRow, "paidAt"> & { paidAt: string })[]>`(
        select coalesce(json_agg(json_build_object(
          'id', ${serviceOrderPayments.id},
          'method', ${serviceOrderPayments.method},
          'amountCents', ${serviceOrderPayments.amountCents},
          'isDeposit', ${serviceOrderPayments.isDeposit},
          'paidAt', ${serviceOrderPayments.paidAt},
          'note', ${serviceOrderPayments.note},
          'cancelReason', ${registerEntries.cancelReason}
        ) order by ${serviceOrderPayments.paidAt}, ${serviceOrderPayments.id}), '[]'::json)
        from ${serviceOrderPayments}
        left join ${registerEntries}
          on ${registerEntries.serviceOrderPaymentId} = ${serviceOrderPayments.id} and ${registerEntries.cancelledAt} is not null
        where ${serviceOrderPayments.orderId} = ${serviceOrders.id}
      )`,
      events: sql<(Omit<OrderEventRow, "createdAt"> & { createdAt: string })[]>`(
        select coalesce(json_agg(json_build_object(
          'id', ${serviceOrderStatusEvents.id},
          'fromStatus', ${serviceOrderStatusEvents.fromStatus},
          'toStatus', ${serviceOrderStatusEvents.toStatus},
          'actorLabel', ${personNameSql(serviceOrderStatusEvents.actorUserId, serviceOrderStatusEvents.actorLabel)},
          'note', ${serviceOrderStatusEvents.note},
          'createdAt', ${serviceOrderStatusEvents.createdAt}
        ) order by ${serviceOrderStatusEvents.createdAt}, ${serviceOrderStatusEvents.id}), '[]'::json)
        from ${serviceOrderStatusEvents}
        where ${serviceOrderStatusEvents.orderId} = ${serviceOrders.id}
      )`,
    })
    .from(serviceOrders)
    .innerJoin(customers, eq(customers.id, serviceOrders.customerId))
    .leftJoin(technician, eq(technician.id, serviceOrders.technicianUserId))
    .leftJoin(creator, eq(creator.id, serviceOrders.createdByUserId))
    .where(eq(serviceOrders.id, id));
}

/** The page's order from detailSelect's rows (none: null). */
function detailOf(rows: Awaited<ReturnType<typeof detailSelect>>) {
  const [order] = rows;
  if (!order) return null;
  const { lines, payments, events, ...head } = order;
  return {
    ...head,
    status: isServiceOrderStatus(head.status) ? head.status : ("received" as ServiceOrderStatus),
    balanceCents: orderBalanceCents(head),
    lines,
    payments: payments.map((payment) => ({ ...payment, paidAt: new Date(payment.paidAt) })),
    events: events.map((event) => ({ ...event, createdAt: new Date(event.createdAt) })),
  };
}

export type ServiceOrderDetail = NonNullable<Awaited<ReturnType<typeof readServiceOrder>>>;

/**
 * The team (owner and staff), for the technician filter and field. Someone
 * deactivated is listed (past orders name them) but offered only on an
 * order that already has them.
 */
export async function listTechnicians() {
  return techniciansQuery(await getDb());
}

/** The team, by name; its computed columns named, so readTogether reads its rows back as the same objects. */
function techniciansQuery(db: Database) {
  // The name and the deactivation from the profile joined once, not from three subqueries a person (both pages read this on every view).
  const name = joinedPersonNameSql(profiles.fullName, user.name, user.email);
  return db
    .select({
      id: user.id,
      name: name.as("name"),
      email: user.email,
      isActive: sql<boolean>`${profiles.deactivatedAt} is null`.as("isActive"),
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(inArray(user.role, ["owner", "staff"]))
    .orderBy(asc(name));
}

export type TechnicianOption = Awaited<ReturnType<typeof listTechnicians>>[number];

/**
 * What the order form offers, in one round trip (on PGlite each round trip
 * costs the server's one thread): the team as listTechnicians gives it, the first
 * `supplierLimit` suppliers by name (finance's supplierOptions), and whether a
 * register is open (cash-register's isRegisterOpen). The page's other reads
 * that need no earlier answer (an order's warranty links) may ride along.
 */
export async function getOrderFormOptions<K extends string = never>({
  supplierLimit,
  alongside,
}: {
  supplierLimit: number;
  /** Other reads of the page carried in the same round trip; their rows come back under `alongside`, by key. */
  alongside?: Partial<Record<K, SQLWrapper>>;
}) {
  const db = await getDb();
  const extra = Object.fromEntries(
    Object.entries(alongside ?? {}).filter((entry): entry is [string, SQLWrapper] => entry[1] !== undefined),
  );
  const rows: Record<string, Record<string, unknown>[]> = await readTogether(db, {
    ...extra,
    technicians: techniciansQuery(db),
    suppliers: sql`select ${suppliers.id} as id, ${suppliers.name} as name from ${suppliers}
      order by lower(${suppliers.name}), ${suppliers.id} limit ${supplierLimit}`,
    openRegisters: sql`select ${cashRegisters.id} as id from ${cashRegisters} where ${cashRegisters.isOpen} = true limit 1`,
  });
  return {
    technicians: rows.technicians as TechnicianOption[],
    suppliers: rows.suppliers as { id: number; name: string }[],
    registerOpen: (rows.openRegisters ?? []).length > 0,
    alongside: Object.fromEntries(Object.keys(extra).map((key) => [key, rows[key]])) as Partial<
      Record<K, Record<string, unknown>[]>
    >,
  };
}

/** How many of a customer's orders their page lists; the rest are counted. */
export const CUSTOMER_ORDERS_SHOWN = 20;

/**
 * A customer's orders for their page in the back office, newest first (the
 * one at the counter now is usually the latest), with how many there are in all.
 */
export async function listServiceOrdersOfCustomer(customerId: number, limit = CUSTOMER_ORDERS_SHOWN) {
  if (!Number.isSafeInteger(customerId) || customerId < 1 || customerId > 2_147_483_647) return { rows: [], total: 0 };
  const db = await getDb();
  // How many there are in all rides on the rows (a window count runs before the limit): one round trip, not two.
  const rows = await db
    .select({ ...ROW_COLUMNS, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(serviceOrders)
    .innerJoin(customers, eq(customers.id, serviceOrders.customerId))
    .where(eq(serviceOrders.customerId, customerId))
    .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id))
    .limit(limit);
  return { rows: rows.map(({ total: _total, ...row }) => toRow(row)), total: rows[0]?.total ?? 0 };
}
