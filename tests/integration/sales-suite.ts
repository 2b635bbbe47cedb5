import { randomUUID } from "node:crypto";
import * as fc from "fast-check";
import { and, count, eq, isNull, sql, sum } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/dates";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const STAFF: Actor = { userId: "staff-sales", label: "caixa@loja.test", role: "staff" };
const CUSTOMER_ACTOR: Actor = { userId: "customer-sales", label: "cliente@x.test", role: "customer" };

const SHOP_PIX_KEY = "pix@loja-de-teste.com.br";

function saleForm(overrides: Record<string, unknown> = {}) {
  return { idempotencyKey: randomUUID(), discount: "", customerId: "", items: [], payments: [], ...overrides };
}

async function loadModules() {
  const [
    client,
    auth,
    customers,
    inventory,
    register,
    audit,
    idempotency,
    ledger,
    sales,
    returns,
    errors,
    settings,
    pix,
    settingsQueries,
    saleQueries,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/customers"),
    import("~/db/schema/inventory"),
    import("~/db/schema/cash-register"),
    import("~/db/schema/audit"),
    import("~/db/schema/idempotency"),
    import("~/modules/inventory/stock-ledger.server"),
    import("~/modules/cash-register/sales.server"),
    import("~/modules/cash-register/returns.server"),
    import("~/lib/errors"),
    import("~/db/schema/shop-settings"),
    import("~/modules/pix/pix-charge"),
    import("~/modules/shop-settings/queries.server"),
    import("~/modules/cash-register/sale-queries.server"),
  ]);
  return {
    client,
    db: await client.getDb(),
    tables: { ...auth, ...customers, ...inventory, ...register, ...audit, ...idempotency, ...settings },
    pix,
    settings: settingsQueries,
    ledger,
    sales,
    returns,
    errors,
    saleQueries,
  };
}

/**
 * Selling at the counter against a real database: a sale takes stock through
 * the ledger and lands in the register in one transaction, the server's
 * totals are the only ones, a replay records once, the last unit is sold
 * once, cancels and returns bring stock and money back, and hostile input
 * is refused without writing anything. Each *.test.ts file runs it for one database.
 */
/** A sale's number from its code ("V-000123" → 123). */
const numberOf = (code: string) => Number(/\d+$/.exec(code)?.[0]);

