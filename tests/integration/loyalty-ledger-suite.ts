import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sameShopMomentYearsLater } from "~/lib/dates";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";
import { insertTestCreditPlan } from "../support/credit-plans";

const STAFF: Actor = { userId: "staff-fidelidade", label: "ana@fidelidade.test", role: "staff" };
const OWNER: Actor = { userId: "owner-fidelidade", label: "bia@fidelidade.test", role: "owner" };

const key = () => randomUUID();

async function loadModules() {
  const [
    client,
    auth,
    customers,
    audit,
    orders,
    register,
    inventory,
    loyalty,
    ledger,
    balance,
    expiry,
    programme,
    orderMutations,
    sales,
    returns,
    entries,
    credit,
    payments,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/customers"),
    import("~/db/schema/audit"),
    import("~/db/schema/service-orders"),
    import("~/db/schema/cash-register"),
    import("~/db/schema/inventory"),
    import("~/db/schema/loyalty"),
    import("~/modules/loyalty/ledger.server"),
    import("~/modules/loyalty/balance.server"),
    import("~/modules/loyalty/expiry-job.server"),
    import("~/modules/loyalty/programme.server"),
    import("~/modules/service-orders/mutations.server"),
    import("~/modules/cash-register/sales.server"),
    import("~/modules/cash-register/returns.server"),
    import("~/modules/cash-register/entries.server"),
    import("~/db/schema/credit"),
    import("~/modules/credit/payments.server"),
  ]);
  return {
    client,
    db: await client.getDb(),
    tables: { ...auth, ...customers, ...audit, ...orders, ...register, ...inventory, ...loyalty, ...credit },
    ledger,
    balance,
    expiry,
    programme,
    orderMutations,
    sales,
    returns,
    entries,
    payments,
  };
}

/**
 * The points ledger against a real database, through the real payment
 * paths: service order payments (and their cancellation), register sales,
 * returns and cancellations, crediário instalments; the referral and the
 * cycle bonus once; the expiry job run twice and after days off.
 */
