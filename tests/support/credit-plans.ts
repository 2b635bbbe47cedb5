import type { Database, Transaction } from "~/db/client.server";
import { creditInstalments, creditPlans } from "~/db/schema/credit";
import { addDays, atShopTime } from "~/lib/dates";
import { creditCet, priceSchedule, yearlyRateBasisPoints } from "~/modules/credit/price-table";

export type TestPlanInput = {
  customerId: number;
  /** Exactly one origin, as the table requires. */
  origin: { saleId: number } | { serviceOrderId: number } | { debtId: number };
  financedCents: number;
  instalmentCount: number;
  monthlyRateBasisPoints: number;
  contractDate: string;
  /** 30 days after the contract by default. */
  firstDueDate?: string;
  /** Due dates every 30 days from the contract, as the worked example counts them (else monthly). */
  isEvery30Days?: boolean;
  lateFeeBasisPoints?: number;
  lateInterestMonthlyBasisPoints?: number;
  /** The first N instalments already paid on their day (no payment rows: they are history before the test). */
  paidInstalments?: number;
};

/**
 * A crediário plan and its instalments as the plan form saves them, built
 * on the same arithmetic (priceSchedule), for tests of what happens after
 * a plan exists: the plans' own form and core are another module's.
 */
export async function insertTestCreditPlan(db: Database | Transaction, input: TestPlanInput) {
  const firstDueDate = input.firstDueDate ?? addDays(input.contractDate, 30);
  const schedule = priceSchedule({
    financedCents: input.financedCents,
    instalmentCount: input.instalmentCount,
    monthlyRateBasisPoints: input.monthlyRateBasisPoints,
    contractDate: input.contractDate,
    firstDueDate,
  });
  const instalments = schedule.instalments.map((instalment) => ({
    ...instalment,
    dueDate: input.isEvery30Days ? addDays(input.contractDate, 30 * instalment.number) : instalment.dueDate,
  }));
  const cet = creditCet({ financedCents: input.financedCents, feeCents: 0, contractDate: input.contractDate, instalments });
  const paidCount = input.paidInstalments ?? 0;
  const [plan] = await db
    .insert(creditPlans)
    .values({
      customerId: input.customerId,
      ...input.origin,
      status: paidCount >= input.instalmentCount ? "paid" : "active",
      cashPriceCents: input.financedCents,
      financedCents: input.financedCents,
      instalmentCount: input.instalmentCount,
      monthlyRateBasisPoints: input.monthlyRateBasisPoints,
      yearlyRateBasisPoints: yearlyRateBasisPoints(input.monthlyRateBasisPoints),
      cetMonthlyBasisPoints: cet.monthlyBasisPoints,
      cetYearlyBasisPoints: cet.yearlyBasisPoints,
      contractDate: input.contractDate,
      firstDueDate: instalments[0]!.dueDate,
      instalmentCents: schedule.instalmentCents,
      totalCents: schedule.totalCents,
      lateFeeBasisPoints: input.lateFeeBasisPoints ?? 200,
      lateInterestMonthlyBasisPoints: input.lateInterestMonthlyBasisPoints ?? 100,
      disclosure: {},
      offerValidUntil: addDays(input.contractDate, 2),
      createdByLabel: "teste",
    })
    .returning({ id: creditPlans.id });
  const rows = await db
    .insert(creditInstalments)
    .values(
      instalments.map((instalment) => {
        const isPaid = instalment.number <= paidCount;
        return {
          planId: plan!.id,
          customerId: input.customerId,
          number: instalment.number,
          dueDate: instalment.dueDate,
          amountCents: instalment.amountCents,
          principalCents: instalment.principalCents,
          interestCents: instalment.interestCents,
          paidPrincipalCents: isPaid ? instalment.principalCents : 0,
          paidInterestCents: isPaid ? instalment.interestCents : 0,
          settledAt: isPaid ? atShopTime(instalment.dueDate, "12:00") : null,
        };
      }),
    )
    .returning({ id: creditInstalments.id, number: creditInstalments.number });
  return { planId: plan!.id, schedule, instalments: rows.sort((a, b) => a.number - b.number) };
}
