import { randomUUID } from "node:crypto";
import { desc, eq, sql, type SQLWrapper } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { addDays, shopMonthOf, shopMonthRange, shopToday } from "~/lib/dates";
import type { Actor } from "~/modules/accounts/roles";
import { dashboardLinks } from "~/modules/dashboard/links";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const STAFF: Actor = { userId: "staff-ana", label: "ana@loja.test", role: "staff" };

async function loadModules() {
  const [
    db,
    auth,
    customers,
    orders,
    register,
    credit,
    finance,
    inventory,
    warranties,
    traffic,
    suppliers,
    audit,
    sessions,
    registerEntries,
    overview,
    debtors,
    orderQueries,
    pickups,
    creditQueries,
    entryList,
    entryFilters,
    inventoryQueries,
    inventoryFilters,
    warrantyQueries,
    trafficReport,
    trafficPeriod,
    cashQueries,
    takings,
    takingsRoute,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/customers"),
    import("~/db/schema/service-orders"),
    import("~/db/schema/cash-register"),
    import("~/db/schema/credit"),
    import("~/db/schema/finance"),
    import("~/db/schema/inventory"),
    import("~/db/schema/warranties"),
    import("~/db/schema/traffic"),
    import("~/db/schema/suppliers"),
    import("~/db/schema/audit"),
    import("~/modules/cash-register/sessions.server"),
    import("~/modules/finance/register-entries.server"),
    import("~/modules/dashboard/overview.server"),
    import("~/modules/debtors/queries.server"),
    import("~/modules/service-orders/queries.server"),
    import("~/modules/service-orders/pickups.server"),
    import("~/modules/credit/queries.server"),
    import("~/modules/finance/entry-list.server"),
    import("~/modules/finance/entry-filters"),
    import("~/modules/inventory/queries.server"),
    import("~/modules/inventory/list-filters"),
    import("~/modules/warranties/queries.server"),
    import("~/modules/traffic/report.server"),
    import("~/modules/traffic/period"),
    import("~/modules/cash-register/queries.server"),
    import("~/modules/finance/takings.server"),
    import("~/routes/_staff/cash-register-takings"),
  ]);
  return {
    db: await db.getDb(),
    kind: db.databaseKind(),
    inTransaction: db.inTransaction,
    tables: {
      ...auth,
      ...customers,
      ...orders,
      ...register,
      ...credit,
      ...finance,
      ...inventory,
      ...warranties,
      ...traffic,
      ...suppliers,
      ...audit,
    },
    sessions,
    registerEntries,
    overview,
    debtors,
    lists: {
      orderQueries,
      pickups,
      creditQueries,
      entryList,
      entryFilters,
      inventoryQueries,
      inventoryFilters,
      warrantyQueries,
      trafficReport,
      trafficPeriod,
      cashQueries,
      takings,
      takingsRoute,
    },
  };
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A quote line of an order, a part unless said otherwise. */
const partLine = (orderId: number, description: string, extra: Record<string, unknown> = {}) => ({
  orderId,
  kind: "part",
  description,
  unitPriceCents: 10_000,
  ...extra,
});

/** A quote line as the order's form posts it, with its "Fornecedor". */
const suppliedLine = (supplierId: string, kind = "part") => ({
  kind,
  description: "Tela",
  quantity: "1",
  unitPrice: "200,00",
  supplierId,
});