export function defineLoyaltyLedgerSuite(database: TestDatabase) {
  describeOnDatabase(database, "fidelidade: extrato de pontos", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    let productCounter = 0;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.client.databaseKind()).toBe(database);
      await app.db.insert(app.tables.user).values([
        { id: STAFF.userId!, name: "Ana", email: STAFF.label, role: "staff" },
        { id: OWNER.userId!, name: "Bia", email: OWNER.label, role: "owner" },
      ]);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    async function newCustomer(values: { referredByCustomerId?: number } = {}) {
      const [row] = await app.db
        .insert(app.tables.customers)
        .values({ name: `Cliente ${randomUUID().slice(0, 6)}`, phone: "11987654321", ...values })
        .returning({ id: app.tables.customers.id });
      return row!.id;
    }

    async function newOrder(customerId: number, totalReais: string) {
      return app.orderMutations.createServiceOrder(STAFF, {
        customerId: String(customerId),
        deviceType: "phone",
        brand: "Samsung",
        model: "A52",
        imeiOrSerial: "",
        color: "",
        accessories: "",
        conditionChecklist: [],
        conditionNotes: "",
        unlockKind: "",
        unlockCode: "",
        reportedDefect: "Não liga",
        diagnosis: "",
        technicianUserId: "",
        lines: [{ kind: "service", description: "Troca de tela", quantity: "1", unitPrice: totalReais, productId: "" }],
        discount: "",
        deposit: "",
        depositMethod: "",
        promisedDate: "",
        warrantyDays: "",
        notes: "",
        idempotencyKey: key(),
      });
    }

    const pay = (orderId: number, amount: string, method = "debit") =>
      app.orderMutations.addServiceOrderPayment(STAFF, orderId, { method, amount, paidAt: "", note: "", idempotencyKey: key() });

    async function deliver(orderId: number) {
      await app.db.update(app.tables.serviceOrders).set({ status: "ready" }).where(eq(app.tables.serviceOrders.id, orderId));
      await app.orderMutations.deliverServiceOrder(STAFF, orderId, {
        deliveredTo: "O próprio cliente",
        registerDebt: false,
        note: "",
      });
    }

    async function ledgerOf(customerId: number) {
      const t = app.tables;
      return app.db
        .select({ kind: t.loyaltyEntries.kind, points: t.loyaltyEntries.points, carryCents: t.loyaltyEntries.carryCents })
        .from(t.loyaltyEntries)
        .where(eq(t.loyaltyEntries.customerId, customerId))
        .orderBy(asc(t.loyaltyEntries.id));
    }

    async function pointsOf(customerId: number, at = new Date()) {
      return app.balance.validPointsAt(app.db, customerId, at);
    }

    async function someoneWaitsOnALock() {
      const result = await app.db.execute<{ waiting: number }>(
        sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return (result as unknown as { rows: { waiting: number }[] }).rows[0]!.waiting > 0;
    }

    async function balanceRowOf(customerId: number) {
      const [row] = await app.db
        .select({ points: app.tables.loyaltyBalances.points })
        .from(app.tables.loyaltyBalances)
        .where(eq(app.tables.loyaltyBalances.customerId, customerId));
      return row?.points ?? 0;
    }

    async function createProduct(priceCents: number, kind: "product" | "service" = "product") {
      const n = ++productCounter;
      const [product] = await app.db
        .insert(app.tables.products)
        .values({
          kind,
          sku: `FID-${n}-${randomUUID().slice(0, 6)}`,
          name: `Produto fidelidade ${n}`,
          slug: `produto-fidelidade-${n}-${randomUUID().slice(0, 6)}`,
          priceCents,
          revenueSource: kind === "service" ? "services" : "products",
          stockQuantity: kind === "service" ? 0 : 100,
        })
        .returning({ id: app.tables.products.id });
      return product!.id;
    }

    async function sell(customerId: number, productId: number, quantity: number, amount: string, method = "debit") {
      return app.sales.recordSale(STAFF, {
        idempotencyKey: key(),
        customerId: String(customerId),
        discount: "",
        items: [{ productId: String(productId), unitId: "", quantity: String(quantity), discount: "" }],
        payments: [{ method, amount, tendered: "", instalments: "" }],
      });
    }

    it("earns 10 points per R$ 200,00 paid on an order, cumulatively, the remainder carried to the next payment", async () => {
      const customerId = await newCustomer();
      const order = await newOrder(customerId, "650,00");
      await pay(order.id, "150,00");
      expect(await pointsOf(customerId)).toBe(0);
      await pay(order.id, "100,00");
      expect(await pointsOf(customerId)).toBe(10);
      await pay(order.id, "400,00");
      // R$ 650 paid in all: 30 points, R$ 50 carried.
      expect(await pointsOf(customerId)).toBe(30);
      expect((await ledgerOf(customerId)).map((entry) => [entry.kind, entry.points, entry.carryCents])).toEqual([
        ["earned", 0, 15_000],
        ["earned", 10, 5_000],
        ["earned", 20, 5_000],
      ]);
      // The trigger-kept sum for the staff lists is the ledger's sum.
      expect(await balanceRowOf(customerId)).toBe(30);
    });

    it("a cancelled payment gives back what it earned, once; a cancelled order gives back what its payments earned", async () => {
      const customerId = await newCustomer();
      const order = await newOrder(customerId, "800,00");
      await pay(order.id, "400,00");
      const [entry] = await app.db
        .select({ id: app.tables.registerEntries.id })
        .from(app.tables.registerEntries)
        .innerJoin(
          app.tables.serviceOrderPayments,
          eq(app.tables.serviceOrderPayments.id, app.tables.registerEntries.serviceOrderPaymentId),
        )
        .where(eq(app.tables.serviceOrderPayments.orderId, order.id));
      expect(await pointsOf(customerId)).toBe(20);
      await app.entries.cancelRegisterEntry(STAFF, entry!.id, { reason: "Lançado em dobro" });
      await app.entries.cancelRegisterEntry(STAFF, entry!.id, { reason: "De novo" });
      expect(await pointsOf(customerId)).toBe(0);

      await pay(order.id, "300,00");
      expect(await pointsOf(customerId)).toBe(10);
      await app.client.inTransaction((tx) => app.orderMutations.changeServiceOrderStatusInTx(tx, STAFF, order.id, "cancelled"));
      expect(await pointsOf(customerId)).toBe(0);
      expect((await ledgerOf(customerId)).filter((row) => row.kind === "reversed")).toHaveLength(2);
    });

    it("a sale earns; a refund takes back what the money earned; a cancelled sale gives back the rest; store credit does not earn twice", async () => {
      const customerId = await newCustomer();
      const product = await createProduct(10_000);
      const sale = await sell(customerId, product, 5, "500,00");
      expect(await pointsOf(customerId)).toBe(20); // R$ 500: 20 points, R$ 100 carried
      const [item] = await app.db
        .select({ id: app.tables.saleItems.id })
        .from(app.tables.saleItems)
        .where(eq(app.tables.saleItems.saleId, sale.saleId));
      await app.returns.recordSaleReturn(STAFF, sale.saleId, {
        idempotencyKey: key(),
        settlement: "refund",
        refundMethod: "debit",
        customerId: "",
        reason: "Defeito",
        items: [{ saleItemId: String(item!.id), quantity: "2" }],
      });
      // R$ 300 left paid: 10 points, R$ 100 carried.
      expect(await pointsOf(customerId)).toBe(10);

      const second = await sell(customerId, product, 2, "200,00");
      expect(await pointsOf(customerId)).toBe(20);
      await app.sales.cancelSale(STAFF, second.saleId, { reason: "Cliente desistiu" });
      expect(await pointsOf(customerId)).toBe(10);

      // A return settled in store credit keeps the points, and spending the credit earns nothing.
      await app.returns.recordSaleReturn(STAFF, sale.saleId, {
        idempotencyKey: key(),
        settlement: "store-credit",
        refundMethod: "",
        customerId: String(customerId),
        reason: "Troca",
        items: [{ saleItemId: String(item!.id), quantity: "2" }],
      });
      expect(await pointsOf(customerId)).toBe(10);
      await sell(customerId, product, 2, "200,00", "store-credit");
      expect(await pointsOf(customerId)).toBe(10);
    });

    it("crediário earns as its instalments are paid, partial payments included", async () => {
      const customerId = await newCustomer();
      const order = await newOrder(customerId, "600,00");
      const plan = await insertTestCreditPlan(app.db, {
        customerId,
        origin: { serviceOrderId: order.id },
        financedCents: 60_000,
        instalmentCount: 3,
        monthlyRateBasisPoints: 0,
        contractDate: "2026-11-01",
      });
      const planId = "planId" in plan ? (plan as { planId: number }).planId : (plan as { id: number }).id;
      const payInstalment = (amount: string) =>
        app.client.inTransaction((tx) =>
          app.payments.payCreditPlanInTx(tx, STAFF, planId, { amount, method: "debit", idempotencyKey: key() }),
        );
      await payInstalment("150,00");
      expect(await pointsOf(customerId)).toBe(0);
      await payInstalment("50,00");
      expect(await pointsOf(customerId)).toBe(10);
    });

    it("pays the referrer once, when the referred customer's first service is paid in full", async () => {
      const referrer = await newCustomer();
      const referred = await newCustomer({ referredByCustomerId: referrer });
      const first = await newOrder(referred, "300,00");
      await pay(first.id, "100,00");
      expect((await ledgerOf(referrer)).filter((row) => row.kind === "referral")).toHaveLength(0);
      await pay(first.id, "200,00");
      const second = await newOrder(referred, "100,00");
      await pay(second.id, "100,00");
      expect((await ledgerOf(referrer)).filter((row) => row.kind === "referral")).toEqual([
        { kind: "referral", points: 100, carryCents: null },
      ]);
      expect(await pointsOf(referrer)).toBe(100);
    });

    it("gives the cycle bonus at the third paid repair delivered in the cycle, once", async () => {
      const customerId = await newCustomer();
      for (let n = 1; n <= 4; n++) {
        const order = await newOrder(customerId, "50,00");
        await pay(order.id, "50,00");
        await deliver(order.id);
        const bonuses = (await ledgerOf(customerId)).filter((row) => row.kind === "cycle-bonus");
        expect(bonuses).toHaveLength(n >= 3 ? 1 : 0);
      }
      // 4 × R$ 50 = R$ 200: 10 points, plus the bonus.
      expect(await pointsOf(customerId)).toBe(110);
    });

    it("expires points a year old, oldest first, once when run twice and once after days off; the level drops with them", async () => {
      const customerId = await newCustomer();
      const t = app.tables;
      const lot = (points: number, occurredAt: string) => ({
        customerId,
        kind: "adjustment" as const,
        points,
        reason: "Teste",
        occurredAt: new Date(occurredAt),
        expiresAt: sameShopMomentYearsLater(new Date(occurredAt), 1),
        actorLabel: OWNER.label,
      });
      await app.db.insert(t.loyaltyEntries).values([lot(400, "2025-01-10T15:00:00Z"), lot(300, "2025-03-10T15:00:00Z")]);
      // A reversal of 100 took from the oldest lot.
      await app.db.insert(t.loyaltyEntries).values({
        customerId,
        kind: "reversed",
        points: -100,
        occurredAt: new Date("2025-02-01T15:00:00Z"),
        actorLabel: STAFF.label,
      });
      expect((await app.programme.loyaltyStanding(app.db, customerId, "2026-01-09")).level?.name).toBe("Bronze");
      // One second before the first lot's year ends, nothing has expired.
      await app.expiry.runLoyaltyExpiry(new Date("2026-01-10T14:59:59Z"));
      expect(await pointsOf(customerId, new Date("2026-01-10T14:59:59Z"))).toBe(600);
      // Off from January to late March: one run writes both lots' expiry, a second writes nothing.
      const late = new Date("2026-03-20T12:00:00Z");
      expect(await pointsOf(customerId, late)).toBe(0);
      await app.expiry.runLoyaltyExpiry(late);
      await app.expiry.runLoyaltyExpiry(late);
      const expired = (await ledgerOf(customerId)).filter((row) => row.kind === "expired");
      expect(expired).toEqual([{ kind: "expired", points: -600, carryCents: null }]);
      expect(await balanceRowOf(customerId)).toBe(0);
      expect(await app.programme.loyaltyStanding(app.db, customerId, "2026-03-20")).toMatchObject({ points: 0, level: null });
    });

    it("runs the expiry job once when two instances start it together", async () => {
      const customerId = await newCustomer();
      await app.db.insert(app.tables.loyaltyEntries).values({
        customerId,
        kind: "adjustment",
        points: 50,
        reason: "Teste",
        occurredAt: new Date("2024-05-01T12:00:00Z"),
        expiresAt: new Date("2025-05-01T12:00:00Z"),
        actorLabel: OWNER.label,
      });
      const at = new Date("2025-06-01T12:00:00Z");
      await Promise.all([app.expiry.runLoyaltyExpiry(at), app.expiry.runLoyaltyExpiry(at)]);
      const expired = await app.db
        .select({ points: app.tables.loyaltyEntries.points })
        .from(app.tables.loyaltyEntries)
        .where(and(eq(app.tables.loyaltyEntries.customerId, customerId), eq(app.tables.loyaltyEntries.kind, "expired")));
      expect(expired).toEqual([{ points: -50 }]);
    });

    it.runIf(database === "postgres")(
      "the expiry job leaves a customer whose ledger a payment is writing to that payment, and expires them once",
      async () => {
        const customerId = await newCustomer();
        await app.db.insert(app.tables.loyaltyEntries).values({
          customerId,
          kind: "adjustment",
          points: 50,
          reason: "Teste",
          occurredAt: new Date("2024-07-01T12:00:00Z"),
          expiresAt: new Date("2025-07-01T12:00:00Z"),
          actorLabel: OWNER.label,
        });
        const at = new Date("2025-08-01T12:00:00Z");
        // A refund's reversal holds the customer's ledger: it writes their lapsed points off first, and is not committed yet.
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let writing!: () => void;
        const isWriting = new Promise<void>((resolve) => (writing = resolve));
        const payment = app.client.inTransaction(async (tx) => {
          await app.ledger.adjustPointsInTx(tx, OWNER, { customerId, points: -10, reason: "Estorno" }, at);
          writing();
          await released;
        });
        await isWriting;
        // The job either finishes without that customer, or (as it did) queues behind the payment's write to their balance.
        const jobState = { isDone: false };
        const job = app.expiry.runLoyaltyExpiry(at).finally(() => (jobState.isDone = true));
        while (!jobState.isDone && !(await someoneWaitsOnALock())) await new Promise((resolve) => setTimeout(resolve, 20));
        release();
        await Promise.all([payment, job]);
        await app.expiry.runLoyaltyExpiry(at);
        expect((await ledgerOf(customerId)).filter((row) => row.kind === "expired")).toEqual([
          { kind: "expired", points: -50, carryCents: null },
        ]);
        expect(await balanceRowOf(customerId)).toBe(0);
      },
    );

    it("removing the demo data takes a demo customer's points with it (the ledger points at its orders)", async () => {
      const demo = await import("~/modules/demo/remove-demo-data.server");
      const customerId = await newCustomer();
      const order = await newOrder(customerId, "400,00");
      await pay(order.id, "400,00");
      await app.db.update(app.tables.customers).set({ isDemo: true }).where(eq(app.tables.customers.id, customerId));
      await app.db.update(app.tables.serviceOrders).set({ isDemo: true }).where(eq(app.tables.serviceOrders.id, order.id));
      expect(await pointsOf(customerId)).toBe(20);
      await app.client.inTransaction((tx) => demo.removeDemoDataInTx(tx, OWNER));
      expect(await ledgerOf(customerId)).toEqual([]);
      expect(await balanceRowOf(customerId)).toBe(0);
    });

    it("a manual adjustment is the owner's, with a reason, audited, and never takes the balance below zero", async () => {
      const customerId = await newCustomer();
      const adjust = (actor: Actor, points: string, reason: string, idempotencyKey = key()) =>
        app.ledger.adjustPoints(actor, customerId, { points, reason, idempotencyKey });
      await expect(adjust(STAFF, "50", "Cortesia")).rejects.toThrow("Só o proprietário ajusta pontos.");
      await expect(adjust(OWNER, "50", "")).rejects.toThrow("Informe o motivo do ajuste.");
      await expect(adjust(OWNER, "1.5", "Cortesia")).rejects.toThrow("número inteiro");
      // The same form sent twice (a double click) adjusts once.
      const once = key();
      await adjust(OWNER, "50", "Cortesia pela demora", once);
      await adjust(OWNER, "50", "Cortesia pela demora", once);
      expect(await pointsOf(customerId)).toBe(50);
      await adjust(OWNER, "-80", "Lançado a mais");
      expect(await pointsOf(customerId)).toBe(0);
      const audits = await app.db
        .select({ action: app.tables.auditLog.action, actorLabel: app.tables.auditLog.actorLabel })
        .from(app.tables.auditLog)
        .where(and(eq(app.tables.auditLog.entity, "loyalty"), eq(app.tables.auditLog.entityId, String(customerId))));
      expect(audits).toEqual([
        { action: "loyalty.adjust", actorLabel: OWNER.label },
        { action: "loyalty.adjust", actorLabel: OWNER.label },
      ]);
    });
  });
}
