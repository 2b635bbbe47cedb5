import { randomUUID } from "node:crypto";
import * as fc from "fast-check";
import { and, asc, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/dates";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

/** 22144 → "R$ 221,44" with the no-break space the contract's HTML is compared with. */
const money = (cents: number) => `R$\u00a0${(cents / 100).toFixed(2).replace(".", ",")}`;

const STAFF: Actor = { userId: "staff-credit", label: "caixa@loja.test", role: "staff" };
const CUSTOMER_ACTOR: Actor = { userId: "customer-credit", label: "cliente@x.test", role: "customer" };

async function loadModules() {
  const [client, auth, customers, inventory, register, credit, orders, documents, audit, idempotency, settings, finance] =
    await Promise.all([
      import("~/db/client.server"),
      import("~/db/schema/auth"),
      import("~/db/schema/customers"),
      import("~/db/schema/inventory"),
      import("~/db/schema/cash-register"),
      import("~/db/schema/credit"),
      import("~/db/schema/service-orders"),
      import("~/db/schema/print-documents"),
      import("~/db/schema/audit"),
      import("~/db/schema/idempotency"),
      import("~/db/schema/shop-settings"),
      import("~/db/schema/finance"),
    ]);
  const [plans, queries, contract, sales, entries, errors, settingsQueries, testRecords] = await Promise.all([
    import("~/modules/credit/plans.server"),
    import("~/modules/credit/queries.server"),
    import("~/modules/credit/contract.server"),
    import("~/modules/cash-register/sales.server"),
    import("~/modules/cash-register/entries.server"),
    import("~/lib/errors"),
    import("~/modules/shop-settings/queries.server"),
    import("~/modules/demo/test-records.server"),
  ]);
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
      ...orders,
      ...documents,
      ...audit,
      ...idempotency,
      ...settings,
    },
    plans,
    queries,
    contract,
    sales,
    entries,
    errors,
    settings: settingsQueries,
    testRecords,
  };
}

/**
 * Crediário plans against a real database: the worked example
 * through the server path, refusals (above the shop's maximum rate, outside
 * 15–45 days and 1–24 instalments, an instalment below the minimum) that
 * write nothing, a plan from an order and from a debt, a crediário sale that
 * opens its plan in the sale's transaction, cancelling, and a fuzz of the
 * plan form. Each *.test.ts file runs it for one database.
 */
