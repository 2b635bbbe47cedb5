import { randomUUID } from "node:crypto";
import * as fc from "fast-check";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { addDays, atShopTime, shopToday } from "~/lib/dates";
import { centsToInput } from "~/lib/money";
import type { Actor } from "~/modules/accounts/roles";
import { insertTestCreditPlan, type TestPlanInput } from "../support/credit-plans";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, raceTitle, type TestDatabase } from "../support/database";
import { giveTheShopItsOwnPixKey } from "../support/shop-pix-key";

const STAFF: Actor = { userId: "staff-credit", label: "caixa@loja.test", role: "staff" };
const CUSTOMER_ACTOR: Actor = { userId: "customer-credit", label: "cliente@x.test", role: "customer" };

/** A fresh idempotency key, as each rendering of a money form carries. */
const key = () => randomUUID();

async function loadModules() {
  const [
    client,
    auth,
    customers,
    inventory,
    register,
    credit,
    finance,
    idempotency,
    audit,
    serviceOrders,
    payments,
    debtPayments,
    settlement,
    errors,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/customers"),
    import("~/db/schema/inventory"),
    import("~/db/schema/cash-register"),
    import("~/db/schema/credit"),
    import("~/db/schema/finance"),
    import("~/db/schema/idempotency"),
    import("~/db/schema/audit"),
    import("~/db/schema/service-orders"),
    import("~/modules/credit/payments.server"),
    import("~/modules/credit/debt-payments.server"),
    import("~/modules/credit/settlement.server"),
    import("~/lib/errors"),
  ]);
  const returns = await import("~/modules/cash-register/returns.server");
  return {
    client,
    db: await client.getDb(),
    tables: {
      ...auth,
      ...customers,
      ...inventory,
      ...register,
      ...credit,
      ...finance,
      ...idempotency,
      ...audit,
      ...serviceOrders,
    },
    payments,
    debtPayments,
    settlement,
    errors,
    returns,
  };
}

/**
 * Paying the crediário against a real database: partial payments spread
 * charges → interest → principal, late charges on the day paid (the
 * issue's R$ 226,61), the payoff at present value (R$ 823,33), a replay
 * recorded once, the register entry and its finance entries by category,
 * cancelling a payment, a debt's payment, a customer's settlement across
 * an order, an instalment and an IOU, and hostile forms refused with
 * nothing written. Each *.test.ts file runs it for one database.
 */
