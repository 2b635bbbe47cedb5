import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const STAFF: Actor = { userId: "staff-ana", label: "ana@loja.test", role: "staff" };

async function loadModules() {
  const [db, auth, customers, orders, inventory, settings, mutations, tracking, ledger, orderParts, errors, baseErrors] =
    await Promise.all([
      import("~/db/client.server"),
      import("~/db/schema/auth"),
      import("~/db/schema/customers"),
      import("~/db/schema/service-orders"),
      import("~/db/schema/inventory"),
      import("~/db/schema/shop-settings"),
      import("~/modules/service-orders/mutations.server"),
      import("~/modules/service-orders/public-tracking.server"),
      import("~/modules/inventory/stock-ledger.server"),
      import("~/modules/inventory/order-parts.server"),
      import("~/modules/service-orders/errors"),
      import("~/lib/errors"),
    ]);
  return {
    db: await db.getDb(),
    database: db,
    tables: { ...auth, ...customers, ...orders, ...inventory, ...settings },
    mutations,
    tracking,
    ledger,
    orderParts,
    errors,
    baseErrors,
  };
}

type Modules = Awaited<ReturnType<typeof loadModules>>;
type Origin = "new-original" | "new-compatible" | "used";

/**
 * Parts on service orders against a real database: approval reserves,
 * the repair takes through the ledger, cancellation and edits give back,
 * a shortage sends the order to "awaiting part" without failing the
 * approval; and the product's stock always equals the sum of its ledger.
 */
