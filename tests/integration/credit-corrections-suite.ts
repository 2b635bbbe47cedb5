import { randomUUID } from "node:crypto";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { centsToInput, allocateCents } from "~/lib/money";
import { daysBetween } from "~/lib/dates";
import type { Actor } from "~/modules/accounts/roles";
import { insertTestCreditPlan } from "../support/credit-plans";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, raceTitle, type TestDatabase } from "../support/database";

const STAFF: Actor = { userId: "staff-corrections", label: "caixa@loja.test", role: "staff" };

async function loadModules() {
  const [client, auth, customers, inventory, register, credit, finance, dues, payments, corrections, registerEntries] =
    await Promise.all([
      import("~/db/client.server"),
      import("~/db/schema/auth"),
      import("~/db/schema/customers"),
      import("~/db/schema/inventory"),
      import("~/db/schema/cash-register"),
      import("~/db/schema/credit"),
      import("~/db/schema/finance"),
      import("~/modules/credit/payment-dues.server"),
      import("~/modules/credit/payments.server"),
      import("~/modules/credit/corrections.server"),
      import("~/modules/finance/register-entries.server"),
    ]);
  return {
    client,
    db: await client.getDb(),
    tables: { ...auth, ...customers, ...inventory, ...register, ...credit, ...finance },
    dues,
    payments,
    corrections,
    registerEntries,
  };
}

type OpenRow = { id: number; dueDate: string; dues: { outstandingCents: number; interestCents: number; chargesCents: number } };

/**
 * The payoff as the former rule quoted it (app/modules/credit/price-table.ts
 * before issue 23's change, kept here as the data an old database holds):
 * each open instalment at its present value over calendar days ÷ 30 from
 * the day paid, the total rounded once and spread in proportion to the
 * exact values; the waiver took the instalment's interest first, then its
 * principal (recorded as "juros abatidos").
 */
function formerRulePayoff(open: readonly OpenRow[], monthlyRateBasisPoints: number, paidOn: string) {
  const rate = monthlyRateBasisPoints / 10_000;
  const exact = open.map((row) => row.dues.outstandingCents / (1 + rate) ** (Math.max(0, daysBetween(paidOn, row.dueDate)) / 30));
  const totalCents = Math.round(exact.reduce((sum, value) => sum + value, 0));
  const shares = allocateCents(
    totalCents,
    exact.map((value) => Math.round(value * 1_000_000)),
  );
  return open.map((row, index) => {
    const payCents = Math.min(shares[index]!, row.dues.outstandingCents);
    const waivedInterestCents = row.dues.outstandingCents - payCents;
    const interestCents = Math.max(0, row.dues.interestCents - waivedInterestCents);
    return {
      instalmentId: row.id,
      chargesCents: row.dues.chargesCents,
      interestCents,
      principalCents: payCents - interestCents,
      waivedInterestCents,
    };
  });
}

/**
 * The one-off correction of plans paid off under the former payoff rule
 * (issue 23 §2, decision 0027), on a real database: an old-rule payoff that
 * charged too much becomes the customer's store credit and an old one that
 * charged too little is absorbed, Finance's split between the goods'
 * revenue and "Juros do crediário" is moved on the correction's day (the
 * payment's own entries untouched), everything adds up to the centavo, a
 * second run changes nothing, and a payoff under the rule in force gets no
 * correction.
 */