export function defineCreditPaymentsSuite(database: TestDatabase) {
  describeOnDatabase(database, "pagamentos do crediário", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    let customerId: number;
    let productId: number;
    let saleCounter = 0;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.db.insert(app.tables.user).values([
        { id: STAFF.userId!, name: "Caixa", email: STAFF.label, role: "staff" },
        { id: CUSTOMER_ACTOR.userId!, name: "Cliente", email: CUSTOMER_ACTOR.label, role: "customer" },
      ]);
      const [customer] = await app.db
        .insert(app.tables.customers)
        .values({ name: "Cliente Crediário", phone: "11987651234" })
        .returning({ id: app.tables.customers.id });
      customerId = customer!.id;
      const [product] = await app.db
        .insert(app.tables.products)
        .values({ kind: "product", sku: "CEL-1", name: "Celular", slug: "celular", priceCents: 100_000 })
        .returning({ id: app.tables.products.id });
      productId = product!.id;
      await giveTheShopItsOwnPixKey();
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    /** Each test starts with a register open (cash needs one). */
    beforeEach(async () => {
      await app.db
        .update(app.tables.cashRegisters)
        .set({ isOpen: false, closedAt: new Date(), closedByLabel: "teste" })
        .where(eq(app.tables.cashRegisters.isOpen, true));
      await app.db.insert(app.tables.cashRegisters).values({ openingFloatCents: 0, openedByLabel: STAFF.label });
    });

    /** A sale of a phone (R$ 1.000,00) and a service (R$ 300,00) less R$ 100,00 of discount: R$ 1.200,00, all on crediário. */
    async function insertSale() {
      saleCounter++;
      const [sale] = await app.db
        .insert(app.tables.sales)
        .values({
          itemsTotalCents: 130_000,
          discountCents: 10_000,
          totalCents: 120_000,
          code: `VENDACRED${saleCounter}`,
          customerId,
          createdByLabel: STAFF.label,
        })
        .returning({ id: app.tables.sales.id });
      await app.db.insert(app.tables.saleItems).values([
        {
          saleId: sale!.id,
          productId,
          description: "Celular",
          quantity: 1,
          unitPriceCents: 100_000,
          totalCents: 100_000,
          revenueSource: "products",
        },
        {
          saleId: sale!.id,
          productId,
          description: "Configuração",
          quantity: 1,
          unitPriceCents: 30_000,
          totalCents: 30_000,
          revenueSource: "services",
        },
      ]);
      return sale!.id;
    }

    /** The worked example on 30-day periods: R$ 1.200,00 in 6 at 2,99% a.m., 2% late fee + 1% a.m. */
    async function examplePlan(overrides: Partial<TestPlanInput> = {}) {
      return insertTestCreditPlan(app.db, {
        customerId,
        origin: { saleId: await insertSale() },
        financedCents: 120_000,
        instalmentCount: 6,
        monthlyRateBasisPoints: 299,
        contractDate: addDays(shopToday(), -5),
        isEvery30Days: true,
        ...overrides,
      });
    }

    const pay = (planId: number, form: Record<string, unknown>) =>
      app.client.inTransaction((tx) => app.payments.payCreditPlanInTx(tx, STAFF, planId, form));
    const payoff = (planId: number, form: Record<string, unknown>) =>
      app.client.inTransaction((tx) => app.payments.payoffCreditPlanInTx(tx, STAFF, planId, form));

    async function instalmentsOf(planId: number) {
      return app.db
        .select()
        .from(app.tables.creditInstalments)
        .where(eq(app.tables.creditInstalments.planId, planId))
        .orderBy(asc(app.tables.creditInstalments.number));
    }

    async function planOf(planId: number) {
      const [plan] = await app.db.select().from(app.tables.creditPlans).where(eq(app.tables.creditPlans.id, planId));
      return plan!;
    }

    /** The finance entries a register entry posted, by category key: amount (cancelled ones left out). */
    async function postingsOf(registerEntryId: number) {
      const rows = await app.db
        .select({
          key: app.tables.financeCategories.systemKey,
          amountCents: app.tables.financeEntries.amountCents,
          paidDate: app.tables.financeEntries.paidDate,
        })
        .from(app.tables.financeEntries)
        .innerJoin(app.tables.financeCategories, eq(app.tables.financeCategories.id, app.tables.financeEntries.categoryId))
        .where(
          and(
            eq(app.tables.financeEntries.originKind, "register-entry"),
            eq(app.tables.financeEntries.originId, registerEntryId),
            isNull(app.tables.financeEntries.cancelledAt),
          ),
        );
      return Object.fromEntries(rows.map((row) => [row.key, row.amountCents]));
    }

    it("spreads a partial payment before the due date over the interest run so far, then principal (CDC art. 52 §2)", async () => {
      // Five days into the first 30-day period.
      const { planId, schedule } = await examplePlan();
      const first = schedule.instalments[0]!;
      // R$ 50,00: the interest of 5 days of 30 on R$ 1.200,00 (R$ 5,98), not the month's R$ 35,88; the rest is principal,
      // and the interest it would have earned in the 25 days left (R$ 1,10) is waived.
      const partial = await pay(planId, { amount: "50,00", method: "cash", idempotencyKey: key() });
      expect(partial).toMatchObject({
        amountCents: 5_000,
        chargesCents: 0,
        interestCents: 598,
        principalCents: 4_402,
        waivedInterestCents: 110,
      });
      const instalments = await instalmentsOf(planId);
      expect(instalments[0]).toMatchObject({
        paidInterestCents: 598,
        paidPrincipalCents: 4_402,
        waivedInterestCents: 110,
        settledAt: null,
      });
      // What the first instalment still charges is the 25 days left on R$ 1.155,98: R$ 28,80.
      const { openInstalmentsOn } = await import("~/modules/credit/payment-dues.server");
      const [open] = await openInstalmentsOn(app.db, await planOf(planId), shopToday());
      expect(open!.dues).toMatchObject({ interestCents: 2_880, principalCents: first.principalCents - 4_402 });
      // A payment due on its day is still split charges, interest, principal (the R$ 226,61 case below).
    });

    it("charges R$ 226,61 for the R$ 221,44 instalment paid 10 days late, and posts it by category", async () => {
      const { planId, schedule } = await examplePlan({ contractDate: addDays(shopToday(), -40) });
      const first = schedule.instalments[0]!;
      expect(first.amountCents).toBe(22_144);
      // The payment page prefills what is due today.
      const { openInstalmentsOn, suggestedPaymentCents } = await import("~/modules/credit/payment-dues.server");
      const open = await openInstalmentsOn(app.db, await planOf(planId), shopToday());
      expect(suggestedPaymentCents(open, shopToday())).toBe(22_661);
      const paid = await pay(planId, { amount: "226,61", method: "pix", idempotencyKey: key() });
      expect(paid).toMatchObject({ amountCents: 22_661, chargesCents: 517, interestCents: first.interestCents });
      expect(paid.principalCents).toBe(first.principalCents);
      const [instalment] = await instalmentsOf(planId);
      expect(instalment).toMatchObject({ paidChargesCents: 517, paidPrincipalCents: first.principalCents });
      expect(instalment!.settledAt).not.toBeNull();

      const [entry] = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.id, paid.registerEntryId));
      expect(entry).toMatchObject({ kind: "credit-payment", method: "pix", amountCents: 22_661, customerId, pixPending: true });

      const postings = await postingsOf(paid.registerEntryId);
      expect(postings["late-charges"]).toBe(517);
      expect(postings["credit-interest"]).toBe(first.interestCents);
      // Principal is revenue by source (phone 1.000 / service 300 of 1.300 gross) less its share of the R$ 100,00 discount.
      const revenue = postings["revenue-products"]! + postings["revenue-services"]!;
      expect(revenue - postings.discounts!).toBe(first.principalCents);
      expect(postings["revenue-products"]! / postings["revenue-services"]!).toBeCloseTo(1_000 / 300, 1);
      // The PIX account's money moves by exactly what was paid.
      const inMinusOut = Object.entries(postings).reduce(
        (sum, [category, cents]) => sum + (category === "discounts" ? -Number(cents) : Number(cents)),
        0,
      );
      expect(inMinusOut).toBe(22_661);
    });

    it("pays on the day the caller gives: the late charges counted to it, the payment and its register entry dated with it", async () => {
      // Contracted 5 days ago: nothing is late today; 35 days from now the first instalment is 10 days late (R$ 5,17).
      const { planId } = await examplePlan();
      const day = addDays(shopToday(), 35);
      const paid = await app.client.inTransaction((tx) =>
        app.payments.payCreditPlanInTx(tx, STAFF, planId, { amount: "226,61", method: "pix", idempotencyKey: key() }, day),
      );
      expect(paid).toMatchObject({ amountCents: 22_661, chargesCents: 517 });
      const [payment] = await app.db
        .select()
        .from(app.tables.creditPayments)
        .where(eq(app.tables.creditPayments.id, paid.paymentId));
      const [entry] = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.id, paid.registerEntryId));
      expect(payment!.businessDate).toBe(day);
      expect(entry!.businessDate).toBe(day);
    });

    it("charges no second late fee on a second partial payment, and keeps what the first left unpaid", async () => {
      const { planId } = await examplePlan({ contractDate: addDays(shopToday(), -40) });
      // R$ 3,00 today covers part of the R$ 5,17 of charges only.
      const first = await pay(planId, { amount: "3,00", method: "cash", idempotencyKey: key() });
      expect(first).toMatchObject({ chargesCents: 300, interestCents: 0, principalCents: 0 });
      const { openInstalmentsOn } = await import("~/modules/credit/payment-dues.server");
      const [open] = await openInstalmentsOn(app.db, await planOf(planId), shopToday());
      // Same day: the R$ 2,17 left of the charges, no new fee, no new day of interest.
      expect(open!.dues.chargesCents).toBe(217);
      expect(open!.dues.totalCents).toBe(22_144 + 217);
    });

    it("pays off the example right after the second instalment for R$ 823,33, and the plan is paid", async () => {
      const { planId } = await examplePlan({ contractDate: addDays(shopToday(), -60), paidInstalments: 2 });
      const { openInstalmentsOn, quotePayoff } = await import("~/modules/credit/payment-dues.server");
      const plan = await planOf(planId);
      const quote = quotePayoff(plan, await openInstalmentsOn(app.db, plan, shopToday()), null, shopToday());
      expect(quote).toMatchObject({ totalCents: 82_333, nominalCents: 88_578, savedCents: 88_578 - 82_333 });
      await expect(
        payoff(planId, { instalments: "todas", expectedTotal: "885,78", method: "cash", idempotencyKey: key() }),
      ).rejects.toThrow(/R\$\s823,33/);
      const paid = await payoff(planId, { instalments: "todas", expectedTotal: "823,33", method: "cash", idempotencyKey: key() });
      expect(paid).toMatchObject({ amountCents: 82_333, waivedInterestCents: 88_578 - 82_333, isPlanPaid: true });
      expect((await planOf(planId)).status).toBe("paid");
      const instalments = await instalmentsOf(planId);
      expect(instalments.every((instalment) => instalment.settledAt !== null)).toBe(true);
      for (const instalment of instalments) {
        expect(instalment.paidPrincipalCents + instalment.paidInterestCents + instalment.waivedInterestCents).toBe(
          instalment.amountCents,
        );
      }
      // Paid off on a due date, what is owed is all principal: no interest booked, all of it the sale's revenue.
      expect(paid).toMatchObject({ interestCents: 0, principalCents: 82_333 });
      const postings = await postingsOf(paid.registerEntryId);
      expect(postings["credit-interest"]).toBeUndefined();
      expect(postings["revenue-products"]! + postings["revenue-services"]! - postings.discounts!).toBe(82_333);
      await expect(pay(planId, { amount: "1,00", method: "cash", idempotencyKey: key() })).rejects.toThrow(/já está quitado/);
    });

    it("pays off only the last instalments", async () => {
      const { planId, schedule } = await examplePlan();
      const plan = await planOf(planId);
      const { openInstalmentsOn, quotePayoff } = await import("~/modules/credit/payment-dues.server");
      const quote = quotePayoff(plan, await openInstalmentsOn(app.db, plan, shopToday()), 2, shopToday());
      expect(quote.count).toBe(2);
      expect(quote.totalCents).toBeLessThan(schedule.instalments[4]!.amountCents + schedule.instalments[5]!.amountCents);
      await payoff(planId, {
        instalments: "2",
        expectedTotal: centsToInput(quote.totalCents),
        method: "debit",
        idempotencyKey: key(),
      });
      const instalments = await instalmentsOf(planId);
      expect(instalments.map((instalment) => instalment.settledAt !== null)).toEqual([false, false, false, false, true, true]);
      expect((await planOf(planId)).status).toBe("active");
    });

    it("books R$ 100,00 paid thirty days early as principal, and a payoff then waives only interest (issue 23)", async () => {
      // Contract today, first due in 30 days: no day of interest has run.
      const { planId } = await examplePlan({ contractDate: shopToday() });
      const early = await pay(planId, { amount: "100,00", method: "cash", idempotencyKey: key() });
      // Not R$ 35,88 of interest + R$ 64,12 of principal: the first instalment's interest falls to 2,99% of R$ 1.100,00.
      expect(early).toMatchObject({ amountCents: 10_000, interestCents: 0, principalCents: 10_000, waivedInterestCents: 299 });
      const earlyPostings = await postingsOf(early.registerEntryId);
      expect(earlyPostings["credit-interest"]).toBeUndefined();
      const { openInstalmentsOn, quotePayoff } = await import("~/modules/credit/payment-dues.server");
      const plan = await planOf(planId);
      const open = await openInstalmentsOn(app.db, plan, shopToday());
      expect(open[0]!.dues).toMatchObject({ interestCents: 3_289, principalCents: 18_556 - 10_000 });
      // The same day the payoff is what is left of the amount financed, all of it principal.
      const quote = quotePayoff(plan, open, null, shopToday());
      expect(quote.totalCents).toBe(110_000);
      const paid = await payoff(planId, {
        instalments: "todas",
        expectedTotal: "1.100,00",
        method: "cash",
        idempotencyKey: key(),
      });
      expect(paid).toMatchObject({ amountCents: 110_000, interestCents: 0, principalCents: 110_000, isPlanPaid: true });
      expect(paid.waivedInterestCents).toBe(12_866 - 299);
      // No principal recorded as waived: every centavo of the R$ 1.200,00 was paid as principal.
      const instalments = await instalmentsOf(planId);
      expect(instalments.reduce((sum, row) => sum + row.paidPrincipalCents, 0)).toBe(120_000);
      expect(instalments.reduce((sum, row) => sum + row.paidInterestCents, 0)).toBe(0);
      for (const row of instalments) {
        expect(row.paidPrincipalCents).toBe(row.principalCents);
        expect(row.paidInterestCents + row.waivedInterestCents).toBe(row.interestCents);
      }
      // Finance books it all as the sale's revenue, no interest.
      const postings = await postingsOf(paid.registerEntryId);
      expect(postings["credit-interest"]).toBeUndefined();
      expect((postings["revenue-products"] ?? 0) + (postings["revenue-services"] ?? 0) - (postings.discounts ?? 0)).toBe(110_000);
    });

    it("records a replayed payment once", async () => {
      const { planId } = await examplePlan();
      const idempotencyKey = key();
      const first = await pay(planId, { amount: "100,00", method: "cash", idempotencyKey });
      const again = await pay(planId, { amount: "100,00", method: "cash", idempotencyKey });
      expect(again).toMatchObject({ paymentId: first.paymentId, isReplay: true });
      const [payments] = await app.db
        .select({ n: count() })
        .from(app.tables.creditPayments)
        .where(eq(app.tables.creditPayments.planId, planId));
      expect(payments!.n).toBe(1);
      const [entries] = await app.db
        .select({ n: count() })
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.id, first.registerEntryId));
      expect(entries!.n).toBe(1);
      const [instalment] = await instalmentsOf(planId);
      expect(instalment!.paidPrincipalCents + instalment!.paidInterestCents).toBe(10_000);
    });

    it("cancels the latest payment: instalments, plan, register entry and postings go back", async () => {
      // Due today: its amount is owed in full.
      const { planId, schedule } = await examplePlan({
        instalmentCount: 1,
        financedCents: 20_000,
        contractDate: addDays(shopToday(), -30),
      });
      const amount = schedule.instalments[0]!.amountCents;
      const first = await pay(planId, { amount: centsToInput(amount), method: "cash", idempotencyKey: key() });
      expect(first.isPlanPaid).toBe(true);
      await expect(
        app.client.inTransaction((tx) => app.payments.cancelCreditPaymentInTx(tx, STAFF, first.paymentId, { reason: "" })),
      ).rejects.toThrow(/motivo/);
      await app.client.inTransaction((tx) =>
        app.payments.cancelCreditPaymentInTx(tx, STAFF, first.paymentId, { reason: "Valor lançado no crediário errado" }),
      );
      expect((await planOf(planId)).status).toBe("active");
      const [instalment] = await instalmentsOf(planId);
      expect(instalment).toMatchObject({ paidPrincipalCents: 0, paidInterestCents: 0, paidChargesCents: 0, settledAt: null });
      const [entry] = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.id, first.registerEntryId));
      expect(entry!.cancelledAt).not.toBeNull();
      expect(await postingsOf(first.registerEntryId)).toEqual({});
      // A customer cannot cancel; a second cancel changes nothing.
      await expect(
        app.client.inTransaction((tx) =>
          app.payments.cancelCreditPaymentInTx(tx, CUSTOMER_ACTOR, first.paymentId, { reason: "abc" }),
        ),
      ).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      const again = await app.client.inTransaction((tx) =>
        app.payments.cancelCreditPaymentInTx(tx, STAFF, first.paymentId, { reason: "de novo" }),
      );
      expect(again.wasCancelled).toBe(true);
    });

    it(raceTitle(database, "takes two simultaneous payments of the whole plan once: the second finds it paid"), async () => {
      const { planId, schedule } = await examplePlan({
        instalmentCount: 1,
        financedCents: 20_000,
        contractDate: addDays(shopToday(), -30),
      });
      const amount = centsToInput(schedule.totalCents);
      const results = await Promise.allSettled([
        pay(planId, { amount, method: "pix", idempotencyKey: key() }),
        pay(planId, { amount, method: "pix", idempotencyKey: key() }),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((result) => result.status === "rejected");
      expect(String(refused?.reason)).toMatch(/já está quitado/);
      const [instalment] = await instalmentsOf(planId);
      expect(instalment!.paidPrincipalCents + instalment!.paidInterestCents).toBe(schedule.totalCents);
    });

    it("refuses cancelling a payment that a later one follows", async () => {
      const { planId } = await examplePlan();
      const first = await pay(planId, { amount: "10,00", method: "cash", idempotencyKey: key() });
      await pay(planId, { amount: "10,00", method: "cash", idempotencyKey: key() });
      await expect(
        app.client.inTransaction((tx) => app.payments.cancelCreditPaymentInTx(tx, STAFF, first.paymentId, { reason: "errado" })),
      ).rejects.toThrow(/Cancele antes o pagamento/);
    });

    it("refuses a customer, more than is owed, and cash with no register open", async () => {
      const { planId } = await examplePlan({ instalmentCount: 1, financedCents: 20_000 });
      await expect(
        app.client.inTransaction((tx) =>
          app.payments.payCreditPlanInTx(tx, CUSTOMER_ACTOR, planId, { amount: "10,00", method: "pix", idempotencyKey: key() }),
        ),
      ).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      await expect(pay(planId, { amount: "10.000,00", method: "pix", idempotencyKey: key() })).rejects.toThrow(
        /passa do total devido hoje/,
      );
      await expect(pay(planId, { amount: "10,00", method: "crediario", idempotencyKey: key() })).rejects.toThrow(
        /forma de pagamento/,
      );
      await app.db.update(app.tables.cashRegisters).set({ isOpen: false }).where(eq(app.tables.cashRegisters.isOpen, true));
      await expect(pay(planId, { amount: "10,00", method: "cash", idempotencyKey: key() })).rejects.toThrow(/caixa aberto/);
    });

    async function insertIou(
      amountCents: number,
      dueDate: string,
      revenueSource: "services" | "printing-design" = "printing-design",
    ) {
      const [debt] = await app.db
        .insert(app.tables.debts)
        .values({
          customerId,
          kind: "iou",
          description: "Impressões do mês",
          revenueSource,
          amountCents,
          incurredOn: dueDate,
          dueDate,
          createdByLabel: STAFF.label,
        })
        .returning({ id: app.tables.debts.id });
      return debt!.id;
    }

    it("pays an IOU in two parts through the register, as revenue of its source", async () => {
      const debtId = await insertIou(5_000, addDays(shopToday(), -3));
      const payDebt = (form: Record<string, unknown>) =>
        app.client.inTransaction((tx) => app.debtPayments.payDebtInTx(tx, STAFF, debtId, form));
      const first = await payDebt({ amount: "20,00", method: "cash", idempotencyKey: key() });
      expect(first.isSettled).toBe(false);
      await expect(payDebt({ amount: "30,01", method: "cash", idempotencyKey: key() })).rejects.toThrow(/R\$\s30,00/);
      const second = await payDebt({ amount: "30,00", method: "pix", idempotencyKey: key() });
      expect(second.isSettled).toBe(true);
      const [debt] = await app.db.select().from(app.tables.debts).where(eq(app.tables.debts.id, debtId));
      expect(debt).toMatchObject({ paidCents: 5_000 });
      expect(debt!.settledAt).not.toBeNull();
      const [entry] = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.id, second.registerEntryId));
      expect(entry).toMatchObject({ kind: "debt-payment", amountCents: 3_000, customerId });
      expect(await postingsOf(second.registerEntryId)).toEqual({ "revenue-printing-design": 3_000 });

      // The second payment was a PIX that never arrived: the debt owes it again, register and finance undo it.
      await app.client.inTransaction((tx) =>
        app.debtPayments.cancelDebtPaymentInTx(tx, STAFF, second.debtPaymentId, { reason: "PIX não chegou" }),
      );
      const [reopened] = await app.db.select().from(app.tables.debts).where(eq(app.tables.debts.id, debtId));
      expect(reopened).toMatchObject({ paidCents: 2_000, settledAt: null });
      expect(await postingsOf(second.registerEntryId)).toEqual({});
      const [cancelledEntry] = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.id, second.registerEntryId));
      expect(cancelledEntry!.cancelReason).toBe("PIX não chegou");
    });

    it("keeps a debt's payment once its register is closed: the cancel is refused and the debt stays paid", async () => {
      const debtId = await insertIou(3_000, addDays(shopToday(), -1));
      const paid = await app.client.inTransaction((tx) =>
        app.debtPayments.payDebtInTx(tx, STAFF, debtId, { amount: "30,00", method: "cash", idempotencyKey: key() }),
      );
      await app.db
        .update(app.tables.cashRegisters)
        .set({ isOpen: false, closedAt: new Date(), closedByLabel: "teste" })
        .where(eq(app.tables.cashRegisters.isOpen, true));
      await expect(
        app.client.inTransaction((tx) =>
          app.debtPayments.cancelDebtPaymentInTx(tx, STAFF, paid.debtPaymentId, { reason: "Tarde demais" }),
        ),
      ).rejects.toThrow(/já foi fechado/);
      const [debt] = await app.db.select().from(app.tables.debts).where(eq(app.tables.debts.id, debtId));
      expect(debt).toMatchObject({ paidCents: 3_000 });
      expect(debt!.settledAt).not.toBeNull();
    });

    it("cancelling a debt's payment from the register's page gives it back to the debt, as its own page does", async () => {
      const debtId = await insertIou(4_000, addDays(shopToday(), -1));
      const paid = await app.client.inTransaction((tx) =>
        app.debtPayments.payDebtInTx(tx, STAFF, debtId, { amount: "40,00", method: "pix", idempotencyKey: key() }),
      );
      const { cancelRegisterEntry } = await import("~/modules/cash-register/entries.server");
      await cancelRegisterEntry(STAFF, paid.registerEntryId, { reason: "Pago na conta errada" });
      const [debt] = await app.db.select().from(app.tables.debts).where(eq(app.tables.debts.id, debtId));
      expect(debt).toMatchObject({ paidCents: 0, settledAt: null });
      const [payment] = await app.db
        .select()
        .from(app.tables.debtPayments)
        .where(eq(app.tables.debtPayments.id, paid.debtPaymentId));
      expect(payment!.cancelledAt).not.toBeNull();
      expect(await postingsOf(paid.registerEntryId)).toEqual({});
    });

    it("settles an order, an instalment and an IOU with one payment, oldest first", async () => {
      const [other] = await app.db
        .insert(app.tables.customers)
        .values({ name: "Cliente Acerto", phone: "11987650000" })
        .returning({ id: app.tables.customers.id });
      const otherId = other!.id;
      // An order delivered 20 days ago with R$ 80,00 left to pay.
      const [order] = await app.db
        .insert(app.tables.serviceOrders)
        .values({
          customerId: otherId,
          status: "delivered",
          deviceType: "celular",
          brand: "Marca",
          model: "X",
          trackingCode: `ACERTO${Date.now()}`.slice(0, 12),
          linesTotalCents: 10_000,
          paidCents: 2_000,
          reportedDefect: "Tela quebrada",
          deliveredAt: atShopTime(addDays(shopToday(), -20), "15:00"),
          owedAtDeliveryCents: 8_000,
        })
        .returning({ id: app.tables.serviceOrders.id });
      await app.db
        .insert(app.tables.serviceOrderLines)
        .values({ orderId: order!.id, kind: "service", description: "Troca de tela", unitPriceCents: 10_000 });
      const { planId, instalments } = await insertTestCreditPlan(app.db, {
        customerId: otherId,
        origin: { saleId: await insertSale() },
        financedCents: 30_000,
        instalmentCount: 3,
        monthlyRateBasisPoints: 0,
        contractDate: addDays(shopToday(), -40),
        lateFeeBasisPoints: 0,
        lateInterestMonthlyBasisPoints: 0,
      });
      const [debt] = await app.db
        .insert(app.tables.debts)
        .values({
          customerId: otherId,
          kind: "iou",
          description: "Capinha",
          amountCents: 3_000,
          incurredOn: addDays(shopToday(), -2),
          dueDate: addDays(shopToday(), -2),
          createdByLabel: STAFF.label,
        })
        .returning({ id: app.tables.debts.id });
      const items = [`debt:${debt!.id}`, `instalment:${instalments[0]!.id}`, `order:${order!.id}`];
      const settle = (form: Record<string, unknown>) =>
        app.client.inTransaction((tx) => app.settlement.settleCustomerDebtsInTx(tx, STAFF, otherId, form));
      const idempotencyKey = key();
      // R$ 80,00 + R$ 100,00 + R$ 20,00 of the R$ 30,00 IOU: the IOU, the youngest, is paid last and in part.
      const settled = await settle({ items, amount: "200,00", method: "pix", idempotencyKey });
      expect(settled.amountCents).toBe(20_000);
      expect(settled.parts.map((part) => [part.kind, part.amountCents])).toEqual([
        ["order", 8_000],
        ["instalment", 10_000],
        ["debt", 2_000],
      ]);
      const replay = await settle({ items, amount: "200,00", method: "pix", idempotencyKey });
      expect(replay.isReplay).toBe(true);
      const [orderAfter] = await app.db
        .select({ paidCents: app.tables.serviceOrders.paidCents })
        .from(app.tables.serviceOrders)
        .where(eq(app.tables.serviceOrders.id, order!.id));
      expect(orderAfter!.paidCents).toBe(10_000);
      const [instalmentAfter] = await instalmentsOf(planId);
      expect(instalmentAfter!.settledAt).not.toBeNull();
      const [debtAfter] = await app.db.select().from(app.tables.debts).where(eq(app.tables.debts.id, debt!.id));
      expect(debtAfter).toMatchObject({ paidCents: 2_000, settledAt: null });
      const entries = await app.db
        .select({ kind: app.tables.registerEntries.kind, amountCents: app.tables.registerEntries.amountCents })
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.customerId, otherId))
        .orderBy(asc(app.tables.registerEntries.id));
      expect(entries).toEqual([
        { kind: "order-payment", amountCents: 8_000 },
        { kind: "credit-payment", amountCents: 10_000 },
        { kind: "debt-payment", amountCents: 2_000 },
      ]);
      // Another customer's item is not this customer's to pay.
      await expect(settle({ items: [`order:${order!.id}`], amount: "", method: "pix", idempotencyKey: key() })).rejects.toThrow(
        /não tem saldo|não deve/,
      );
      await expect(
        app.client.inTransaction((tx) =>
          app.settlement.settleCustomerDebtsInTx(tx, STAFF, customerId, {
            items: [`debt:${debt!.id}`],
            amount: "",
            method: "pix",
            idempotencyKey: key(),
          }),
        ),
      ).rejects.toThrow(/não é deste cliente|não deve/);
    });

    it("settles every open instalment of a plan on /devedores for its payoff today, not their face (issue 23)", async () => {
      const [other] = await app.db
        .insert(app.tables.customers)
        .values({ name: "Cliente Quitação", phone: "11987650001" })
        .returning({ id: app.tables.customers.id });
      const otherId = other!.id;
      // The worked example right after its second instalment: four left, R$ 885,78 of face, R$ 823,33 to pay off.
      const { planId, instalments } = await insertTestCreditPlan(app.db, {
        customerId: otherId,
        origin: { saleId: await insertSale() },
        financedCents: 120_000,
        instalmentCount: 6,
        monthlyRateBasisPoints: 299,
        contractDate: addDays(shopToday(), -60),
        isEvery30Days: true,
        paidInstalments: 2,
      });
      const page = await app.settlement.getCustomerSettlement(STAFF, otherId);
      expect(page!.items.reduce((sum, item) => sum + item.dueCents, 0)).toBe(88_578);
      expect(page!.totalCents).toBe(82_333);
      const items = instalments.slice(2).map((instalment) => `instalment:${instalment.id}`);
      const settle = (form: Record<string, unknown>) =>
        app.client.inTransaction((tx) => app.settlement.settleCustomerDebtsInTx(tx, STAFF, otherId, form));
      await expect(settle({ items, amount: "823,34", method: "pix", idempotencyKey: key() })).rejects.toThrow(/R\$\s823,33/);
      const settled = await settle({ items, amount: "", method: "pix", idempotencyKey: key() });
      expect(settled.amountCents).toBe(82_333);
      expect(settled.parts.reduce((sum, part) => sum + part.amountCents, 0)).toBe(82_333);
      expect((await planOf(planId)).status).toBe("paid");
      const rows = await instalmentsOf(planId);
      expect(rows.every((row) => row.settledAt !== null)).toBe(true);
      // Only interest waived: every centavo of the R$ 1.200,00 paid as principal.
      expect(rows.reduce((sum, row) => sum + row.paidPrincipalCents, 0)).toBe(120_000);
      expect(await app.settlement.getCustomerSettlement(STAFF, otherId)).toMatchObject({ items: [], totalCents: 0 });
    });

    /** A R$ 1.200,00 sale, all on crediário, whose lines add up to it: a phone (R$ 900,00) and a service (R$ 300,00). */
    async function insertCreditSale() {
      saleCounter++;
      const [sale] = await app.db
        .insert(app.tables.sales)
        .values({
          itemsTotalCents: 120_000,
          totalCents: 120_000,
          code: `VENDADEV${saleCounter}`,
          customerId,
          createdByLabel: STAFF.label,
        })
        .returning({ id: app.tables.sales.id });
      const items = await app.db
        .insert(app.tables.saleItems)
        .values([
          {
            saleId: sale!.id,
            productId,
            description: "Celular",
            quantity: 1,
            unitPriceCents: 90_000,
            totalCents: 90_000,
            revenueSource: "products",
          },
          {
            saleId: sale!.id,
            productId,
            description: "Configuração",
            quantity: 1,
            unitPriceCents: 30_000,
            totalCents: 30_000,
            revenueSource: "services",
          },
        ])
        .returning({ id: app.tables.saleItems.id });
      return { saleId: sale!.id, itemIds: items.map((item) => item.id) };
    }

    async function payoffToday(planId: number) {
      const { openInstalmentsOn, quotePayoff } = await import("~/modules/credit/payment-dues.server");
      const plan = await planOf(planId);
      if (plan.status !== "active") return 0;
      return quotePayoff(plan, await openInstalmentsOn(app.db, plan, shopToday()), null, shopToday()).totalCents;
    }

    async function refundsOf(saleId: number) {
      return app.db
        .select({ amountCents: app.tables.registerEntries.amountCents, method: app.tables.registerEntries.method })
        .from(app.tables.registerEntries)
        .where(and(eq(app.tables.registerEntries.saleId, saleId), eq(app.tables.registerEntries.kind, "refund")));
    }

    it("takes goods returned from a crediário sale off what the plan owes, and refunds nothing the customer has not paid (issue 23)", async () => {
      const { saleId, itemIds } = await insertCreditSale();
      const { planId } = await insertTestCreditPlan(app.db, {
        customerId,
        origin: { saleId },
        financedCents: 120_000,
        instalmentCount: 6,
        monthlyRateBasisPoints: 299,
        contractDate: addDays(shopToday(), -5),
        isEvery30Days: true,
      });
      const before = await payoffToday(planId);
      const form = {
        idempotencyKey: key(),
        settlement: "refund",
        refundMethod: "cash",
        reason: "Serviço não feito",
        items: [
          { saleItemId: String(itemIds[0]), quantity: "0" },
          { saleItemId: String(itemIds[1]), quantity: "1" },
        ],
      };
      const returned = await app.returns.recordSaleReturn(STAFF, saleId, form);
      expect(returned).toMatchObject({ amountCents: 30_000, planCreditCents: 30_000 });
      expect((await app.returns.recordSaleReturn(STAFF, saleId, form)).isReplay).toBe(true);
      // Not a centavo of money out: the customer had paid nothing of it.
      expect(await refundsOf(saleId)).toEqual([]);
      // What is owed today falls by exactly what the goods were worth; the plan goes on.
      expect(await payoffToday(planId)).toBe(before - 30_000);
      expect((await planOf(planId)).status).toBe("active");
      const [credit] = await app.db.select().from(app.tables.creditPayments).where(eq(app.tables.creditPayments.planId, planId));
      expect(credit).toMatchObject({ kind: "return", method: "return", amountCents: 30_000, registerEntryId: null });
      // It is no payment to undo.
      await expect(
        app.client.inTransaction((tx) => app.payments.cancelCreditPaymentInTx(tx, STAFF, credit!.id, { reason: "Teste" })),
      ).rejects.toThrow(/devolução não se cancela/);
    });

    it("a full return of a crediário sale settles the plan and refunds only what was paid beyond what was still owed (issue 23)", async () => {
      const { saleId, itemIds } = await insertCreditSale();
      const { planId } = await insertTestCreditPlan(app.db, {
        customerId,
        origin: { saleId },
        financedCents: 120_000,
        instalmentCount: 6,
        monthlyRateBasisPoints: 299,
        contractDate: addDays(shopToday(), -5),
        isEvery30Days: true,
      });
      await pay(planId, { amount: "250,00", method: "cash", idempotencyKey: key() });
      const owed = await payoffToday(planId);
      const returned = await app.returns.recordSaleReturn(STAFF, saleId, {
        idempotencyKey: key(),
        settlement: "refund",
        refundMethod: "cash",
        reason: "Desistiu da compra",
        items: itemIds.map((id) => ({ saleItemId: String(id), quantity: "1" })),
      });
      expect(returned).toMatchObject({ amountCents: 120_000, planCreditCents: owed });
      expect(await refundsOf(saleId)).toEqual([{ amountCents: -(120_000 - owed), method: "cash" }]);
      const plan = await planOf(planId);
      expect(plan.status).toBe("paid");
      const rows = await instalmentsOf(planId);
      expect(rows.every((row) => row.settledAt !== null)).toBe(true);
      // All the principal is accounted for (paid in money or by the goods), only interest was waived.
      expect(rows.reduce((sum, row) => sum + row.paidPrincipalCents, 0)).toBe(120_000);
      expect(await app.settlement.getCustomerSettlement(STAFF, customerId)).toBeTruthy();
      // The slip the customer signs says where the value went: set against the plan, the rest in cash.
      const { printSaleReturnSlip } = await import("~/modules/cash-register/return-slip.server");
      const slip = (await printSaleReturnSlip(STAFF, saleId, returned.returnId, "a4"))!.html.replace(/&nbsp;|\u00a0/g, " ");
      const { formatCents } = await import("~/lib/money");
      const row = (label: string, cents: number) =>
        new RegExp(
          `${label}</th><td class="num">${formatCents(cents)
            .replace(/\u00a0/g, " ")
            .replace(/[.$]/g, "\\$&")}<`,
        );
      expect(slip).toMatch(row(`Abatido do crediário nº ${planId}`, owed));
      expect(slip).toMatch(row("Dinheiro devolvido", 120_000 - owed));
    });

    /** Every table a money action writes, counted: a refusal must leave them all as they were. */
    async function snapshot() {
      const [row] = await app.db
        .execute<{
          payments: number;
          items: number;
          entries: number;
          finance: number;
          debt_payments: number;
          keys: number;
          audit: number;
          paid: number;
        }>(
          sql`select
        (select count(*)::int from credit_payments) as payments,
        (select count(*)::int from credit_payment_items) as items,
        (select count(*)::int from register_entries) as entries,
        (select count(*)::int from finance_entries) as finance,
        (select count(*)::int from debt_payments) as debt_payments,
        (select count(*)::int from idempotency_keys) as keys,
        (select count(*)::int from audit_log) as audit,
        (select coalesce(sum(paid_principal_cents + paid_interest_cents + paid_charges_cents + waived_interest_cents), 0)::int from credit_instalments) +
        (select coalesce(sum(paid_cents), 0)::int from debts) + (select coalesce(sum(paid_cents), 0)::int from service_orders) as paid`,
        )
        .then((result) => ("rows" in result ? result.rows : result) as never[]);
      return row;
    }

    it("never fails with a 500 on hostile money forms, and a refusal writes nothing", async () => {
      const { planId } = await examplePlan({ contractDate: addDays(shopToday(), -40) });
      const debtId = await insertIou(5_000, shopToday());
      const hostileText = fc.oneof(
        fc.string(),
        fc.constantFrom("", "0", "-10,00", "1e9", "NaN", "99999999999", "10,001", "\u0000", "1.000.000,00", "todas", "7"),
        fc.integer().map(String),
        fc.double().map(String),
      );
      const hostileValue = fc.oneof(hostileText, fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }));
      const form = fc.record(
        {
          amount: hostileValue,
          method: fc.oneof(fc.constantFrom("cash", "pix", "debit", "credit", "crediario", "store-credit", ""), fc.string()),
          instalments: hostileValue,
          expectedTotal: hostileValue,
          items: fc.oneof(
            fc.array(fc.oneof(fc.string(), fc.constantFrom(`debt:${debtId}`, "instalment:999999", "order:0")), { maxLength: 4 }),
            hostileValue,
          ),
          idempotencyKey: fc.oneof(fc.uuid(), fc.string(), fc.constant("")),
        },
        { requiredKeys: [] },
      );
      const actions = fc.constantFrom("pay", "payoff", "debt", "settle", "cancel", "cancel-debt");
      const targetId = fc.oneof(fc.constant(planId), fc.integer(), fc.constant(Number.NaN));
      await fc.assert(
        fc.asyncProperty(actions, form, targetId, async (action, values, target) => {
          const before = await snapshot();
          try {
            await app.client.inTransaction(async (tx) => {
              if (action === "pay") return app.payments.payCreditPlanInTx(tx, STAFF, target, values);
              if (action === "payoff") return app.payments.payoffCreditPlanInTx(tx, STAFF, target, values);
              if (action === "debt") return app.debtPayments.payDebtInTx(tx, STAFF, debtId, values);
              if (action === "settle") return app.settlement.settleCustomerDebtsInTx(tx, STAFF, customerId, values);
              if (action === "cancel-debt") return app.debtPayments.cancelDebtPaymentInTx(tx, STAFF, target, values);
              return app.payments.cancelCreditPaymentInTx(tx, STAFF, target, values);
            });
          } catch (error) {
            const isRefusal = error instanceof app.errors.InputError || error instanceof app.errors.NotFoundError;
            if (!isRefusal) throw error;
            expect(await snapshot()).toEqual(before);
          }
        }),
        { numRuns: 60 },
      );
    });
  });
}
