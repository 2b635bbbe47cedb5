import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import * as fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const STAFF: Actor = { userId: "staff-ana", label: "ana@loja.test", role: "staff" };
const OWNER: Actor = { userId: "owner-bia", label: "bia@loja.test", role: "owner" };
const CUSTOMER: Actor = { userId: "customer-caio", label: "caio@cliente.test", role: "customer" };
const PUBLIC: Actor = { userId: null, label: "Cliente (consulta online)", role: "public" };
const VALID_IMEI = "490154203237518";

/** A status counter's key: status and technician ("" for none), as the counters table stores it. */
const counterKey = (status: string, technician: string | null) => `${status}/${technician ?? ""}`;

async function loadModules() {
  const [db, auth, accounts, customers, orders, audit, idempotency, mutations, queries, errors, baseErrors, cashRegister] =
    await Promise.all([
      import("~/db/client.server"),
      import("~/db/schema/auth"),
      import("~/db/schema/accounts"),
      import("~/db/schema/customers"),
      import("~/db/schema/service-orders"),
      import("~/db/schema/audit"),
      import("~/db/schema/idempotency"),
      import("~/modules/service-orders/mutations.server"),
      import("~/modules/service-orders/queries.server"),
      import("~/modules/service-orders/errors"),
      import("~/lib/errors"),
      import("~/modules/cash-register/sessions.server"),
    ]);
  const [shopSettingsSchema, shopSettings, demoSettings] = await Promise.all([
    import("~/db/schema/shop-settings"),
    import("~/modules/shop-settings/queries.server"),
    import("~/modules/shop-settings/demo-settings"),
  ]);
  return {
    db: await db.getDb(),
    kind: db.databaseKind(),
    database: db,
    tables: { ...auth, ...accounts, ...customers, ...orders, ...audit, ...idempotency, ...shopSettingsSchema },
    shopSettings,
    demoSettings,
    mutations,
    queries,
    errors,
    baseErrors,
    cashRegister,
  };
}

type Modules = Awaited<ReturnType<typeof loadModules>>;

/**
 * Service orders against a real database: the whole life of an order,
 * refusals that write nothing, actors who may not act, the unlock code's
 * secrecy, the counters and the search box. Each *.test.ts runs it for one database.
 */
