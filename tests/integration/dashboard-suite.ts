import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/dates";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const STAFF: Actor = { userId: "staff-ana", label: "ana@loja.test", role: "staff" };

async function loadModules() {
  const [db, auth, customers, orders, register, credit, finance, inventory, sessions, registerEntries, overview, debtors] =
    await Promise.all([
      import("~/db/client.server"),
      import("~/db/schema/auth"),
      import("~/db/schema/customers"),
      import("~/db/schema/service-orders"),
      import("~/db/schema/cash-register"),
      import("~/db/schema/credit"),
      import("~/db/schema/finance"),
      import("~/db/schema/inventory"),
      import("~/modules/cash-register/sessions.server"),
      import("~/modules/finance/register-entries.server"),
      import("~/modules/dashboard/overview.server"),
      import("~/modules/debtors/queries.server"),
    ]);
  return {
    db: await db.getDb(),
    kind: db.databaseKind(),
    inTransaction: db.inTransaction,
    tables: { ...auth, ...customers, ...orders, ...register, ...credit, ...finance, ...inventory },
    sessions,
    registerEntries,
    overview,
    debtors,
  };
}

/**
 * The staff's Painel against a real database: each figure counts what it
 * says and skips what it must (cancelled entries, suprimentos, crediário,
 * settled instalments, archived products, closed orders).
 */
