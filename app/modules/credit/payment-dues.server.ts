import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { saleItems, sales } from "~/db/schema/cash-register";
import { creditInstalments, creditPaymentItems, creditPayments, creditPlans, debts } from "~/db/schema/credit";
import { products } from "~/db/schema/inventory";
import { serviceOrderLines, serviceOrders } from "~/db/schema/service-orders";
import type { RevenueLine } from "~/modules/finance/revenue-parts";
import { instalmentDuesOn, type InstalmentDues, type InstalmentPaymentRecord } from "./instalment-dues";
import { priceSchedule, settleFuture, type FutureInstalment, type FutureTerms } from "./price-table";

/** A read outside a transaction (a page's loader) or inside one (a payment). */
export type Reader = Database | Transaction;

export type CreditPlanRow = typeof creditPlans.$inferSelect;
export type CreditInstalmentRow = typeof creditInstalments.$inferSelect;
export type OpenInstalment = CreditInstalmentRow & {
  dues: InstalmentDues;
  /** The day its period begins: the previous instalment's due date, or the contract's. */
  periodStart: string;
};

/** The credit plan's entity in the audit log, as its contract's subject names it ("credit_plan:<id>"). */
export const CREDIT_PLAN_ENTITY = "credit_plan";

/** The plan's open instalments, oldest first, each with what it owes on `today` (late charges included). */
export async function openInstalmentsOn(db: Reader, plan: CreditPlanRow, today: string): Promise<OpenInstalment[]> {
  const open = await db
    .select()
    .from(creditInstalments)
    .where(and(eq(creditInstalments.planId, plan.id), isNull(creditInstalments.settledAt)))
    .orderBy(asc(creditInstalments.number));
  if (open.length === 0) return [];
  const dueDates = await db
    .select({ number: creditInstalments.number, dueDate: creditInstalments.dueDate })
    .from(creditInstalments)
    .where(eq(creditInstalments.planId, plan.id));
  const dueDateOf = new Map(dueDates.map((row) => [row.number, row.dueDate]));
  const records = await db
    .select({
      instalmentId: creditPaymentItems.instalmentId,
      businessDate: creditPayments.businessDate,
      chargesCents: creditPaymentItems.chargesCents,
      interestCents: creditPaymentItems.interestCents,
      principalCents: creditPaymentItems.principalCents,
      waivedInterestCents: creditPaymentItems.waivedInterestCents,
    })
    .from(creditPaymentItems)
    .innerJoin(creditPayments, eq(creditPayments.id, creditPaymentItems.paymentId))
    .where(
      and(
        inArray(
          creditPaymentItems.instalmentId,
          open.map((instalment) => instalment.id),
        ),
        isNull(creditPayments.cancelledAt),
      ),
    )
    .orderBy(asc(creditPayments.paidAt), asc(creditPayments.id));
  const historyOf = new Map<number, InstalmentPaymentRecord[]>();
  for (const record of records) {
    const list = historyOf.get(record.instalmentId) ?? [];
    list.push(record);
    historyOf.set(record.instalmentId, list);
  }
  const terms = {
    lateFeeBasisPoints: plan.lateFeeBasisPoints,
    lateInterestMonthlyBasisPoints: plan.lateInterestMonthlyBasisPoints,
  };
  return open.map((instalment) => ({
    ...instalment,
    periodStart: instalment.number === 1 ? plan.contractDate : (dueDateOf.get(instalment.number - 1) ?? plan.contractDate),
    dues: instalmentDuesOn(instalment, historyOf.get(instalment.id) ?? [], today, terms),
  }));
}

/**
 * What paying now means: the instalments due up to today with their
 * charges, or the next one when none is due, but never more than paying
 * everything off today costs (the last instalment paid early is worth less
 * than its amount, and more is refused).
 */
export function suggestedPaymentCents(open: readonly OpenInstalment[], today: string, plan?: CreditPlanRow) {
  const due = open.filter((instalment) => instalment.dueDate <= today);
  const chosen = due.length > 0 ? due : open.slice(0, 1);
  const suggested = chosen.reduce((sum, instalment) => sum + instalment.dues.totalCents, 0);
  return plan ? Math.min(suggested, quotePayoff(plan, open, null, today).totalCents) : suggested;
}

export type PayoffQuoteLine = {
  instalment: OpenInstalment;
  chargesCents: number;
  interestCents: number;
  principalCents: number;
  waivedInterestCents: number;
};

/**
 * The plan's open instalments not yet due on `today`, as `settleFuture`
 * takes them, with the interest the schedule carried across their periods.
 */