export function defineOrderPartsSuite(database: TestDatabase) {
  describeOnDatabase(database, "peças nas ordens de serviço", () => {
    let app: Modules;
    let dropDatabase: (() => Promise<void>) | undefined;
    let customerId: number;
    let nextSku = 1;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.db.insert(app.tables.user).values({ id: STAFF.userId!, name: "Ana Técnica", email: STAFF.label, role: "staff" });
      const [customer] = await app.db
        .insert(app.tables.customers)
        .values({ name: "Maria Aparecida Souza", phone: "11987654321" })
        .returning({ id: app.tables.customers.id });
      customerId = customer!.id;
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    /** A part with `stock` units entered through the ledger, as the inventory pages would. */
    async function createPart({
      stock,
      origin = "new-original" as Origin,
      priceCents = 30_000,
    }: {
      stock: number;
      origin?: Origin;
      priceCents?: number;
    }) {
      const sku = `PECA-${nextSku++}`;
      const [product] = await app.db
        .insert(app.tables.products)
        .values({ kind: "part", sku, slug: sku.toLowerCase(), name: `Tela ${sku}`, priceCents, partOrigin: origin })
        .returning({ id: app.tables.products.id });
      if (stock > 0) await addStock(product!.id, stock);
      return product!.id;
    }

    function addStock(productId: number, quantity: number) {
      return app.database.inTransaction((tx) =>
        app.ledger.recordStockMovementInTx(tx, STAFF, {
          productId,
          kind: "entry",
          quantity,
          unitCostCents: 12_000,
          supplier: "Fornecedor",
        }),
      );
    }

    async function createSerialisedPhone(serials: string[]) {
      const sku = `CEL-${nextSku++}`;
      const [product] = await app.db
        .insert(app.tables.products)
        .values({
          kind: "product",
          sku,
          slug: sku.toLowerCase(),
          name: `Celular ${sku}`,
          priceCents: 150_000,
          isSerialised: true,
        })
        .returning({ id: app.tables.products.id });
      const units = await app.db
        .insert(app.tables.productUnits)
        .values(serials.map((serial) => ({ productId: product!.id, serial, costCents: 90_000, status: "written-off" as const })))
        .returning({ id: app.tables.productUnits.id });
      // Units come in through the ledger, one entry each.
      for (const unit of units) {
        await app.database.inTransaction((tx) =>
          app.ledger.recordStockMovementInTx(tx, STAFF, {
            productId: product!.id,
            kind: "entry",
            quantity: 1,
            unitId: unit.id,
            unitCostCents: 90_000,
          }),
        );
      }
      return { productId: product!.id, unitIds: units.map((unit) => unit.id) };
    }

    type LineSpec = { productId?: number; unitId?: number; quantity?: number; description?: string };

    function orderInput(lines: LineSpec[], overrides: Record<string, unknown> = {}) {
      return {
        customerId: String(customerId),
        deviceType: "phone",
        brand: "Samsung",
        model: "Galaxy A54",
        reportedDefect: "Tela quebrada",
        lines: [
          ...lines.map((line) => ({
            kind: "part",
            description: line.description ?? "Tela",
            quantity: String(line.quantity ?? 1),
            unitPrice: "300,00",
            productId: line.productId ? String(line.productId) : "",
            productUnitId: line.unitId ? String(line.unitId) : "",
          })),
          { kind: "service", description: "Mão de obra", quantity: "1", unitPrice: "100", productId: "", productUnitId: "" },
        ],
        discount: "",
        deposit: "",
        depositMethod: "",
        idempotencyKey: randomUUID(),
        ...overrides,
      };
    }

    async function openOrder(lines: LineSpec[]) {
      const created = await app.mutations.createServiceOrder(STAFF, orderInput(lines));
      return created;
    }

    async function toAwaitingApproval(orderId: number) {
      await app.mutations.changeServiceOrderStatus(STAFF, orderId, "diagnosing");
      await app.mutations.changeServiceOrderStatus(STAFF, orderId, "awaiting_approval");
    }

    async function quotedAndApproved(lines: LineSpec[], options: { hasPartsConsent?: boolean } = {}) {
      const { id } = await openOrder(lines);
      await toAwaitingApproval(id);
      await app.mutations.changeServiceOrderStatus(STAFF, id, "approved", "", options);
      return id;
    }

    async function productOf(productId: number) {
      const { products, stockMovements } = app.tables;
      const [product] = await app.db
        .select({ stock: products.stockQuantity, reserved: products.reservedQuantity })
        .from(products)
        .where(eq(products.id, productId));
      const [ledger] = await app.db
        .select({ sum: sql<string>`coalesce(sum(${stockMovements.quantity}), 0)` })
        .from(stockMovements)
        .where(eq(stockMovements.productId, productId));
      return { ...product!, ledgerSum: Number(ledger!.sum) };
    }

    /** The product's stock equals its ledger, and the given stock and reservation. */
    async function expectStock(productId: number, stock: number, reserved: number) {
      const product = await productOf(productId);
      expect(product).toEqual({ stock, reserved, ledgerSum: stock });
    }

    async function linesOf(orderId: number) {
      const { serviceOrderLines } = app.tables;
      return app.db
        .select({
          description: serviceOrderLines.description,
          quantity: serviceOrderLines.quantity,
          productId: serviceOrderLines.productId,
          stockState: serviceOrderLines.stockState,
          partOrigin: serviceOrderLines.partOrigin,
        })
        .from(serviceOrderLines)
        .where(eq(serviceOrderLines.orderId, orderId))
        .orderBy(asc(serviceOrderLines.position));
    }

    async function statusOf(orderId: number) {
      const [order] = await app.db
        .select({
          status: app.tables.serviceOrders.status,
          consentAt: app.tables.serviceOrders.partsConsentAt,
          consentBy: app.tables.serviceOrders.partsConsentBy,
        })
        .from(app.tables.serviceOrders)
        .where(eq(app.tables.serviceOrders.id, orderId));
      return order!;
    }

    async function movementsOf(orderId: number) {
      const { stockMovements } = app.tables;
      return app.db
        .select({ kind: stockMovements.kind, quantity: stockMovements.quantity, productId: stockMovements.productId })
        .from(stockMovements)
        .where(eq(stockMovements.origin, `service_order:${orderId}`))
        .orderBy(asc(stockMovements.id));
    }

    it("quotes a part as pending, reserves it on approval, takes it when the repair starts and brings it back on cancel", async () => {
      const productId = await createPart({ stock: 5 });
      const { id } = await openOrder([{ productId, quantity: 2 }]);
      expect((await linesOf(id))[0]).toMatchObject({ productId, stockState: "pending", partOrigin: "new-original" });
      expect((await linesOf(id))[1]).toMatchObject({ productId: null, stockState: "none" });
      await toAwaitingApproval(id);
      await expectStock(productId, 5, 0);

      await app.mutations.changeServiceOrderStatus(STAFF, id, "approved");
      expect((await statusOf(id)).status).toBe("approved");
      expect((await linesOf(id))[0]!.stockState).toBe("reserved");
      await expectStock(productId, 5, 2);

      await app.mutations.changeServiceOrderStatus(STAFF, id, "repairing");
      expect((await linesOf(id))[0]!.stockState).toBe("taken");
      await expectStock(productId, 3, 0);
      expect(await movementsOf(id)).toEqual([{ kind: "order-part", quantity: -2, productId }]);

      await app.mutations.changeServiceOrderStatus(STAFF, id, "cancelled", "Cliente desistiu");
      expect((await linesOf(id))[0]!.stockState).toBe("pending");
      await expectStock(productId, 5, 0);
      expect(await movementsOf(id)).toEqual([
        { kind: "order-part", quantity: -2, productId },
        { kind: "return", quantity: 2, productId },
      ]);
    });

    it("releases a reservation when the order is cancelled before the repair, and when the quote is declined nothing was held", async () => {
      const productId = await createPart({ stock: 3 });
      const approved = await quotedAndApproved([{ productId }]);
      await expectStock(productId, 3, 1);
      await app.mutations.changeServiceOrderStatus(STAFF, approved, "cancelled");
      await expectStock(productId, 3, 0);
      expect(await movementsOf(approved)).toEqual([]);

      const { id } = await openOrder([{ productId }]);
      await toAwaitingApproval(id);
      await app.mutations.changeServiceOrderStatus(STAFF, id, "declined");
      await expectStock(productId, 3, 0);
    });

    it("gives back a part line removed in an edit: the reservation before the repair, the part itself after", async () => {
      const productId = await createPart({ stock: 4 });
      const reserved = await quotedAndApproved([{ productId, quantity: 2 }]);
      await expectStock(productId, 4, 2);
      await app.mutations.updateServiceOrder(STAFF, reserved, orderInput([]));
      await expectStock(productId, 4, 0);

      const taken = await quotedAndApproved([{ productId, quantity: 3 }]);
      await app.mutations.changeServiceOrderStatus(STAFF, taken, "repairing");
      await expectStock(productId, 1, 0);
      await app.mutations.updateServiceOrder(STAFF, taken, orderInput([]));
      await expectStock(productId, 4, 0);
      expect((await movementsOf(taken)).map((movement) => movement.kind)).toEqual(["order-part", "return"]);
    });

    it("follows a quantity changed in an edit, and saving the same quote again moves nothing", async () => {
      const productId = await createPart({ stock: 6 });
      const id = await quotedAndApproved([{ productId, quantity: 2 }]);
      await app.mutations.updateServiceOrder(STAFF, id, orderInput([{ productId, quantity: 3 }]));
      await expectStock(productId, 6, 3);
      expect((await linesOf(id))[0]).toMatchObject({ quantity: 3, stockState: "reserved" });

      await app.mutations.changeServiceOrderStatus(STAFF, id, "repairing");
      await expectStock(productId, 3, 0);
      await app.mutations.updateServiceOrder(STAFF, id, orderInput([{ productId, quantity: 1 }]));
      await expectStock(productId, 5, 0);
      expect((await linesOf(id))[0]).toMatchObject({ quantity: 1, stockState: "taken" });

      const before = await movementsOf(id);
      await app.mutations.updateServiceOrder(
        STAFF,
        id,
        orderInput([{ productId, quantity: 1, description: "Tela (nova descrição)" }]),
      );
      await app.mutations.updateServiceOrder(
        STAFF,
        id,
        orderInput([{ productId, quantity: 1, description: "Tela (nova descrição)" }]),
      );
      expect(await movementsOf(id)).toEqual(before);
      await expectStock(productId, 5, 0);
    });

    it("sends the order to awaiting part when a part is short, without failing the approval; the repair then waits for stock", async () => {
      const productId = await createPart({ stock: 1 });
      const id = await quotedAndApproved([{ productId, quantity: 2 }]);
      expect((await statusOf(id)).status).toBe("awaiting_part");
      expect((await linesOf(id))[0]!.stockState).toBe("awaiting");
      await expectStock(productId, 1, 0);
      const { serviceOrderStatusEvents } = app.tables;
      const events = await app.db
        .select({ to: serviceOrderStatusEvents.toStatus, note: serviceOrderStatusEvents.note })
        .from(serviceOrderStatusEvents)
        .where(eq(serviceOrderStatusEvents.orderId, id))
        .orderBy(asc(serviceOrderStatusEvents.id));
      expect(events.slice(-2)).toEqual([
        { to: "approved", note: "" },
        { to: "awaiting_part", note: "Peça em falta no estoque: Tela." },
      ]);

      // Still short: the repair cannot start, and nothing changes.
      await expect(app.mutations.changeServiceOrderStatus(STAFF, id, "repairing")).rejects.toThrow(/Falta peça no estoque/);
      expect((await statusOf(id)).status).toBe("awaiting_part");
      await expectStock(productId, 1, 0);

      await addStock(productId, 3);
      await app.mutations.changeServiceOrderStatus(STAFF, id, "repairing");
      expect((await linesOf(id))[0]!.stockState).toBe("taken");
      await expectStock(productId, 2, 0);
    });

    it("approves from /consultar even when a part is short: the customer's approval is recorded and the order awaits the part", async () => {
      const productId = await createPart({ stock: 0 });
      const { id, trackingCode } = await openOrder([{ productId }]);
      await toAwaitingApproval(id);
      const result = await app.tracking.decideQuoteFromTracking({ kind: "code", code: trackingCode }, "approve");
      expect(result).toMatchObject({ outcome: "decided", decision: "approve", order: { status: "awaiting_part" } });
      if (result.outcome !== "decided") throw new Error("not decided");
      expect(result.order.timeline.slice(-2)).toMatchObject([
        { status: "approved", by: "customer" },
        { status: "awaiting_part", by: "shop" },
      ]);
      await expectStock(productId, 0, 0);
    });

    it("reserves the last part for one of two orders approved at once; the other awaits it", async () => {
      const productId = await createPart({ stock: 1 });
      const first = await openOrder([{ productId }]);
      const second = await openOrder([{ productId }]);
      await toAwaitingApproval(first.id);
      await toAwaitingApproval(second.id);
      await Promise.all([
        app.mutations.changeServiceOrderStatus(STAFF, first.id, "approved"),
        app.tracking.decideQuoteFromTracking({ kind: "code", code: second.trackingCode }, "approve"),
      ]);
      const statuses = [(await statusOf(first.id)).status, (await statusOf(second.id)).status].sort();
      expect(statuses).toEqual(["approved", "awaiting_part"]);
      await expectStock(productId, 1, 1);
    });

    it("reserves once when the same approval arrives twice", async () => {
      const productId = await createPart({ stock: 5 });
      const { id, trackingCode } = await openOrder([{ productId, quantity: 2 }]);
      await toAwaitingApproval(id);
      const results = await Promise.allSettled([
        app.mutations.changeServiceOrderStatus(STAFF, id, "approved"),
        app.mutations.changeServiceOrderStatus(STAFF, id, "approved"),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const again = await app.tracking.decideQuoteFromTracking({ kind: "code", code: trackingCode }, "approve");
      expect(again.outcome).toBe("not-awaiting");
      await expectStock(productId, 5, 2);
    });

    it("reserves, uses and returns a serialised unit by its IMEI", async () => {
      const { productId, unitIds } = await createSerialisedPhone(["356938035643809", "356938035643817"]);
      const unitStatus = async (unitId: number) =>
        (
          await app.db
            .select({ status: app.tables.productUnits.status })
            .from(app.tables.productUnits)
            .where(eq(app.tables.productUnits.id, unitId))
        )[0]!.status;
      await expect(app.mutations.createServiceOrder(STAFF, orderInput([{ productId }]))).rejects.toThrow(/IMEI\/número de série/);

      const id = await quotedAndApproved([{ productId, unitId: unitIds[0]! }]);
      expect(await unitStatus(unitIds[0]!)).toBe("reserved");
      await expectStock(productId, 2, 1);
      // A unit held for one order is not offered to another quote.
      await expect(app.mutations.createServiceOrder(STAFF, orderInput([{ productId, unitId: unitIds[0]! }]))).rejects.toThrow(
        /não está disponível/,
      );

      await app.mutations.changeServiceOrderStatus(STAFF, id, "repairing");
      expect(await unitStatus(unitIds[0]!)).toBe("used");
      await expectStock(productId, 1, 0);
      await app.mutations.changeServiceOrderStatus(STAFF, id, "cancelled");
      expect(await unitStatus(unitIds[0]!)).toBe("in-stock");
      await expectStock(productId, 2, 0);
    });

    it("reserves beyond the stock when the owner allows negative stock, as the ledger does", async () => {
      const productId = await createPart({ stock: 1 });
      const { shopSettings } = app.tables;
      await app.db.update(shopSettings).set({ allowNegativeStock: true });
      try {
        const id = await quotedAndApproved([{ productId, quantity: 3 }]);
        expect((await statusOf(id)).status).toBe("approved");
        await expectStock(productId, 1, 3);
        await app.mutations.changeServiceOrderStatus(STAFF, id, "repairing");
        await expectStock(productId, -2, 0);
      } finally {
        await app.db.update(shopSettings).set({ allowNegativeStock: false });
      }
    });

    it("refuses a quote line naming a product that does not exist, writing nothing", async () => {
      const { serviceOrders } = app.tables;
      const [before] = await app.db.select({ count: sql<string>`count(*)` }).from(serviceOrders);
      await expect(app.mutations.createServiceOrder(STAFF, orderInput([{ productId: 999_999 }]))).rejects.toMatchObject({
        fieldErrors: { "lines.0.productId": expect.stringMatching(/Produto não encontrado/) },
      });
      const [after] = await app.db.select({ count: sql<string>`count(*)` }).from(serviceOrders);
      expect(after!.count).toBe(before!.count);
    });

    it("records the customer's consent to a part that is not new original, and refuses the approval without it", async () => {
      const productId = await createPart({ stock: 2, origin: "used" });
      const { id, trackingCode } = await openOrder([{ productId, description: "Tela usada" }]);
      expect((await linesOf(id))[0]!.partOrigin).toBe("used");
      await toAwaitingApproval(id);
      await expect(app.mutations.changeServiceOrderStatus(STAFF, id, "approved")).rejects.toMatchObject({
        fieldErrors: { partsConsent: expect.stringMatching(/não é nova original/) },
      });
      expect(await statusOf(id)).toEqual({ status: "awaiting_approval", consentAt: null, consentBy: null });
      await expectStock(productId, 2, 0);

      // /consultar: an approval without the key of the parts shown is not taken as consent.
      const lookup = { kind: "code" as const, code: trackingCode };
      const refused = await app.tracking.decideQuoteFromTracking(lookup, "approve", { partsConsentKey: "outra-lista" });
      expect(refused.outcome).toBe("consent-needed");
      expect((await statusOf(id)).status).toBe("awaiting_approval");

      const shown = await app.tracking.findOrderForCustomer(lookup);
      expect(shown!.quote.lines[0]).toMatchObject({ description: "Tela usada", partOrigin: "used" });
      const approved = await app.tracking.decideQuoteFromTracking(lookup, "approve", { partsConsentKey: shown!.partsConsentKey });
      expect(approved.outcome).toBe("decided");
      expect(await statusOf(id)).toMatchObject({ status: "approved", consentBy: "Cliente (consulta online)" });
      expect((await statusOf(id)).consentAt).toBeInstanceOf(Date);
      await expectStock(productId, 2, 1);

      const atCounter = await openOrder([{ productId, description: "Tela usada" }]);
      await toAwaitingApproval(atCounter.id);
      await app.mutations.changeServiceOrderStatus(STAFF, atCounter.id, "approved", "", { hasPartsConsent: true });
      expect(await statusOf(atCounter.id)).toMatchObject({ status: "approved", consentBy: STAFF.label });
    });

    it("finds products and parts for a quote by name, SKU or barcode, with what is available and the units in stock", async () => {
      const productId = await createPart({ stock: 4, origin: "new-compatible" });
      const { products } = app.tables;
      await app.db
        .update(products)
        .set({ name: "Bateria Moto G52 compatível", sku: "BAT-G52", barcode: "7891234567895" })
        .where(eq(products.id, productId));
      await quotedAndApproved([{ productId }], { hasPartsConsent: true });
      const [archived] = await app.db
        .insert(products)
        .values({
          kind: "part",
          sku: "BAT-G52-OLD",
          slug: "bat-g52-old",
          name: "Bateria Moto G52 antiga",
          priceCents: 1,
          archivedAt: new Date(),
        })
        .returning({ id: products.id });
      const phone = await createSerialisedPhone(["356938035643825", "356938035643833"]);
      await app.db.update(products).set({ name: "Celular Moto G52 seminovo" }).where(eq(products.id, phone.productId));
      await quotedAndApproved([{ productId: phone.productId, unitId: phone.unitIds[0]! }]);

      const byWords = await app.orderParts.lookupProductsForQuote("  moto   bateria ");
      expect(byWords).toEqual([
        {
          id: productId,
          kind: "part",
          name: "Bateria Moto G52 compatível",
          sku: "BAT-G52",
          priceCents: 30_000,
          availableQuantity: 3,
          partOrigin: "new-compatible",
          isSerialised: false,
          units: [],
          // No stock entry of it names a supplier: the part line's supplier starts empty.
          supplierId: null,
        },
      ]);
      expect(byWords.map((item) => item.id)).not.toContain(archived!.id);
      expect((await app.orderParts.lookupProductsForQuote("bat-g52")).map((item) => item.id)).toEqual([productId]);
      expect((await app.orderParts.lookupProductsForQuote("7891234567895")).map((item) => item.id)).toEqual([productId]);
      const [phoneItem] = await app.orderParts.lookupProductsForQuote("celular g52");
      expect(phoneItem).toMatchObject({ id: phone.productId, isSerialised: true, availableQuantity: 1 });
      expect(phoneItem!.units).toEqual([{ id: phone.unitIds[1], serial: "356938035643833" }]);
      expect(await app.orderParts.lookupProductsForQuote("%")).toEqual([]);
      expect(await app.orderParts.lookupProductsForQuote("100%_x")).toEqual([]);
    });
  });
}