/** A link of the Painel as the list's loader reads it. */
const paramsOf = (href: string) => new URL(href, "http://balcao.test").searchParams;

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
        {
          direction: "in",
          description: "Fora da semana",
          categoryId: byKey("revenue-printing-design"),
          amountCents: 7_000,
          dueDate: addDays(today, 10),
          createdByLabel: STAFF.label,
        },
        {
          direction: "out",
          description: "Cancelada",
          categoryId: byKey("rent"),
          amountCents: 9_000,
          dueDate: addDays(today, 2),
          cancelledAt: new Date(),
          cancelledByLabel: STAFF.label,
          cancelReason: "teste",
          createdByLabel: STAFF.label,
        },
      ]);

      // The abandonment clock: a device ready 40 days ago, one not repairable 100 days ago (both wait for pickup).
      await app.db.insert(serviceOrders).values([
        { ...order("ready", "DASH0010"), statusChangedAt: daysAgo(40) },
        { ...order("not_repairable", "DASH0011"), statusChangedAt: daysAgo(100) },
      ]);

      // Parts awaited: one late, one expected in 5 days, one without a date; a reserved part is in hand.
      const [waiting, waitingToo] = await app.db
        .insert(serviceOrders)
        .values([order("awaiting_part", "DASH0012"), order("awaiting_part", "DASH0013")])
        .returning({ id: serviceOrders.id });
      await app.db
        .insert(app.tables.serviceOrderLines)
        .values([
          partLine(waiting!.id, "Tela atrasada", { expectedArrivalDate: addDays(today, -1) }),
          partLine(waiting!.id, "Bateria", { expectedArrivalDate: addDays(today, 5) }),
          partLine(waiting!.id, "Conector em mãos", { stockState: "reserved" }),
          partLine(waiting!.id, "Mão de obra", { kind: "service" }),
          partLine(waitingToo!.id, "Câmera sem previsão"),
        ]);

      // Warranty claims: Ana's repair claimed twice this month (one warranty), one without technician claimed this month
      // and last month (counted once, this month).
      const [warrantedA, warrantedB] = await app.db
        .insert(serviceOrders)
        .values([order("delivered", "DASH0020"), order("delivered", "DASH0021")])
        .returning({ id: serviceOrders.id });
      const warranty = (serviceOrderId: number, technicianUserId: string | null) => ({
        serviceOrderId,
        customerId,
        itemDescription: "Troca de tela",
        startsOn: addDays(today, -20),
        contractualDays: 90,
        endsOn: addDays(today, 70),
        coverage: "Tela",
        exclusions: "Quedas",
        technicianUserId,
        issuedByLabel: STAFF.label,
      });
      const [warrantyA, warrantyB] = await app.db
        .insert(app.tables.warranties)
        .values([warranty(warrantedA!.id, STAFF.userId!), warranty(warrantedB!.id, null)])
        .returning({ id: app.tables.warranties.id });
      const claimOrders = await app.db
        .insert(serviceOrders)
        .values([
          order("received", "DASH0022"),
          order("cancelled", "DASH0023"),
          order("cancelled", "DASH0024"),
          order("cancelled", "DASH0025"),
        ])
        .returning({ id: serviceOrders.id });
      const lastMonth = shopMonthRange(shopMonthOf(addDays(`${today.slice(0, 7)}-01`, -1))).from;
      // Part suppliers: Ana's repair used parts from both, the other repair from "Peças Sul" only; a third repair's
      // warranty, from "Distribuidora Norte", was claimed last month only (not counted).
      const [north, south] = await app.db
        .insert(app.tables.suppliers)
        .values([{ name: "Distribuidora Norte" }, { name: "Peças Sul" }])
        .returning({ id: app.tables.suppliers.id });
      const [warrantedC] = await app.db
        .insert(serviceOrders)
        .values(order("delivered", "DASH0026"))
        .returning({ id: serviceOrders.id });
      await app.db
        .insert(app.tables.serviceOrderLines)
        .values([
          partLine(warrantedA!.id, "Tela", { supplierId: north!.id }),
          partLine(warrantedA!.id, "Bateria", { supplierId: south!.id }),
          partLine(warrantedA!.id, "Outra tela", { supplierId: south!.id }),
          partLine(warrantedB!.id, "Conector", { supplierId: south!.id }),
          partLine(warrantedB!.id, "Parafuso"),
          partLine(warrantedC!.id, "Câmera", { supplierId: north!.id }),
        ]);
      const [warrantyC] = await app.db
        .insert(app.tables.warranties)
        .values(warranty(warrantedC!.id, null))
        .returning({ id: app.tables.warranties.id });
      const [claimOfC] = await app.db
        .insert(serviceOrders)
        .values(order("cancelled", "DASH0027"))
        .returning({ id: serviceOrders.id });
      await app.db
        .insert(app.tables.warrantyClaims)
        .values({ warrantyId: warrantyC!.id, serviceOrderId: claimOfC!.id, reportedDefect: "Mês passado", createdAt: lastMonth });
      await app.db.insert(app.tables.warrantyClaims).values([
        { warrantyId: warrantyA!.id, serviceOrderId: claimOrders[0]!.id, reportedDefect: "Voltou a falhar" },
        { warrantyId: warrantyA!.id, serviceOrderId: claimOrders[1]!.id, reportedDefect: "De novo" },
        { warrantyId: warrantyB!.id, serviceOrderId: claimOrders[2]!.id, reportedDefect: "Falha" },
        { warrantyId: warrantyB!.id, serviceOrderId: claimOrders[3]!.id, reportedDefect: "Mês passado", createdAt: lastMonth },
      ]);

      // An instalment due today on the plan above.
      await app.db.insert(creditInstalments).values(instalment(5, today));

      // The last closing: R$ 150 cash and R$ 30 PIX expected, R$ 145 cash counted.
      await app.db.insert(app.tables.cashRegisters).values({
        isOpen: false,
        openingFloatCents: 5_000,
        openedByLabel: STAFF.label,
        openedAt: daysAgo(2),
        closedByLabel: STAFF.label,
        closedAt: daysAgo(1),
        countedCashCents: 14_500,
        closingTotals: {
          cash: { expectedCents: 15_000, countedCents: 14_500 },
          pix: { expectedCents: 3_000, countedCents: 3_000 },
        },
      });

      // Today's site: three visits (entry views), a fourth page view, two WhatsApp clicks and a quick quote.
      const event = (kind: string, isEntry: boolean, visitorHash: string) => ({
        day: today,
        kind,
        path: "/",
        isEntry,
        source: "(direto)",
        device: "mobile",
        browser: "Chrome",
        visitorHash,
      });
      await app.db
        .insert(app.tables.trafficEvents)
        .values([
          event("view", true, "a"),
          event("view", true, "b"),
          event("view", true, "c"),
          event("view", false, "a"),
          event("whatsapp", false, "a"),
          event("whatsapp", false, "b"),
          event("orcamento_rapido", false, "c"),
        ]);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    it("counts open orders by status, each the total of the list its link opens", async () => {
      const { orders } = await app.overview.getShopOverview(STAFF);
      expect(Object.fromEntries(orders.byStatus.map((row) => [row.status, row.total]))).toMatchObject({
        received: 2,
        repairing: 1,
        ready: 3,
        awaiting_part: 2,
        approved: 0,
      });
      expect(orders.total).toBe(8);
      for (const row of orders.byStatus) {
        const status = paramsOf(dashboardLinks.ordersByStatus(row.status)).get("status");
        const list = await app.lists.orderQueries.listServiceOrders({
          status: status as typeof row.status,
          technicianId: "",
          from: "",
          to: "",
          page: 1,
        });
        expect(list.total, row.status).toBe(row.total);
      }
    });

    it("counts devices waiting for pickup, the oldest, and those past 30 and 90 days, as /pending-pickups lists them", async () => {
      const { pickups } = await app.overview.getShopOverview(STAFF);
      // Two ready today, one ready 40 days ago, one not repairable 100 days ago.
      expect(pickups).toMatchObject({ total: 4, over30: 2, over90: 1, oldestDays: 100 });
      expect((await app.lists.pickups.listPendingPickups(STAFF)).total).toBe(pickups.total);
      for (const [days, count] of [
        [30, pickups.over30],
        [90, pickups.over90],
      ] as const) {
        const wait = Number(paramsOf(dashboardLinks.pickups(days)).get("espera"));
        const list = await app.lists.pickups.listPendingPickups(STAFF, { minDaysWaiting: wait });
        expect(list.total, `${days} dias`).toBe(count);
        expect(list.pickups.every((pickup) => pickup.daysWaiting >= days)).toBe(true);
      }
    });

    it("lists the parts awaited soonest expected first, late ones marked, without the parts in hand", async () => {
      const { parts } = await app.overview.getShopOverview(STAFF);
      expect(parts.lines.map((line) => [line.description, line.expectedArrivalDate, line.isLate])).toEqual([
        ["Tela atrasada", addDays(today, -1), true],
        ["Bateria", addDays(today, 5), false],
        ["Câmera sem previsão", null, false],
      ]);
      expect(parts).toMatchObject({ lineCount: 3, lateCount: 1 });
    });

    it("shows the register: the drawer, today's takings by method (not cancelled, suprimento nor crediário), the last closing", async () => {
      const { register } = await app.overview.getShopOverview(STAFF);
      expect(register.open?.openingFloatCents).toBe(10_000);
      expect(register.open?.cashInDrawerCents).toBe(10_000 + 5_000 + 2_000);
      expect(Object.fromEntries(register.todayByMethod.map((row) => [row.method, row.cents]))).toEqual({
        cash: 5_000,
        pix: 3_000,
        debit: 0,
        credit: 0,
      });
      expect(register.todayCents).toBe(8_000);
      expect(register.monthCents).toBe(8_000);
      // Expected and counted are the closed register's own page's totals.
      const closed = await app.lists.cashQueries.getCashRegister(
        Number(/\/cash-register\/(\d+)$/.exec(dashboardLinks.closedRegister(register.lastClose!.id))![1]),
      );
      const totals = Object.values(closed!.register.closingTotals ?? {});
      expect(register.lastClose).toMatchObject({
        expectedCents: totals.reduce((sum, total) => sum + total.expectedCents, 0),
        countedCents: totals.reduce((sum, total) => sum + total.countedCents, 0),
      });
      expect(register.lastClose).toMatchObject({ expectedCents: 18_000, countedCents: 17_500 });
    });

    it("counts today's takings by method as the day's takings list its link opens: the same rows, count and total to the cent", async () => {
      const { register } = await app.overview.getShopOverview(STAFF);
      expect(register.todayByMethod.map((row) => [row.method, row.count, row.cents])).toEqual([
        ["cash", 1, 5_000],
        ["pix", 1, 3_000],
        ["debit", 0, 0],
        ["credit", 0, 0],
      ]);
      expect(register).toMatchObject({ todayCount: 2, todayCents: 8_000 });
      const figures = [
        { href: dashboardLinks.takingsOf(today), count: register.todayCount, cents: register.todayCents },
        ...register.todayByMethod.map((row) => ({ href: dashboardLinks.takingsOf(today, row.method), ...row })),
      ];
      for (const figure of figures) {
        // As the list's loader reads its address: the day from the path, the method from "?forma=".
        const url = new URL(figure.href, "http://balcao.test");
        const day = /^\/cash-register\/recebimentos\/(\d{4}-\d{2}-\d{2})$/.exec(url.pathname)![1]!;
        const method = url.searchParams.get("forma");
        const list = await app.lists.cashQueries.listTakingsOfDay(
          day,
          app.lists.takings.isTakingsMethod(method) ? method : null,
          1,
        );
        expect({ count: list.entryCount, cents: list.totalCents }, figure.href).toEqual({
          count: figure.count,
          cents: figure.cents,
        });
        // The list shows those very rows: none cancelled, each of the method asked.
        expect(list.entries, figure.href).toHaveLength(figure.count);
        expect(
          list.entries.reduce((sum, entry) => sum + entry.amountCents, 0),
          figure.href,
        ).toBe(figure.cents);
        expect(list.entries.every((entry) => !entry.isCancelled && (method === null || entry.method === method))).toBe(true);
      }
    });

    it("the takings list validates its method on the server: an unknown one leads to the day's whole list", async () => {
      const load = (address: string) =>
        app.lists.takingsRoute.loader({
          request: new Request(`http://balcao.test${address}`),
          params: { day: today },
          context: {},
          unstable_pattern: "",
        } as never);
      const pix = await load(dashboardLinks.takingsOf(today, "pix"));
      expect(pix).toMatchObject({ method: "pix", entryCount: 1, totalCents: 3_000 });
      for (const method of ["crediario", "supply", "PIX", "' or 1=1"]) {
        const refused = await load(`/cash-register/recebimentos/${today}?forma=${encodeURIComponent(method)}`).catch(
          (thrown: unknown) => thrown,
        );
        expect(refused, method).toBeInstanceOf(Response);
        expect((refused as Response).headers.get("Location"), method).toBe(`/cash-register/recebimentos/${today}`);
      }
      const badDay = await app.lists.takingsRoute
        .loader({
          request: new Request("http://balcao.test/x"),
          params: { day: "2026-13-40" },
          context: {},
          unstable_pattern: "",
        } as never)
        .catch((thrown: unknown) => thrown);
      expect((badDay as { init?: { status?: number } }).init?.status).toBe(404);
    });

    it("reads the takings, the low stock and what is overdue from their partial indexes", async () => {
      // At the scale seed these were the Painel's costly reads (a month of entries, thousands of low products, the
      // overdue instalments visited row by row). Sequential scans are off so tables this small plan as large ones would.
      const plans = await app.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const explain = async (query: SQLWrapper) => JSON.stringify((await tx.execute(sql`explain (format json) ${query}`)).rows);
        return {
          takings: await explain(app.overview.takingsQuery(tx, today, `${today.slice(0, 7)}-01`)),
          lowStock: await explain(app.overview.lowStockQuery(tx)),
          overdue: await explain(app.debtors.overdueTotalsSql(today)),
        };
      });
      expect(plans.takings).toContain('"Index Name":"register_entries_takings_idx"');
      expect(plans.lowStock).toContain('"Index Name":"products_low_stock_idx"');
      expect(plans.lowStock).not.toContain('"Node Type":"Sort"');
      expect(plans.overdue).toContain('"Index Name":"credit_instalments_open_due_idx"');
      expect(plans.overdue).toContain('"Index Name":"service_orders_owed_idx"');
    });

    it("counts as overdue everything customers owe past its due date, the figure /devedores shows", async () => {
      const { receivables } = await app.overview.getShopOverview(STAFF);
      // Instalment 2 (R$ 75 left), the overdue fiado (R$ 30), the delivered order (R$ 150); not the cancelled fiado.
      expect(receivables.overdueCents).toBe(7_500 + 3_000 + 15_000);
      expect(receivables.overdueCustomers).toBe(1);
      const debtors = await app.debtors.listDebtors(STAFF, { today });
      expect(debtors.totals.overdueCents).toBe(receivables.overdueCents);
      expect(debtors.totals.overdueCustomers).toBe(receivables.overdueCustomers);
      // Due within a week: the instalment due today, instalment 3 and the fiado due in 5 days.
      expect(receivables.dueSoonCents).toBe(10_000 + 10_000 + 2_000);
    });

    it("counts finance's receivables and payables due this week as the lançamentos list filtered by its link", async () => {
      const overview = await app.overview.getShopOverview(STAFF);
      expect(overview.finance).toEqual({ receivable: { count: 1, cents: 45_000 }, payable: { count: 1, cents: 200_000 } });
      for (const direction of ["in", "out"] as const) {
        const filters = app.lists.entryFilters.entryFiltersFromSearchParams(
          paramsOf(dashboardLinks.financeDue(direction, overview.today, overview.horizon)),
        );
        const list = await app.lists.entryList.listEntries(STAFF, filters, 1, today);
        const figure = direction === "in" ? overview.finance!.receivable : overview.finance!.payable;
        expect(list.totals?.count, direction).toBe(figure.count);
        expect(direction === "in" ? list.totals?.inCents : list.totals?.outCents, direction).toBe(figure.cents);
      }
    });

    it("counts the crediário plans with an instalment due today as /cdc lists them", async () => {
      const { instalments } = await app.overview.getShopOverview(STAFF);
      expect(instalments).toEqual({ plans: 1, instalments: 1, cents: 10_000 });
      const status = paramsOf(dashboardLinks.instalmentsDueToday).get("situacao");
      expect(app.lists.creditQueries.isPlanListStatus(status ?? "")).toBe(true);
      const list = await app.lists.creditQueries.listCreditPlans(STAFF, {
        search: "",
        status: status as "due-today",
        page: 1,
        today,
      });
      expect(list.rows.length).toBe(instalments.plans);
    });

    it("lists low stock by the inventory's rule, its count the inventory's low-stock list", async () => {
      const { lowStock } = await app.overview.getShopOverview(STAFF);
      expect(lowStock.items.map((item) => item.name)).toEqual(["Capinha em falta"]);
      const filters = app.lists.inventoryFilters.filtersFromSearchParams(paramsOf(dashboardLinks.lowStock));
      const list = await app.lists.inventoryQueries.searchProducts(filters, 1);
      expect(list.products.length).toBe(lowStock.total);
    });

    it("counts the warranties claimed this month per technician as the warranties list filtered by its link", async () => {
      const overview = await app.overview.getShopOverview(STAFF);
      const { claims } = overview;
      expect(claims.total).toBe(2);
      expect(claims.byTechnician.map((row) => [row.technician, row.warranties]).sort()).toEqual([
        [app.lists.warrantyQueries.NO_TECHNICIAN, 1],
        [STAFF.userId, 1],
      ]);
      const listed = async (href: string) => {
        const params = paramsOf(href);
        const technician = params.get("tecnico");
        const list = await app.lists.warrantyQueries.listWarranties(STAFF, {
          today,
          search: "",
          status: null,
          page: 1,
          claimed: { month: params.get("reclamacao")!, technician },
        });
        return list.rows.length;
      };
      expect(await listed(dashboardLinks.warrantiesClaimed(overview.month))).toBe(claims.total);
      for (const row of claims.byTechnician) {
        expect(await listed(dashboardLinks.warrantiesClaimed(overview.month, row.technician)), row.name).toBe(row.warranties);
      }
    });

    it("counts the warranties claimed this month per part supplier, once for each supplier, as the list filtered by its link", async () => {
      const overview = await app.overview.getShopOverview(STAFF);
      const { bySupplier } = overview.claims;
      // Ana's warranty counts for both suppliers; two lines from one supplier count once; last month's claim not at all.
      expect(bySupplier.map((row) => [row.name, row.warranties])).toEqual([
        ["Peças Sul", 2],
        ["Distribuidora Norte", 1],
      ]);
      for (const row of bySupplier) {
        const params = paramsOf(dashboardLinks.warrantiesClaimedFromSupplier(overview.month, row.supplier));
        expect(params.get("fornecedor")).toBe(String(row.supplier));
        const list = await app.lists.warrantyQueries.listWarranties(STAFF, {
          today,
          search: "",
          status: null,
          page: 1,
          claimed: { month: params.get("reclamacao")!, technician: null, supplier: Number(params.get("fornecedor")) },
        });
        expect(list.rows.length, row.name).toBe(row.warranties);
      }
    });

    it("counts today's visits and WhatsApp clicks as /traffic-analysis shows today", async () => {
      const overview = await app.overview.getShopOverview(STAFF);
      expect(overview.traffic).toEqual({ visits: 3, whatsapp: 2 });
      const params = paramsOf(dashboardLinks.trafficOf(overview.today));
      const report = await app.lists.trafficReport.getTrafficReport(
        STAFF,
        app.lists.trafficPeriod.periodOf(params.get("de")!, params.get("ate")!),
      );
      expect(report.totals.visits).toBe(overview.traffic.visits);
      expect(report.conversions.find((row) => row.kind === "whatsapp")?.count).toBe(overview.traffic.whatsapp);
    });

    it('staff without "Financeiro" get the register and what customers owe, never finance\'s figures', async () => {
      const full = await app.overview.getShopOverview(STAFF);
      const staffOnly = await app.overview.getShopOverview(STAFF, new Date(), { withFinance: false });
      expect(staffOnly.withFinance).toBe(false);
      expect(staffOnly.register).toEqual({ ...full.register, monthCents: null });
      expect(staffOnly.finance).toBeNull();
      expect(staffOnly.receivables).toEqual(full.receivables);
      expect(full.withFinance).toBe(true);
    });

    it("offers the quick actions of the role, opening the register only while it is closed", () => {
      const { quickActionsFor } = app.overview;
      const keys = (role: "owner" | "staff" | "customer", isRegisterOpen: boolean) =>
        quickActionsFor(role, { isRegisterOpen }).map((action) => action.key);
      expect(keys("staff", true)).toEqual(["new-order", "new-sale", "find-order", "new-customer"]);
      expect(keys("owner", false)).toEqual(["new-order", "new-sale", "open-register", "find-order", "new-customer"]);
      expect(keys("customer", false)).toEqual([]);
    });

    it("the page's Painel is read again once a write commits, always equal to the fresh figures, and only for staff", async () => {
      const { getShopOverview, getShopOverviewForPage } = app.overview;
      const before = await getShopOverviewForPage(STAFF);
      expect(before.lowStock).toEqual((await getShopOverview(STAFF)).lowStock);
      // A product at its minimum, saved in a transaction as every use case saves: the Painel counts it at once.
      await app.inTransaction((tx) =>
        tx.insert(app.tables.products).values({
          kind: "product",
          sku: `PAINEL-${randomUUID().slice(0, 6)}`,
          name: "Película acabando",
          slug: `pelicula-acabando-${randomUUID().slice(0, 6)}`,
          priceCents: 2_000,
          stockQuantity: 1,
          minimumStock: 2,
        }),
      );
      const after = await getShopOverviewForPage(STAFF);
      expect(after.lowStock.total).toBe(before.lowStock.total + 1);
      expect(after).toEqual(await getShopOverview(STAFF));
      // Staff opening it together share one reading, and each gets the same figures.
      const together = await Promise.all([getShopOverviewForPage(STAFF), getShopOverviewForPage(STAFF)]);
      expect(together[0]).toEqual(together[1]);
      // Staff without "Financeiro" share that reading too, with finance's figures taken out before it leaves the server.
      const [withFinance, withoutFinance] = await Promise.all([
        getShopOverviewForPage(STAFF),
        getShopOverviewForPage(STAFF, new Date(), { withFinance: false }),
      ]);
      expect(withFinance).toEqual(await getShopOverview(STAFF));
      expect(withoutFinance).toEqual(await getShopOverview(STAFF, new Date(), { withFinance: false }));
      expect(withoutFinance).toMatchObject({ withFinance: false, finance: null, register: { monthCents: null } });
      await expect(
        getShopOverviewForPage({ userId: "cliente", label: "cliente@loja.test", role: "customer" }),
      ).rejects.toBeInstanceOf(Error);
    });

    it("the page's visits and WhatsApp clicks are kept between visits and show a visit stored here at once", async () => {
      const { getShopOverview, getShopOverviewForPage } = app.overview;
      const { collectBeacon } = await import("~/modules/traffic/collect.server");
      const before = await getShopOverviewForPage(STAFF);
      expect(before.traffic).toEqual((await getShopOverview(STAFF)).traffic);
      // A visit arriving on the home page with a WhatsApp click, through the beacon as a visitor's browser sends it.
      const visitor = {
        ip: "10.9.0.1",
        userAgent: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36",
        optsOut: false,
        isPrefetch: false,
      };
      const site = new URL("https://loja.test");
      expect(await collectBeacon(JSON.stringify({ p: "/", e: 1 }), visitor, site)).toBe("stored");
      expect(await collectBeacon(JSON.stringify({ p: "/", k: ["whatsapp"] }), visitor, site)).toBe("stored");
      const after = await getShopOverviewForPage(STAFF);
      expect(after.traffic).toEqual({ visits: before.traffic.visits + 1, whatsapp: before.traffic.whatsapp + 1 });
      expect(after.traffic).toEqual((await getShopOverview(STAFF)).traffic);
    });

    it.runIf(database === "postgres")(
      "on PostgreSQL the page reads the figures again ahead of their 3 s while it still serves the reading in hand",
      async () => {
        const { getShopOverview, getShopOverviewForPage } = app.overview;
        const sku = `OUTRA-${randomUUID().slice(0, 6)}`;
        // A committed write here: the next opening reads the figures afresh (at `start`).
        await app.inTransaction((tx) =>
          tx.insert(app.tables.products).values({
            kind: "product",
            sku,
            name: "Capa acabando",
            slug: `capa-acabando-${randomUUID().slice(0, 6)}`,
            priceCents: 2_000,
            stockQuantity: 0,
            minimumStock: 3,
          }),
        );
        const start = Date.now();
        const first = await getShopOverviewForPage(STAFF, new Date(start));
        expect(first).toEqual(await getShopOverview(STAFF));
        // Another instance restocks it: this process hears of no write.
        await app.db.execute(sql`update products set stock_quantity = 10 where sku = ${sku}`);
        const later = (ms: number) => getShopOverviewForPage(STAFF, new Date(start + ms));
        expect((await later(1_000)).lowStock.total).toBe(first.lowStock.total);
        // From 2 s the reading in hand is still served, and a new one is read behind it…
        expect((await later(2_500)).lowStock.total).toBe(first.lowStock.total);
        // …which the next opening gets, before the 3 s would have made it wait for one.
        await vi.waitFor(async () => expect((await later(2_600)).lowStock.total).toBe(first.lowStock.total - 1));
        expect(await later(2_700)).toEqual(await getShopOverview(STAFF));
      },
    );

    it("keeps a part line's previsão de chegada through the order's form, and refuses one on a service line", async () => {
      const { createServiceOrder } = await import("~/modules/service-orders/mutations.server");
      const { ServiceOrderInputError } = await import("~/modules/service-orders/errors");
      const [customer] = await app.db.select({ id: app.tables.customers.id }).from(app.tables.customers).limit(1);
      const input = (lines: Record<string, string>[]) => ({
        customerId: String(customer!.id),
        deviceType: "phone",
        model: "Moto G52",
        reportedDefect: "Tela quebrada",
        lines,
        warrantyDays: "90",
        idempotencyKey: randomUUID(),
      });
      const created = await createServiceOrder(
        STAFF,
        input([
          { kind: "part", description: "Tela", quantity: "1", unitPrice: "200,00", expectedArrivalDate: addDays(today, 4) },
        ]),
      );
      const stored = await app.lists.orderQueries.getServiceOrder(created.id);
      expect(stored?.lines.map((row) => row.expectedArrivalDate)).toEqual([addDays(today, 4)]);
      await expect(
        createServiceOrder(
          STAFF,
          input([{ kind: "service", description: "Troca", quantity: "1", unitPrice: "80,00", expectedArrivalDate: today }]),
        ),
      ).rejects.toSatisfy(
        (error) =>
          error instanceof ServiceOrderInputError &&
          error.fieldErrors["lines.0.expectedArrivalDate"] === "A previsão de chegada é só para peças.",
      );
    });

    it("keeps a part line's supplier, defaults it to the last entry's, refuses an unknown one and audits a change", async () => {
      const { createServiceOrder, updateServiceOrder } = await import("~/modules/service-orders/mutations.server");
      const { ServiceOrderInputError } = await import("~/modules/service-orders/errors");
      const { lookupProductsForQuote } = await import("~/modules/inventory/order-parts.server");
      const { suppliers, products, stockMovements, auditLog } = app.tables;
      const [customer] = await app.db.select({ id: app.tables.customers.id }).from(app.tables.customers).limit(1);
      const [first, second] = await app.db
        .insert(suppliers)
        .values([{ name: "Fornecedor Antigo" }, { name: "Fornecedor Recente" }])
        .returning({ id: suppliers.id });
      // The product's latest entry naming a supplier decides the default; a newer entry without one does not.
      const [part] = await app.db
        .insert(products)
        .values({ kind: "part", sku: "TEL-SUP", slug: "tel-sup", name: "Tela fornecida", priceCents: 20_000, stockQuantity: 3 })
        .returning({ id: products.id });
      const movement = (supplierId: number | null, at: Date) => ({
        productId: part!.id,
        kind: "entry" as const,
        quantity: 1,
        balanceAfter: 1,
        averageCostAfterCents: 0,
        supplierId,
        actorLabel: STAFF.label,
        createdAt: at,
      });
      await app.db
        .insert(stockMovements)
        .values([movement(first!.id, daysAgo(30)), movement(second!.id, daysAgo(10)), movement(null, daysAgo(1))]);
      const [found] = await lookupProductsForQuote("Tela fornecida");
      expect(found?.supplierId).toBe(second!.id);

      const input = (lines: Record<string, string>[]) => ({
        customerId: String(customer!.id),
        deviceType: "phone",
        model: "Moto G52",
        reportedDefect: "Tela quebrada",
        lines,
        warrantyDays: "90",
        idempotencyKey: randomUUID(),
      });
      const created = await createServiceOrder(STAFF, input([suppliedLine(String(second!.id))]));
      const stored = await app.lists.orderQueries.getServiceOrder(created.id);
      expect(stored?.lines.map((row) => [row.supplierId, row.supplierName])).toEqual([[second!.id, "Fornecedor Recente"]]);

      const refusal = (field: string, message: string) => (error: unknown) =>
        error instanceof ServiceOrderInputError && error.fieldErrors[field] === message;
      await expect(createServiceOrder(STAFF, input([suppliedLine("999999")]))).rejects.toSatisfy(
        refusal("lines.0.supplierId", "Escolha um fornecedor da lista."),
      );
      await expect(createServiceOrder(STAFF, input([suppliedLine(String(first!.id), "service")]))).rejects.toSatisfy(
        refusal("lines.0.supplierId", "O fornecedor é só para peças."),
      );

      const { idempotencyKey: _key, ...edit } = input([suppliedLine(String(first!.id))]);
      await updateServiceOrder(STAFF, created.id, edit);
      const [entry] = await app.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.action, "service-order.update"))
        .orderBy(desc(auditLog.id))
        .limit(1);
      const details = entry?.details as { changed: string[]; before: Record<string, unknown>; after: Record<string, unknown> };
      expect(details.changed).toContain("lineSuppliers");
      expect(details.before.lineSuppliers).toEqual(["Tela: Fornecedor Recente"]);
      expect(details.after.lineSuppliers).toEqual(["Tela: Fornecedor Antigo"]);
    });
  });
}
