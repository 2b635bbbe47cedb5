import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { databaseKind, getDb, type Database, type Transaction } from "~/db/client.server";
import { committedWritesVersion } from "~/db/committed-writes.server";
import { cashRegisters, registerEntries, registerIsClosed, registerIsOpen } from "~/db/schema/cash-register";
import { financeEntries } from "~/db/schema/finance";
import { products } from "~/db/schema/inventory";
import { serviceOrderLines, serviceOrderStatusCounts, serviceOrders } from "~/db/schema/service-orders";
import { addDays, daysBetween, shopMonthRange, shopToday } from "~/lib/dates";
import { assertStaffActor, isStaffRole, type Actor, type Role } from "~/modules/accounts/roles";
import { instalmentsDueOn } from "~/modules/credit/queries.server";
import { overdueTotalsInTx, owedDueBetweenInTx } from "~/modules/debtors/queries.server";
import { TAKINGS_METHODS, takingsWhere } from "~/modules/finance/takings.server";
import { waitingSinceBefore } from "~/modules/service-orders/pickups.server";
import { AWAITING_PICKUP_STATUSES, PICKUP_WAIT_MARKS } from "~/modules/service-orders/status";
import { getTodayTrafficCounts, getTrafficCounts } from "~/modules/traffic/report.server";
import { warrantiesClaimedInMonth, warrantiesClaimedInMonthBySupplier } from "~/modules/warranties/queries.server";

/** Statuses of an order still in the shop's hands (the board counts them; delivered and cancelled are history). */
const OPEN_STATUSES = ["received", "diagnosing", "awaiting_approval", "approved", "awaiting_part", "repairing", "ready"] as const;
const LOW_STOCK_SHOWN = 5;
const PARTS_SHOWN = 5;
/** "This week": today and the next seven days, for what customers owe and finance's receivables and payables. */
const RECEIVABLES_HORIZON_DAYS = 7;

/**
 * The staff's first page: today and this month at a glance. Each figure is
 * one small aggregate over an index (status counts are kept by triggers,
 * pickups and parts awaited are few rows of their status, low stock has its
 * partial index, entries, instalments and claims are read by date), so the
 * page stays quick at the scale seed's size. Each figure counts the rows of
 * the list it links to (dashboard-links.ts builds the addresses; the
 * integration suite checks each against its list).
 */
export async function getShopOverview(actor: Actor, now = new Date(), audience: OverviewAudience = {}) {
  const figures = await readShopFigures(actor, shopToday(now), audience);
  return { ...figures, traffic: await trafficOfToday(actor, figures.today) };
}

/**
 * The Painel as its page shows it. The shop's figures are read again only
 * once a transaction that wrote something has committed (so each still
 * equals its list), on PostgreSQL also after 3 s (another instance may have
 * written, as the page cache hears within 3 s), and staff opening it at the
 * same moment share one reading, finance's figures included: those without
 * "Financeiro" get it with them taken out (forAudience), so a write costs
 * one reading, not one per audience. Today's visits change with every page
 * view: they are read again once a visit is stored (getTodayTrafficCounts).
 */
export async function getShopOverviewForPage(actor: Actor, now = new Date(), audience: OverviewAudience = {}) {
  assertStaffActor(actor);
  const today = shopToday(now);
  const key = today;
  const version = committedWritesVersion();
  const at = now.getTime();
  const isShared = databaseKind() !== "pglite";
  const cached = figuresCache.get(key);
  const isFresh =
    cached !== undefined && cached.version === version && (!isShared || at - cached.readAt < SHARED_DATABASE_FIGURES_MS);
  const read = () => {
    const entry: FiguresEntry = { version, readAt: at, figures: readShopFigures(actor, today, { withFinance: true }) };
    // A failed reading is not kept (unless a newer one has already taken its place).
    entry.figures.catch(() => figuresCache.get(key) === entry && figuresCache.delete(key));
    return entry;
  };
  if (!isFresh) {
    for (const older of figuresCache.keys()) if (older !== key) figuresCache.delete(older);
    figuresCache.set(key, read());
  } else if (isShared && at - cached.readAt >= SHARED_DATABASE_REFRESH_AHEAD_MS && !cached.refreshing) {
    // Read ahead while this reading is still served: staff opening the page steadily never wait for the 3 s
    // reading, and no figure is older than before (the new reading replaces this one only if nothing took its place).
    cached.refreshing = true;
    const next = read();
    next.figures.then(
      () => figuresCache.get(key) === cached && figuresCache.set(key, next),
      () => (cached.refreshing = false),
    );
  }
  const [shop, traffic] = await Promise.all([figuresCache.get(key)!.figures, getTodayTrafficCounts(actor, today)]);
  return { ...forAudience(shop, audience), traffic };
}