export function defineSalesSuite(database: TestDatabase) {
  describeOnDatabase(database, "vendas no caixa", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    let customerId: number;
    let productCounter = 0;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.db.insert(app.tables.user).values([
        { id: STAFF.userId!, name: "Caixa", email: STAFF.label, role: "staff" },
        { id: CUSTOMER_ACTOR.userId!, name: "Cliente", email: CUSTOMER_ACTOR.label, role: "customer" },
      ]);
      const [customer] = await app.db
        .insert(app.tables.customers)
        .values({ name: "Cliente Venda", phone: "11987651234" })
        .returning({ id: app.tables.customers.id });
      customerId = customer!.id;
      await setShopPix({ pixKey: SHOP_PIX_KEY, pixDiscountBasisPoints: 0 });
    });

    /** The shop's PIX key (the demo's refuses PIX) and its "% de desconto no PIX". */
    async function setShopPix(values: { pixKey: string; pixDiscountBasisPoints: number }) {
      await app.settings.getShopSettings(); // the row exists once read
      await app.db.update(app.tables.shopSettings).set({ ...values, pixKeyType: "email" });
    }

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    /** Each test starts with no register open. */
    beforeEach(async () => {
      await app.db
        .update(app.tables.cashRegisters)
        .set({ isOpen: false, closedAt: new Date(), closedByLabel: "teste" })
        .where(eq(app.tables.cashRegisters.isOpen, true));
    });

    async function openRegister(floatCents = 10_000) {
      const [register] = await app.db
        .insert(app.tables.cashRegisters)
        .values({ openingFloatCents: floatCents, openedByLabel: STAFF.label, openedByUserId: STAFF.userId })
        .returning({ id: app.tables.cashRegisters.id });
      return register!.id;
    }

    async function closeRegister(id: number) {
      await app.db
        .update(app.tables.cashRegisters)
        .set({ isOpen: false, closedAt: new Date(), closedByLabel: "teste" })
        .where(eq(app.tables.cashRegisters.id, id));
    }

    /** A product in stock, entered through the ledger at a cost (products are inserted through the schema: the inventory pages are another's work). */
    async function createProduct({
      kind = "product" as "product" | "part" | "service",
      priceCents = 5_000,
      stock = 10,
      costCents = 2_000,
      serials = [] as string[],
    } = {}) {
      const n = ++productCounter;
      const [product] = await app.db
        .insert(app.tables.products)
        .values({
          kind,
          sku: `TESTE-${n}-${randomUUID().slice(0, 6)}`,
          name: `Produto de teste ${n}`,
          slug: `produto-teste-${n}-${randomUUID().slice(0, 6)}`,
          priceCents,
          isSerialised: serials.length > 0,
          revenueSource: kind === "service" ? "printing-design" : "products",
        })
        .returning({ id: app.tables.products.id });
      const productId = product!.id;
      const unitIds: number[] = [];
      await app.client.inTransaction(async (tx) => {
        if (serials.length > 0) {
          for (const serial of serials) {
            const [unit] = await tx
              .insert(app.tables.productUnits)
              .values({ productId, serial, costCents, status: "written-off" })
              .returning({ id: app.tables.productUnits.id });
            unitIds.push(unit!.id);
            await app.ledger.recordStockMovementInTx(tx, STAFF, {
              productId,
              kind: "entry",
              quantity: 1,
              unitId: unit!.id,
              unitCostCents: costCents,
            });
          }
        } else if (kind !== "service" && stock > 0) {
          await app.ledger.recordStockMovementInTx(tx, STAFF, {
            productId,
            kind: "entry",
            quantity: stock,
            unitCostCents: costCents,
          });
        }
      });
      return { productId, unitIds };
    }

    async function stockOf(productId: number) {
      const [product] = await app.db
        .select({ stock: app.tables.products.stockQuantity })
        .from(app.tables.products)
        .where(eq(app.tables.products.id, productId));
      const [ledger] = await app.db
        .select({ total: sum(app.tables.stockMovements.quantity) })
        .from(app.tables.stockMovements)
        .where(eq(app.tables.stockMovements.productId, productId));
      // The running quantity never drifts from the ledger's sum.
      expect(product!.stock).toBe(Number(ledger?.total ?? 0));
      return product!.stock;
    }

    /** How many rows each table a sale, cancel or return writes has: a refusal must leave them all as they were. */
    async function written() {
      const t = app.tables;
      const countOf = async (table: typeof t.sales | typeof t.saleItems | typeof t.registerEntries) =>
        Number((await app.db.select({ total: count() }).from(table))[0]!.total);
      const more = async (table: typeof t.stockMovements | typeof t.auditLog | typeof t.idempotencyKeys | typeof t.saleReturns) =>
        Number((await app.db.select({ total: count() }).from(table))[0]!.total);
      const credit = Number((await app.db.select({ total: count() }).from(t.storeCreditMovements))[0]!.total);
      const cancelledEntries = Number(
        (
          await app.db
            .select({ total: count() })
            .from(t.registerEntries)
            .where(sql`${t.registerEntries.cancelledAt} is not null`)
        )[0]!.total,
      );
      const cancelledSales = Number(
        (await app.db.select({ total: count() }).from(t.sales).where(eq(t.sales.status, "cancelled")))[0]!.total,
      );
      const stock = await app.db
        .select({ total: sum(t.products.stockQuantity) })
        .from(t.products)
        .then((rows) => Number(rows[0]?.total ?? 0));
      return {
        sales: await countOf(t.sales),
        items: await countOf(t.saleItems),
        entries: await countOf(t.registerEntries),
        movements: await more(t.stockMovements),
        audit: await more(t.auditLog),
        keys: await more(t.idempotencyKeys),
        returns: await more(t.saleReturns),
        credit,
        cancelledEntries,
        cancelledSales,
        stock,
      };
    }

    /** The sale page's "Cancelar venda" refusal, from what the page read, against saleCancelRefusalInTx's own reading. */
    async function expectPageRefusal(saleId: number, refusal: string | null) {
      const detail = await app.saleQueries.getSaleDetail(STAFF, saleId);
      const reference = await app.client.inTransaction((tx) => app.sales.saleCancelRefusalInTx(tx, saleId));
      expect(detail?.cancelRefusal).toBe(reference);
      expect(reference).toBe(refusal);
    }

    async function expectedCashOf(registerId: number) {
      const [register] = await app.db
        .select({ float: app.tables.cashRegisters.openingFloatCents })
        .from(app.tables.cashRegisters)
        .where(eq(app.tables.cashRegisters.id, registerId));
      const [cash] = await app.db
        .select({ total: sum(app.tables.registerEntries.amountCents) })
        .from(app.tables.registerEntries)
        .where(
          and(
            eq(app.tables.registerEntries.registerId, registerId),
            eq(app.tables.registerEntries.method, "cash"),
            isNull(app.tables.registerEntries.cancelledAt),
          ),
        );
      return register!.float + Number(cash?.total ?? 0);
    }

    it("sells a product and a print service paid in cash with change and PIX: stock through the ledger, one entry per payment, the change outside the drawer", async () => {
      const registerId = await openRegister(10_000);
      const phoneCase = await createProduct({ priceCents: 3_990, stock: 5, costCents: 1_500 });
      const printing = await createProduct({ kind: "service", priceCents: 150 });
      const before = await written();

      const sale = await app.sales.recordSale(
        STAFF,
        saleForm({
          items: [
            { productId: String(phoneCase.productId), quantity: "2", discount: "" },
            { productId: String(printing.productId), quantity: "10", discount: "" },
          ],
          discount: "0,80",
          // 2 × 39,90 + 10 × 1,50 − 0,80 = 94,00: half cash (R$ 50 handed over), half PIX.
          payments: [
            { method: "cash", amount: "47,00", tendered: "50,00" },
            { method: "pix", amount: "47,00" },
          ],
          expectedTotal: "94,00",
        }),
      );
      expect(sale).toMatchObject({ totalCents: 9_400, changeCents: 300, isReplay: false, code: `VENDA${sale.saleId}` });
      expect(await stockOf(phoneCase.productId)).toBe(3);
      expect(await stockOf(printing.productId)).toBe(0);

      const [row] = await app.db.select().from(app.tables.sales).where(eq(app.tables.sales.id, sale.saleId));
      expect(row).toMatchObject({
        registerId,
        itemsTotalCents: 9_480,
        discountCents: 80,
        totalCents: 9_400,
        status: "completed",
      });
      const items = await app.db
        .select()
        .from(app.tables.saleItems)
        .where(eq(app.tables.saleItems.saleId, sale.saleId))
        .orderBy(app.tables.saleItems.position);
      expect(
        items.map((item) => [item.quantity, item.unitPriceCents, item.totalCents, item.unitCostCents, item.revenueSource]),
      ).toEqual([
        [2, 3_990, 7_980 - 67, 1_500, "products"],
        [10, 150, 1_500 - 13, 0, "printing-design"],
      ]);
      const entries = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.saleId, sale.saleId))
        .orderBy(app.tables.registerEntries.id);
      expect(
        entries.map((entry) => [entry.method, entry.amountCents, entry.tenderedCents, entry.pixPending, entry.registerId]),
      ).toEqual([
        ["cash", 4_700, 5_000, false, registerId],
        ["pix", 4_700, null, true, registerId],
      ]);
      // The drawer holds the float plus the cash part; the R$ 3,00 change went back to the customer.
      expect(await expectedCashOf(registerId)).toBe(10_000 + 4_700);
      const [audit] = await app.db
        .select()
        .from(app.tables.auditLog)
        .where(and(eq(app.tables.auditLog.action, "sale.record"), eq(app.tables.auditLog.entityId, String(sale.saleId))));
      expect(audit).toMatchObject({ entity: "sale", actorLabel: STAFF.label });
      expect(await written()).toMatchObject({
        sales: before.sales + 1,
        items: before.items + 2,
        entries: before.entries + 2,
        movements: before.movements + 1,
        audit: before.audit + 1,
        keys: before.keys + 1,
      });
    });

    it("records a replayed idempotency key once and answers with the first sale", async () => {
      await openRegister();
      const product = await createProduct({ priceCents: 1_000, stock: 5 });
      const form = saleForm({
        items: [{ productId: String(product.productId), quantity: "1" }],
        payments: [{ method: "cash", amount: "10,00", tendered: "20,00" }],
      });
      const first = await app.sales.recordSale(STAFF, form);
      const before = await written();
      const again = await app.sales.recordSale(STAFF, form);
      expect(again).toEqual({ ...first, isReplay: true });
      expect(await written()).toEqual(before);
      expect(await stockOf(product.productId)).toBe(4);
    });

    it("sells the last unit once when two sales arrive together: stock 0, one refused, nothing written by it", async () => {
      await openRegister();
      const product = await createProduct({ priceCents: 2_000, stock: 1 });
      const before = await written();
      const sell = () =>
        app.sales.recordSale(
          STAFF,
          saleForm({
            items: [{ productId: String(product.productId), quantity: "1" }],
            payments: [{ method: "pix", amount: "20,00" }],
          }),
        );
      const results = await Promise.allSettled([sell(), sell()]);
      const fulfilled = results.filter((result) => result.status === "fulfilled");
      const rejected = results.filter((result) => result.status === "rejected");
      expect(fulfilled).toHaveLength(1);
      expect(rejected).toHaveLength(1);
      expect((rejected[0] as PromiseRejectedResult).reason).toMatchObject({
        name: "StockRefusedError",
        status: 409,
        fieldErrors: {
          "items.0.quantity": expect.stringMatching(/^Estoque insuficiente de “Produto de teste \d+”: 0 disponíveis\.$/),
        },
      });
      expect(await stockOf(product.productId)).toBe(0);
      expect(await written()).toMatchObject({
        sales: before.sales + 1,
        items: before.items + 1,
        entries: before.entries + 1,
        movements: before.movements + 1,
        audit: before.audit + 1,
        keys: before.keys + 1,
      });
    });

    it("refuses totals whose payments do not add up, a changed price, and cash without an open register, writing nothing", async () => {
      const product = await createProduct({ priceCents: 1_000, stock: 5 });
      const item = [{ productId: String(product.productId), quantity: "2" }];
      const before = await written();
      const refused = (form: Record<string, unknown>) =>
        app.sales.recordSale(STAFF, saleForm(form)).catch((error: unknown) => error);

      expect(await refused({ items: item, payments: [{ method: "pix", amount: "19,99" }] })).toMatchObject({
        name: "SaleInputError",
        status: 400,
        fieldErrors: { payments: "Os pagamentos somam R$\u00a019,99; o total é R$\u00a020,00." },
      });
      // The browser sends no price: a total computed on another price is refused, not trusted.
      expect(
        await refused({ items: item, payments: [{ method: "pix", amount: "2,00" }], expectedTotal: "2,00", unitPrice: "1,00" }),
      ).toMatchObject({ status: 400, fieldErrors: { payments: expect.stringContaining("o total é R$\u00a020,00") } });
      expect(
        await refused({ items: item, payments: [{ method: "pix", amount: "20,00" }], expectedTotal: "18,00" }),
      ).toMatchObject({
        status: 409,
        fieldErrors: { form: expect.stringContaining("o total agora é R$\u00a020,00") },
      });
      expect(await refused({ items: item, payments: [{ method: "cash", amount: "20,00" }] })).toMatchObject({
        name: "RegisterClosedError",
        fieldErrors: { "payments.0.method": "Não há caixa aberto. Abra o caixa para receber em dinheiro." },
      });
      expect(await refused({ items: item, payments: [{ method: "crediario", amount: "20,00" }] })).toMatchObject({
        fieldErrors: { customerId: "Escolha o cliente: crediário e crédito na loja ficam no nome dele." },
      });
      expect(
        await refused({ items: item, customerId: String(customerId), payments: [{ method: "store-credit", amount: "20,00" }] }),
      ).toMatchObject({ status: 409, fieldErrors: { "payments.0.amount": expect.stringMatching(/^O cliente tem R\$\s0,00/) } });
      expect(await refused({ items: item, payments: [{ method: "credit", amount: "20,00", instalments: "13" }] })).toMatchObject({
        fieldErrors: { "payments.0.instalments": "Informe de 1 a 12 parcelas." },
      });
      expect(
        await app.sales.recordSale(CUSTOMER_ACTOR, saleForm({ items: item })).catch((error: unknown) => error),
      ).toBeInstanceOf(app.errors.ForbiddenError);
      expect(await written()).toEqual(before);
      expect(await stockOf(product.productId)).toBe(5);

      // PIX and card with no register open go to the day's records.
      const sale = await app.sales.recordSale(
        STAFF,
        saleForm({ items: item, payments: [{ method: "credit", amount: "20,00", instalments: "3" }] }),
      );
      const [entry] = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.saleId, sale.saleId));
      expect(entry).toMatchObject({ registerId: null, method: "credit", instalments: 3, amountCents: 2_000 });
    });

    it("numbers sales without gaps: a refused sale takes no number", async () => {
      const product = await createProduct({ priceCents: 1_000, stock: 3 });
      const item = (quantity: string) => [{ productId: String(product.productId), quantity }];
      const first = await app.sales.recordSale(
        STAFF,
        saleForm({ items: item("1"), payments: [{ method: "pix", amount: "10,00" }] }),
      );
      // Refused after the sale row was begun: stock short, and cash with no register open.
      await expect(
        app.sales.recordSale(STAFF, saleForm({ items: item("5"), payments: [{ method: "pix", amount: "50,00" }] })),
      ).rejects.toBeInstanceOf(app.errors.InputError);
      await expect(
        app.sales.recordSale(STAFF, saleForm({ items: item("1"), payments: [{ method: "cash", amount: "10,00" }] })),
      ).rejects.toBeInstanceOf(app.errors.InputError);
      const next = await app.sales.recordSale(
        STAFF,
        saleForm({ items: item("1"), payments: [{ method: "pix", amount: "10,00" }] }),
      );
      expect(numberOf(next.code)).toBe(numberOf(first.code) + 1);
      expect(next.saleId).toBe(first.saleId + 1);
    });

    it("sells a serialised unit by its IMEI and brings it back on a return, the cost of goods sold being the unit's own", async () => {
      await openRegister();
      const phone = await createProduct({
        priceCents: 150_000,
        costCents: 90_000,
        serials: ["356938035643809", "356938035643817"],
      });
      const refused = await app.sales
        .recordSale(
          STAFF,
          saleForm({
            items: [{ productId: String(phone.productId), quantity: "1" }],
            payments: [{ method: "pix", amount: "1500" }],
          }),
        )
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ fieldErrors: { "items.0.unitId": expect.stringContaining("IMEI") } });

      const sale = await app.sales.recordSale(
        STAFF,
        saleForm({
          customerId: String(customerId),
          items: [{ productId: String(phone.productId), unitId: String(phone.unitIds[0]), quantity: "1" }],
          payments: [{ method: "crediario", amount: "1.500,00" }],
          // A crediário opens its plan with the sale (modules/credit): its terms come with it.
          credit: { instalmentCount: "10", monthlyRate: "0", firstDueDate: addDays(shopToday(), 30) },
        }),
      );
      expect(await stockOf(phone.productId)).toBe(1);
      const [item] = await app.db.select().from(app.tables.saleItems).where(eq(app.tables.saleItems.saleId, sale.saleId));
      expect(item).toMatchObject({ unitCostCents: 90_000, description: expect.stringContaining("356938035643809") });
      const [crediario] = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.saleId, sale.saleId));
      expect(crediario).toMatchObject({ method: "crediario", customerId, amountCents: 150_000 });

      const back = await app.returns.recordSaleReturn(STAFF, sale.saleId, {
        idempotencyKey: randomUUID(),
        settlement: "store-credit",
        reason: "Arrependimento",
        items: [{ saleItemId: String(item!.id), quantity: "1" }],
      });
      expect(back).toMatchObject({ amountCents: 150_000, customerId, settlement: "store-credit" });
      expect(await stockOf(phone.productId)).toBe(2);
      const [unit] = await app.db.select().from(app.tables.productUnits).where(eq(app.tables.productUnits.id, phone.unitIds[0]!));
      expect(unit).toMatchObject({ status: "in-stock", destination: null });
    });

    it("cancels a sale while its register is open: stock back, entries marked, reason kept; after the closing only a return", async () => {
      const registerId = await openRegister(5_000);
      const product = await createProduct({ priceCents: 2_500, stock: 4 });
      const sale = await app.sales.recordSale(
        STAFF,
        saleForm({
          items: [{ productId: String(product.productId), quantity: "3" }],
          payments: [
            { method: "cash", amount: "50,00", tendered: "50,00" },
            { method: "debit", amount: "25,00" },
          ],
        }),
      );
      expect(await stockOf(product.productId)).toBe(1);
      expect(await expectedCashOf(registerId)).toBe(10_000);
      await expectPageRefusal(sale.saleId, null);

      const shortReason = await app.sales.cancelSale(STAFF, sale.saleId, { reason: "" }).catch((error: unknown) => error);
      expect(shortReason).toMatchObject({ fieldErrors: { reason: "Informe o motivo do cancelamento." } });

      await app.sales.cancelSale(STAFF, sale.saleId, { reason: "Cliente desistiu" });
      expect(await stockOf(product.productId)).toBe(4);
      expect(await expectedCashOf(registerId)).toBe(5_000);
      const [row] = await app.db.select().from(app.tables.sales).where(eq(app.tables.sales.id, sale.saleId));
      expect(row).toMatchObject({ status: "cancelled", cancelReason: "Cliente desistiu", cancelledByLabel: STAFF.label });
      const entries = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.saleId, sale.saleId));
      expect(entries.every((entry) => entry.cancelledAt !== null && entry.cancelReason === "Cliente desistiu")).toBe(true);
      await expectPageRefusal(sale.saleId, "Esta venda já foi cancelada.");
      const before = await written();
      expect(
        await app.sales.cancelSale(STAFF, sale.saleId, { reason: "De novo" }).catch((error: unknown) => error),
      ).toMatchObject({
        status: 409,
        fieldErrors: { form: "Esta venda já foi cancelada." },
      });

      // Another sale, its register then closed: cancelling is refused, a return is the way.
      const later = await app.sales.recordSale(
        STAFF,
        saleForm({
          items: [{ productId: String(product.productId), quantity: "2" }],
          payments: [{ method: "cash", amount: "50,00" }],
        }),
      );
      await closeRegister(registerId);
      const afterSale = await written();
      expect(afterSale.sales).toBe(before.sales + 1);
      expect(
        await app.sales.cancelSale(STAFF, later.saleId, { reason: "Tarde demais" }).catch((error: unknown) => error),
      ).toMatchObject({ status: 409, fieldErrors: { form: "O caixa desta venda já foi fechado: use uma devolução." } });
      expect(await written()).toEqual(afterSale);
      await expectPageRefusal(later.saleId, "O caixa desta venda já foi fechado: use uma devolução.");
    });

    it("returns part of a past sale after its register closed: refund through today's register, cash only with one open, never more than was sold", async () => {
      const firstRegister = await openRegister(0);
      const [buyer] = await app.db
        .insert(app.tables.customers)
        .values({ name: "Cliente Troca", phone: "11987650099" })
        .returning({ id: app.tables.customers.id });
      const buyerId = buyer!.id;
      const product = await createProduct({ priceCents: 1_000, stock: 10 });
      const sale = await app.sales.recordSale(
        STAFF,
        saleForm({
          customerId: String(buyerId),
          items: [{ productId: String(product.productId), quantity: "3" }],
          discount: "0,10",
          payments: [{ method: "cash", amount: "29,90" }],
        }),
      );
      await closeRegister(firstRegister);
      const [item] = await app.db.select().from(app.tables.saleItems).where(eq(app.tables.saleItems.saleId, sale.saleId));
      const returnForm = (overrides: Record<string, unknown> = {}) => ({
        idempotencyKey: randomUUID(),
        settlement: "refund",
        refundMethod: "cash",
        reason: "Com defeito",
        items: [{ saleItemId: String(item!.id), quantity: "1" }],
        ...overrides,
      });
      const before = await written();
      expect(await app.returns.recordSaleReturn(STAFF, sale.saleId, returnForm()).catch((error: unknown) => error)).toMatchObject(
        {
          name: "RegisterClosedError",
        },
      );
      expect(
        await app.returns
          .recordSaleReturn(STAFF, sale.saleId, returnForm({ items: [{ saleItemId: String(item!.id), quantity: "4" }] }))
          .catch((error: unknown) => error),
      ).toMatchObject({ fieldErrors: { "items.0.quantity": "Só 3 podem ser devolvidos." } });
      expect(await written()).toEqual(before);

      const today = await openRegister(2_000);
      const first = await app.returns.recordSaleReturn(STAFF, sale.saleId, returnForm());
      // 29,90 over 3 units: 9,97 + 9,97 + 9,96.
      expect(first.amountCents).toBe(997);
      expect(await expectedCashOf(today)).toBe(2_000 - 997);
      const [refund] = await app.db
        .select()
        .from(app.tables.registerEntries)
        .where(eq(app.tables.registerEntries.saleReturnId, first.returnId));
      expect(refund).toMatchObject({ kind: "refund", method: "cash", amountCents: -997, registerId: today });

      // The other two as store credit, then spent in an exchange.
      const credit = await app.returns.recordSaleReturn(
        STAFF,
        sale.saleId,
        returnForm({ settlement: "store-credit", refundMethod: "", items: [{ saleItemId: String(item!.id), quantity: "2" }] }),
      );
      expect(credit.amountCents).toBe(997 + 996);
      await expectPageRefusal(sale.saleId, "Esta venda já tem devolução: registre outra devolução para o restante.");
      expect(await stockOf(product.productId)).toBe(10);
      expect(await app.returns.recordSaleReturn(STAFF, sale.saleId, returnForm()).catch((error: unknown) => error)).toMatchObject(
        { fieldErrors: { "items.0.quantity": "Este item já foi devolvido." } },
      );

      const exchange = await app.sales.recordSale(
        STAFF,
        saleForm({
          customerId: String(buyerId),
          items: [{ productId: String(product.productId), quantity: "2" }],
          payments: [
            { method: "store-credit", amount: "19,93" },
            { method: "pix", amount: "0,07" },
          ],
        }),
      );
      expect(exchange.totalCents).toBe(2_000);
      expect(await stockOf(product.productId)).toBe(8);
      const [balance] = await app.db
        .select({ total: sum(app.tables.storeCreditMovements.amountCents) })
        .from(app.tables.storeCreditMovements)
        .where(eq(app.tables.storeCreditMovements.customerId, buyerId));
      expect(Number(balance?.total ?? 0)).toBe(0);

      // Cancelling the exchange gives the credit back.
      await app.sales.cancelSale(STAFF, exchange.saleId, { reason: "Errado" });
      const [restored] = await app.db
        .select({ total: sum(app.tables.storeCreditMovements.amountCents) })
        .from(app.tables.storeCreditMovements)
        .where(eq(app.tables.storeCreditMovements.customerId, buyerId));
      expect(Number(restored?.total ?? 0)).toBe(1_993);
      expect(await stockOf(product.productId)).toBe(10);
    });

    it("issues a return's slip with the return, stored as signed: who, when, the items, where the value went; a reprint is the same bytes", async () => {
      const { printSaleReturnSlip } = await import("~/modules/cash-register/return-slip.server");
      const { issuedDocuments } = await import("~/db/schema/print-documents");
      const registerId = await openRegister(5_000);
      const [buyer] = await app.db
        .insert(app.tables.customers)
        .values({ name: "Cliente Comprovante", phone: "11987650098" })
        .returning({ id: app.tables.customers.id });
      const charger = await createProduct({ priceCents: 8_990, stock: 5 });
      const cover = await createProduct({ priceCents: 4_500, stock: 5 });
      const sale = await app.sales.recordSale(
        STAFF,
        saleForm({
          customerId: String(buyer!.id),
          items: [
            { productId: String(charger.productId), quantity: "1", discount: "9,90" },
            { productId: String(cover.productId), quantity: "2" },
          ],
          payments: [{ method: "cash", amount: "170,00" }],
        }),
      );
      const items = await app.db.select().from(app.tables.saleItems).where(eq(app.tables.saleItems.saleId, sale.saleId));
      const chargerLine = items.find((line) => line.productId === charger.productId)!;
      const form = {
        idempotencyKey: randomUUID(),
        settlement: "refund",
        refundMethod: "cash",
        reason: "Não serviu no aparelho",
        items: [{ saleItemId: String(chargerLine.id), quantity: "1" }],
      };
      const returned = await app.returns.recordSaleReturn(STAFF, sale.saleId, form);
      expect((await app.returns.recordSaleReturn(STAFF, sale.saleId, form)).isReplay).toBe(true);
      const slips = () =>
        app.db
          .select()
          .from(issuedDocuments)
          .where(
            and(eq(issuedDocuments.kind, "sale-return-slip"), eq(issuedDocuments.subject, `sale_return:${returned.returnId}`)),
          );
      const [issued] = await slips();
      expect(await slips()).toHaveLength(1);
      expect(Object.keys(issued!.templates).sort()).toEqual(["58mm", "80mm", "a4"]);
      expect(issued!.data).toMatchObject({
        devolucao: {
          numero: returned.returnId,
          venda: { numero: sale.saleId, codigo: sale.code },
          cliente: { nome: "Cliente Comprovante" },
          motivo: "Não serviu no aparelho",
          feita_por: STAFF.label,
          itens: [{ quantidade: 1, unitario: 8_990, desconto: 990, total: 8_000 }],
          total: 8_000,
          destinos: [{ forma: "Dinheiro devolvido", valor: 8_000 }],
        },
      });

      const first = await printSaleReturnSlip(STAFF, sale.saleId, returned.returnId, "a4");
      const text = first!.html.replace(/&nbsp;|\u00a0/g, " ");
      for (const expected of ["Comprovante de devolução", sale.code, "Dinheiro devolvido", "R$ 80,00", "Assinatura do cliente"]) {
        expect(text).toContain(expected);
      }
      // The customer's name corrected later: the signed slip stays as it was, to the byte, on every paper.
      await app.db.update(app.tables.customers).set({ name: "Nome Corrigido" }).where(eq(app.tables.customers.id, buyer!.id));
      expect(await printSaleReturnSlip(STAFF, sale.saleId, returned.returnId, "a4")).toEqual(first);
      expect((await printSaleReturnSlip(STAFF, sale.saleId, returned.returnId, "80mm"))!.html).toContain("Cliente Comprovante");
      // Another sale's return id, or none: nothing.
      expect(await printSaleReturnSlip(STAFF, sale.saleId + 1, returned.returnId, "a4")).toBeNull();
      expect(await printSaleReturnSlip(STAFF, sale.saleId, 999_999, "a4")).toBeNull();

      // A store credit for the rest; a refused return issues nothing.
      const coverLine = items.find((line) => line.productId === cover.productId)!;
      const refused = await app.returns
        .recordSaleReturn(STAFF, sale.saleId, {
          ...form,
          idempotencyKey: randomUUID(),
          items: [{ saleItemId: String(coverLine.id), quantity: "3" }],
        })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ fieldErrors: { "items.0.quantity": expect.any(String) } });
      const credit = await app.returns.recordSaleReturn(STAFF, sale.saleId, {
        idempotencyKey: randomUUID(),
        settlement: "store-credit",
        reason: "Troca",
        items: [{ saleItemId: String(coverLine.id), quantity: "2" }],
      });
      const all = await app.db
        .select({ subject: issuedDocuments.subject })
        .from(issuedDocuments)
        .where(eq(issuedDocuments.kind, "sale-return-slip"));
      expect(all.map((row) => row.subject)).toEqual(
        expect.arrayContaining([`sale_return:${returned.returnId}`, `sale_return:${credit.returnId}`]),
      );
      const creditSlip = await printSaleReturnSlip(STAFF, sale.saleId, credit.returnId, "80mm");
      expect(creditSlip!.html.replace(/&nbsp;|\u00a0/g, " ")).toMatch(/Crédito na loja[\s\S]*R\$ 90,00/);

      // A return made before slips were issued gets its slip at its first print, from what the return wrote.
      await app.db.delete(issuedDocuments).where(eq(issuedDocuments.subject, `sale_return:${credit.returnId}`));
      const late = await printSaleReturnSlip(STAFF, sale.saleId, credit.returnId, "a4");
      expect(late!.html).toContain("Crédito na loja");
      await closeRegister(registerId);
    });

    it("does not sell what is reserved for an approved order: neither the held quantity nor a reserved unit", async () => {
      const product = await createProduct({ priceCents: 2_000, stock: 2 });
      const phone = await createProduct({ priceCents: 90_000, serials: ["356938035643825"] });
      // What the order-parts rules write on approval: the quantity held, the unit marked.
      await app.db.update(app.tables.products).set({ reservedQuantity: 2 }).where(eq(app.tables.products.id, product.productId));
      await app.db
        .update(app.tables.productUnits)
        .set({ status: "reserved" })
        .where(eq(app.tables.productUnits.id, phone.unitIds[0]!));
      const before = await written();
      await expect(
        app.sales.recordSale(
          STAFF,
          saleForm({
            items: [{ productId: String(product.productId), quantity: "1", discount: "" }],
            payments: [{ method: "pix", amount: "20,00" }],
          }),
        ),
      ).rejects.toMatchObject({
        fieldErrors: { "items.0.quantity": expect.stringContaining("0 disponíveis (2 reservado para OS)") },
      });
      await expect(
        app.sales.recordSale(
          STAFF,
          saleForm({
            items: [{ productId: String(phone.productId), unitId: String(phone.unitIds[0]), quantity: "1" }],
            payments: [{ method: "pix", amount: "900,00" }],
          }),
        ),
      ).rejects.toMatchObject({
        fieldErrors: { "items.0.unitId": expect.stringContaining("reservada para uma ordem de serviço") },
      });
      expect(await written()).toEqual(before);
      expect(await stockOf(product.productId)).toBe(2);
    });

    it("brings returned and cancelled items back at the cost they left at, so the average cost does not move", async () => {
      await openRegister();
      const product = await createProduct({ priceCents: 5_000, stock: 10, costCents: 2_000 });
      const item = [{ productId: String(product.productId), quantity: "1", discount: "" }];
      const sold = await app.sales.recordSale(STAFF, saleForm({ items: item, payments: [{ method: "pix", amount: "50,00" }] }));
      const cancelled = await app.sales.recordSale(
        STAFF,
        saleForm({ items: item, payments: [{ method: "pix", amount: "50,00" }] }),
      );
      // 8 left at R$ 20,00; 8 more at R$ 30,00: the average is R$ 25,00.
      await app.client.inTransaction((tx) =>
        app.ledger.recordStockMovementInTx(tx, STAFF, {
          productId: product.productId,
          kind: "entry",
          quantity: 8,
          unitCostCents: 3_000,
        }),
      );
      const averageOf = async () =>
        (
          await app.db
            .select({ average: app.tables.products.averageCostCents })
            .from(app.tables.products)
            .where(eq(app.tables.products.id, product.productId))
        )[0]!.average;
      expect(await averageOf()).toBe(2_500);
      const [line] = await app.db.select().from(app.tables.saleItems).where(eq(app.tables.saleItems.saleId, sold.saleId));
      await app.returns.recordSaleReturn(STAFF, sold.saleId, {
        idempotencyKey: randomUUID(),
        settlement: "refund",
        refundMethod: "cash",
        reason: "Defeito",
        items: [{ saleItemId: String(line!.id), quantity: "1" }],
      });
      // (16 × 25,00 + 1 × 20,00) / 17 = 24,7058… → R$ 24,71
      expect(await averageOf()).toBe(2_471);
      await app.sales.cancelSale(STAFF, cancelled.saleId, { reason: "Digitada errada" });
      // (17 × 24,71 + 1 × 20,00) / 18 = 24,4483… → R$ 24,45
      expect(await averageOf()).toBe(2_445);
      expect(await stockOf(product.productId)).toBe(18);
    });

    it("refuses PIX while the shop's key is still the demo one, writing nothing", async () => {
      const { DEMO_SHOP_SETTINGS } = await import("~/modules/shop-settings/demo-settings");
      const product = await createProduct({ priceCents: 2_000 });
      await setShopPix({ pixKey: DEMO_SHOP_SETTINGS.pixKey!, pixDiscountBasisPoints: 0 });
      const before = await written();
      try {
        await expect(
          app.sales.recordSale(
            STAFF,
            saleForm({
              items: [{ productId: String(product.productId), quantity: "1", discount: "" }],
              payments: [{ method: "pix", amount: "20,00" }],
            }),
          ),
        ).rejects.toMatchObject({ fieldErrors: { form: app.pix.PIX_UNAVAILABLE_MESSAGE } });
      } finally {
        await setShopPix({ pixKey: SHOP_PIX_KEY, pixDiscountBasisPoints: 0 });
      }
      expect(await written()).toEqual(before);
      expect(await stockOf(product.productId)).toBe(10);
    });

    it("gives the shop's PIX discount when the whole sale is paid by PIX, and not when part is paid otherwise", async () => {
      const product = await createProduct({ priceCents: 2_000 });
      await openRegister();
      await setShopPix({ pixKey: SHOP_PIX_KEY, pixDiscountBasisPoints: 500 });
      try {
        const item = [{ productId: String(product.productId), quantity: "1", discount: "" }];
        // 5% off R$ 20,00: the PIX price is R$ 19,00, and R$ 20,00 by PIX does not add up.
        await expect(
          app.sales.recordSale(STAFF, saleForm({ items: item, payments: [{ method: "pix", amount: "20,00" }] })),
        ).rejects.toMatchObject({ fieldErrors: { payments: expect.stringMatching(/o total é R\$\s19,00/) } });
        const byPix = await app.sales.recordSale(
          STAFF,
          saleForm({ items: item, payments: [{ method: "pix", amount: "19,00" }] }),
        );
        const [pixRow] = await app.db.select().from(app.tables.sales).where(eq(app.tables.sales.id, byPix.saleId));
        expect(pixRow).toMatchObject({ itemsTotalCents: 2_000, discountCents: 100, totalCents: 1_900 });
        const mixed = await app.sales.recordSale(
          STAFF,
          saleForm({
            items: item,
            payments: [
              { method: "cash", amount: "10,00" },
              { method: "pix", amount: "10,00" },
            ],
          }),
        );
        expect(mixed.totalCents).toBe(2_000);
      } finally {
        await setShopPix({ pixKey: SHOP_PIX_KEY, pixDiscountBasisPoints: 0 });
      }
    });

    it("fuzz: hostile sale, cancel and return input is refused with a typed error and writes nothing", async () => {
      await openRegister();
      const product = await createProduct({ priceCents: 1_000, stock: 50 });
      const target = await app.sales.recordSale(
        STAFF,
        saleForm({
          items: [{ productId: String(product.productId), quantity: "1" }],
          payments: [{ method: "pix", amount: "10,00" }],
        }),
      );
      const value = fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.string({ unit: "binary", maxLength: 20 }),
        fc.constantFrom("", "0", "-1", "1", "2", "99999999999", "1,00", "10,00", "1e9", "NaN", String(product.productId)),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.object({ maxDepth: 1 }),
      );
      const row = (keys: string[]) => fc.dictionary(fc.constantFrom(...keys), value);
      const sale = fc.record(
        {
          idempotencyKey: fc.oneof(fc.constant(randomUUID()), value),
          customerId: value,
          discount: value,
          expectedTotal: value,
          items: fc.oneof(fc.array(row(["productId", "unitId", "quantity", "discount"]), { maxLength: 3 }), value),
          payments: fc.oneof(fc.array(row(["method", "amount", "tendered", "instalments"]), { maxLength: 3 }), value),
        },
        { requiredKeys: [] },
      );
      const returnInput = fc.record(
        {
          idempotencyKey: value,
          settlement: fc.oneof(fc.constantFrom("refund", "store-credit"), value),
          refundMethod: value,
          customerId: value,
          reason: value,
          items: fc.oneof(fc.array(row(["saleItemId", "quantity"]), { maxLength: 3 }), value),
        },
        { requiredKeys: [] },
      );
      const isTyped = (error: unknown) => error instanceof app.errors.InputError || error instanceof app.errors.NotFoundError;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            sale.map((input) => ({ kind: "sale" as const, input })),
            fc.anything({ maxDepth: 2 }).map((input) => ({ kind: "sale" as const, input })),
            returnInput.map((input) => ({ kind: "return" as const, input })),
            fc.record({ reason: value }).map((input) => ({ kind: "cancel" as const, input })),
          ),
          fc.oneof(fc.constant(target.saleId), fc.integer()),
          async (action, saleId) => {
            const before = await written();
            try {
              if (action.kind === "sale") await app.sales.recordSale(STAFF, action.input);
              else if (action.kind === "return") await app.returns.recordSaleReturn(STAFF, saleId, action.input);
              else {
                // A text gets a letter so it can pass the minimum; anything else goes as it came (String() of an object can throw).
                const reason = action.input.reason;
                await app.sales.cancelSale(STAFF, saleId, { reason: typeof reason === "string" ? `x${reason}` : reason });
              }
            } catch (error) {
              if (!isTyped(error)) throw error;
              expect(await written()).toEqual(before);
              return;
            }
          },
        ),
        { numRuns: 150 },
      );
      await stockOf(product.productId);
    });
  });
}
