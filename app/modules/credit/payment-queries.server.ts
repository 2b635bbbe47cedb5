import { asc, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { creditInstalments, creditPaymentItems, creditPayments, creditPlans } from "~/db/schema/credit";
import { customers } from "~/db/schema/customers";
import { daysBetween, shopToday } from "~/lib/dates";
import { readId } from "~/lib/forms";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { personNameSql } from "~/modules/accounts/person-name.server";
import { openInstalmentsOn, quotePayoff, suggestedPaymentCents, type OpenInstalment } from "./payment-dues.server";
import { methodLabel, PLAN_STATUS_LABELS, type InstalmentStatus } from "./payment-labels";

/**
 * A plan as its payment pages read it on `today`: terms, customer, every
 * instalment with its status and what it owes now, the payments with their
 * split (newest first), and what paying today means.
 */
export async function getCreditPlanAccount(actor: Actor, rawPlanId: string | number | undefined, today = shopToday()) {
  assertStaffActor(actor);
  return readCreditPlanAccount(rawPlanId, today);
}

/** The plan's account unchecked: for a caller that checked who may see it (the staff, or the plan's own customer). */
export async function readCreditPlanAccount(rawPlanId: string | number | undefined, today = shopToday()) {
  const planId = readId(rawPlanId ?? "");
  if (planId === null) return null;
  const db = await getDb();
  const [plan] = await db.select().from(creditPlans).where(eq(creditPlans.id, planId));
  if (!plan) return null;
  const [customer] = await db
    .select({ name: customers.name, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, plan.customerId));
  const instalments = await db
    .select()
    .from(creditInstalments)
    .where(eq(creditInstalments.planId, planId))
    .orderBy(asc(creditInstalments.number));
  const open = plan.status === "active" ? await openInstalmentsOn(db, plan, today) : [];
  const openById = new Map<number, OpenInstalment>(open.map((instalment) => [instalment.id, instalment]));
  const payments = await db
    .select({
      id: creditPayments.id,
      kind: creditPayments.kind,
      method: creditPayments.method,
      amountCents: creditPayments.amountCents,
      chargesCents: creditPayments.chargesCents,
      interestCents: creditPayments.interestCents,
      principalCents: creditPayments.principalCents,
      waivedInterestCents: creditPayments.waivedInterestCents,
      businessDate: creditPayments.businessDate,
      paidAt: creditPayments.paidAt,
      actorName: personNameSql(creditPayments.actorUserId, creditPayments.actorLabel),
      cancelledAt: creditPayments.cancelledAt,
      cancelReason: creditPayments.cancelReason,
      registerEntryId: creditPayments.registerEntryId,
    })
    .from(creditPayments)
    .where(eq(creditPayments.planId, planId))
    .orderBy(desc(creditPayments.paidAt), desc(creditPayments.id));
  const items =
    payments.length === 0
      ? []
      : await db
          .select({
            paymentId: creditPaymentItems.paymentId,
            number: creditInstalments.number,
          })
          .from(creditPaymentItems)
          .innerJoin(creditInstalments, eq(creditInstalments.id, creditPaymentItems.instalmentId))
          .where(
            inArray(
              creditPaymentItems.paymentId,
              payments.map((payment) => payment.id),
            ),
          )
          .orderBy(asc(creditInstalments.number));
  const numbersOf = new Map<number, number[]>();
  for (const item of items) numbersOf.set(item.paymentId, [...(numbersOf.get(item.paymentId) ?? []), item.number]);
  const latestLive = payments.find((payment) => !payment.cancelledAt);
  const owedTodayCents = open.reduce((sum, instalment) => sum + instalment.dues.totalCents, 0);
  const nextOpen = open[0] ?? null;
  return {
    today,
    plan: {
      id: plan.id,
      status: plan.status,
      statusLabel: PLAN_STATUS_LABELS[plan.status],
      customerId: plan.customerId,
      customerName: customer?.name ?? "",
      customerPhone: customer?.phone ?? "",
      cashPriceCents: plan.cashPriceCents,
      downPaymentCents: plan.downPaymentCents,
      financedCents: plan.financedCents,
      totalCents: plan.totalCents,
      instalmentCount: plan.instalmentCount,
      instalmentCents: plan.instalmentCents,
      monthlyRateBasisPoints: plan.monthlyRateBasisPoints,
      lateFeeBasisPoints: plan.lateFeeBasisPoints,
      lateInterestMonthlyBasisPoints: plan.lateInterestMonthlyBasisPoints,
      contractDate: plan.contractDate,
      // Its receipts print the demo's identity, marked (print-templates/shop-header.server.ts).
      isDemo: plan.isDemo,
    },
    instalments: instalments.map((instalment) => {
      const dues = openById.get(instalment.id)?.dues ?? null;
      const status: InstalmentStatus = instalment.settledAt ? "paid" : instalment.dueDate < today ? "overdue" : "open";
      return {
        id: instalment.id,
        number: instalment.number,
        dueDate: instalment.dueDate,
        amountCents: instalment.amountCents,
        principalCents: instalment.principalCents,
        interestCents: instalment.interestCents,
        paidPrincipalCents: instalment.paidPrincipalCents,
        paidInterestCents: instalment.paidInterestCents,
        paidChargesCents: instalment.paidChargesCents,
        waivedInterestCents: instalment.waivedInterestCents,
        status,
        daysLate: status === "overdue" ? daysBetween(instalment.dueDate, today) : 0,
        chargesTodayCents: dues?.chargesCents ?? 0,
        owedTodayCents: dues?.totalCents ?? 0,
      };
    }),
    payments: payments.map((payment) => ({
      ...payment,
      methodLabel: methodLabel(payment.method),
      instalmentNumbers: numbersOf.get(payment.id) ?? [],
      isCancellable: payment.id === latestLive?.id,
    })),
    owedTodayCents,
    suggestedCents: suggestedPaymentCents(open, today, plan),
    nextInstalmentNumber: nextOpen?.number ?? null,
    openCount: open.length,
    /** Each "last N" payoff with its amount today, N from all of them down to 1. */
    payoffOptions: open.map((_, index) => {
      const quote = quotePayoff(plan, open, open.length - index, today);
      return {
        count: quote.count,
        totalCents: quote.totalCents,
        nominalCents: quote.nominalCents,
        savedCents: quote.savedCents,
        numbers: quote.numbers,
      };
    }),
  };
}

export type CreditPlanAccount = NonNullable<Awaited<ReturnType<typeof getCreditPlanAccount>>>;