export function defineServiceOrdersSuite(database: TestDatabase) {
  describeOnDatabase(database, "ordens de serviço", () => {
    let app: Modules;
    let dropDatabase: (() => Promise<void>) | undefined;
    let customerId: number;
    let otherCustomerId: number;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.kind).toBe(database);
      const { user, customers } = app.tables;
      await app.db.insert(user).values([
        { id: STAFF.userId!, name: "Ana Técnica", email: STAFF.label, role: "staff" },
        { id: OWNER.userId!, name: "Bia Dona", email: OWNER.label, role: "owner" },
        { id: CUSTOMER.userId!, name: "Caio Cliente", email: CUSTOMER.label, role: "customer" },
      ]);
      const [first, second] = await app.db
        .insert(customers)
        .values([
          { name: "Maria Aparecida Souza", phone: "11987654321", document: "52998224725" },
          { name: "José Pereira Lima", phone: "21912345678" },
        ])
        .returning({ id: customers.id });
      customerId = first!.id;
      otherCustomerId = second!.id;
      // Cash payments land in the open register (cash-register suite): one is open for the whole suite.
      await app.cashRegister.openCashRegister(STAFF, { openingFloat: "100,00", idempotencyKey: randomUUID() });
      // PIX is taken only to the shop's own key (never the demo's): the shop has one.
      await app.shopSettings.getShopSettings();
      await app.db.update(app.tables.shopSettings).set({ pixKey: "pix@loja-de-teste.com.br", pixKeyType: "email" });
    });

    it("refuses a PIX payment on an order while the shop's key is the demo's, with the register's message, writing nothing", async () => {
      const order = await app.mutations.createServiceOrder(STAFF, orderInput());
      await app.db
        .update(app.tables.shopSettings)
        .set({ pixKey: app.demoSettings.DEMO_SHOP_SETTINGS.pixKey, pixKeyType: app.demoSettings.DEMO_SHOP_SETTINGS.pixKeyType });
      try {
        const before = await app.db.select().from(app.tables.serviceOrderPayments);
        await expect(
          app.mutations.addServiceOrderPayment(STAFF, order.id, {
            method: "pix",
            amount: "10,00",
            paidAt: "",
            note: "",
            idempotencyKey: randomUUID(),
          }),
        ).rejects.toMatchObject({ fieldErrors: { form: "PIX indisponível: cadastre a chave PIX da loja em Configurações." } });
        expect(await app.db.select().from(app.tables.serviceOrderPayments)).toEqual(before);
        // Card and cash are not concerned.
        await app.mutations.addServiceOrderPayment(STAFF, order.id, {
          method: "debit",
          amount: "10,00",
          paidAt: "",
          note: "",
          idempotencyKey: randomUUID(),
        });
      } finally {
        await app.db.update(app.tables.shopSettings).set({ pixKey: "pix@loja-de-teste.com.br", pixKeyType: "email" });
      }
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    function orderInput(overrides: Record<string, unknown> = {}) {
      return {
        customerId: String(customerId),
        deviceType: "phone",
        brand: "Apple",
        model: "iPhone 11",
        imeiOrSerial: "49-015420-323751-8",
        color: "Preto",
        accessories: "Capinha",
        conditionChecklist: ["turns-on", "screen-cracked"],
        conditionNotes: "",
        unlockKind: "pattern",
        unlockCode: "1-5-9-6",
        reportedDefect: "Tela quebrada após queda",
        diagnosis: "",
        technicianUserId: STAFF.userId,
        lines: [
          { kind: "part", description: "Tela original", quantity: "1", unitPrice: "450,00", productId: "" },
          { kind: "service", description: "Mão de obra", quantity: "1", unitPrice: "100", productId: "" },
        ],
        discount: "50,00",
        deposit: "100,00",
        depositMethod: "pix",
        promisedDate: "",
        warrantyDays: "",
        notes: "",
        // Each call is a new rendering of the form; a test repeating a submission passes the same key.
        idempotencyKey: randomUUID(),
        ...overrides,
      };
    }

    /** Rows of every table a service-order function writes: a refusal must leave them all as they were. */
    async function snapshot() {
      const {
        serviceOrders,
        serviceOrderLines,
        serviceOrderPayments,
        serviceOrderStatusEvents,
        auditLog,
        serviceOrderStatusCounts,
        idempotencyKeys,
      } = app.tables;
      const counted = async (
        table:
          | typeof serviceOrders
          | typeof serviceOrderLines
          | typeof serviceOrderPayments
          | typeof serviceOrderStatusEvents
          | typeof auditLog
          | typeof idempotencyKeys,
      ) => Number((await app.db.select({ total: count() }).from(table))[0]!.total);
      return {
        orders: await counted(serviceOrders),
        lines: await counted(serviceOrderLines),
        payments: await counted(serviceOrderPayments),
        events: await counted(serviceOrderStatusEvents),
        audit: await counted(auditLog),
        idempotencyKeys: await counted(idempotencyKeys),
        orderRows: await app.db.select().from(serviceOrders).orderBy(serviceOrders.id),
        counters: await app.db
          .select()
          .from(serviceOrderStatusCounts)
          // Both key columns: rows tied on status come back in whatever order PostgreSQL stored their last update.
          .orderBy(serviceOrderStatusCounts.status, serviceOrderStatusCounts.technicianUserId),
      };
    }

    async function auditOf(orderId: number) {
      const { auditLog } = app.tables;
      return app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "service_order"), eq(auditLog.entityId, String(orderId))))
        .orderBy(auditLog.id);
    }

    async function orderRow(orderId: number) {
      const [row] = await app.db.select().from(app.tables.serviceOrders).where(eq(app.tables.serviceOrders.id, orderId));
      return row!;
    }

    it("opens an order: tracking code, totals, deposit, first timeline entry, encrypted unlock code, audit", async () => {
      const created = await app.mutations.createServiceOrder(STAFF, orderInput());
      expect(created.trackingCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);

      const row = await orderRow(created.id);
      expect(row).toMatchObject({
        status: "received",
        imeiOrSerial: VALID_IMEI,
        linesTotalCents: 55_000,
        discountCents: 5_000,
        paidCents: 10_000,
        warrantyDays: 90,
        unlockKind: "pattern",
        createdByUserId: STAFF.userId,
        technicianUserId: STAFF.userId,
      });
      expect(row.unlockSecret).toMatch(/^v1:/);
      expect(row.unlockSecret).not.toContain("1596");

      const detail = await app.queries.getServiceOrder(created.id);
      expect(detail).toMatchObject({ balanceCents: 40_000, hasUnlockCode: true, technicianName: "Ana Técnica" });
      expect(detail).not.toHaveProperty("unlockSecret");
      expect(detail!.lines.map((line) => line.description)).toEqual(["Tela original", "Mão de obra"]);
      expect(detail!.payments).toMatchObject([{ method: "pix", amountCents: 10_000, isDeposit: true }]);
      // The timeline names the person (their account's name), not the e-mail the change was recorded under.
      expect(detail!.events).toMatchObject([{ fromStatus: null, toStatus: "received", actorLabel: "Ana Técnica" }]);

      const audit = await auditOf(created.id);
      expect(audit.map((entry) => entry.action)).toEqual(["service-order.create"]);
      expect(JSON.stringify(audit)).not.toContain("1596");
    });

    it("reads an order's lines, payments and timeline in order, with dates as dates, in the one query its page makes", async () => {
      const { id } = await app.mutations.createServiceOrder(STAFF, orderInput());
      await app.mutations.addServiceOrderPayment(STAFF, id, {
        method: "cash",
        amount: "50,00",
        paidAt: "",
        note: "Segundo sinal",
        idempotencyKey: randomUUID(),
      });
      await app.mutations.changeServiceOrderStatus(STAFF, id, "diagnosing", "Abrindo o aparelho");
      const detail = (await app.queries.getServiceOrder(id))!;

      expect(detail.lines).toEqual([
        expect.objectContaining({ kind: "part", description: "Tela original", quantity: 1, unitPriceCents: 45_000 }),
        expect.objectContaining({ kind: "service", description: "Mão de obra", quantity: 1, unitPriceCents: 10_000 }),
      ]);
      expect(detail.lines[0]).toMatchObject({
        productId: null,
        productUnitId: null,
        stockState: "none",
        expectedArrivalDate: null,
        supplierId: null,
        supplierName: null,
        productName: null,
        productSku: null,
        unitSerial: null,
      });
      expect(detail.payments).toMatchObject([
        { method: "pix", amountCents: 10_000, isDeposit: true, cancelReason: null },
        { method: "cash", amountCents: 5_000, isDeposit: false, note: "Segundo sinal", cancelReason: null },
      ]);
      expect(detail.events).toMatchObject([
        { fromStatus: null, toStatus: "received", actorLabel: "Ana Técnica" },
        { fromStatus: "received", toStatus: "diagnosing", note: "Abrindo o aparelho", actorLabel: "Ana Técnica" },
      ]);
      // The same instants the rows hold, as Date objects (the page formats them; JSON would hand back text).
      const storedPayments = await app.db
        .select({ paidAt: app.tables.serviceOrderPayments.paidAt })
        .from(app.tables.serviceOrderPayments)
        .where(eq(app.tables.serviceOrderPayments.orderId, id))
        .orderBy(app.tables.serviceOrderPayments.id);
      const storedEvents = await app.db
        .select({ createdAt: app.tables.serviceOrderStatusEvents.createdAt })
        .from(app.tables.serviceOrderStatusEvents)
        .where(eq(app.tables.serviceOrderStatusEvents.orderId, id))
        .orderBy(app.tables.serviceOrderStatusEvents.id);
      expect(detail.payments.map((payment) => payment.paidAt)).toEqual(storedPayments.map((row) => row.paidAt));
      expect(detail.events.map((event) => event.createdAt)).toEqual(storedEvents.map((row) => row.createdAt));
      for (const payment of detail.payments) expect(payment.paidAt).toBeInstanceOf(Date);
      for (const event of detail.events) expect(event.createdAt).toBeInstanceOf(Date);
    });

    it("reads each order on its page as readServiceOrder does, its statement built once and run for every order", async () => {
      // Orders that differ in every part the page reads: customer, technician, lines, payments, timeline, status.
      const first = await app.mutations.createServiceOrder(STAFF, orderInput());
      const second = await app.mutations.createServiceOrder(
        STAFF,
        orderInput({
          customerId: String(otherCustomerId),
          technicianUserId: "",
          deposit: "",
          discount: "",
          lines: [{ kind: "service", description: "Troca de bateria", quantity: "2", unitPrice: "80,00", productId: "" }],
        }),
      );
      await app.mutations.addServiceOrderPayment(STAFF, second.id, {
        method: "cash",
        amount: "20,00",
        paidAt: "",
        note: "Adiantamento",
        idempotencyKey: randomUUID(),
      });
      await app.mutations.changeServiceOrderStatus(OWNER, second.id, "diagnosing", "Abrindo");
      const ids = [first.id, second.id, 99_999_999];
      // Past five runs a kept statement may take one plan for any order number: each order is still its own.
      for (let round = 0; round < 4; round++) {
        for (const id of ids)
          expect(await app.queries.getServiceOrder(id)).toEqual(await app.queries.readServiceOrder(app.db, id));
      }
      expect((await app.queries.getServiceOrder(second.id))!.customerId).toBe(otherCustomerId);
      expect(await app.queries.getServiceOrder(99_999_999)).toBeNull();
      // A change shows at once on the next read.
      await app.mutations.changeServiceOrderStatus(STAFF, first.id, "diagnosing", "");
      const changed = (await app.queries.getServiceOrder(first.id))!;
      expect(changed.status).toBe("diagnosing");
      expect(changed).toEqual(await app.queries.readServiceOrder(app.db, first.id));
    });

    it("moves an order through its life, records each step, and delivers it with the balance as a debt", async () => {
      const { id } = await app.mutations.createServiceOrder(STAFF, orderInput());
      for (const to of ["diagnosing", "awaiting_approval", "approved", "repairing", "ready"] as const) {
        await app.mutations.changeServiceOrderStatus(STAFF, id, to, to === "approved" ? "Cliente aprovou por telefone" : "");
      }
      const moved = await orderRow(id);
      expect(moved.status).toBe("ready");
      expect(moved.quoteDecidedAt).not.toBeNull();
      const detail = await app.queries.getServiceOrder(id);
      expect(detail!.events.map((event) => event.toStatus)).toEqual([
        "received",
        "diagnosing",
        "awaiting_approval",
        "approved",
        "repairing",
        "ready",
      ]);
      expect(detail!.events[3]).toMatchObject({ fromStatus: "awaiting_approval", note: "Cliente aprovou por telefone" });

      // Payment, then the same form submitted again: recorded once.
      const key = "pagamento-teste-0001";
      const first = await app.mutations.addServiceOrderPayment(STAFF, id, {
        method: "cash",
        amount: "150,00",
        paidAt: "",
        note: "",
        idempotencyKey: key,
      });
      const repeat = await app.mutations.addServiceOrderPayment(STAFF, id, {
        method: "cash",
        amount: "150,00",
        paidAt: "",
        note: "",
        idempotencyKey: key,
      });
      expect(first.isReplay).toBe(false);
      expect(repeat).toEqual({ ...first, isReplay: true });
      expect((await orderRow(id)).paidCents).toBe(25_000);
      expect((await app.queries.getServiceOrder(id))!.payments).toHaveLength(2);

      // Balance left (R$ 250,00) without the debt confirmation: refused, nothing written.
      const before = await snapshot();
      await expect(
        app.mutations.deliverServiceOrder(STAFF, id, { deliveredTo: "Maria", registerDebt: false }),
      ).rejects.toMatchObject({
        name: "ServiceOrderRuleError",
        fieldErrors: { registerDebt: expect.stringMatching(/R\$\s250,00/) },
      });
      expect(await snapshot()).toEqual(before);

      const delivered = await app.mutations.deliverServiceOrder(STAFF, id, {
        deliveredTo: "Maria Aparecida Souza",
        registerDebt: true,
      });
      expect(delivered.owedCents).toBe(25_000);
      const row = await orderRow(id);
      expect(row).toMatchObject({
        status: "delivered",
        deliveredTo: "Maria Aparecida Souza",
        owedAtDeliveryCents: 25_000,
        unlockKind: null,
        unlockSecret: null,
      });
      expect(row.deliveredAt).not.toBeNull();
      expect(await app.mutations.revealUnlockCode(STAFF, id)).toBeNull();
      const actions = (await auditOf(id)).map((entry) => entry.action);
      expect(actions.filter((action) => action === "service-order.status.change")).toHaveLength(6);
      expect(actions).toContain("service-order.payment.add");
      expect(actions).toContain("service-order.deliver");

      // A delivered order is history: no edit, no move; a payment of the debt is still taken.
      await expect(app.mutations.updateServiceOrder(STAFF, id, orderInput())).rejects.toBeInstanceOf(
        app.errors.ServiceOrderInputError,
      );
      await expect(app.mutations.changeServiceOrderStatus(STAFF, id, "repairing")).rejects.toBeInstanceOf(
        app.errors.ServiceOrderStatusMoveError,
      );
      await app.mutations.addServiceOrderPayment(STAFF, id, {
        method: "pix",
        amount: "250,00",
        paidAt: "",
        note: "",
        idempotencyKey: "quitacao-0001",
      });
      expect((await app.queries.getServiceOrder(id))!.balanceCents).toBe(0);
    });

    it("keeps a cancelled order as it was: no edit, no move, no delivery, nothing written", async () => {
      const { id } = await app.mutations.createServiceOrder(STAFF, orderInput({ deposit: "", depositMethod: "" }));
      await app.mutations.changeServiceOrderStatus(STAFF, id, "cancelled", "Cliente desistiu");
      const before = await snapshot();
      await expect(
        app.mutations.updateServiceOrder(STAFF, id, orderInput({ model: "Outro modelo", deposit: "", depositMethod: "" })),
      ).rejects.toMatchObject({ fieldErrors: { form: "Uma OS entregue ou cancelada não pode mais ser alterada." } });
      for (const to of ["received", "diagnosing", "repairing", "ready", "not_repairable"] as const) {
        await expect(app.mutations.changeServiceOrderStatus(STAFF, id, to)).rejects.toBeInstanceOf(
          app.errors.ServiceOrderStatusMoveError,
        );
      }
      await expect(
        app.mutations.deliverServiceOrder(STAFF, id, { deliveredTo: "Maria", registerDebt: true }),
      ).rejects.toBeInstanceOf(app.errors.ServiceOrderStatusMoveError);
      expect(await snapshot()).toEqual(before);
      expect((await orderRow(id)).model).toBe("iPhone 11");
    });

    it("refuses moves the state machine does not allow, and writes nothing", async () => {
      const { id } = await app.mutations.createServiceOrder(STAFF, orderInput());
      const before = await snapshot();
      for (const to of ["ready", "approved", "repairing", "awaiting_approval", "received"] as const) {
        await expect(app.mutations.changeServiceOrderStatus(STAFF, id, to)).rejects.toBeInstanceOf(
          app.errors.ServiceOrderStatusMoveError,
        );
      }
      // Delivery is never a plain move, even where the machine allows it.
      await expect(app.mutations.changeServiceOrderStatus(STAFF, id, "delivered")).rejects.toThrow(/formulário de entrega/);
      await expect(
        app.mutations.deliverServiceOrder(STAFF, id, { deliveredTo: "Maria", registerDebt: true }),
      ).rejects.toBeInstanceOf(app.errors.ServiceOrderStatusMoveError);
      await expect(app.mutations.changeServiceOrderStatus(STAFF, 999_999, "diagnosing")).rejects.toBeInstanceOf(
        app.errors.ServiceOrderNotFoundError,
      );
      expect(await snapshot()).toEqual(before);
    });

    it("lets /consultar's public actor decide a quote through moveServiceOrderStatus, and nothing else", async () => {
      const { id } = await app.mutations.createServiceOrder(STAFF, orderInput());
      await app.mutations.changeServiceOrderStatus(STAFF, id, "diagnosing");
      await app.mutations.changeServiceOrderStatus(STAFF, id, "awaiting_approval");
      await app.db.transaction(async (tx) => {
        // Inside a transaction only `tx` may be used (PGlite would wait forever for the outer connection).
        const [order] = await tx.select().from(app.tables.serviceOrders).where(eq(app.tables.serviceOrders.id, id));
        await app.mutations.moveServiceOrderStatus(tx, { order: order!, to: "approved", actor: PUBLIC });
      });
      const detail = await app.queries.getServiceOrder(id);
      expect(detail!.status).toBe("approved");
      expect(detail!.events.at(-1)).toMatchObject({ toStatus: "approved", actorLabel: "Cliente (consulta online)" });
      expect((await auditOf(id)).at(-1)).toMatchObject({ actorUserId: null, actorLabel: "Cliente (consulta online)" });
    });

    it("records one payment and one move when the same request arrives twice at once", async () => {
      const { id } = await app.mutations.createServiceOrder(STAFF, orderInput({ deposit: "" }));
      const payment = { method: "pix", amount: "120,00", paidAt: "", note: "", idempotencyKey: "duplo-clique-0001" };
      const results = await Promise.all([
        app.mutations.addServiceOrderPayment(STAFF, id, payment),
        app.mutations.addServiceOrderPayment(STAFF, id, payment),
      ]);
      expect(results.map((result) => result.isReplay).sort()).toEqual([false, true]);
      expect((await orderRow(id)).paidCents).toBe(12_000);

      const moves = await Promise.allSettled([
        app.mutations.changeServiceOrderStatus(STAFF, id, "diagnosing"),
        app.mutations.changeServiceOrderStatus(STAFF, id, "diagnosing"),
      ]);
      expect(moves.map((move) => move.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = moves.find((move) => move.status === "rejected");
      expect(refused?.status === "rejected" ? refused.reason : null).toBeInstanceOf(app.errors.ServiceOrderStatusMoveError);
      expect((await app.queries.getServiceOrder(id))!.events.map((event) => event.toStatus)).toEqual(["received", "diagnosing"]);
    });

    it("offers the order form's team, suppliers and register in one query, as their own modules list them", async () => {
      const [{ supplierOptions, SUPPLIER_OPTIONS_LIMIT }, { isRegisterOpen }, { suppliers }] = await Promise.all([
        import("~/modules/finance/suppliers.server"),
        import("~/modules/cash-register/queries.server"),
        import("~/db/schema/suppliers"),
      ]);
      await app.db
        .insert(suppliers)
        .values([{ name: "beta Peças" }, { name: "Alfa Telas" }, { name: "alfa Baterias" }, { name: "Zeta Conectores" }]);
      const options = await app.queries.getOrderFormOptions({ supplierLimit: SUPPLIER_OPTIONS_LIMIT });
      expect(options.technicians.length).toBeGreaterThan(0);
      expect(options.technicians).toEqual(await app.queries.listTechnicians());
      expect(options.suppliers.length).toBeGreaterThanOrEqual(4);
      expect(options.suppliers).toEqual(await supplierOptions());
      const firstTwo = await app.queries.getOrderFormOptions({ supplierLimit: 2 });
      expect(firstTwo.suppliers).toEqual(options.suppliers.slice(0, 2));
      expect(options.registerOpen).toBe(await isRegisterOpen());
      expect(typeof options.registerOpen).toBe("boolean");
    });

    it("refuses every staff function to a customer and to the public, writing nothing", async () => {
      const { id } = await app.mutations.createServiceOrder(STAFF, orderInput());
      const before = await snapshot();
      for (const actor of [CUSTOMER, PUBLIC]) {
        const calls = [
          () => app.mutations.createServiceOrder(actor, orderInput()),
          () => app.mutations.updateServiceOrder(actor, id, orderInput()),
          () => app.mutations.changeServiceOrderStatus(actor, id, "diagnosing"),
          () =>
            app.mutations.addServiceOrderPayment(actor, id, {
              method: "cash",
              amount: "10",
              paidAt: "",
              note: "",
              idempotencyKey: "nao-pode-0001",
            }),
          () => app.mutations.deliverServiceOrder(actor, id, { deliveredTo: "Alguém", registerDebt: true }),
          () => app.mutations.revealUnlockCode(actor, id),
        ];
        for (const call of calls) await expect(call()).rejects.toBeInstanceOf(app.baseErrors.ForbiddenError);
      }
      expect(await snapshot()).toEqual(before);
    });

    it("reveals the unlock code only on demand, recording each view without the code", async () => {
      const { id } = await app.mutations.createServiceOrder(
        OWNER,
        orderInput({ unlockKind: "password", unlockCode: "Gato#2024" }),
      );
      expect(await app.mutations.revealUnlockCode(STAFF, id)).toEqual({ kind: "password", code: "Gato#2024" });
      await app.mutations.revealUnlockCode(OWNER, id);
      const views = (await auditOf(id)).filter((entry) => entry.action === "service-order.unlock-code.view");
      expect(views.map((entry) => entry.actorLabel)).toEqual([STAFF.label, OWNER.label]);
      const { auditLog } = app.tables;
      const everyAudit = await app.db.select().from(auditLog);
      expect(JSON.stringify(everyAudit)).not.toContain("Gato#2024");
      const list = await app.queries.listServiceOrders({});
      expect(JSON.stringify(list)).not.toContain("v1:");
      expect(JSON.stringify(await app.queries.searchServiceOrders(String(id)))).not.toContain("v1:");
      expect(JSON.stringify(await app.queries.getServiceOrder(id))).not.toContain("v1:");
    });

    it("lists the team with the names and the state personNameSql and isDeactivatedSql give them", async () => {
      const { user, profiles } = app.tables;
      const { personNameSql, isDeactivatedSql } = await import("~/modules/accounts/person-name.server");
      const people = [
        { id: "equipe-perfil", name: "Nome da Conta", email: "perfil@loja.test", fullName: "  Nome do Perfil " },
        { id: "equipe-perfil-vazio", name: " Conta Só ", email: "conta@loja.test", fullName: "   " },
        { id: "equipe-sem-nome", name: "", email: "sem-nome@loja.test", fullName: "" },
        { id: "equipe-sem-perfil", name: "Sem Perfil", email: "sem-perfil@loja.test", fullName: null },
        { id: "equipe-desativada", name: "Dona Saiu", email: "saiu@loja.test", fullName: "Dona Saiu", deactivated: true },
      ];
      await app.db
        .insert(user)
        .values(people.map(({ id, name, email }, index) => ({ id, name, email, role: index % 2 ? "owner" : "staff" })));
      await app.db
        .insert(user)
        .values({ id: "cliente-fora", name: "Cliente", email: "cliente-fora@cliente.test", role: "customer" });
      await app.db
        .insert(profiles)
        .values(
          people.flatMap(({ id, email, fullName, deactivated }) =>
            fullName === null ? [] : [{ userId: id, email, fullName, deactivatedAt: deactivated ? new Date() : null }],
          ),
        );
      // The query the list replaced: a subquery a person for the name and one for the deactivation.
      const name = personNameSql(user.id, user.email);
      const expected = await app.db
        .select({ id: user.id, name, email: user.email, isActive: sql<boolean>`not ${isDeactivatedSql(user.id)}` })
        .from(user)
        .where(sql`${user.role} in ('owner', 'staff')`);
      const listed = await app.queries.listTechnicians();
      expect(listed).toHaveLength(expected.length);
      expect(listed).toEqual(expect.arrayContaining(expected));
      expect(listed.find(({ id }) => id === "equipe-perfil")?.name).toBe("Nome do Perfil");
      expect(listed.find(({ id }) => id === "equipe-perfil-vazio")?.name).toBe("Conta Só");
      expect(listed.find(({ id }) => id === "equipe-sem-nome")?.name).toBe("sem-nome@loja.test");
      expect(listed.find(({ id }) => id === "equipe-desativada")?.isActive).toBe(false);
      expect(listed.some(({ id }) => id === "cliente-fora")).toBe(false);
      // By name, as the select shows them.
      const names = listed.map((person) => person.name);
      expect(names).toEqual(
        (
          await app.db
            .select({ name })
            .from(user)
            .where(sql`${user.role} in ('owner', 'staff')`)
            .orderBy(name)
        ).map((row) => row.name),
      );
      const options = await app.queries.getOrderFormOptions({ supplierLimit: 10 });
      expect(options.technicians).toEqual(listed);
    });

    it("names an order's technician, author and timeline by profile, account and recorded label", async () => {
      const { user, profiles, serviceOrders, serviceOrderStatusEvents } = app.tables;
      const { personNameSql } = await import("~/modules/accounts/person-name.server");
      await app.db.insert(user).values([
        { id: "tecnico-conta", name: " Téo da Conta ", email: "teo-da-conta@loja.test", role: "staff" },
        { id: "atendente-paula", name: "Conta Antiga", email: "paula-perfil@loja.test", role: "staff" },
      ]);
      await app.db.insert(profiles).values([
        { userId: "tecnico-conta", email: "teo-da-conta@loja.test", fullName: "  " },
        { userId: "atendente-paula", email: "paula-perfil@loja.test", fullName: "Paula do Perfil" },
      ]);
      const { id } = await app.mutations.createServiceOrder(
        STAFF,
        orderInput({ technicianUserId: "tecnico-conta", deposit: "" }),
      );
      await app.db.insert(serviceOrderStatusEvents).values([
        {
          orderId: id,
          fromStatus: "received",
          toStatus: "diagnosing",
          actorUserId: "atendente-paula",
          actorLabel: "paula-perfil@loja.test",
        },
        {
          orderId: id,
          fromStatus: "diagnosing",
          toStatus: "repairing",
          actorUserId: "conta-apagada",
          actorLabel: "saiu@loja.test",
        },
        { orderId: id, fromStatus: "repairing", toStatus: "ready", actorUserId: null, actorLabel: "Cliente (consulta online)" },
      ]);
      const detail = (await app.queries.getServiceOrder(id))!;
      // What personNameSql gives over the same rows.
      const technicianAccount = alias(user, "technician_account");
      const creatorAccount = alias(user, "creator_account");
      const [expected] = await app.db
        .select({
          technicianName: personNameSql(serviceOrders.technicianUserId, technicianAccount.email),
          createdByName: personNameSql(serviceOrders.createdByUserId, creatorAccount.email),
        })
        .from(serviceOrders)
        .leftJoin(technicianAccount, eq(technicianAccount.id, serviceOrders.technicianUserId))
        .leftJoin(creatorAccount, eq(creatorAccount.id, serviceOrders.createdByUserId))
        .where(eq(serviceOrders.id, id));
      const expectedEvents = await app.db
        .select({ actorLabel: personNameSql(serviceOrderStatusEvents.actorUserId, serviceOrderStatusEvents.actorLabel) })
        .from(serviceOrderStatusEvents)
        .where(eq(serviceOrderStatusEvents.orderId, id))
        .orderBy(serviceOrderStatusEvents.createdAt, serviceOrderStatusEvents.id);
      expect({ technicianName: detail.technicianName, createdByName: detail.createdByName }).toEqual(expected);
      expect(detail.events.map((event) => event.actorLabel)).toEqual(expectedEvents.map((event) => event.actorLabel));
      expect(detail.technicianName).toBe("Téo da Conta");
      expect(detail.events.map((event) => event.actorLabel).slice(1)).toEqual([
        "Paula do Perfil",
        "saiu@loja.test",
        "Cliente (consulta online)",
      ]);
    });

    it("offers and accepts only active team members as technician; an order keeps one deactivated since", async () => {
      const { user, profiles } = app.tables;
      const leaving = { id: "tecnico-saindo", name: "Téo Saindo", email: "teo@loja.test" };
      await app.db.insert(user).values({ ...leaving, role: "staff" });
      await app.db.insert(profiles).values({ userId: leaving.id, email: leaving.email, fullName: leaving.name });
      const { id } = await app.mutations.createServiceOrder(STAFF, orderInput({ technicianUserId: leaving.id, deposit: "" }));
      await app.db.update(profiles).set({ deactivatedAt: new Date() }).where(eq(profiles.userId, leaving.id));

      const technicians = await app.queries.listTechnicians();
      expect(technicians.find(({ id: userId }) => userId === leaving.id)).toMatchObject({ isActive: false });
      expect(technicians.find(({ id: userId }) => userId === STAFF.userId)).toMatchObject({ isActive: true });
      await expect(
        app.mutations.createServiceOrder(STAFF, orderInput({ technicianUserId: leaving.id, deposit: "" })),
      ).rejects.toMatchObject({ fieldErrors: { technicianUserId: expect.stringMatching(/desativad/) } });
      // Saving the order that already had them changes nothing about it.
      await app.mutations.updateServiceOrder(STAFF, id, orderInput({ technicianUserId: leaving.id, notes: "Revisado" }));
      expect((await orderRow(id)).technicianUserId).toBe(leaving.id);
    });

    it("edits an order: lines replaced, totals recomputed, a blank code keeps the stored one", async () => {
      const { id } = await app.mutations.createServiceOrder(STAFF, orderInput({ deposit: "", depositMethod: "" }));
      const storedSecret = (await orderRow(id)).unlockSecret;
      await app.mutations.updateServiceOrder(
        STAFF,
        id,
        orderInput({
          unlockCode: "",
          diagnosis: "Conector da tela danificado",
          lines: [{ kind: "service", description: "Troca do conector", quantity: "2", unitPrice: "80,00", productId: "" }],
          discount: "",
          warrantyDays: "180",
        }),
      );
      const row = await orderRow(id);
      expect(row).toMatchObject({
        linesTotalCents: 16_000,
        discountCents: 0,
        diagnosis: "Conector da tela danificado",
        warrantyDays: 180,
      });
      expect(row.unlockSecret).toBe(storedSecret);
      expect((await app.queries.getServiceOrder(id))!.lines).toMatchObject([
        { description: "Troca do conector", quantity: 2, unitPriceCents: 8_000 },
      ]);
      expect((await auditOf(id)).at(-1)).toMatchObject({
        action: "service-order.update",
        details: { changed: expect.arrayContaining(["diagnosis", "linesTotalCents", "warrantyDays"]) },
      });
      // A blank warranty keeps the order's own.
      await app.mutations.updateServiceOrder(STAFF, id, orderInput({ unlockCode: "", deposit: "", warrantyDays: "" }));
      expect((await orderRow(id)).warrantyDays).toBe(180);

      // "Sem bloqueio" erases the code.
      await app.mutations.updateServiceOrder(STAFF, id, orderInput({ unlockKind: "", unlockCode: "", deposit: "" }));
      expect((await orderRow(id)).unlockSecret).toBeNull();

      // The total may not drop below what was already paid.
      await app.mutations.addServiceOrderPayment(STAFF, id, {
        method: "cash",
        amount: "400,00",
        paidAt: "",
        note: "",
        idempotencyKey: "edicao-0001",
      });
      const before = await snapshot();
      await expect(
        app.mutations.updateServiceOrder(STAFF, id, orderInput({ lines: [], discount: "", deposit: "" })),
      ).rejects.toMatchObject({ fieldErrors: { discount: expect.stringMatching(/já foi pago/) } });
      expect(await snapshot()).toEqual(before);
    });

    it("refuses bad input with Portuguese messages per field, writing nothing", async () => {
      const { id } = await app.mutations.createServiceOrder(STAFF, orderInput({ deposit: "" }));
      const before = await snapshot();
      const refusal = (promise: Promise<unknown>) =>
        promise.then(
          () => ({}),
          (error: unknown) => {
            if (!(error instanceof app.errors.ServiceOrderInputError)) throw error;
            return error.fieldErrors;
          },
        );
      expect(
        await refusal(
          app.mutations.createServiceOrder(
            STAFF,
            orderInput({
              imeiOrSerial: "490154203237519",
              warrantyDays: "30",
              reportedDefect: " ",
              unlockCode: "1-1-2",
              discount: "9999",
              promisedDate: "2020-01-01",
            }),
          ),
        ),
      ).toMatchObject({
        imeiOrSerial: expect.stringMatching(/IMEI inválido/),
        warrantyDays: "A garantia legal mínima é de 90 dias.",
        reportedDefect: "Informe o defeito relatado.",
        unlockCode: expect.stringMatching(/padrão/),
        discount: expect.stringMatching(/desconto/),
      });
      expect(await refusal(app.mutations.createServiceOrder(STAFF, orderInput({ promisedDate: "2020-01-01" })))).toEqual({
        promisedDate: "A data prometida não pode ser anterior a hoje.",
      });
      expect(await refusal(app.mutations.createServiceOrder(STAFF, orderInput({ customerId: "999999" })))).toEqual({
        customerId: expect.stringMatching(/Cliente não encontrado/),
      });
      expect(await refusal(app.mutations.createServiceOrder(STAFF, orderInput({ technicianUserId: CUSTOMER.userId })))).toEqual({
        technicianUserId: "Escolha um técnico da equipe.",
      });
      expect(
        await refusal(
          app.mutations.addServiceOrderPayment(STAFF, id, {
            method: "cash",
            amount: "999,00",
            paidAt: "",
            note: "",
            idempotencyKey: "acima-0001",
          }),
        ),
      ).toEqual({ amount: expect.stringMatching(/saldo em aberto \(R\$\s500,00\)/) });
      expect(
        await refusal(
          app.mutations.addServiceOrderPayment(STAFF, id, {
            method: "cheque",
            amount: "0",
            paidAt: "2999-01-01",
            note: "",
            idempotencyKey: "",
          }),
        ),
      ).toMatchObject({
        method: expect.any(String),
        amount: expect.any(String),
        paidAt: expect.any(String),
        idempotencyKey: expect.any(String),
      });
      expect(await refusal(app.mutations.deliverServiceOrder(STAFF, id, { deliveredTo: "", registerDebt: false }))).toEqual({
        deliveredTo: "Informe quem retirou o aparelho.",
      });
      expect(await snapshot()).toEqual(before);
    });

    it("keeps the status counters equal to a full count, and lists and pages with them", async () => {
      const { serviceOrders, serviceOrderStatusCounts } = app.tables;
      // A technician change and an order without one also move the counters.
      const { id } = await app.mutations.createServiceOrder(STAFF, orderInput({ technicianUserId: "" }));
      await app.mutations.updateServiceOrder(
        STAFF,
        id,
        orderInput({ technicianUserId: OWNER.userId, unlockCode: "", deposit: "" }),
      );
      await app.mutations.createServiceOrder(STAFF, orderInput({ technicianUserId: "" }));

      const full = await app.db
        .select({ status: serviceOrders.status, technician: serviceOrders.technicianUserId, total: count() })
        .from(serviceOrders)
        .groupBy(serviceOrders.status, serviceOrders.technicianUserId);
      const counters = await app.db
        .select()
        .from(serviceOrderStatusCounts)
        .where(sql`${serviceOrderStatusCounts.total} <> 0`);
      expect(Object.fromEntries(counters.map((row) => [counterKey(row.status, row.technicianUserId), row.total]))).toEqual(
        Object.fromEntries(full.map((row) => [counterKey(row.status, row.technician), Number(row.total)])),
      );

      const list = await app.queries.listServiceOrders({});
      expect(list.total).toBe(full.reduce((sum, row) => sum + Number(row.total), 0));
      expect(list.rows[0]!.id).toBeGreaterThan(list.rows.at(-1)!.id);
      const received = await app.queries.listServiceOrders({ status: "received" });
      expect(received.rows.every((row) => row.status === "received")).toBe(true);
      expect(received.total).toBe(list.counts.received);
      const ownerOrders = await app.queries.listServiceOrders({ technicianId: OWNER.userId });
      expect(ownerOrders.rows.map((row) => row.id)).toEqual([id]);
      expect(ownerOrders.counts.received).toBe(1);
      const byTechnician = await app.queries.listServiceOrders({ technicianId: STAFF.userId });
      const byTechnicianAndDates = await app.queries.listServiceOrders({
        technicianId: STAFF.userId,
        from: "2000-01-01",
        to: "2999-12-31",
      });
      expect(byTechnicianAndDates.counts).toEqual(byTechnician.counts);
      expect(byTechnician.counts.delivered).toBe(1);
      expect(await app.queries.listServiceOrders({ from: "2000-01-01", to: "2000-01-31" })).toMatchObject({ rows: [], total: 0 });
    });

    it("lists a page, its counts and the team in one read, with the rows a plain select gives", async () => {
      const { serviceOrders, customers } = app.tables;
      await app.mutations.createServiceOrder(STAFF, orderInput({ technicianUserId: OWNER.userId, deposit: "" }));
      const { SERVICE_ORDERS_PAGE_SIZE } = await import("~/modules/service-orders/list-limits");
      const cases: { status?: "received"; technicianId?: string | null; from?: string; to?: string; page?: number }[] = [
        {},
        { status: "received" },
        { technicianId: OWNER.userId },
        { from: "2000-01-01", to: "2999-12-31", page: 2 },
      ];
      for (const filters of cases) {
        const listed = await app.queries.listServiceOrdersWithTeam(filters);
        // The read it replaced: Drizzle's own rows (a Date, numbers), newest first.
        const scope = [
          filters.status ? eq(serviceOrders.status, filters.status) : undefined,
          filters.technicianId ? eq(serviceOrders.technicianUserId, filters.technicianId) : undefined,
        ];
        const expected = await app.db
          .select({
            id: serviceOrders.id,
            trackingCode: serviceOrders.trackingCode,
            status: serviceOrders.status,
            createdAt: serviceOrders.createdAt,
            deviceType: serviceOrders.deviceType,
            brand: serviceOrders.brand,
            model: serviceOrders.model,
            imeiOrSerial: serviceOrders.imeiOrSerial,
            promisedDate: serviceOrders.promisedDate,
            balanceCents:
              sql<number>`${serviceOrders.linesTotalCents} - ${serviceOrders.discountCents} - ${serviceOrders.paidCents}`.mapWith(
                Number,
              ),
            customerId: serviceOrders.customerId,
            customerName: customers.name,
            customerPhone: customers.phone,
          })
          .from(serviceOrders)
          .innerJoin(customers, eq(customers.id, serviceOrders.customerId))
          .where(and(...scope))
          .orderBy(sql`${serviceOrders.createdAt} desc, ${serviceOrders.id} desc`)
          .limit(SERVICE_ORDERS_PAGE_SIZE)
          .offset(((filters.page ?? 1) - 1) * SERVICE_ORDERS_PAGE_SIZE);
        expect(listed.rows).toEqual(expected);
        if (!filters.page) expect(listed.rows[0]!.createdAt).toBeInstanceOf(Date);
        const { technicians: _team, ...list } = listed;
        expect(list).toEqual(await app.queries.listServiceOrders(filters));
        expect(listed.technicians).toEqual(await app.queries.listTechnicians());
      }
    });

    it("answers each list with its own filters' values, though each kind of filter's statement is built once", async () => {
      const { serviceOrders } = app.tables;
      await app.mutations.createServiceOrder(STAFF, orderInput({ technicianUserId: OWNER.userId, deposit: "" }));
      const { SERVICE_ORDERS_PAGE_SIZE } = await import("~/modules/service-orders/list-limits");
      // What a plain select gives for the same filters (a date range holds every order or none).
      async function expectedIds(filters: { status?: string; technicianId?: string; from?: string; page?: number }) {
        if (filters.from === "2000-01-01") return { ids: [], total: 0 };
        const rows = await app.db
          .select({ id: serviceOrders.id })
          .from(serviceOrders)
          .where(
            and(
              filters.status ? eq(serviceOrders.status, filters.status) : undefined,
              filters.technicianId ? eq(serviceOrders.technicianUserId, filters.technicianId) : undefined,
            ),
          )
          .orderBy(sql`${serviceOrders.createdAt} desc, ${serviceOrders.id} desc`);
        const page = filters.page ?? 1;
        const ids = rows.slice((page - 1) * SERVICE_ORDERS_PAGE_SIZE, page * SERVICE_ORDERS_PAGE_SIZE).map((row) => row.id);
        return { ids, total: rows.length };
      }
      // Same kinds of filter in a row, other values: the statement kept for the first must not answer the next.
      const runs = [
        { technicianId: OWNER.userId! },
        { technicianId: STAFF.userId! },
        { technicianId: "ninguem" },
        { status: "received" as const },
        { status: "delivered" as const },
        { from: "2000-01-01", to: "2000-01-31" },
        { from: "1999-01-01", to: "2999-12-31" },
        { page: 1 },
        { page: 2 },
      ];
      for (let round = 0; round < 2; round++) {
        for (const filters of runs) {
          const listed = await app.queries.listServiceOrdersWithTeam(filters);
          const expected = await expectedIds(filters);
          expect({ filters, ids: listed.rows.map((row) => row.id), total: listed.total }).toEqual({ filters, ...expected });
        }
      }
    });

    it("a search with a NUL or other hostile text answers instead of failing the query", async () => {
      // PostgreSQL refuses a NUL in text: "/service-orders/search?q=a%00b" was a 500.
      for (const query of [
        "\u0000",
        "/a\u0000b",
        "OS \u00001",
        "%",
        "_",
        "\\",
        "'; drop table service_orders; --",
        "x".repeat(500),
      ]) {
        await expect(app.queries.searchServiceOrders(query), JSON.stringify(query)).resolves.toBeInstanceOf(Array);
      }
    });

    it("finds an order by number, tracking code, IMEI, phone, CPF, name and model", async () => {
      const { id, trackingCode } = await app.mutations.createServiceOrder(
        STAFF,
        orderInput({
          customerId: String(otherCustomerId),
          model: "Galaxy Z Flip 5",
          brand: "Samsung",
          imeiOrSerial: "R58N123ABC",
        }),
      );
      const idsFor = async (query: string) => (await app.queries.searchServiceOrders(query)).map((row) => row.id);
      expect(await idsFor(String(id))).toContain(id);
      expect(await idsFor(`OS ${id}`)).toContain(id);
      expect(await idsFor(`${trackingCode.slice(0, 4).toLowerCase()}-${trackingCode.slice(4)}`)).toContain(id);
      expect(await idsFor("r58n123")).toContain(id);
      expect(await idsFor("R58N123ABC")).toContain(id);
      expect(await idsFor("(21) 91234-5678")).toContain(id);
      expect(await idsFor("91234-5678")).toContain(id);
      expect(await idsFor("josé pereira")).toContain(id);
      expect(await idsFor("z flip")).toContain(id);
      expect(await idsFor("529.982.247-25")).not.toContain(id);
      expect((await app.queries.searchServiceOrders("529.982.247-25")).every((row) => row.customerId === customerId)).toBe(true);
      // A name hundreds of customers share: the newest orders among all of them.
      const namesakes = await app.db
        .insert(app.tables.customers)
        .values(
          Array.from({ length: 520 }, (_, index) => ({
            name: `Clara Homônima ${index}`,
            phone: `3199${String(index).padStart(7, "0")}`,
          })),
        )
        .returning({ id: app.tables.customers.id });
      const oldest = await app.mutations.createServiceOrder(
        STAFF,
        orderInput({ customerId: String(namesakes[0]!.id), deposit: "" }),
      );
      const newest = await app.mutations.createServiceOrder(
        STAFF,
        orderInput({ customerId: String(namesakes.at(-1)!.id), deposit: "" }),
      );
      expect((await idsFor("clara homônima")).slice(0, 2)).toEqual([newest.id, oldest.id]);
      // Names carry no digits: a query with digits is not looked for among names.
      expect(await idsFor("Clara Homônima 519")).toEqual([]);
      expect(await idsFor("490154203")).not.toContain(id);
      expect(await idsFor("")).toEqual([]);
      expect(await idsFor("%")).toEqual([]);
      expect(await idsFor("zzzzzz-nada")).toEqual([]);
    });

    it("finds an order by what a counter usually has: the last 4 digits of the phone, the end of the IMEI or serial", async () => {
      const { customers } = app.tables;
      const [endingIn1357] = await app.db
        .insert(customers)
        .values({ name: "Rita Final Quatro", phone: "31976541357" })
        .returning({ id: customers.id });
      const byPhone = await app.mutations.createServiceOrder(
        STAFF,
        orderInput({ customerId: String(endingIn1357!.id), imeiOrSerial: "", deposit: "" }),
      );
      const byImei = await app.mutations.createServiceOrder(STAFF, orderInput({ imeiOrSerial: "357206112345675", deposit: "" }));
      const bySerial = await app.mutations.createServiceOrder(STAFF, orderInput({ imeiOrSerial: "C02XK9ZTJGH5", deposit: "" }));
      // IMEIs share their first digits (the model's code): a short number must not drown the phone's
      // orders under every IMEI that starts with it.
      const sameStart = Array.from({ length: 60 }, () => orderInput({ imeiOrSerial: "135700000000003", deposit: "" }));
      for (const input of sameStart) await app.mutations.createServiceOrder(STAFF, input);

      const idsFor = async (query: string) => (await app.queries.searchServiceOrders(query)).map((row) => row.id);
      expect(await idsFor("1357")).toContain(byPhone.id);
      expect(await idsFor(" 1357 ")).toContain(byPhone.id);
      expect(await idsFor("76541357")).toContain(byPhone.id);
      expect(await idsFor("976541357")).toContain(byPhone.id);
      expect(await idsFor("345675")).toContain(byImei.id);
      expect(await idsFor("2345675")).toContain(byImei.id);
      expect(await idsFor("jgh5")).toContain(bySerial.id);
      expect(await idsFor("k9ztjgh5")).toContain(bySerial.id);
      // Only the end: the same digits elsewhere in the number are not a match.
      expect(await idsFor("7654")).not.toContain(byPhone.id);
      expect(await idsFor("234567")).not.toContain(byImei.id);
      // Fewer than 4 characters would match a large share of the customers.
      expect(await idsFor("357")).not.toContain(byPhone.id);
    });

    it("survives any input to createServiceOrder and addServiceOrderPayment: a field message or a success, never a crash", async () => {
      const { id } = await app.mutations.createServiceOrder(STAFF, orderInput({ deposit: "" }));
      const text = fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom("", "0", "-1", "1e3", "NaN", "12,345", "999999999999", "2026-02-30", "<script>"),
      );
      const anyValue = fc.oneof(
        text,
        fc.integer(),
        fc.constant(null),
        fc.constant(undefined),
        fc.array(text, { maxLength: 3 }),
        fc.object({ maxDepth: 1 }),
      );
      const field = (name: string) => fc.record({ [name]: anyValue }, { requiredKeys: [] });
      const orderFields = [
        "customerId",
        "deviceType",
        "brand",
        "model",
        "imeiOrSerial",
        "conditionChecklist",
        "unlockKind",
        "unlockCode",
        "reportedDefect",
        "technicianUserId",
        "lines",
        "discount",
        "deposit",
        "depositMethod",
        "promisedDate",
        "warrantyDays",
      ];
      await fc.assert(
        fc.asyncProperty(fc.tuple(...orderFields.map(field)), fc.boolean(), async (overrides, isWholeGarbage) => {
          const before = await snapshot();
          const input = isWholeGarbage ? Object.assign({}, ...overrides) : orderInput(Object.assign({}, ...overrides));
          try {
            await app.mutations.createServiceOrder(STAFF, input);
          } catch (error) {
            expect(error).toBeInstanceOf(app.errors.ServiceOrderInputError);
            expect(await snapshot()).toEqual(before);
          }
        }),
        { numRuns: 60 },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.record(
            { method: anyValue, amount: anyValue, paidAt: anyValue, note: anyValue, idempotencyKey: anyValue },
            { requiredKeys: [] },
          ),
          async (input) => {
            const before = await snapshot();
            try {
              await app.mutations.addServiceOrderPayment(STAFF, id, input);
            } catch (error) {
              expect(error).toBeInstanceOf(app.errors.ServiceOrderInputError);
              expect(await snapshot()).toEqual(before);
            }
          },
        ),
        { numRuns: 60 },
      );
      for (const garbage of [null, undefined, 42, "texto", [], { lines: "x" }]) {
        await expect(app.mutations.createServiceOrder(STAFF, garbage)).rejects.toBeInstanceOf(app.errors.ServiceOrderInputError);
      }
    });
  });
}