/** On PostgreSQL another instance's writes are not counted here: the figures are read again after this long. */
const SHARED_DATABASE_FIGURES_MS = 3_000;
/** …and from this age on, read again ahead of that while the reading in hand is still served. */
const SHARED_DATABASE_REFRESH_AHEAD_MS = 2_000;
type FiguresEntry = { version: number; readAt: number; figures: Promise<ShopFigures>; refreshing?: boolean };
const figuresCache = new Map<string, FiguresEntry>();

async function trafficOfToday(actor: Actor, today: string) {
  const traffic = await getTrafficCounts(actor, today, today);
  return { visits: traffic.visits, whatsapp: traffic.conversions("whatsapp") };
}

async function readShopFigures(actor: Actor, today: string, { withFinance = true }: OverviewAudience) {
  const db = await getDb();
  const month = today.slice(0, 7);
  const horizon = addDays(today, RECEIVABLES_HORIZON_DAYS);
  const [orders, pickups, parts, register, receivables, finance, instalments, lowStock, claims] = await Promise.all([
    openOrdersByStatus(db),
    awaitingPickup(db, today),
    partsAwaited(db, today),
    registerOfToday(db, today, shopMonthRange(month).firstDay),
    owedByCustomers(db, today, horizon),
    withFinance ? financeDueBetween(db, today, horizon) : Promise.resolve(null),
    instalmentsDueOn(actor, today),
    lowStockProducts(db),
    warrantyClaimsOfMonth(actor, month),
  ]);
  return forAudience(
    {
      today,
      month,
      horizon,
      orders,
      pickups,
      parts,
      register,
      receivables,
      finance,
      instalments,
      lowStock,
      claims,
      withFinance,
    },
    { withFinance },
  );
}

type ShopFigures = Awaited<ReturnType<typeof readShopFigures>>;

/**
 * The month's figures and finance's own entries are finance: staff without
 * "Financeiro" get the register and what customers owe (debtors, theirs to
 * work), and the rest never leaves the server.
 */
function forAudience<Figures extends { register: { monthCents: number | null }; finance: unknown; withFinance: boolean }>(
  figures: Figures,
  { withFinance = true }: OverviewAudience,
): Figures {
  if (withFinance) return figures;
  return { ...figures, register: { ...figures.register, monthCents: null }, finance: null, withFinance: false };
}

/** Who looks: `withFinance` false for staff the owner has not granted "Financeiro" (accounts/roles.ts canSeeFinance). */
export type OverviewAudience = { withFinance?: boolean };

export type ShopOverview = Awaited<ReturnType<typeof getShopOverview>>;

export type QuickAction = {
  key: "new-order" | "new-sale" | "open-register" | "find-order" | "new-customer";
  to: string;
  label: string;
};

/**
 * The quick actions a role may take, decided on the server: opening an
 * order, a sale and the register are the staff's (owner and staff; the
 * pages they lead to check the role again); the register is offered only
 * while none is open. A customer gets none.
 */
export function quickActionsFor(role: Role, { isRegisterOpen }: { isRegisterOpen: boolean }): QuickAction[] {
  if (!isStaffRole(role)) return [];
  return [
    { key: "new-order", to: "/new-service-order", label: "Nova OS" },
    { key: "new-sale", to: "/cash-register/venda", label: "Nova venda" },
    ...(isRegisterOpen ? [] : [{ key: "open-register" as const, to: "/cash-register", label: "Abrir o caixa" }]),
    { key: "find-order", to: "/service-orders/search", label: "Buscar OS" },
    { key: "new-customer", to: "/customers/new", label: "Novo cliente" },
  ];
}

/**
 * The warranties claimed this month: in all, per technician of the repair, and
 * per supplier of a part the repair used (one warranty counts for each of its
 * suppliers, so those do not add up to the total).
 */
async function warrantyClaimsOfMonth(actor: Actor, month: string) {
  const [byTechnician, bySupplier] = await Promise.all([
    warrantiesClaimedInMonth(actor, month),
    warrantiesClaimedInMonthBySupplier(actor, month),
  ]);
  return { total: byTechnician.reduce((sum, row) => sum + row.warranties, 0), byTechnician, bySupplier };
}

async function openOrdersByStatus(db: Database) {
  const rows = await db
    .select({ status: serviceOrderStatusCounts.status, total: sql<number>`sum(${serviceOrderStatusCounts.total})::int` })
    .from(serviceOrderStatusCounts)
    .where(inArray(serviceOrderStatusCounts.status, [...OPEN_STATUSES]))
    .groupBy(serviceOrderStatusCounts.status);
  const totals = new Map(rows.map((row) => [row.status, Number(row.total)]));
  return {
    byStatus: OPEN_STATUSES.map((status) => ({ status, total: totals.get(status) ?? 0 })),
    total: [...totals.values()].reduce((sum, total) => sum + total, 0),
  };
}