export function defineCreditPlansSuite(database: TestDatabase) {
  describeOnDatabase(database, "crediário: planos", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    let customerId: number;
    const today = shopToday();

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.db.insert(app.tables.user).values([
        { id: STAFF.userId!, name: "Caixa", email: STAFF.label, role: "staff" },
        { id: CUSTOMER_ACTOR.userId!, name: "Cliente", email: CUSTOMER_ACTOR.label, role: "customer" },
      ]);
      const customer = await app.testRecords.createTestCustomer(app.db, { name: "Cliente Crediário", phone: "11987650000" });
      customerId = customer.id;
      await app.settings.getShopSettings(); // the row exists once read
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    /** The shop's maximum back at the default (1% a.m.) before each test; the worked example raises it. */
    beforeEach(async () => {
      await setMaxRate(100);
    });

    async function setMaxRate(basisPoints: number) {
      await app.db.update(app.tables.shopSettings).set({ maxCreditMonthlyRateBasisPoints: basisPoints });
      app.settings.forgetCachedShopSettings();
    }

    async function createDebt(amountCents: number) {
      const [debt] = await app.db
        .insert(app.tables.debts)
        .values({
          customerId,
          kind: "iou",
          description: "Conserto fiado",
          amountCents,
          incurredOn: today,
          dueDate: today,
          createdByLabel: STAFF.label,
        })
        .returning({ id: app.tables.debts.id });
      return debt!.id;
    }

    function planForm(originKind: string, originId: number | string, overrides: Record<string, unknown> = {}) {
      const { terms, ...rest } = overrides as { terms?: Record<string, unknown> };
      return {
        idempotencyKey: randomUUID(),
        originKind,
        originId: String(originId),
        terms: { instalmentCount: "6", monthlyRate: "0", firstDueDate: addDays(today, 30), ...terms },
        fee: "",
        downPayment: "",
        downPaymentMethod: "",
        ...rest,
      };
    }

    /** How many rows each table a plan writes has: a refusal must leave them all as they were. */
    async function written() {
      const t = app.tables;
      const tables = [
        t.creditPlans,
        t.creditInstalments,
        t.debtPayments,
        t.registerEntries,
        t.issuedDocuments,
        t.serviceOrderPayments,
        t.auditLog,
        t.idempotencyKeys,
      ] as const;
      const counts = await Promise.all(
        tables.map(async (table) => Number((await app.db.select({ total: count() }).from(table))[0]!.total)),
      );
      const [debtsPaid] = await app.db.select({ settled: count(t.debts.settledAt) }).from(t.debts);
      return [...counts, Number(debtsPaid!.settled)];
    }

    /** Every open register closed (the tests after this one open their own). */
    async function closeRegisters() {
      await app.db
        .update(app.tables.cashRegisters)
        .set({ isOpen: false, closedAt: new Date(), closedByLabel: "teste" })
        .where(eq(app.tables.cashRegisters.isOpen, true));
    }

    /** A register open for this test alone. */
    async function openRegister() {
      await closeRegisters();
      await app.db.insert(app.tables.cashRegisters).values({ openingFloatCents: 0, openedByLabel: STAFF.label });
    }

    async function instalmentsOf(planId: number) {
      return app.db
        .select()
        .from(app.tables.creditInstalments)
        .where(eq(app.tables.creditInstalments.planId, planId))
        .orderBy(asc(app.tables.creditInstalments.number));
    }

    it("reproduces the worked example through the server: R$ 1.200,00 in 6 at 2,99% a.m. with a R$ 30,00 fee", async () => {
      await setMaxRate(299);
      const debtId = await createDebt(120_000);
      const { planId } = await app.plans.createCreditPlan(
        STAFF,
        planForm("debt", debtId, { terms: { monthlyRate: "2,99" }, fee: "30,00", feeMethod: "pix" }),
        { today },
      );
      const [plan] = await app.db.select().from(app.tables.creditPlans).where(eq(app.tables.creditPlans.id, planId));
      expect(plan).toMatchObject({
        financedCents: 120_000,
        instalmentCount: 6,
        instalmentCents: 22_144,
        totalCents: 132_866,
        monthlyRateBasisPoints: 299,
        yearlyRateBasisPoints: 4241,
        feeCents: 3_000,
        debtId,
        status: "active",
        offerValidUntil: addDays(today, 2),
      });
      const instalments = await instalmentsOf(planId);
      expect(instalments.map((row) => row.amountCents)).toEqual([22_144, 22_144, 22_144, 22_144, 22_144, 22_146]);
      expect(instalments[0]!.dueDate).toBe(addDays(today, 30));
      // The CET over these real due dates (days ÷ 365, CMN 4.881/2020): 55,92% a.a. for the 02/03 contract, near it any other day.
      const { creditCet } = await import("~/modules/credit/price-table");
      const cet = creditCet({ financedCents: 120_000, feeCents: 3_000, contractDate: today, instalments });
      expect(plan!.cetYearlyBasisPoints).toBe(cet.yearlyBasisPoints);
      expect(cet.yearlyBasisPoints).toBeGreaterThan(5_500);
      expect(cet.yearlyBasisPoints).toBeLessThan(5_700);
      expect(instalments.every((row) => row.customerId === customerId)).toBe(true);
      // The debt is carried by the plan now.
      const [debt] = await app.db.select().from(app.tables.debts).where(eq(app.tables.debts.id, debtId));
      expect(debt!.settledAt).not.toBeNull();
      // The contract was issued with the plan, with the disclosure's numbers.
      const contract = await app.contract.printCreditContract(STAFF, planId, "a4");
      const { formatRate } = await import("~/modules/credit/plan-terms");
      expect(contract?.html).toContain(`${formatRate(cet.yearlyBasisPoints)} a.a.`);
      expect(contract?.html).toContain("divididos por 365");
      expect(contract?.html).toContain("42,41% a.a.");
      expect(contract?.html).toContain("221,46");
      expect(contract?.html).toContain("Assinatura do cliente");
      const detail = await app.queries.getCreditPlan(STAFF, planId, { today });
      expect(detail?.instalments.map((row) => row.status)).toEqual(["open", "open", "open", "open", "open", "open"]);
    });

    /** The finance entries a register entry posted, by category key (cancelled ones left out). */
    async function postingsOf(registerEntryId: number) {
      const rows = await app.db
        .select({ key: app.tables.financeCategories.systemKey, amountCents: app.tables.financeEntries.amountCents })
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

    it("asks how the R$ 30,00 fee is paid and records it through the register as its own revenue (issue 23)", async () => {
      await setMaxRate(299);
      const debtId = await createDebt(120_000);
      const before = await written();
      const refusal = await app.plans
        .createCreditPlan(STAFF, planForm("debt", debtId, { terms: { monthlyRate: "2,99" }, fee: "30,00" }))
        .catch((error: unknown) => error);
      expect((refusal as InstanceType<typeof app.errors.InputError>).fieldErrors.feeMethod).toMatch(/Escolha como a tarifa/);
      // Cash with no register open is refused next to the fee's method, and nothing is written.
      await closeRegisters();
      const closed = await app.plans
        .createCreditPlan(STAFF, planForm("debt", debtId, { terms: { monthlyRate: "2,99" }, fee: "30,00", feeMethod: "cash" }))
        .catch((error: unknown) => error);
      expect(Object.keys((closed as InstanceType<typeof app.errors.InputError>).fieldErrors)).toContain("feeMethod");
      expect(await written()).toEqual(before);
      await openRegister();
      const idempotencyKey = randomUUID();
      const form = {
        ...planForm("debt", debtId, { terms: { monthlyRate: "2,99" }, fee: "30,00", feeMethod: "cash" }),
        idempotencyKey,
      };
      const { planId } = await app.plans.createCreditPlan(STAFF, form, { today });
      expect((await app.plans.createCreditPlan(STAFF, form, { today })).isReplay).toBe(true);
      const [plan] = await app.db.select().from(app.tables.creditPlans).where(eq(app.tables.creditPlans.id, planId));
      expect(plan).toMatchObject({ financedCents: 120_000, feeCents: 3_000, feePaidWith: "cash" });
      const [entry] = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.id, plan!.feeRegisterEntryId!));
      expect(entry).toMatchObject({ method: "cash", amountCents: 3_000, customerId, cancelledAt: null });
      expect(entry!.registerId).not.toBeNull();
      expect(await postingsOf(entry!.id)).toEqual({ "credit-fee": 3_000 });
      await closeRegisters();
      // Not from the register's page: it goes with the plan.
      await expect(app.entries.cancelRegisterEntry(STAFF, String(entry!.id), { reason: "Teste" })).rejects.toThrow(/tarifa/);
      await app.plans.cancelCreditPlan(STAFF, planId, { reason: "Refazer as condições" });
      // Its register closed, the fee stays (a refund is the shop's decision, in Finance).
      const [kept] = await app.db.select().from(app.tables.registerEntries).where(eq(app.tables.registerEntries.id, entry!.id));
      expect(kept!.cancelledAt).toBeNull();
      // While the register is open, cancelling the plan gives the fee back.
      const other = await createDebt(50_000);
      await openRegister();
      const second = await app.plans.createCreditPlan(STAFF, planForm("debt", other, { fee: "10,00", feeMethod: "cash" }), {
        today,
      });
      const [secondPlan] = await app.db.select().from(app.tables.creditPlans).where(eq(app.tables.creditPlans.id, second.planId));
      await app.plans.cancelCreditPlan(STAFF, second.planId, { reason: "Refazer as condições" });
      const [cancelled] = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.id, secondPlan!.feeRegisterEntryId!));
      expect(cancelled!.cancelledAt).not.toBeNull();
      expect(await postingsOf(cancelled!.id)).toEqual({});
      await closeRegisters();
    });

    it("finances the fee when asked: in the amount financed, the CET and the instalments, posted as fee revenue as principal comes in", async () => {
      await setMaxRate(299);
      const debtId = await createDebt(120_000);
      const { planId } = await app.plans.createCreditPlan(
        STAFF,
        planForm("debt", debtId, { terms: { monthlyRate: "2,99" }, fee: "30,00", feeMethod: "financed" }),
        { today },
      );
      const [plan] = await app.db.select().from(app.tables.creditPlans).where(eq(app.tables.creditPlans.id, planId));
      expect(plan).toMatchObject({ cashPriceCents: 120_000, financedCents: 123_000, feeCents: 3_000, feePaidWith: "financed" });
      expect(plan!.feeRegisterEntryId).toBeNull();
      const { creditCet, priceSchedule } = await import("~/modules/credit/price-table");
      const instalments = await instalmentsOf(planId);
      const schedule = priceSchedule({
        financedCents: 123_000,
        instalmentCount: 6,
        monthlyRateBasisPoints: 299,
        contractDate: today,
        firstDueDate: addDays(today, 30),
      });
      expect(instalments.map((row) => row.amountCents)).toEqual(schedule.instalments.map((row) => row.amountCents));
      const cet = creditCet({ financedCents: 123_000, feeCents: 3_000, contractDate: today, instalments });
      expect(plan!.cetYearlyBasisPoints).toBe(cet.yearlyBasisPoints);
      const disclosure = plan!.disclosure as { totalWithFinancingCents: number };
      expect(disclosure.totalWithFinancingCents).toBe(schedule.totalCents);
      // Paid off the same day: R$ 1.230,00 of principal, of which R$ 30,00 is the fee, to the centavo across two payments.
      await openRegister();
      const { payCreditPlan, payoffCreditPlan } = await import("~/modules/credit/payments.server");
      const first = await payCreditPlan(STAFF, planId, { amount: "333,33", method: "pix", idempotencyKey: randomUUID() }, today);
      const rest = await payoffCreditPlan(
        STAFF,
        planId,
        { instalments: "todas", expectedTotal: "896,67", method: "pix", idempotencyKey: randomUUID() },
        today,
      );
      const fees = [await postingsOf(first.registerEntryId), await postingsOf(rest.registerEntryId)].map(
        (postings) => postings["credit-fee"] ?? 0,
      );
      expect(fees[0]).toBe(Math.round((33_333 * 3_000) / 123_000));
      expect(fees[0]! + fees[1]!).toBe(3_000);
      const contract = await app.contract.printCreditContract(STAFF, planId, "a4");
      expect(contract?.html).toContain("financiada: incluída no valor financiado");
      await closeRegisters();
    });

    it("refuses a rate above the shop's maximum, with the maximum in the message, and writes nothing", async () => {
      const debtId = await createDebt(50_000);
      const before = await written();
      const refusal = await app.plans
        .createCreditPlan(STAFF, planForm("debt", debtId, { terms: { monthlyRate: "1,01" } }))
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(app.errors.InputError);
      expect((refusal as InstanceType<typeof app.errors.InputError>).fieldErrors.monthlyRate).toBe(
        "A taxa de 1,01% a.m. passa do máximo da loja, 1,00% a.m. (Configurações, crediário).",
      );
      expect(await written()).toEqual(before);
      // At the maximum it is accepted.
      await app.plans.createCreditPlan(STAFF, planForm("debt", debtId, { terms: { monthlyRate: "1" } }));
    });

    it("refuses a first due date outside 15–45 days, 0 or 25 instalments and an instalment below the minimum", async () => {
      const debtId = await createDebt(50_000);
      const before = await written();
      const cases: [Record<string, unknown>, string][] = [
        [{ terms: { firstDueDate: addDays(today, 14) } }, "firstDueDate"],
        [{ terms: { firstDueDate: addDays(today, 46) } }, "firstDueDate"],
        [{ terms: { instalmentCount: "0" } }, "instalmentCount"],
        [{ terms: { instalmentCount: "25" } }, "instalmentCount"],
        [{ terms: { instalmentCount: "24" }, downPayment: "499,00", downPaymentMethod: "pix" }, "instalmentCount"],
        [{ fee: "600,00" }, "fee"],
        [{ fee: "10,00" }, "feeMethod"],
        [{ fee: "10,00", feeMethod: "crediario" }, "feeMethod"],
        [{ downPayment: "500,00", downPaymentMethod: "pix" }, "downPayment"],
        [{ downPayment: "10,00" }, "downPaymentMethod"],
      ];
      for (const [overrides, field] of cases) {
        const refusal = await app.plans
          .createCreditPlan(STAFF, planForm("debt", debtId, overrides))
          .catch((error: unknown) => error);
        expect(refusal, JSON.stringify(overrides)).toBeInstanceOf(app.errors.InputError);
        expect(Object.keys((refusal as InstanceType<typeof app.errors.InputError>).fieldErrors)).toContain(field);
      }
      expect(await written()).toEqual(before);
      // 15 and 45 days are allowed.
      await app.plans.createCreditPlan(STAFF, planForm("debt", debtId, { terms: { firstDueDate: addDays(today, 45) } }));
      const other = await createDebt(50_000);
      await app.plans.createCreditPlan(STAFF, planForm("debt", other, { terms: { firstDueDate: addDays(today, 15) } }));
    });

    it("records a replayed plan once and refuses a second plan for the same debt", async () => {
      const debtId = await createDebt(30_000);
      const form = planForm("debt", debtId);
      const first = await app.plans.createCreditPlan(STAFF, form);
      const replay = await app.plans.createCreditPlan(STAFF, form);
      expect(replay).toEqual({ planId: first.planId, isReplay: true });
      const again = await app.plans.createCreditPlan(STAFF, planForm("debt", debtId)).catch((error: unknown) => error);
      expect((again as InstanceType<typeof app.errors.InputError>).fieldErrors.form).toMatch(/quitada ou virou crediário/);
    });

    it("takes a debt's down payment as a debt payment through the register, and cancelling reopens the debt", async () => {
      const debtId = await createDebt(60_000);
      const { planId } = await app.plans.createCreditPlan(
        STAFF,
        planForm("debt", debtId, { downPayment: "100,00", downPaymentMethod: "pix", terms: { instalmentCount: "5" } }),
      );
      const [plan] = await app.db.select().from(app.tables.creditPlans).where(eq(app.tables.creditPlans.id, planId));
      expect(plan).toMatchObject({ cashPriceCents: 60_000, downPaymentCents: 10_000, financedCents: 50_000, totalCents: 50_000 });
      const payments = await app.db.select().from(app.tables.debtPayments).where(eq(app.tables.debtPayments.debtId, debtId));
      expect(payments).toHaveLength(1);
      const [entry] = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.id, payments[0]!.registerEntryId!));
      expect(entry).toMatchObject({ kind: "debt-payment", method: "pix", amountCents: 10_000, customerId });

      const refused = await app.plans.cancelCreditPlan(STAFF, planId, { reason: "" }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(app.errors.InputError);
      await app.plans.cancelCreditPlan(STAFF, planId, { reason: "Cliente desistiu" });
      const [debt] = await app.db.select().from(app.tables.debts).where(eq(app.tables.debts.id, debtId));
      expect(debt).toMatchObject({ settledAt: null, paidCents: 10_000 });
      const [cancelled] = await app.db.select().from(app.tables.creditPlans).where(eq(app.tables.creditPlans.id, planId));
      expect(cancelled).toMatchObject({ status: "cancelled", cancelReason: "Cliente desistiu" });
    });

    it("refuses to cancel a plan with a payment", async () => {
      const debtId = await createDebt(30_000);
      const { planId } = await app.plans.createCreditPlan(STAFF, planForm("debt", debtId));
      await app.db.insert(app.tables.creditPayments).values({
        planId,
        customerId,
        kind: "instalment",
        method: "pix",
        amountCents: 5_000,
        principalCents: 5_000,
        businessDate: today,
        actorLabel: STAFF.label,
      });
      const refusal = await app.plans.cancelCreditPlan(STAFF, planId, { reason: "Teste" }).catch((error: unknown) => error);
      expect((refusal as InstanceType<typeof app.errors.InputError>).fieldErrors.form).toMatch(/cancele os pagamentos/);
    });

    it("covers an order's balance: the down payment as an order payment, the rest as a crediário payment", async () => {
      const order = await app.testRecords.createTestServiceOrder(app.db, { customerId, status: "ready" });
      await app.db
        .update(app.tables.serviceOrders)
        .set({ linesTotalCents: 90_000, discountCents: 0, paidCents: 0 })
        .where(eq(app.tables.serviceOrders.id, order.id));
      const { planId } = await app.plans.createCreditPlan(
        STAFF,
        planForm("order", order.id, { downPayment: "150,00", downPaymentMethod: "debit", terms: { instalmentCount: "3" } }),
      );
      const [row] = await app.db.select().from(app.tables.serviceOrders).where(eq(app.tables.serviceOrders.id, order.id));
      expect(row!.paidCents).toBe(90_000);
      const payments = await app.db
        .select({ method: app.tables.serviceOrderPayments.method, amountCents: app.tables.serviceOrderPayments.amountCents })
        .from(app.tables.serviceOrderPayments)
        .where(eq(app.tables.serviceOrderPayments.orderId, order.id))
        .orderBy(asc(app.tables.serviceOrderPayments.id));
      expect(payments.slice(-2)).toEqual([
        { method: "debit", amountCents: 15_000 },
        { method: "crediario", amountCents: 75_000 },
      ]);
      const [plan] = await app.db.select().from(app.tables.creditPlans).where(eq(app.tables.creditPlans.id, planId));
      expect(plan).toMatchObject({ serviceOrderId: order.id, financedCents: 75_000, downPaymentCents: 15_000 });

      // The crediário's register entry is the plan's: the register refuses to cancel it (the plan page cancels the plan).
      const [creditEntry] = await app.db
        .select({ id: app.tables.registerEntries.id })
        .from(app.tables.registerEntries)
        .innerJoin(
          app.tables.serviceOrderPayments,
          eq(app.tables.serviceOrderPayments.id, app.tables.registerEntries.serviceOrderPaymentId),
        )
        .where(and(eq(app.tables.serviceOrderPayments.orderId, order.id), eq(app.tables.registerEntries.method, "crediario")));
      const refused = await app.entries
        .cancelRegisterEntry(STAFF, String(creditEntry!.id), { reason: "Teste" })
        .catch((error: unknown) => error);
      expect((refused as InstanceType<typeof app.errors.InputError>).fieldErrors.form).toMatch(/página do crediário/);
      const [still] = await app.db.select().from(app.tables.serviceOrders).where(eq(app.tables.serviceOrders.id, order.id));
      expect(still!.paidCents).toBe(90_000);

      // Cancelling gives the order its balance back (the down payment stays paid).
      await app.plans.cancelCreditPlan(STAFF, planId, { reason: "Refazer as condições" });
      const [after] = await app.db.select().from(app.tables.serviceOrders).where(eq(app.tables.serviceOrders.id, order.id));
      expect(after!.paidCents).toBe(15_000);
    });

    it("stores a crediário sale's contract in the sale's transaction and renders it only after the commit, as it was issued", async () => {
      const [{ renderPool }, { settleBackgroundTasks }] = await Promise.all([
        import("~/modules/print-templates/render-pool.server"),
        import("~/lib/background-tasks.server"),
      ]);
      const { defaultTemplateOf, renderTemplateSource } = await import("~/modules/print-templates/render.server");
      const [product] = await app.db
        .insert(app.tables.products)
        .values({
          kind: "service",
          sku: `CRED-${randomUUID().slice(0, 6)}`,
          name: "Banner",
          slug: `banner-${randomUUID().slice(0, 6)}`,
          priceCents: 30_000,
          revenueSource: "printing-design",
        })
        .returning({ id: app.tables.products.id });
      const form = {
        idempotencyKey: randomUUID(),
        customerId: String(customerId),
        discount: "",
        items: [{ productId: String(product!.id), unitId: "", quantity: "1", discount: "" }],
        payments: [{ method: "crediario", amount: "300,00", tendered: "", instalments: "" }],
        credit: { instalmentCount: "3", monthlyRate: "1", firstDueDate: addDays(today, 30) },
      };
      const contractRow = (db: Pick<typeof app.db, "select">, planId: number) =>
        db
          .select({
            data: app.tables.issuedDocuments.data,
            templates: app.tables.issuedDocuments.templates,
            bodies: app.tables.issuedDocuments.bodies,
          })
          .from(app.tables.issuedDocuments)
          .where(
            and(
              eq(app.tables.issuedDocuments.kind, "credit-contract"),
              eq(app.tables.issuedDocuments.subject, `credit_plan:${planId}`),
            ),
          )
          .then((rows) => rows[0]);

      // Every render the pool is asked for while the sale's transaction is open is counted. Earlier tests'
      // documents are filled after their commits, in the background: on a slow machine one may still be
      // rendering, so they are let finish first (stop 32's CI counted two of them).
      await settleBackgroundTasks();
      let isInsideSale = false;
      let rendersInsideSale = 0;
      const render = renderPool.render.bind(renderPool);
      renderPool.render = (...args) => {
        if (isInsideSale) rendersInsideSale += 1;
        return render(...args);
      };
      let sale: Awaited<ReturnType<typeof app.sales.recordSaleInTx>>;
      try {
        sale = await app.client.inTransaction(async (tx) => {
          isInsideSale = true;
          try {
            const recorded = await app.sales.recordSaleInTx(tx, STAFF, form);
            // What the contract needs is stored with the sale; no HTML yet.
            const stored = await contractRow(tx, recorded.creditPlanId!);
            expect(stored!.bodies).toEqual({});
            expect(Object.keys(stored!.templates).sort()).toEqual(["58mm", "80mm", "a4"]);
            return recorded;
          } finally {
            isInsideSale = false;
          }
        });
      } finally {
        delete (renderPool as { render?: unknown }).render;
      }
      expect(rendersInsideSale).toBe(0);

      // The shop changes its contract before the first print: the sale's contract keeps the template it was issued with.
      const [changed] = await app.db
        .insert(app.tables.printTemplates)
        .values({ kind: "credit-contract", paper: "a4", name: "Outro", body: "<p>Outro contrato</p>", isDefault: true })
        .returning({ id: app.tables.printTemplates.id });
      try {
        const planId = sale.creditPlanId!;
        const first = await app.contract.printCreditContract(STAFF, planId, "a4");
        const again = await app.contract.printCreditContract(STAFF, planId, "a4");
        const stored = await contractRow(app.db, planId);
        // Byte for byte what the shipped template renders from the stored data, the same at every print.
        const expected = await renderTemplateSource(
          "credit-contract",
          defaultTemplateOf("credit-contract", "a4"),
          "a4",
          stored!.data,
          null,
        );
        expect(first?.html).toBe(expected.html);
        expect(again?.html).toBe(first?.html);
        expect(first?.html).toContain("Assinatura do cliente");
        expect(first?.html).not.toContain("Outro contrato");
        expect(stored!.bodies.a4).toBe(first?.html);
        expect((await app.contract.printCreditContract(STAFF, planId, "58mm"))?.html).toContain("Assinatura do cliente");
      } finally {
        await app.db.delete(app.tables.printTemplates).where(eq(app.tables.printTemplates.id, changed!.id));
      }
    });

    it("states the instalments as they are (the last one absorbs the rounding) and names the goods financed (issue 23)", async () => {
      await setMaxRate(299);
      const [product] = await app.db
        .insert(app.tables.products)
        .values({
          kind: "service",
          sku: `CRED-${randomUUID().slice(0, 6)}`,
          name: "Conserto de placa",
          slug: `placa-${randomUUID().slice(0, 6)}`,
          priceCents: 120_000,
          revenueSource: "services",
        })
        .returning({ id: app.tables.products.id });
      await openRegister();
      const sale = await app.sales.recordSale(STAFF, {
        idempotencyKey: randomUUID(),
        customerId: String(customerId),
        discount: "",
        items: [{ productId: String(product!.id), unitId: "", quantity: "1", discount: "" }],
        payments: [{ method: "crediario", amount: "1.200,00", tendered: "", instalments: "" }],
        credit: { instalmentCount: "6", monthlyRate: "2,99", firstDueDate: addDays(today, 30) },
      });
      const instalments = await instalmentsOf(sale.creditPlanId!);
      const amounts = instalments.map((instalment) => instalment.amountCents);
      // Some last instalment differs from the others: the summary must say so, not "6 × the first".
      expect(new Set(amounts.slice(0, 5)).size).toBe(1);
      expect(amounts[5]).not.toBe(amounts[0]);
      const html = (await app.contract.printCreditContract(STAFF, sale.creditPlanId!, "a4"))!.html.replace(
        /&nbsp;|\s/g,
        "\u00a0",
      );
      const summary = `5\u00a0×\u00a0${money(amounts[0]!)}</span>\u00a0+\u00a0<span\u00a0class="nowrap">1\u00a0×\u00a0${money(amounts[5]!)}`;
      expect(html).toContain(summary);
      expect(html).toContain("Bens\u00a0e\u00a0serviços\u00a0financiados");
      expect(html).toContain("1\u00a0×\u00a0Conserto\u00a0de\u00a0placa");
      await app.sales.cancelSale(STAFF, sale.saleId, { reason: "Teste do contrato" });
      await closeRegisters();
    });

    it("opens the plan in the sale's transaction when a sale is paid by crediário, and cancels it with the sale", async () => {
      const [product] = await app.db
        .insert(app.tables.products)
        .values({
          kind: "service",
          sku: `CRED-${randomUUID().slice(0, 6)}`,
          name: "Impressão",
          slug: `impressao-${randomUUID().slice(0, 6)}`,
          priceCents: 60_000,
          revenueSource: "printing-design",
        })
        .returning({ id: app.tables.products.id });
      const [register] = await app.db
        .insert(app.tables.cashRegisters)
        .values({ openingFloatCents: 0, openedByLabel: STAFF.label, openedByUserId: STAFF.userId })
        .returning({ id: app.tables.cashRegisters.id });
      const saleForm = (credit: Record<string, string>) => ({
        idempotencyKey: randomUUID(),
        customerId: String(customerId),
        discount: "",
        items: [{ productId: String(product!.id), unitId: "", quantity: "1", discount: "" }],
        payments: [
          { method: "cash", amount: "100,00", tendered: "", instalments: "" },
          { method: "crediario", amount: "500,00", tendered: "", instalments: "" },
        ],
        credit,
      });
      // Terms above the maximum refuse the sale: nothing written.
      const before = await written();
      const refusal = await app.sales
        .recordSale(STAFF, saleForm({ instalmentCount: "5", monthlyRate: "3", firstDueDate: addDays(today, 30) }))
        .catch((error: unknown) => error);
      expect((refusal as InstanceType<typeof app.errors.InputError>).fieldErrors["credit.monthlyRate"]).toMatch(/máximo da loja/);
      const missing = await app.sales.recordSale(STAFF, saleForm({})).catch((error: unknown) => error);
      expect(Object.keys((missing as InstanceType<typeof app.errors.InputError>).fieldErrors)).toContain(
        "credit.instalmentCount",
      );
      expect(await written()).toEqual(before);

      const sale = await app.sales.recordSale(
        STAFF,
        saleForm({ instalmentCount: "5", monthlyRate: "1", firstDueDate: addDays(today, 30) }),
      );
      const [plan] = await app.db.select().from(app.tables.creditPlans).where(eq(app.tables.creditPlans.saleId, sale.saleId));
      expect(plan).toMatchObject({
        customerId,
        cashPriceCents: 60_000,
        downPaymentCents: 10_000,
        financedCents: 50_000,
        instalmentCount: 5,
        monthlyRateBasisPoints: 100,
        status: "active",
      });
      expect(sale.creditPlanId).toBe(plan!.id);
      expect(await instalmentsOf(plan!.id)).toHaveLength(5);
      const [issued] = await app.db
        .select({ total: count() })
        .from(app.tables.issuedDocuments)
        .where(
          and(
            eq(app.tables.issuedDocuments.kind, "credit-contract"),
            eq(app.tables.issuedDocuments.subject, `credit_plan:${plan!.id}`),
          ),
        );
      expect(issued!.total).toBe(1);

      await app.sales.cancelSale(STAFF, sale.saleId, { reason: "Venda errada" });
      const [cancelled] = await app.db.select().from(app.tables.creditPlans).where(eq(app.tables.creditPlans.id, plan!.id));
      expect(cancelled!.status).toBe("cancelled");
      // A cancelled sale owes nothing.
      expect(await app.db.select().from(app.tables.debts).where(eq(app.tables.debts.saleId, sale.saleId))).toEqual([]);

      // The plan alone cancelled (its terms to be redone): the sale stays owed, as a debt the debtors page lists and a new plan takes.
      const second = await app.sales.recordSale(
        STAFF,
        saleForm({ instalmentCount: "2", monthlyRate: "0", firstDueDate: addDays(today, 30) }),
      );
      await app.plans.cancelCreditPlan(STAFF, second.creditPlanId!, { reason: "Refazer as condições" });
      const owed = await app.db.select().from(app.tables.debts).where(eq(app.tables.debts.saleId, second.saleId));
      expect(owed).toMatchObject([{ kind: "sale", amountCents: 50_000, paidCents: 0, customerId, settledAt: null }]);
      // Cancelled afterwards, the sale takes that debt with it.
      await app.sales.cancelSale(STAFF, second.saleId, { reason: "Cliente devolveu tudo" });
      const [dropped] = await app.db.select().from(app.tables.debts).where(eq(app.tables.debts.saleId, second.saleId));
      expect(dropped!.cancelledAt).not.toBeNull();
      await app.db
        .update(app.tables.cashRegisters)
        .set({ isOpen: false, closedAt: new Date(), closedByLabel: "teste" })
        .where(eq(app.tables.cashRegisters.id, register!.id));
    });

    it("asks on the sale screen how the fee is paid, as /cdc/novo does: refused without a method, paid now through the register or financed (issue 23)", async () => {
      await setMaxRate(299);
      const [product] = await app.db
        .insert(app.tables.products)
        .values({
          kind: "service",
          sku: `CRED-${randomUUID().slice(0, 6)}`,
          name: "Troca de tela",
          slug: `tela-${randomUUID().slice(0, 6)}`,
          priceCents: 120_000,
          revenueSource: "services",
        })
        .returning({ id: app.tables.products.id });
      await openRegister();
      const saleForm = (credit: Record<string, string>) => ({
        idempotencyKey: randomUUID(),
        customerId: String(customerId),
        discount: "",
        items: [{ productId: String(product!.id), unitId: "", quantity: "1", discount: "" }],
        payments: [{ method: "crediario", amount: "1.200,00", tendered: "", instalments: "" }],
        credit: { instalmentCount: "6", monthlyRate: "2,99", firstDueDate: addDays(today, 30), ...credit },
      });
      const before = await written();
      const noMethod = await app.sales.recordSale(STAFF, saleForm({ fee: "30,00" })).catch((error: unknown) => error);
      expect((noMethod as InstanceType<typeof app.errors.InputError>).fieldErrors["credit.feeMethod"]).toMatch(
        /Escolha como a tarifa/,
      );
      const badMethod = await app.sales
        .recordSale(STAFF, saleForm({ fee: "30,00", feeMethod: "crediario" }))
        .catch((error: unknown) => error);
      expect(Object.keys((badMethod as InstanceType<typeof app.errors.InputError>).fieldErrors)).toContain("credit.feeMethod");
      const badFee = await app.sales
        .recordSale(STAFF, saleForm({ fee: "abc", feeMethod: "pix" }))
        .catch((error: unknown) => error);
      expect(Object.keys((badFee as InstanceType<typeof app.errors.InputError>).fieldErrors)).toContain("credit.fee");
      expect(await written()).toEqual(before);

      // Paid now in cash: a register entry posted as the fee's revenue, kept on the plan.
      const paid = await app.sales.recordSale(STAFF, saleForm({ fee: "30,00", feeMethod: "cash" }));
      const [paidPlan] = await app.db
        .select()
        .from(app.tables.creditPlans)
        .where(eq(app.tables.creditPlans.id, paid.creditPlanId!));
      expect(paidPlan).toMatchObject({ financedCents: 120_000, feeCents: 3_000, feePaidWith: "cash" });
      const [feeEntry] = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.id, paidPlan!.feeRegisterEntryId!));
      expect(feeEntry).toMatchObject({ method: "cash", amountCents: 3_000, customerId, cancelledAt: null });
      expect(await postingsOf(feeEntry!.id)).toEqual({ "credit-fee": 3_000 });
      // Cancelling the sale while its register is open gives the fee back with the plan.
      await app.sales.cancelSale(STAFF, paid.saleId, { reason: "Teste da tarifa" });
      const [feeBack] = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.id, feeEntry!.id));
      expect(feeBack!.cancelledAt).not.toBeNull();

      // Financed: in the amount financed and the instalments, no register entry.
      const financed = await app.sales.recordSale(STAFF, saleForm({ fee: "30,00", feeMethod: "financed" }));
      const [financedPlan] = await app.db
        .select()
        .from(app.tables.creditPlans)
        .where(eq(app.tables.creditPlans.id, financed.creditPlanId!));
      expect(financedPlan).toMatchObject({
        cashPriceCents: 120_000,
        downPaymentCents: 0,
        financedCents: 123_000,
        feeCents: 3_000,
        feePaidWith: "financed",
        feeRegisterEntryId: null,
      });
      const contract = await app.contract.printCreditContract(STAFF, financed.creditPlanId!, "a4");
      expect(contract?.html).toContain("financiada");
      await app.sales.cancelSale(STAFF, financed.saleId, { reason: "Teste da tarifa" });
      await closeRegisters();
    });

    it("lists plans by customer name, phone and number, and by status", async () => {
      const debtId = await createDebt(40_000);
      const { planId } = await app.plans.createCreditPlan(STAFF, planForm("debt", debtId));
      const byName = await app.queries.listCreditPlans(STAFF, { search: "crediário", status: "active", page: 1, today });
      expect(byName.rows.some((row) => row.id === planId)).toBe(true);
      const byPhone = await app.queries.listCreditPlans(STAFF, { search: "98765-0000", status: "", page: 1, today });
      expect(byPhone.rows.some((row) => row.id === planId)).toBe(true);
      const byNumber = await app.queries.listCreditPlans(STAFF, { search: String(planId), status: "", page: 1, today });
      expect(byNumber.rows.map((row) => row.id)).toContain(planId);
      const overdue = await app.queries.listCreditPlans(STAFF, {
        search: "",
        status: "overdue",
        page: 1,
        today: addDays(today, 31),
      });
      expect(overdue.rows.some((row) => row.id === planId)).toBe(true);
      const notYet = await app.queries.listCreditPlans(STAFF, { search: "", status: "overdue", page: 1, today });
      expect(notYet.rows.some((row) => row.id === planId)).toBe(false);
      await expect(
        app.queries.listCreditPlans(CUSTOMER_ACTOR, { search: "", status: "", page: 1, today }),
      ).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      await expect(app.plans.createCreditPlan(CUSTOMER_ACTOR, planForm("debt", debtId))).rejects.toBeInstanceOf(
        app.errors.ForbiddenError,
      );
    });

    it("never answers hostile plan forms with anything but a refusal, and a refusal writes nothing", async () => {
      await setMaxRate(500);
      const debtId = await createDebt(80_000);
      const text = fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom("", "0", "1", "24", "25", "-1", "2,99", "5,01", "99999999999", "1e3", "NaN", "\u0000", "10,00", "800,00"),
        fc.constant(addDays(today, 30)),
        fc.constant(addDays(today, 10)),
        fc.constant("2026-02-30"),
      );
      const value = fc.oneof(
        text,
        fc.integer(),
        fc.constant(null),
        fc.constant(undefined),
        fc.array(fc.string(), { maxLength: 2 }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            originKind: fc.oneof(fc.constantFrom("debt", "order", "sale", "x"), value),
            originId: fc.oneof(fc.constant(String(debtId)), fc.constantFrom("0", "999999", "-1", "abc"), value),
            instalmentCount: value,
            monthlyRate: value,
            firstDueDate: value,
            fee: value,
            downPayment: value,
            downPaymentMethod: fc.oneof(fc.constantFrom("", "cash", "pix", "crediario"), value),
          }),
          async (fields) => {
            const before = await written();
            const form = {
              idempotencyKey: randomUUID(),
              originKind: fields.originKind,
              originId: fields.originId,
              terms: {
                instalmentCount: fields.instalmentCount,
                monthlyRate: fields.monthlyRate,
                firstDueDate: fields.firstDueDate,
              },
              fee: fields.fee,
              downPayment: fields.downPayment,
              downPaymentMethod: fields.downPaymentMethod,
            };
            try {
              const { planId } = await app.plans.createCreditPlan(STAFF, form);
              // Accepted: undo it so the debt is there for the next run.
              await app.plans.cancelCreditPlan(STAFF, planId, { reason: "fuzz" });
            } catch (error) {
              if (!(error instanceof app.errors.InputError)) throw error;
              expect(await written()).toEqual(before);
            }
          },
        ),
        { numRuns: 50 },
      );
    });
  });
}
