import { asc, count, eq } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { creditInstalments, creditPlans, debts } from "~/db/schema/credit";
import { customers } from "~/db/schema/customers";
import { addDays, shopToday } from "~/lib/dates";
import { computeDisclosure, CreditTermsSchema } from "~/modules/credit/plan-terms";
import { creditSettingsOf, creditSupplierOf } from "~/modules/credit/plans.server";
import { readShopSettingsInTx } from "~/modules/shop-settings/queries.server";

/**
 * Three demo crediários, each carrying a demo debt (a repair paid in
 * instalments): one just made, one with an instalment late, one with two.
 * Every row marked is_demo; nothing passes through the register (no money
 * moved in the demo).
 */
const DEMO_PLANS = [
  { ageDays: 10, amountCents: 45_000, instalments: "3", rate: "0", description: "Troca de tela parcelada" },
  { ageDays: 50, amountCents: 89_900, instalments: "6", rate: "1", description: "Celular recondicionado parcelado" },
  { ageDays: 100, amountCents: 32_000, instalments: "4", rate: "0,5", description: "Troca de bateria e conector parcelada" },
] as const;

/** Only while there are no plans and there are demo customers; true when it created them. */
export async function seedDemoCreditPlansInTx(tx: Transaction, now = new Date()) {
  const [plans] = await tx.select({ total: count() }).from(creditPlans);
  if ((plans?.total ?? 0) > 0) return false;
  const demoCustomers = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.isDemo, true))
    .orderBy(asc(customers.id))
    .limit(DEMO_PLANS.length);
  if (demoCustomers.length < DEMO_PLANS.length) return false;
  const settings = await readShopSettingsInTx(tx);
  const today = shopToday(now);
  for (const [index, demo] of DEMO_PLANS.entries()) {
    const customerId = demoCustomers[index]!.id;
    const contractDate = addDays(today, -demo.ageDays);
    const [debt] = await tx
      .insert(debts)
      .values({
        customerId,
        kind: "iou",
        description: `${demo.description} (demonstração)`,
        amountCents: demo.amountCents,
        incurredOn: contractDate,
        dueDate: contractDate,
        settledAt: now,
        createdByLabel: "Juliana Atendimento (demonstração)",
        isDemo: true,
      })
      .returning({ id: debts.id });
    const terms = CreditTermsSchema.parse({
      instalmentCount: demo.instalments,
      monthlyRate: demo.rate,
      firstDueDate: addDays(contractDate, 30),
    });
    const disclosure = computeDisclosure(
      { cashPriceCents: demo.amountCents, downPaymentCents: 0, feeCents: 0 },
      terms,
      { ...creditSettingsOf(settings), maxMonthlyRateBasisPoints: Number.MAX_SAFE_INTEGER },
      creditSupplierOf(settings),
      contractDate,
    );
    const [plan] = await tx
      .insert(creditPlans)
      .values({
        customerId,
        debtId: debt!.id,
        cashPriceCents: disclosure.cashPriceCents,
        downPaymentCents: 0,
        feeCents: 0,
        financedCents: disclosure.financedCents,
        instalmentCount: disclosure.instalmentCount,
        monthlyRateBasisPoints: disclosure.monthlyRateBasisPoints,
        yearlyRateBasisPoints: disclosure.yearlyRateBasisPoints,
        cetMonthlyBasisPoints: disclosure.cetMonthlyBasisPoints,
        cetYearlyBasisPoints: disclosure.cetYearlyBasisPoints,
        contractDate,
        firstDueDate: terms.firstDueDate,
        instalmentCents: disclosure.instalmentCents,
        totalCents: disclosure.instalmentsTotalCents,
        lateFeeBasisPoints: disclosure.lateFeeBasisPoints,
        lateInterestMonthlyBasisPoints: disclosure.lateInterestMonthlyBasisPoints,
        disclosure,
        offerValidUntil: disclosure.offerValidUntil,
        createdByLabel: "Juliana Atendimento (demonstração)",
        createdAt: new Date(now.getTime() - demo.ageDays * 86_400_000),
        isDemo: true,
      })
      .returning({ id: creditPlans.id });
    await tx.insert(creditInstalments).values(
      disclosure.instalments.map((instalment) => ({
        planId: plan!.id,
        customerId,
        number: instalment.number,
        dueDate: instalment.dueDate,
        amountCents: instalment.amountCents,
        principalCents: instalment.principalCents,
        interestCents: instalment.interestCents,
      })),
    );
  }
  return true;
}