export function futureOf(plan: CreditPlanRow, open: readonly OpenInstalment[], today: string) {
  const future = open.filter((instalment) => instalment.dueDate > today);
  const rows: FutureInstalment[] = future.map((instalment) => ({
    id: instalment.id,
    periodStart: instalment.periodStart,
    dueDate: instalment.dueDate,
    isFirst: instalment.number === 1,
    principalOutCents: instalment.dues.principalCents,
    interestOutCents: instalment.dues.interestCents,
  }));
  const next = future[0]?.number;
  let carried = { carriedInCents: 0, carriedOnCents: 0 };
  if (next !== undefined) {
    const schedule = priceSchedule({
      financedCents: plan.financedCents,
      instalmentCount: plan.instalmentCount,
      monthlyRateBasisPoints: plan.monthlyRateBasisPoints,
      contractDate: plan.contractDate,
      firstDueDate: plan.firstDueDate,
    }).instalments;
    carried = {
      carriedInCents: next > 1 ? (schedule[next - 2]?.carriedOutCents ?? 0) : 0,
      carriedOnCents: schedule[next - 1]?.carriedOutCents ?? 0,
    };
  }
  const terms: FutureTerms = { monthlyRateBasisPoints: plan.monthlyRateBasisPoints, paidOn: today, ...carried };
  return { future, rows, terms };
}

/**
 * Paying off all the open instalments (count null) or the last `count`:
 * one already due is owed in full with its late charges; the ones not yet
 * due are worth their balance plus the interest run since the last due date
 * (settleFuture, CDC art. 52 §2). Only interest is ever waived.
 */
export function quotePayoff(plan: CreditPlanRow, open: readonly OpenInstalment[], count: number | null, today: string) {
  const chosenCount = count === null ? open.length : Math.min(count, open.length);
  const { future, rows, terms } = futureOf(plan, open, today);
  const due = open.filter((instalment) => instalment.dueDate <= today);
  const dueChosen = due.slice(Math.max(0, due.length - Math.max(0, chosenCount - future.length)));
  const settled = settleFuture(rows, terms, { lastCount: Math.min(chosenCount, future.length) });
  const lines: PayoffQuoteLine[] = [
    ...dueChosen.map((instalment) => ({
      instalment,
      chargesCents: instalment.dues.chargesCents,
      interestCents: instalment.dues.interestCents,
      principalCents: instalment.dues.principalCents,
      waivedInterestCents: 0,
    })),
    ...future.map((instalment, index) => ({ instalment, chargesCents: 0, ...settled.items[index]! })),
  ];
  const chosenIds = new Set([...dueChosen, ...future.slice(Math.max(0, future.length - chosenCount))].map((row) => row.id));
  const nominalCents = open
    .filter((instalment) => chosenIds.has(instalment.id))
    .reduce((sum, instalment) => sum + instalment.dues.totalCents, 0);
  const totalCents = lines.reduce((sum, line) => sum + line.chargesCents + line.interestCents + line.principalCents, 0);
  const numbers = open.filter((instalment) => chosenIds.has(instalment.id)).map((instalment) => instalment.number);
  return { lines, totalCents, nominalCents, savedCents: nominalCents - totalCents, count: chosenIds.size, numbers };
}

/**
 * What was sold on the plan, for the month result: the lines of its sale
 * or order (or of the sale behind a legacy debt; an IOU's own source) and
 * that origin's total after discounts, so each principal received is
 * revenue by source less its share of the discount.
 */
export async function planRevenueOf(db: Reader, plan: CreditPlanRow): Promise<{ lines: RevenueLine[]; totalCents: number }> {
  if (plan.saleId !== null) return saleRevenueOf(db, plan.saleId);
  if (plan.serviceOrderId !== null) {
    const [order] = await db
      .select({ linesTotalCents: serviceOrders.linesTotalCents, discountCents: serviceOrders.discountCents })
      .from(serviceOrders)
      .where(eq(serviceOrders.id, plan.serviceOrderId));
    const lines = await db
      .select({
        quantity: serviceOrderLines.quantity,
        unitPriceCents: serviceOrderLines.unitPriceCents,
        productSource: products.revenueSource,
      })
      .from(serviceOrderLines)
      .leftJoin(products, eq(products.id, serviceOrderLines.productId))
      .where(eq(serviceOrderLines.orderId, plan.serviceOrderId));
    return {
      // A line with a product is that product's revenue; a free line is a service.
      lines: lines.map((line) => ({ source: line.productSource ?? "services", grossCents: line.quantity * line.unitPriceCents })),
      totalCents: order ? order.linesTotalCents - order.discountCents : plan.cashPriceCents,
    };
  }
  const [debt] = await db
    .select({ saleId: debts.saleId, revenueSource: debts.revenueSource, amountCents: debts.amountCents })
    .from(debts)
    .where(eq(debts.id, plan.debtId!));
  if (debt?.saleId) return saleRevenueOf(db, debt.saleId);
  return {
    lines: [{ source: debt?.revenueSource ?? "services", grossCents: debt?.amountCents ?? plan.cashPriceCents }],
    totalCents: debt?.amountCents ?? plan.cashPriceCents,
  };
}

export async function saleRevenueOf(db: Reader, saleId: number) {
  const [sale] = await db.select({ totalCents: sales.totalCents }).from(sales).where(eq(sales.id, saleId));
  const items = await db
    .select({ source: saleItems.revenueSource, quantity: saleItems.quantity, unitPriceCents: saleItems.unitPriceCents })
    .from(saleItems)
    .where(eq(saleItems.saleId, saleId));
  return {
    lines: items.map((item) => ({ source: item.source, grossCents: item.quantity * item.unitPriceCents })),
    totalCents: sale?.totalCents ?? 0,
  };
}
