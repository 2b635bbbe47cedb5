import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/dates";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const STAFF: Actor = { userId: "staff-warranty", label: "garantia@loja.test", role: "staff" };
const TECHNICIAN = { id: "tech-warranty", name: "Téo Técnico", email: "teo@loja.test" };
const CUSTOMER_ACTOR: Actor = { userId: null, label: "cliente@loja.test", role: "customer" };
const IMEI = "356938035643809";

async function loadModules() {
  const [client, auth, customers, orders, documents, warranties, inventory, register] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/customers"),
    import("~/db/schema/service-orders"),
    import("~/db/schema/print-documents"),
    import("~/db/schema/warranties"),
    import("~/db/schema/inventory"),
    import("~/db/schema/cash-register"),
  ]);
  return {
    db: await client.getDb(),
    tables: { ...auth, ...customers, ...orders, ...documents, ...warranties, ...inventory, ...register },
    orders: await import("~/modules/service-orders/mutations.server"),
    printing: await import("~/modules/service-orders/print-documents.server"),
    mutations: await import("~/modules/warranties/mutations.server"),
    queries: await import("~/modules/warranties/queries.server"),
    records: await import("~/modules/demo/test-records.server"),
  };
}

const terms = (overrides: Record<string, unknown> = {}) => ({
  contractualDays: "180",
  coverage: "Defeitos de fabricação do aparelho.",
  exclusions: "Líquido.\nQuedas.",
  ...overrides,
});

/** The error a refused promise gave. */
async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => expect.unreachable("should have been refused"),
    (error: unknown) => error,
  );
}

/**
 * Warranties against a real database: the delivery of a repaired order
 * creates its warranty and term in its transaction; a sold unit's warranty
 * carries its IMEI and is found by its last digits; the status follows a
 * given "today" across the contractual and the legal end; a claim opens a
 * free order linked to the original, shown on both and counted per
 * technician; refusals change nothing.
 */
