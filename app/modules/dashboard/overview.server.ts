import { and, asc, eq, gte, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { cashRegisters, registerEntries } from "~/db/schema/cash-register";
import { financeEntries } from "~/db/schema/finance";
import { products } from "~/db/schema/inventory";
import { serviceOrderStatusCounts, serviceOrders } from "~/db/schema/service-orders";
import { addDays, shopMonthRange, shopToday } from "~/lib/dates";
import { overdueByCustomerInTx, owedDueBetweenInTx } from "~/modules/debtors/queries.server";

/** Statuses of an order still in the shop's hands (the board counts them; delivered and cancelled are history). */
const OPEN_STATUSES = ["received", "diagnosing", "awaiting_approval", "approved", "awaiting_part", "repairing", "ready"] as const;
/** Money taken: what customers paid, not what moved inside the shop (suprimento, sangria) nor what went back (refund). */
const TAKINGS_KINDS = ["sale", "order-payment", "credit-payment", "debt-payment"] as const;
/** Methods that bring money now (crediário is owed, store credit was given before). */
const MONEY_METHODS = ["cash", "pix", "debit", "credit"] as const;
const LOW_STOCK_SHOWN = 5;
const RECEIVABLES_HORIZON_DAYS = 7;

/**
 * The staff's first page: today and this month at a glance. Each figure
 * is one small aggregate over an index (status counts are kept by triggers,
 * low stock has its partial index, entries and instalments are read by
 * date), so the page stays quick at the scale seed's size.
 */
export async function getShopOverview(now = new Date(), { withFinance = true }: OverviewAudience = {}) {
  const db = await getDb();
  const today = shopToday(now);
  const [orders, register, takings, receivables, lowStock] = await Promise.all([
    openOrdersByStatus(db),
    openRegister(db),
    takingsSince(db, today, shopMonthRange(today.slice(0, 7)).firstDay),
    receivablesDue(db, today, withFinance),
    lowStockProducts(db),
  ]);
  // The month's figures and finance's own entries are finance: staff without "Financeiro" get the register and
  // what customers owe (debtors, theirs to work), and the rest never leaves the server.
  return {
    today,
    orders,
    register,
    takings: withFinance ? takings : { todayCents: takings.todayCents, monthCents: null },
    receivables,
    lowStock,
    withFinance,
  };
}

/** Who looks: `withFinance` false for staff the owner has not granted "Financeiro" (accounts/roles.ts canSeeFinance). */
export type OverviewAudience = { withFinance?: boolean };

export type ShopOverview = Awaited<ReturnType<typeof getShopOverview>>;

async function openOrdersByStatus(db: Database) {
  const rows = await db
    .select({ status: serviceOrderStatusCounts.status, total: sql<number>`sum(${serviceOrderStatusCounts.total})::int` })
    .from(serviceOrderStatusCounts)
    .where(inArray(serviceOrderStatusCounts.status, [...OPEN_STATUSES]))
    .groupBy(serviceOrderStatusCounts.status);
  const totals = new Map(rows.map((row) => [row.status, Number(row.total)]));
  const [oldestReady] = await db
    .select({ statusChangedAt: serviceOrders.statusChangedAt })
    .from(serviceOrders)
    .where(eq(serviceOrders.status, "ready"))
    .orderBy(asc(serviceOrders.statusChangedAt))
    .limit(1);
  return {
    byStatus: OPEN_STATUSES.map((status) => ({ status, total: totals.get(status) ?? 0 })),
    total: [...totals.values()].reduce((sum, total) => sum + total, 0),
    oldestReadySince: oldestReady?.statusChangedAt ?? null,
  };
}

async function openRegister(db: Database) {
  const [open] = await db
    .select({
      id: cashRegisters.id,
      openedAt: cashRegisters.openedAt,
      openedByLabel: cashRegisters.openedByLabel,
      openingFloatCents: cashRegisters.openingFloatCents,
    })
    .from(cashRegisters)
    .where(eq(cashRegisters.isOpen, true));
  if (!open) return null;
  const [cash] = await db
    .select({ cents: sql<number>`coalesce(sum(${registerEntries.amountCents}), 0)::int` })
    .from(registerEntries)
    .where(and(eq(registerEntries.registerId, open.id), eq(registerEntries.method, "cash"), isNull(registerEntries.cancelledAt)));
  return { ...open, cashInDrawerCents: open.openingFloatCents + Number(cash?.cents ?? 0) };
}

/** Money customers paid today and this month, by the shop's calendar. */
async function takingsSince(db: Database, today: string, firstOfMonth: string) {
  const [row] = await db
    .select({
      todayCents: sql<number>`coalesce(sum(${registerEntries.amountCents}) filter (where ${registerEntries.businessDate} = ${today}), 0)::int`,
      monthCents: sql<number>`coalesce(sum(${registerEntries.amountCents}), 0)::int`,
    })
    .from(registerEntries)
    .where(
      and(
        gte(registerEntries.businessDate, firstOfMonth),
        lte(registerEntries.businessDate, today),
        inArray(registerEntries.kind, [...TAKINGS_KINDS]),
        inArray(registerEntries.method, [...MONEY_METHODS]),
        isNull(registerEntries.cancelledAt),
      ),
    );
  return { todayCents: Number(row?.todayCents ?? 0), monthCents: Number(row?.monthCents ?? 0) };
}

/**
 * What is to be received. "Em atraso" and what falls due this week are what
 * customers owe (instalments, fiados, delivered orders unpaid), read by the
 * debtors' own functions, so the figure is the one /devedores shows; typed
 * receivables in finance (not a customer's debt) are their own figures.
 */
async function receivablesDue(db: Database, today: string, withFinance: boolean) {
  const horizon = addDays(today, RECEIVABLES_HORIZON_DAYS);
  const { customersOverdue, customersDueSoon } = await db.transaction(async (tx) => ({
    customersOverdue: await overdueByCustomerInTx(tx, today),
    customersDueSoon: await owedDueBetweenInTx(tx, today, horizon),
  }));
  const [entries] = !withFinance
    ? [null]
    : await db
        .select({
          overdueCents: sql<number>`coalesce(sum(${financeEntries.amountCents}) filter (where ${financeEntries.dueDate} < ${today}), 0)::int`,
          dueSoonCents: sql<number>`coalesce(sum(${financeEntries.amountCents}) filter (where ${financeEntries.dueDate} >= ${today}), 0)::int`,
        })
        .from(financeEntries)
        .where(
          and(
            eq(financeEntries.direction, "in"),
            isNull(financeEntries.paidDate),
            isNull(financeEntries.cancelledAt),
            lte(financeEntries.dueDate, horizon),
          ),
        );
  return {
    overdueCents: customersOverdue.overdueCents,
    overdueCustomers: customersOverdue.overdueCustomers,
    dueSoonCents: customersDueSoon,
    /** Finance's typed receivables: null for those who may not see finance. */
    typedOverdueCents: withFinance ? Number(entries?.overdueCents ?? 0) : null,
    typedDueSoonCents: withFinance ? Number(entries?.dueSoonCents ?? 0) : null,
    horizonDays: RECEIVABLES_HORIZON_DAYS,
  };
}

/** The same rule as the inventory's low-stock filter (its partial index): a minimum of 0 counts only below zero. */
async function lowStockProducts(db: Database) {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      stockQuantity: products.stockQuantity,
      minimumStock: products.minimumStock,
    })
    .from(products)
    .where(
      and(
        ne(products.kind, "service"),
        isNull(products.archivedAt),
        sql`${products.stockQuantity} <= ${products.minimumStock}`,
        sql`(${products.minimumStock} > 0 or ${products.stockQuantity} < 0)`,
      ),
    )
    .orderBy(asc(products.name))
    .limit(LOW_STOCK_SHOWN + 1);
  return { items: rows.slice(0, LOW_STOCK_SHOWN), hasMore: rows.length > LOW_STOCK_SHOWN };
}