export function defineCreditCorrectionsSuite(database: TestDatabase) {
  describeOnDatabase(database, "correções do crediário", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    let customerId: number;
    let productId: number;
    let saleCounter = 0;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.db.insert(app.tables.user).values({ id: STAFF.userId!, name: "Caixa", email: STAFF.label, role: "staff" });
      const [customer] = await app.db
        .insert(app.tables.customers)
        .values({ name: "Cliente Quitação", phone: "11987650000" })
        .returning({ id: app.tables.customers.id });
      customerId = customer!.id;
      const [product] = await app.db
        .insert(app.tables.products)
        .values({ kind: "product", sku: "CEL-Q", name: "Celular", slug: "celular-q", priceCents: 100_000 })
        .returning({ id: app.tables.products.id });
      productId = product!.id;
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    beforeEach(async () => {
      await app.db
        .update(app.tables.cashRegisters)
        .set({ isOpen: false, closedAt: new Date(), closedByLabel: "teste" })
        .where(eq(app.tables.cashRegisters.isOpen, true));
      await app.db.insert(app.tables.cashRegisters).values({ openingFloatCents: 0, openedByLabel: STAFF.label });
    });

    /** A phone (R$ 1.000,00) and a service (R$ 300,00) less R$ 100,00: R$ 1.200,00 on crediário. */
    async function insertSale() {
      saleCounter++;
      const [sale] = await app.db
        .insert(app.tables.sales)
        .values({
          itemsTotalCents: 130_000,
          discountCents: 10_000,
          totalCents: 120_000,
          code: `VENDAQUIT${saleCounter}`,
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

    /** R$ 1.200,00 in 6 at 2,99% a.m., monthly due dates, the first two instalments paid. */
    async function planWithTwoPaid(contractDate: string, forCustomerId = customerId) {
      const built = await insertTestCreditPlan(app.db, {
        customerId: forCustomerId,
        origin: { saleId: await insertSale() },
        financedCents: 120_000,
        instalmentCount: 6,
        monthlyRateBasisPoints: 299,
        contractDate,
        paidInstalments: 2,
      });
      return { ...built, payoffDay: built.schedule.instalments[1]!.dueDate };
    }

    async function planOf(planId: number) {
      const [plan] = await app.db.select().from(app.tables.creditPlans).where(eq(app.tables.creditPlans.id, planId));
      return plan!;
    }

    /**
     * A payoff recorded the way the former code did, on `day`: the payment,
     * its items, the instalments settled with the waiver, the plan paid, and
     * its register entry posting the split it recorded.
     */
    async function payOffUnderFormerRule(planId: number, day: string) {
      return app.client.inTransaction(async (tx) => {
        const [row] = await tx.select().from(app.tables.creditPlans).where(eq(app.tables.creditPlans.id, planId));
        const open = await app.dues.openInstalmentsOn(tx, row!, day);
        const lines = formerRulePayoff(open, row!.monthlyRateBasisPoints, day);
        const split = {
          chargesCents: lines.reduce((sum, line) => sum + line.chargesCents, 0),
          interestCents: lines.reduce((sum, line) => sum + line.interestCents, 0),
          principalCents: lines.reduce((sum, line) => sum + line.principalCents, 0),
          waivedInterestCents: lines.reduce((sum, line) => sum + line.waivedInterestCents, 0),
        };
        const amountCents = split.chargesCents + split.interestCents + split.principalCents;
        const { entryId } = await app.registerEntries.recordRegisterEntryInTx(
          tx,
          STAFF,
          {
            kind: "credit-payment",
            method: "cash",
            amountCents,
            customerId,
            reason: `Crediário nº ${planId}: quitação`,
            field: "method",
            financeParts: app.payments.creditFinanceParts(
              split,
              await app.dues.planRevenueOf(tx, row!),
              await app.payments.financedFeeShareInTx(tx, row!, split.principalCents),
            ),
          },
          day,
        );
        const [payment] = await tx
          .insert(app.tables.creditPayments)
          .values({
            planId,
            customerId: row!.customerId,
            kind: "payoff",
            method: "cash",
            amountCents,
            ...split,
            registerEntryId: entryId,
            businessDate: day,
            actorUserId: STAFF.userId,
            actorLabel: STAFF.label,
          })
          .returning({ id: app.tables.creditPayments.id });
        await tx.insert(app.tables.creditPaymentItems).values(lines.map((line) => ({ paymentId: payment!.id, ...line })));
        for (const line of lines) {
          await tx
            .update(app.tables.creditInstalments)
            .set({
              paidPrincipalCents: sql`${app.tables.creditInstalments.paidPrincipalCents} + ${line.principalCents}`,
              paidInterestCents: sql`${app.tables.creditInstalments.paidInterestCents} + ${line.interestCents}`,
              paidChargesCents: sql`${app.tables.creditInstalments.paidChargesCents} + ${line.chargesCents}`,
              waivedInterestCents: sql`${app.tables.creditInstalments.waivedInterestCents} + ${line.waivedInterestCents}`,
              settledAt: new Date(),
            })
            .where(eq(app.tables.creditInstalments.id, line.instalmentId));
        }
        await tx.update(app.tables.creditPlans).set({ status: "paid" }).where(eq(app.tables.creditPlans.id, planId));
        return { paymentId: payment!.id, registerEntryId: entryId, amountCents, ...split };
      });
    }

    /** A payoff through today's code (the rule in force) on `day`. */
    async function payOffUnderRuleInForce(planId: number, day: string) {
      const plan = await planOf(planId);
      const quote = app.dues.quotePayoff(plan, await app.dues.openInstalmentsOn(app.db, plan, day), null, day);
      return app.client.inTransaction((tx) =>
        app.payments.payoffCreditPlanInTx(
          tx,
          STAFF,
          planId,
          { instalments: "todas", expectedTotal: centsToInput(quote.totalCents), method: "cash", idempotencyKey: randomUUID() },
          day,
        ),
      );
    }

    /** Money of these origins by category key, each entry signed by its own direction (in +, out −). */
    async function netByCategory(origins: { kind: string; id: number }[]) {
      const rows = await app.db
        .select({
          key: app.tables.financeCategories.systemKey,
          direction: app.tables.financeEntries.direction,
          amountCents: app.tables.financeEntries.amountCents,
          accountId: app.tables.financeEntries.accountId,
          paidDate: app.tables.financeEntries.paidDate,
          originKind: app.tables.financeEntries.originKind,
        })
        .from(app.tables.financeEntries)
        .innerJoin(app.tables.financeCategories, eq(app.tables.financeCategories.id, app.tables.financeEntries.categoryId))
        .where(
          and(
            sql`${app.tables.financeEntries.cancelledAt} is null`,
            or(
              ...origins.map((origin) =>
                and(eq(app.tables.financeEntries.originKind, origin.kind), eq(app.tables.financeEntries.originId, origin.id)),
              ),
            ),
          ),
        );
      const net: Record<string, number> = {};
      for (const row of rows)
        net[row.key!] = (net[row.key!] ?? 0) + (row.direction === "in" ? row.amountCents : -row.amountCents);
      return { net, rows };
    }

    async function correctionsOf(planIds: number[]) {
      return app.db.select().from(app.tables.creditCorrections).where(inArray(app.tables.creditCorrections.planId, planIds));
    }

    async function storeCreditOf(id: number) {
      const [row] = await app.db
        .select({ cents: sql<string>`coalesce(sum(${app.tables.storeCreditMovements.amountCents}), 0)` })
        .from(app.tables.storeCreditMovements)
        .where(eq(app.tables.storeCreditMovements.customerId, id));
      return Number(row?.cents ?? 0);
    }

    /** What the correction wrote anywhere: rows, credits, entries, audit, run. */
    async function correctionFootprint() {
      const [row] = (
        await app.db.execute(sql`select
          (select count(*)::int from credit_corrections) as corrections,
          (select count(*)::int from credit_correction_runs) as runs,
          (select count(*)::int from store_credit_movements) as credits,
          (select coalesce(sum(amount_cents), 0)::int from store_credit_movements) as "creditCents",
          (select count(*)::int from finance_entries where origin_kind = 'credit-correction') as entries,
          (select count(*)::int from audit_log where action = 'credit-plan.payoff-correction') as audits`)
      ).rows;
      return row;
    }

    it("credits an old-rule overcharge, absorbs an old-rule shortfall, moves Finance's split on its own day, once; a new-rule payoff has no difference", async () => {
      // Contract 30/11/2026, dues on the 30th (28/02 in February): paid off on the second due date, 30/01/2027. The
      // schedule's balance there is R$ 823,33; the former rule discounted 30/01→28/02 as 29 days of 30, charging R$ 823,75.
      const over = await planWithTwoPaid("2026-11-30");
      expect(over.payoffDay).toBe("2027-01-30");
      const overPaid = await payOffUnderFormerRule(over.planId, over.payoffDay);
      expect(overPaid.amountCents).toBe(82_375);
      // Recorded as the issue found: interest booked though none had run since the due date, principal "waived".
      expect(overPaid.interestCents).toBeGreaterThan(0);
      // The worked example (contract 02/03/2026), paid off on its second due date: R$ 821,94, not 823,33.
      const under = await planWithTwoPaid("2026-03-02");
      const underPaid = await payOffUnderFormerRule(under.planId, under.payoffDay);
      expect(underPaid.amountCents).toBe(82_194);
      // Paid off with today's code: the rule in force.
      const current = await planWithTwoPaid("2026-06-15");
      const currentPaid = await payOffUnderRuleInForce(current.planId, current.payoffDay);
      expect(currentPaid.amountCents).toBe(82_333);
      // Its sale's lines re-filed since (the service now counted as products): that is no business of the payoff rule's.
      await app.db
        .update(app.tables.saleItems)
        .set({ revenueSource: "products" })
        .where(eq(app.tables.saleItems.saleId, (await planOf(current.planId)).saleId!));
      const creditBefore = await storeCreditOf(customerId);
      const overBefore = await netByCategory([{ kind: "register-entry", id: overPaid.registerEntryId }]);

      const correctionDay = "2027-02-10";
      const result = await app.corrections.correctFormerRulePayoffs(correctionDay);
      expect(result).toEqual({ outcome: "ran", examined: 3, corrected: 2, failed: 0, creditedCents: 42, absorbedCents: 139 });

      const rows = await correctionsOf([over.planId, under.planId, current.planId]);
      const byPlan = new Map(rows.map((row) => [row.planId, row]));
      expect(byPlan.get(over.planId)).toMatchObject({
        status: "corrected",
        paymentId: overPaid.paymentId,
        payoffDate: "2027-01-30",
        paidCents: 82_375,
        dueCents: 82_333,
        dueInterestCents: 0,
        duePrincipalCents: 82_333,
        differenceCents: 42,
        creditedCents: 42,
        absorbedCents: 0,
        interestToRevenueCents: overPaid.interestCents,
        businessDate: correctionDay,
      });
      expect(byPlan.get(under.planId)).toMatchObject({
        status: "corrected",
        paidCents: 82_194,
        dueCents: 82_333,
        differenceCents: -139,
        creditedCents: 0,
        absorbedCents: 139,
        storeCreditMovementId: null,
      });
      expect(byPlan.get(current.planId)).toMatchObject({ status: "no-difference", differenceCents: 0, creditedCents: 0 });

      // The overcharge is the customer's store credit, with its reason.
      expect((await storeCreditOf(customerId)) - creditBefore).toBe(42);
      const [movement] = await app.db
        .select()
        .from(app.tables.storeCreditMovements)
        .where(eq(app.tables.storeCreditMovements.id, byPlan.get(over.planId)!.storeCreditMovementId!));
      expect(movement).toMatchObject({ customerId, amountCents: 42 });
      expect(movement!.reason).toMatch(
        new RegExp(`Crediário nº ${over.planId}: a quitação de 30/01/2027 cobrou R\\$\\s0,42 a mais`),
      );

      // Finance, to the centavo: the payment's own entries as they were (its day, its amounts), the correction's on
      // the correction day, in the same account; together the account still holds what was paid, no interest is
      // left (none had run since the due date), and all of it is the goods' revenue (the credit included: a sale paid
      // with it later posts nothing).
      const overAfter = await netByCategory([{ kind: "register-entry", id: overPaid.registerEntryId }]);
      expect(overAfter).toEqual(overBefore);
      const overCorrection = await netByCategory([{ kind: "credit-correction", id: byPlan.get(over.planId)!.id }]);
      expect(overCorrection.rows.every((row) => row.paidDate === correctionDay)).toBe(true);
      expect(new Set(overCorrection.rows.map((row) => row.accountId))).toEqual(new Set([overBefore.rows[0]!.accountId]));
      expect(Object.values(overCorrection.net).reduce((sum, cents) => sum + cents, 0)).toBe(0);
      expect(overCorrection.net["credit-interest"]).toBe(-overPaid.interestCents);
      const overTotal = await netByCategory([
        { kind: "register-entry", id: overPaid.registerEntryId },
        { kind: "credit-correction", id: byPlan.get(over.planId)!.id },
      ]);
      expect(overTotal.net["credit-interest"] ?? 0).toBe(0);
      expect(overTotal.net["revenue-products"]! + overTotal.net["revenue-services"]! + overTotal.net.discounts!).toBe(82_375);
      expect(Object.values(overTotal.net).reduce((sum, cents) => sum + cents, 0)).toBe(82_375);

      // The shortfall: the shop received R$ 821,94 of R$ 823,33 of principal; all of it is revenue, no interest.
      const underTotal = await netByCategory([
        { kind: "register-entry", id: underPaid.registerEntryId },
        { kind: "credit-correction", id: byPlan.get(under.planId)!.id },
      ]);
      expect(underTotal.net["credit-interest"] ?? 0).toBe(0);
      expect(underTotal.net["revenue-products"]! + underTotal.net["revenue-services"]! + underTotal.net.discounts!).toBe(82_194);

      // The payoff under the rule in force: nothing posted, no credit.
      const currentCorrection = await netByCategory([{ kind: "credit-correction", id: byPlan.get(current.planId)!.id }]);
      expect(currentCorrection.rows).toEqual([]);

      // A corrected payoff is history: it is not cancelled any more.
      await expect(
        app.client.inTransaction((tx) =>
          app.payments.cancelCreditPaymentInTx(tx, STAFF, overPaid.paymentId, { reason: "teste de cancelamento" }),
        ),
      ).rejects.toThrow(/já foi corrigida/);

      // Once: a second run (a restart, another instance) changes nothing, and a payoff made after the run is not looked at.
      const footprint = await correctionFootprint();
      const later = await planWithTwoPaid("2026-11-30");
      await payOffUnderFormerRule(later.planId, later.payoffDay);
      expect(await app.corrections.correctFormerRulePayoffs("2027-02-11")).toEqual({ outcome: "already-ran" });
      expect(await correctionFootprint()).toEqual(footprint);
      expect(await correctionsOf([later.planId])).toEqual([]);

      // The owner's list: the two corrected plans, not the one without difference.
      const list = await app.corrections.listCreditCorrections(STAFF, { page: 1 });
      expect(list.run).toMatchObject({ examinedCount: 3, correctedCount: 2, creditedCents: 42, absorbedCents: 139 });
      expect(list.rows.map((row) => row.planId).sort()).toEqual([over.planId, under.planId].sort());
      expect(list.hasNextPage).toBe(false);
      expect(await app.corrections.hasCreditCorrections(STAFF)).toBe(true);
      // The plan's page says what was done; a plan without difference says nothing.
      expect(await app.corrections.correctionOfPlan(STAFF, over.planId)).toMatchObject({ creditedCents: 42, dueCents: 82_333 });
      expect(await app.corrections.correctionOfPlan(STAFF, current.planId)).toBeNull();
    });

    it("keeps a financed fee's share right: the fee reaches its category exactly once the plan is paid", async () => {
      await app.db.delete(app.tables.creditCorrectionRuns);
      const [other] = await app.db
        .insert(app.tables.customers)
        .values({ name: "Cliente Tarifa", phone: "11987650002" })
        .returning({ id: app.tables.customers.id });
      const plan = await planWithTwoPaid("2026-11-30", other!.id);
      // R$ 30,00 of "tarifa de cadastro" financed inside the R$ 1.200,00 (decision 0025).
      await app.db
        .update(app.tables.creditPlans)
        .set({ cashPriceCents: 117_000, feeCents: 3_000, feePaidWith: "financed" })
        .where(eq(app.tables.creditPlans.id, plan.planId));
      const paid = await payOffUnderFormerRule(plan.planId, plan.payoffDay);
      expect(paid.amountCents).toBe(82_375);
      const result = await app.corrections.correctFormerRulePayoffs("2027-02-12");
      // (The first test's plan paid off after its run is examined too: this database's run row was removed.)
      expect(result.outcome).toBe("ran");
      const [row] = await correctionsOf([plan.planId]);
      expect(row).toMatchObject({ status: "corrected", paidCents: 82_375, dueCents: 82_333, creditedCents: 42 });
      const total = await netByCategory([
        { kind: "register-entry", id: paid.registerEntryId },
        { kind: "credit-correction", id: row!.id },
      ]);
      // Instalments 1 and 2 paid their principal before (no postings here): the payoff's share is the fee less theirs.
      const principalBefore = plan.schedule.instalments[0]!.principalCents + plan.schedule.instalments[1]!.principalCents;
      const feeShare = 3_000 - Math.round((principalBefore * 3_000) / 120_000);
      expect(total.net["credit-fee"]).toBe(feeShare);
      expect(total.net["credit-interest"] ?? 0).toBe(0);
      expect(total.net["revenue-products"]! + total.net["revenue-services"]! + total.net.discounts!).toBe(82_375 - feeShare);
      expect(await storeCreditOf(other!.id)).toBe(42);
    });

    it("keeps a plan it cannot correct as failed, with why, writes nothing else for it, and corrects the others", async () => {
      await app.db.delete(app.tables.creditCorrectionRuns);
      const newCustomer = async (name: string, phone: string) => {
        const [row] = await app.db
          .insert(app.tables.customers)
          .values({ name, phone })
          .returning({ id: app.tables.customers.id });
        return row!.id;
      };
      const brokenCustomer = await newCustomer("Cliente Lançamento Alterado", "11987650003");
      const fineCustomer = await newCustomer("Cliente Em Ordem", "11987650004");
      const broken = await planWithTwoPaid("2026-11-30", brokenCustomer);
      const brokenPaid = await payOffUnderFormerRule(broken.planId, broken.payoffDay);
      const fine = await planWithTwoPaid("2026-11-30", fineCustomer);
      await payOffUnderFormerRule(fine.planId, fine.payoffDay);
      // A posting of the broken payoff no longer adds up to what was paid (changed by hand in the database).
      const [interest] = await app.db
        .select({ id: app.tables.financeCategories.id })
        .from(app.tables.financeCategories)
        .where(eq(app.tables.financeCategories.systemKey, "credit-interest"));
      await app.db
        .update(app.tables.financeEntries)
        .set({ amountCents: sql`${app.tables.financeEntries.amountCents} + 1` })
        .where(
          and(
            eq(app.tables.financeEntries.originKind, "register-entry"),
            eq(app.tables.financeEntries.originId, brokenPaid.registerEntryId),
            eq(app.tables.financeEntries.categoryId, interest!.id),
          ),
        );
      const result = await app.corrections.correctFormerRulePayoffs("2027-02-13");
      expect(result).toMatchObject({ outcome: "ran", failed: 1 });
      const [brokenRow] = await correctionsOf([broken.planId]);
      expect(brokenRow).toMatchObject({ status: "failed", paidCents: 82_375, dueCents: null, creditedCents: 0 });
      expect(brokenRow!.failure).toMatch(/reclassificação/);
      expect(await storeCreditOf(brokenCustomer)).toBe(0);
      expect((await netByCategory([{ kind: "credit-correction", id: brokenRow!.id }])).rows).toEqual([]);
      expect(await correctionsOf([fine.planId])).toMatchObject([{ status: "corrected", creditedCents: 42 }]);
      expect(await storeCreditOf(fineCustomer)).toBe(42);
      const list = await app.corrections.listCreditCorrections(STAFF, { page: 1 });
      expect(list.rows.find((row) => row.planId === broken.planId)).toMatchObject({ status: "failed" });
    });

    it(raceTitle(database, "two servers starting at once correct each plan once"), async () => {
      // As on a database the correction has not run on yet: a customer of its own, so the earlier test's plans don't count.
      await app.db.delete(app.tables.creditCorrectionRuns);
      const [other] = await app.db
        .insert(app.tables.customers)
        .values({ name: "Outra Cliente", phone: "11987650001" })
        .returning({ id: app.tables.customers.id });
      const plan = await planWithTwoPaid("2026-11-30", other!.id);
      await payOffUnderFormerRule(plan.planId, plan.payoffDay);
      const results = await Promise.all([
        app.corrections.correctFormerRulePayoffs("2027-02-12"),
        app.corrections.correctFormerRulePayoffs("2027-02-12"),
      ]);
      const ran = results.filter((result) => result.outcome === "ran");
      expect(ran).toHaveLength(1);
      expect(
        results.filter((result) => result.outcome !== "ran").every((r) => r.outcome === "busy" || r.outcome === "already-ran"),
      ).toBe(true);
      expect(await correctionsOf([plan.planId])).toHaveLength(1);
      expect(await storeCreditOf(other!.id)).toBe(42);
    });
  });
}