/**
 * Devices waiting for pickup as /pending-pickups counts them (ready,
 * declined or not repairable, not delivered), the oldest, and how many have
 * waited 30 and 90 calendar days or more (the abandonment clock, the list's
 * "?espera=" filter): one aggregate over the few rows of those statuses.
 */
async function awaitingPickup(db: Database, today: string) {
  const [thirty, ninety] = PICKUP_WAIT_MARKS.map((days) => waitingSinceBefore(today, days).toISOString());
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${serviceOrders.statusChangedAt})`,
      over30: sql<number>`(count(*) filter (where ${serviceOrders.statusChangedAt} < ${thirty}::timestamptz))::int`,
      over90: sql<number>`(count(*) filter (where ${serviceOrders.statusChangedAt} < ${ninety}::timestamptz))::int`,
    })
    .from(serviceOrders)
    .where(and(inArray(serviceOrders.status, [...AWAITING_PICKUP_STATUSES]), isNull(serviceOrders.deliveredAt)));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return {
    total: Number(row?.total ?? 0),
    oldestSince: oldest?.toISOString() ?? null,
    oldestDays: oldest ? Math.max(0, daysBetween(shopToday(oldest), today)) : null,
    over30: Number(row?.over30 ?? 0),
    over90: Number(row?.over90 ?? 0),
  };
}

/**
 * Parts the shop waits for: the part lines not in hand (not reserved nor
 * taken) of orders waiting for a part, soonest expected first (those with no
 * "previsão de chegada" last), and how many are late.
 */
async function partsAwaited(db: Database, today: string) {
  const rows = await db
    .select({
      orderId: serviceOrderLines.orderId,
      description: serviceOrderLines.description,
      quantity: serviceOrderLines.quantity,
      expectedArrivalDate: serviceOrderLines.expectedArrivalDate,
      total: sql<number>`(count(*) over ())::int`,
      late: sql<number>`(count(*) filter (where ${serviceOrderLines.expectedArrivalDate} < ${today}) over ())::int`,
    })
    .from(serviceOrders)
    .innerJoin(serviceOrderLines, eq(serviceOrderLines.orderId, serviceOrders.id))
    .where(
      and(
        eq(serviceOrders.status, "awaiting_part"),
        eq(serviceOrderLines.kind, "part"),
        inArray(serviceOrderLines.stockState, ["none", "pending", "awaiting"]),
      ),
    )
    .orderBy(sql`${serviceOrderLines.expectedArrivalDate} asc nulls last`, asc(serviceOrderLines.orderId))
    .limit(PARTS_SHOWN);
  return {
    lines: rows.map(({ total: _total, late: _late, ...line }) => ({
      ...line,
      isLate: line.expectedArrivalDate !== null && line.expectedArrivalDate < today,
    })),
    lineCount: Number(rows[0]?.total ?? 0),
    lateCount: Number(rows[0]?.late ?? 0),
  };
}

/**
 * The register: the open one (if any) with its drawer, what customers paid
 * today by method and this month, and the last closing's expected and
 * counted totals.
 */
async function registerOfToday(db: Database, today: string, firstOfMonth: string) {
  const [[open], [lastClosed], takings] = await Promise.all([
    db
      .select({
        id: cashRegisters.id,
        openedAt: cashRegisters.openedAt,
        openedByLabel: cashRegisters.openedByLabel,
        openingFloatCents: cashRegisters.openingFloatCents,
        cashCents: sql<number>`coalesce(sum(${registerEntries.amountCents}), 0)::int`,
      })
      .from(cashRegisters)
      .leftJoin(
        registerEntries,
        and(
          eq(registerEntries.registerId, cashRegisters.id),
          eq(registerEntries.method, "cash"),
          isNull(registerEntries.cancelledAt),
        ),
      )
      .where(registerIsOpen)
      .groupBy(cashRegisters.id),
    db
      .select({ id: cashRegisters.id, closedAt: cashRegisters.closedAt, closingTotals: cashRegisters.closingTotals })
      .from(cashRegisters)
      .where(registerIsClosed)
      .orderBy(desc(cashRegisters.closedAt), desc(cashRegisters.id))
      .limit(1),
    takingsQuery(db, today, firstOfMonth),
  ]);
  const byMethod = new Map(takings.map((row) => [row.method, { count: Number(row.todayCount), cents: Number(row.todayCents) }]));
  const totals = Object.values(lastClosed?.closingTotals ?? {});
  return {
    open: open
      ? {
          id: open.id,
          openedAt: open.openedAt,
          openedByLabel: open.openedByLabel,
          openingFloatCents: open.openingFloatCents,
          cashInDrawerCents: open.openingFloatCents + Number(open.cashCents),
        }
      : null,
    todayByMethod: TAKINGS_METHODS.map((method) => ({ method, count: 0, cents: 0, ...byMethod.get(method) })),
    todayCount: [...byMethod.values()].reduce((sum, row) => sum + row.count, 0),
    todayCents: [...byMethod.values()].reduce((sum, row) => sum + row.cents, 0),
    monthCents: takings.reduce((sum, row) => sum + Number(row.monthCents), 0) as number | null,
    lastClose: lastClosed
      ? {
          id: lastClosed.id,
          closedAt: lastClosed.closedAt,
          expectedCents: totals.reduce((sum, total) => sum + total.expectedCents, 0),
          countedCents: totals.reduce((sum, total) => sum + total.countedCents, 0),
        }
      : null,
  };
}

/**
 * "Recebido" (finance's takings) of today, by method with how many, and of
 * the month: one aggregate over the partial index that has the takings'
 * predicate, read from the index alone.
 */
export function takingsQuery(db: Database | Transaction, today: string, firstOfMonth: string) {
  return db
    .select({
      method: registerEntries.method,
      todayCount: sql<number>`(count(*) filter (where ${registerEntries.businessDate} = ${today}))::int`,
      todayCents: sql<number>`coalesce(sum(${registerEntries.amountCents}) filter (where ${registerEntries.businessDate} = ${today}), 0)::int`,
      monthCents: sql<number>`coalesce(sum(${registerEntries.amountCents}), 0)::int`,
    })
    .from(registerEntries)
    .where(takingsWhere({ from: firstOfMonth, to: today }))
    .groupBy(registerEntries.method);
}

/**
 * What customers owe. "Em atraso" and what falls due this week are read by
 * the debtors' own functions, so the figure is the one /devedores shows.
 */
async function owedByCustomers(db: Database, today: string, horizon: string) {
  const { customersOverdue, customersDueSoon } = await db.transaction(async (tx) => ({
    customersOverdue: await overdueTotalsInTx(tx, today),
    customersDueSoon: await owedDueBetweenInTx(tx, today, horizon),
  }));
  return {
    overdueCents: customersOverdue.overdueCents,
    overdueCustomers: customersOverdue.overdueCustomers,
    dueSoonCents: customersDueSoon,
    horizonDays: RECEIVABLES_HORIZON_DAYS,
  };
}

/**
 * Finance's open receivables and payables falling due from today to the
 * horizon, as the lançamentos list filters them (open, not cancelled, due
 * in the range): one aggregate over the due-date index.
 */
async function financeDueBetween(db: Database, today: string, horizon: string) {
  const [row] = await db
    .select({
      inCount: sql<number>`(count(*) filter (where ${financeEntries.direction} = 'in'))::int`,
      inCents: sql<number>`coalesce(sum(${financeEntries.amountCents}) filter (where ${financeEntries.direction} = 'in'), 0)::int`,
      outCount: sql<number>`(count(*) filter (where ${financeEntries.direction} = 'out'))::int`,
      outCents: sql<number>`coalesce(sum(${financeEntries.amountCents}) filter (where ${financeEntries.direction} = 'out'), 0)::int`,
    })
    .from(financeEntries)
    .where(
      and(
        isNull(financeEntries.paidDate),
        isNull(financeEntries.cancelledAt),
        gte(financeEntries.dueDate, today),
        lte(financeEntries.dueDate, horizon),
      ),
    );
  return {
    receivable: { count: Number(row?.inCount ?? 0), cents: Number(row?.inCents ?? 0) },
    payable: { count: Number(row?.outCount ?? 0), cents: Number(row?.outCents ?? 0) },
  };
}

/**
 * The same rule as the inventory's low-stock filter, the predicate of its
 * partial index: the first few by name walk the index, and how many there
 * are is counted from the index alone (at the scale seed thousands are low:
 * a count over the rows themselves cost more than the rest of the Painel).
 */
async function lowStockProducts(db: Database) {
  const rows = await lowStockQuery(db);
  return {
    items: rows.map(({ total: _total, ...item }) => item),
    total: Number(rows[0]?.total ?? 0),
  };
}

export function lowStockQuery(db: Database | Transaction) {
  const isLow = and(
    ne(products.kind, "service"),
    isNull(products.archivedAt),
    sql`${products.stockQuantity} <= ${products.minimumStock}`,
    sql`(${products.minimumStock} > 0 or ${products.stockQuantity} < 0)`,
  );
  return db
    .select({
      id: products.id,
      name: products.name,
      stockQuantity: products.stockQuantity,
      minimumStock: products.minimumStock,
      total: sql<number>`(select count(*) from ${products} where ${isLow})::int`,
    })
    .from(products)
    .where(isLow)
    .orderBy(asc(products.name))
    .limit(LOW_STOCK_SHOWN);
}