export function defineDashboardSuite(database: TestDatabase) {
  describeOnDatabase(database, "painel", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    const today = shopToday();

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.kind).toBe(database);
      const { user, customers, serviceOrders, products, creditPlans, creditInstalments, financeEntries, financeCategories } =
        app.tables;
      await app.db.insert(user).values({ id: STAFF.userId!, name: "Ana Caixa", email: STAFF.label, role: "staff" });
      const [customer] = await app.db
        .insert(customers)
        .values({ name: "Maria Aparecida Souza", phone: "11987654321" })
        .returning({ id: customers.id });
      const customerId = customer!.id;

      const order = (status: string, trackingCode: string) => ({
        trackingCode,
        customerId,
        status,
        deviceType: "phone",
        reportedDefect: "Não liga",
      });
      await app.db
        .insert(serviceOrders)
        .values([
          order("received", "DASH0001"),
          order("repairing", "DASH0002"),
          order("ready", "DASH0003"),
          order("ready", "DASH0004"),
          order("delivered", "DASH0005"),
          order("cancelled", "DASH0006"),
        ]);

      await app.db.insert(products).values([
        {
          kind: "product",
          sku: "LOW-1",
          slug: "low-1",
          name: "Capinha em falta",
          priceCents: 1_000,
          stockQuantity: 2,
          minimumStock: 5,
        },
        {
          kind: "product",
          sku: "ZERO-1",
          slug: "zero-1",
          name: "Sem mínimo",
          priceCents: 1_000,
          stockQuantity: 0,
          minimumStock: 0,
        },
        {
          kind: "product",
          sku: "OLD-1",
          slug: "old-1",
          name: "Arquivado em falta",
          priceCents: 1_000,
          stockQuantity: 0,
          minimumStock: 3,
          archivedAt: new Date(),
        },
      ]);

      // Float R$ 100; R$ 50 cash sale, R$ 30 PIX order payment, R$ 20 suprimento, a cancelled R$ 999 sale, R$ 500 on crediário.
      await app.sessions.openCashRegister(STAFF, { openingFloat: "100,00", idempotencyKey: randomUUID() });
      await app.inTransaction(async (tx) => {
        const record = app.registerEntries.recordRegisterEntryInTx;
        await record(tx, STAFF, { kind: "sale", method: "cash", amountCents: 5_000 });
        await record(tx, STAFF, { kind: "order-payment", method: "pix", amountCents: 3_000 });
        await record(tx, STAFF, { kind: "supply", method: "cash", amountCents: 2_000, reason: "Troco" });
        await record(tx, STAFF, { kind: "sale", method: "crediario", amountCents: 50_000, customerId });
        const cancelled = await record(tx, STAFF, { kind: "sale", method: "cash", amountCents: 99_900 });
        await tx
          .update(app.tables.registerEntries)
          .set({ cancelledAt: new Date(), cancelledByLabel: STAFF.label, cancelReason: "teste" })
          .where(eq(app.tables.registerEntries.id, cancelled.entryId));
      });

      // A plan with one instalment overdue (partly paid), one due in 3 days, one settled, one far ahead.
      const [sale] = await app.db
        .insert(app.tables.sales)
        .values({ customerId, itemsTotalCents: 40_000, totalCents: 40_000, code: "VENDA-DASH", createdByLabel: STAFF.label })
        .returning({ id: app.tables.sales.id });
      const [plan] = await app.db
        .insert(creditPlans)
        .values({
          customerId,
          saleId: sale!.id,
          cashPriceCents: 40_000,
          financedCents: 40_000,
          instalmentCount: 4,
          monthlyRateBasisPoints: 0,
          yearlyRateBasisPoints: 0,
          cetMonthlyBasisPoints: 0,
          cetYearlyBasisPoints: 0,
          contractDate: addDays(today, -60),
          firstDueDate: addDays(today, -30),
          instalmentCents: 10_000,
          totalCents: 40_000,
          lateFeeBasisPoints: 200,
          lateInterestMonthlyBasisPoints: 100,
          disclosure: {},
          offerValidUntil: addDays(today, -58),
          createdByLabel: STAFF.label,
        })
        .returning({ id: creditPlans.id });
      const instalment = (number: number, dueDate: string, extra: Record<string, unknown> = {}) => ({
        planId: plan!.id,
        customerId,
        number,
        dueDate,
        amountCents: 10_000,
        principalCents: 10_000,
        interestCents: 0,
        ...extra,
      });
      await app.db
        .insert(creditInstalments)
        .values([
          instalment(1, addDays(today, -40), { paidPrincipalCents: 10_000, settledAt: new Date() }),
          instalment(2, addDays(today, -10), { paidPrincipalCents: 2_500 }),
          instalment(3, addDays(today, 3)),
          instalment(4, addDays(today, 30)),
        ]);

      // A fiado overdue (R$ 30), one due in 5 days (R$ 20), a cancelled one overdue; a delivered order owing R$ 150 since 3 days ago.
      const debt = (amountCents: number, dueDate: string, extra: Record<string, unknown> = {}) => ({
        customerId,
        kind: "iou" as const,
        description: "Fiado",
        amountCents,
        incurredOn: addDays(today, -20),
        dueDate,
        createdByLabel: STAFF.label,
        ...extra,
      });
      await app.db
        .insert(app.tables.debts)
        .values([
          debt(3_000, addDays(today, -5)),
          debt(2_000, addDays(today, 5)),
          debt(9_900, addDays(today, -5), { cancelledAt: new Date(), cancelledByLabel: STAFF.label, cancelReason: "teste" }),
        ]);
      await app.db.insert(serviceOrders).values({
        ...order("delivered", "DASH0007"),
        linesTotalCents: 20_000,
        paidCents: 5_000,
        deliveredAt: new Date(Date.now() - 3 * 86_400_000),
      });

      // A receivable typed in finance, due in 2 days; a payable (out) is not a receivable.
      const categories = await app.db.select().from(financeCategories);
      const byKey = (key: string) => categories.find((category) => category.systemKey === key)!.id;
      await app.db.insert(financeEntries).values([
        {
          direction: "in",
          description: "Site da padaria (2ª parcela)",
          categoryId: byKey("revenue-printing-design"),
          amountCents: 45_000,
          dueDate: addDays(today, 2),
          createdByLabel: STAFF.label,
        },
        {
          direction: "out",
          description: "Aluguel",
          categoryId: byKey("rent"),
          amountCents: 200_000,
          dueDate: addDays(today, 1),
          createdByLabel: STAFF.label,
        },
      ]);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    it("counts open orders by status, and the ones ready for pickup", async () => {
      const { orders } = await app.overview.getShopOverview();
      expect(orders.total).toBe(4);
      expect(Object.fromEntries(orders.byStatus.map((row) => [row.status, row.total]))).toMatchObject({
        received: 1,
        repairing: 1,
        ready: 2,
        approved: 0,
      });
      expect(orders.oldestReadySince).not.toBeNull();
    });

    it("shows the drawer (float, cash in, suprimento) and what customers paid, skipping cancelled and crediário", async () => {
      const { register, takings } = await app.overview.getShopOverview();
      expect(register?.openingFloatCents).toBe(10_000);
      expect(register?.cashInDrawerCents).toBe(10_000 + 5_000 + 2_000);
      expect(takings).toEqual({ todayCents: 8_000, monthCents: 8_000 });
    });

    it("counts as overdue everything customers owe past its due date, the figure /devedores shows", async () => {
      const { receivables } = await app.overview.getShopOverview();
      // Instalment 2 (R$ 75 left), the overdue fiado (R$ 30), the delivered order (R$ 150); not the cancelled fiado.
      expect(receivables.overdueCents).toBe(7_500 + 3_000 + 15_000);
      expect(receivables.overdueCustomers).toBe(1);
      const debtors = await app.debtors.listDebtors(STAFF, { today });
      expect(debtors.totals.overdueCents).toBe(receivables.overdueCents);
      // Due within a week: instalment 3 and the fiado due in 5 days; the typed receivable is its own figure.
      expect(receivables.dueSoonCents).toBe(10_000 + 2_000);
      expect(receivables.typedDueSoonCents).toBe(45_000);
      expect(receivables.typedOverdueCents).toBe(0);
    });

    it('staff without "Financeiro" get the register and what customers owe, never finance\'s figures', async () => {
      const full = await app.overview.getShopOverview();
      const staffOnly = await app.overview.getShopOverview(new Date(), { withFinance: false });
      expect(staffOnly.withFinance).toBe(false);
      expect(staffOnly.register).toEqual(full.register);
      expect(staffOnly.takings).toEqual({ todayCents: 8_000, monthCents: null });
      expect(staffOnly.receivables).toMatchObject({
        overdueCents: full.receivables.overdueCents,
        dueSoonCents: full.receivables.dueSoonCents,
        typedOverdueCents: null,
        typedDueSoonCents: null,
      });
      expect(full.withFinance).toBe(true);
      expect(full.receivables.typedDueSoonCents).toBe(45_000);
    });

    it("lists low stock by the inventory's rule", async () => {
      const { lowStock } = await app.overview.getShopOverview();
      expect(lowStock.items.map((item) => item.name)).toEqual(["Capinha em falta"]);
      expect(lowStock.hasMore).toBe(false);
    });
  });
}