export function defineWarrantiesSuite(database: TestDatabase) {
  describeOnDatabase(database, "garantias", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    let customerId: number;
    let seed = 7000;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.db.insert(app.tables.user).values([
        { id: STAFF.userId!, name: "Gabi", email: STAFF.label, role: "staff" },
        { ...TECHNICIAN, role: "staff" },
      ]);
      customerId = (await app.records.createTestCustomer(app.db, { name: "Wanda Garantia", phone: "11987653344" })).id;
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    async function deliveredOrder() {
      const order = await app.records.createTestServiceOrder(app.db, {
        customerId,
        status: "ready",
        seed: ++seed,
        overrides: { technicianUserId: TECHNICIAN.id, warrantyDays: 120 },
      });
      await app.orders.deliverServiceOrder(STAFF, order.id, { deliveredTo: "Wanda Garantia", registerDebt: true });
      const [warranty] = await app.db
        .select()
        .from(app.tables.warranties)
        .where(eq(app.tables.warranties.serviceOrderId, order.id));
      return { orderId: order.id, warranty: warranty! };
    }

    async function soldPhone({ withCustomer = true, serial = IMEI, status = "completed" as "completed" | "cancelled" } = {}) {
      const tag = randomUUID().slice(0, 8);
      const [product] = await app.db
        .insert(app.tables.products)
        .values({
          kind: "product",
          sku: `CEL-${tag}`,
          name: "iPhone 12 128 GB",
          slug: `iphone-${tag}`,
          priceCents: 250_000,
          isSerialised: true,
          revenueSource: "products",
        })
        .returning({ id: app.tables.products.id });
      const [unit] = await app.db
        .insert(app.tables.productUnits)
        .values({ productId: product!.id, serial, costCents: 150_000, status: "sold", destination: "sale" })
        .returning({ id: app.tables.productUnits.id });
      const [sale] = await app.db
        .insert(app.tables.sales)
        .values({
          customerId: withCustomer ? customerId : null,
          status,
          itemsTotalCents: 252_000,
          totalCents: 252_000,
          code: `VENDA-${tag}`,
          createdByLabel: STAFF.label,
        })
        .returning({ id: app.tables.sales.id });
      const items = await app.db
        .insert(app.tables.saleItems)
        .values([
          {
            saleId: sale!.id,
            position: 0,
            productId: product!.id,
            unitId: unit!.id,
            description: `iPhone 12 128 GB · IMEI ${serial}`,
            quantity: 1,
            unitPriceCents: 250_000,
            totalCents: 250_000,
            revenueSource: "products",
          },
          {
            saleId: sale!.id,
            position: 1,
            productId: product!.id,
            description: "Película",
            quantity: 1,
            unitPriceCents: 2_000,
            totalCents: 2_000,
            revenueSource: "products",
          },
        ])
        .returning({ id: app.tables.saleItems.id });
      return { saleId: sale!.id, phoneItemId: items[0]!.id, filmItemId: items[1]!.id };
    }

    async function counts() {
      const of = async (
        table: typeof app.tables.warranties | typeof app.tables.warrantyClaims | typeof app.tables.serviceOrders,
      ) => Number((await app.db.select({ total: count() }).from(table))[0]!.total);
      return {
        warranties: await of(app.tables.warranties),
        claims: await of(app.tables.warrantyClaims),
        orders: await of(app.tables.serviceOrders),
      };
    }

    it("the delivery of a repaired order creates its warranty and its term, in the delivery's transaction", async () => {
      const { orderId, warranty } = await deliveredOrder();
      const today = shopToday();
      expect(warranty).toMatchObject({
        customerId,
        customerName: "Wanda Garantia",
        startsOn: today,
        contractualDays: 120,
        endsOn: addDays(today, 120),
        technicianUserId: TECHNICIAN.id,
        issuedByLabel: STAFF.label,
      });
      expect(warranty.issuedDocumentId).not.toBeNull();
      const term = await app.printing.printOrderDocument(STAFF, orderId, "garantia", "a4");
      expect(term.status === "ready" && term.html).toContain(`Termo de garantia nº ${warranty.id} · OS nº ${orderId}`);
      expect(term.status === "ready" && term.html).toContain("contado depois do fim dela");
      // The warranty's own print reads the same issued document.
      expect((await app.mutations.printWarrantyTerm(STAFF, warranty.id, "a4"))?.html).toBe(term.status === "ready" && term.html);
      expect(await app.queries.getOrderWarrantyLinks(STAFF, orderId)).toMatchObject({
        warranty: { id: warranty.id },
        claims: [],
        claimOf: null,
      });
    });

    it("follows a given today across the contractual end and the legal end", async () => {
      const { warranty } = await deliveredOrder();
      const at = async (today: string) => (await app.queries.getWarranty(STAFF, warranty.id, today))!.standing;
      expect(await at(addDays(warranty.endsOn, -10))).toMatchObject({ status: "active", daysLeft: 10 });
      expect(await at(warranty.endsOn)).toMatchObject({ status: "active", daysLeft: 0 });
      expect(await at(addDays(warranty.endsOn, 1))).toMatchObject({ status: "legal-only", daysLeft: 89 });
      expect(await at(addDays(warranty.endsOn, 90))).toMatchObject({ status: "legal-only", daysLeft: 0 });
      expect(await at(addDays(warranty.endsOn, 91))).toMatchObject({ status: "expired", daysLeft: 0 });

      const listed = async (today: string, status: "active" | "legal-only" | "expired") =>
        (await app.queries.listWarranties(STAFF, { today, search: String(warranty.serviceOrderId), status, page: 1 })).rows.map(
          (row) => row.id,
        );
      expect(await listed(warranty.endsOn, "active")).toEqual([warranty.id]);
      expect(await listed(warranty.endsOn, "legal-only")).toEqual([]);
      expect(await listed(addDays(warranty.endsOn, 90), "legal-only")).toEqual([warranty.id]);
      expect(await listed(addDays(warranty.endsOn, 91), "expired")).toEqual([warranty.id]);
      expect(await listed(addDays(warranty.endsOn, 91), "active")).toEqual([]);
    });

    it("issues a sold unit's warranty with its IMEI, found by the IMEI's last digits, and refuses it twice", async () => {
      const { saleId, phoneItemId } = await soldPhone();
      const { ids } = await app.mutations.issueSaleWarranties(STAFF, saleId, terms({ saleItemIds: [String(phoneItemId)] }));
      expect(ids).toHaveLength(1);
      const [warranty] = await app.db.select().from(app.tables.warranties).where(eq(app.tables.warranties.id, ids[0]!));
      expect(warranty).toMatchObject({
        saleId,
        saleItemId: phoneItemId,
        itemDescription: "iPhone 12 128 GB",
        imeiOrSerial: IMEI,
        contractualDays: 180,
        serviceOrderId: null,
        technicianUserId: null,
      });
      const term = await app.mutations.printWarrantyTerm(STAFF, ids[0]!, "80mm");
      expect(term?.html).toContain(`IMEI/série ${IMEI}`);
      expect(term?.html).toContain(`Venda nº ${saleId}`);

      for (const search of ["3809", "356938", IMEI, "Wanda"]) {
        const found = await app.queries.listWarranties(STAFF, { today: shopToday(), search, status: null, page: 1 });
        expect(
          found.rows.map((row) => row.id),
          search,
        ).toContain(ids[0]);
      }
      const elsewhere = await app.queries.listWarranties(STAFF, { today: shopToday(), search: "9999", status: null, page: 1 });
      expect(elsewhere.rows.map((row) => row.id)).not.toContain(ids[0]);

      const before = await counts();
      const twice = await refusal(
        app.mutations.issueSaleWarranties(STAFF, saleId, terms({ saleItemIds: [String(phoneItemId)] })),
      );
      expect(twice).toMatchObject({ status: 409, fieldErrors: { saleItemIds: expect.stringContaining("já tem a garantia") } });
      expect(await counts()).toEqual(before);
    });

    it("refuses a period under 90 days, a cancelled sale, another sale's item, an order not delivered and a second warranty of an order", async () => {
      const { saleId, filmItemId } = await soldPhone({ serial: "356938035643817" });
      const cancelled = await soldPhone({ serial: "356938035643825", status: "cancelled" });
      const ready = await app.records.createTestServiceOrder(app.db, { customerId, status: "ready", seed: ++seed });
      const { orderId: deliveredId } = await deliveredOrder();
      const before = await counts();

      expect(
        await refusal(
          app.mutations.issueSaleWarranties(STAFF, saleId, terms({ contractualDays: "60", saleItemIds: [String(filmItemId)] })),
        ),
      ).toMatchObject({ fieldErrors: { contractualDays: "O prazo contratual é de pelo menos 90 dias." } });
      expect(
        await refusal(
          app.mutations.issueSaleWarranties(STAFF, cancelled.saleId, terms({ saleItemIds: [String(cancelled.phoneItemId)] })),
        ),
      ).toMatchObject({ status: 409, fieldErrors: { form: expect.stringContaining("foi cancelada") } });
      expect(
        await refusal(app.mutations.issueSaleWarranties(STAFF, saleId, terms({ saleItemIds: [String(cancelled.phoneItemId)] }))),
      ).toMatchObject({ fieldErrors: { saleItemIds: "Escolha itens desta venda." } });
      expect(await refusal(app.mutations.issueSaleWarranties(STAFF, saleId, terms({ saleItemIds: [] })))).toMatchObject({
        fieldErrors: { saleItemIds: "Escolha pelo menos um item da venda." },
      });
      expect(await refusal(app.mutations.issueOrderWarranty(STAFF, ready.id, terms()))).toMatchObject({
        status: 409,
        fieldErrors: { form: expect.stringContaining("ainda não foi entregue") },
      });
      expect(await refusal(app.mutations.issueOrderWarranty(STAFF, deliveredId, terms()))).toMatchObject({
        status: 409,
        fieldErrors: { form: expect.stringContaining("já tem a garantia") },
      });
      expect(
        await refusal(app.mutations.issueSaleWarranties(CUSTOMER_ACTOR, saleId, terms({ saleItemIds: [String(filmItemId)] }))),
      ).toMatchObject({
        name: "ForbiddenError",
      });
      expect(await counts()).toEqual(before);
    });

    it("a claim opens a new free order for the same customer and device, linked and shown on both; a replay opens nothing more", async () => {
      const { orderId, warranty } = await deliveredOrder();
      const key = randomUUID();
      const claim = await app.mutations.openWarrantyClaim(STAFF, warranty.id, {
        reportedDefect: "A tela voltou a piscar",
        idempotencyKey: key,
      });
      const [original] = await app.db.select().from(app.tables.serviceOrders).where(eq(app.tables.serviceOrders.id, orderId));
      const [claimOrder] = await app.db
        .select()
        .from(app.tables.serviceOrders)
        .where(eq(app.tables.serviceOrders.id, claim.serviceOrderId));
      expect(claimOrder).toMatchObject({
        customerId,
        deviceType: original!.deviceType,
        brand: original!.brand,
        model: original!.model,
        imeiOrSerial: original!.imeiOrSerial,
        reportedDefect: "A tela voltou a piscar",
        status: "received",
        linesTotalCents: 0,
        paidCents: 0,
      });
      expect(claimOrder!.notes).toContain(`Garantia da OS nº ${orderId}`);
      const lines = await app.db
        .select({ total: count() })
        .from(app.tables.serviceOrderLines)
        .where(eq(app.tables.serviceOrderLines.orderId, claim.serviceOrderId));
      expect(lines[0]!.total).toBe(0);

      expect(await app.queries.getOrderWarrantyLinks(STAFF, orderId)).toMatchObject({
        warranty: { id: warranty.id },
        claims: [{ serviceOrderId: claim.serviceOrderId }],
      });
      expect(await app.queries.getOrderWarrantyLinks(STAFF, claim.serviceOrderId)).toMatchObject({
        warranty: null,
        claimOf: { warrantyId: warranty.id, serviceOrderId: orderId },
      });
      // The order's page reads the links in its form options' round trip: the same links.
      const { getOrderFormOptions } = await import("~/modules/service-orders/queries.server");
      for (const id of [orderId, claim.serviceOrderId]) {
        const read = app.queries.orderWarrantyLinksRead(STAFF, id);
        const { alongside, technicians } = await getOrderFormOptions({ supplierLimit: 5, alongside: { links: read.query } });
        expect(read.build(alongside.links ?? [])).toEqual(await app.queries.getOrderWarrantyLinks(STAFF, id));
        expect(technicians.length).toBeGreaterThan(0);
      }
      expect(() => app.queries.orderWarrantyLinksRead(CUSTOMER_ACTOR, orderId)).toThrow(
        expect.objectContaining({ name: "ForbiddenError" }),
      );
      const page = await app.queries.getWarranty(STAFF, warranty.id, shopToday());
      expect(page!.claims).toMatchObject([{ serviceOrderId: claim.serviceOrderId, reportedDefect: "A tela voltou a piscar" }]);

      const before = await counts();
      const replay = await app.mutations.openWarrantyClaim(STAFF, warranty.id, {
        reportedDefect: "A tela voltou a piscar",
        idempotencyKey: key,
      });
      expect(replay).toMatchObject({ claimId: claim.claimId, serviceOrderId: claim.serviceOrderId, isReplay: true });
      expect(await counts()).toEqual(before);
    });

    it("opens a claim in the legal warranty, refuses one after it unless confirmed as a courtesy", async () => {
      const { warranty } = await deliveredOrder();
      const legal = await app.mutations.openWarrantyClaim(
        STAFF,
        warranty.id,
        { reportedDefect: "Não carrega", idempotencyKey: randomUUID() },
        addDays(warranty.endsOn, 30),
      );
      const [legalOrder] = await app.db
        .select()
        .from(app.tables.serviceOrders)
        .where(eq(app.tables.serviceOrders.id, legal.serviceOrderId));
      expect(legalOrder!.notes).toContain("garantia legal (CDC art. 26)");

      const after = addDays(warranty.endsOn, 91);
      const before = await counts();
      const refused = await refusal(
        app.mutations.openWarrantyClaim(STAFF, warranty.id, { reportedDefect: "Não liga", idempotencyKey: randomUUID() }, after),
      );
      expect(refused).toMatchObject({
        status: 409,
        fieldErrors: { isCourtesy: expect.stringContaining("Atender como cortesia") },
      });
      expect(
        await refusal(app.mutations.openWarrantyClaim(STAFF, warranty.id, { reportedDefect: "x", idempotencyKey: randomUUID() })),
      ).toMatchObject({
        fieldErrors: { reportedDefect: "Escreva pelo menos 3 caracteres." },
      });
      expect(await counts()).toEqual(before);

      const courtesy = await app.mutations.openWarrantyClaim(
        STAFF,
        warranty.id,
        { reportedDefect: "Não liga", isCourtesy: true, idempotencyKey: randomUUID() },
        after,
      );
      const [courtesyOrder] = await app.db
        .select()
        .from(app.tables.serviceOrders)
        .where(eq(app.tables.serviceOrders.id, courtesy.serviceOrderId));
      expect(courtesyOrder!.notes).toContain("cortesia da loja");
    });

    it("a sold unit's claim opens an order for the phone by its IMEI; one without a registered customer is refused", async () => {
      const { saleId, phoneItemId } = await soldPhone({ serial: "356938035643833" });
      const [id] = (await app.mutations.issueSaleWarranties(STAFF, saleId, terms({ saleItemIds: [String(phoneItemId)] }))).ids;
      const claim = await app.mutations.openWarrantyClaim(STAFF, id!, {
        reportedDefect: "Câmera falha",
        idempotencyKey: randomUUID(),
      });
      const [order] = await app.db
        .select()
        .from(app.tables.serviceOrders)
        .where(eq(app.tables.serviceOrders.id, claim.serviceOrderId));
      expect(order).toMatchObject({ deviceType: "phone", imeiOrSerial: "356938035643833", customerId });
      expect(order!.notes).toContain(`Garantia nº ${id} (venda nº ${saleId})`);

      const anonymous = await soldPhone({ withCustomer: false, serial: "356938035643841" });
      expect(
        await refusal(
          app.mutations.issueSaleWarranties(STAFF, anonymous.saleId, terms({ saleItemIds: [String(anonymous.phoneItemId)] })),
        ),
      ).toMatchObject({ fieldErrors: { customerName: expect.stringContaining("Informe o nome do cliente") } });
      const [typed] = (
        await app.mutations.issueSaleWarranties(
          STAFF,
          anonymous.saleId,
          terms({ customerName: "Bruno Balcão", saleItemIds: [String(anonymous.phoneItemId)] }),
        )
      ).ids;
      const before = await counts();
      expect(
        await refusal(
          app.mutations.openWarrantyClaim(STAFF, typed!, { reportedDefect: "Não liga", idempotencyKey: randomUUID() }),
        ),
      ).toMatchObject({ status: 409, fieldErrors: { form: expect.stringContaining("Bruno Balcão") } });
      expect(await counts()).toEqual(before);
    });

    it("counts claims per technician of the original repair", async () => {
      const rows = await app.queries.claimsPerTechnician(STAFF);
      const teo = rows.find((row) => row.technicianUserId === TECHNICIAN.id);
      const [claims] = await app.db
        .select({ total: count() })
        .from(app.tables.warrantyClaims)
        .innerJoin(app.tables.warranties, eq(app.tables.warranties.id, app.tables.warrantyClaims.warrantyId))
        .where(eq(app.tables.warranties.technicianUserId, TECHNICIAN.id));
      expect(claims!.total).toBe(3);
      expect(teo).toMatchObject({ name: TECHNICIAN.name, claims: claims!.total });
    });

    it("the backfill migration gives an order delivered repaired before warranties its warranty, once", async () => {
      const { orderId, warranty } = await deliveredOrder();
      const unrepaired = await app.records.createTestServiceOrder(app.db, { customerId, status: "not_repairable", seed: ++seed });
      await app.orders.deliverServiceOrder(STAFF, unrepaired.id, { deliveredTo: "Wanda", registerDebt: true });
      // As before 0022: the order delivered, its term issued, no warranty row.
      await app.db.delete(app.tables.warranties).where(eq(app.tables.warranties.id, warranty.id));
      const migration = readFileSync("drizzle/0022_warranties_backfill.sql", "utf8");
      await app.db.execute(sql.raw(migration));
      await app.db.execute(sql.raw(migration));
      const rows = await app.db
        .select()
        .from(app.tables.warranties)
        .where(sql`${app.tables.warranties.serviceOrderId} in (${orderId}, ${unrepaired.id})`);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        serviceOrderId: orderId,
        startsOn: warranty.startsOn,
        endsOn: warranty.endsOn,
        contractualDays: 120,
        itemDescription: warranty.itemDescription,
        technicianUserId: TECHNICIAN.id,
        issuedDocumentId: warranty.issuedDocumentId,
        coverage: warranty.coverage,
        exclusions: warranty.exclusions,
      });
    });
  });
}
