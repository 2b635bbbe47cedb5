import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import * as fc from "fast-check";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";
import { withFreshKey } from "../support/fresh-key";

const STAFF: Actor = { userId: "staff-fin", label: "caixa@loja.test", role: "staff" };
const OWNER: Actor = { userId: "owner-fin", label: "dona@loja.test", role: "owner" };

const key = () => randomUUID();
const centsText = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

/** The fee form as the page posts it, with the seeded rates unless overridden. */
function ratesForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const seeded: Record<string, string> = { "fee-debit-1": "1,99", "days-debit-1": "1" };
  for (let n = 1; n <= 12; n++) {
    seeded[`fee-credit-${n}`] = n === 1 ? "3,49" : n <= 6 ? "4,59" : "5,59";
    seeded[`days-credit-${n}`] = "30";
  }
  return { idempotencyKey: key(), ...seeded, ...overrides };
}

async function loadModules() {
  const [
    client,
    auth,
    customers,
    inventory,
    register,
    orders,
    finance,
    sales,
    returns,
    sessions,
    entries,
    closing,
    queries,
    orderMutations,
    shopSettings,
    settingsQueries,
    stock,
    products,
    dates,
    cardFees,
    cardFeesServer,
    saleQueries,
    errors,
    audit,
    idempotency,
    demoRemoval,
    supplierTables,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/customers"),
    import("~/db/schema/inventory"),
    import("~/db/schema/cash-register"),
    import("~/db/schema/service-orders"),
    import("~/db/schema/finance"),
    import("~/modules/cash-register/sales.server"),
    import("~/modules/cash-register/returns.server"),
    import("~/modules/cash-register/sessions.server"),
    import("~/modules/cash-register/entries.server"),
    import("~/modules/cash-register/closing.server"),
    import("~/modules/cash-register/queries.server"),
    import("~/modules/service-orders/mutations.server"),
    import("~/db/schema/shop-settings"),
    import("~/modules/shop-settings/queries.server"),
    import("~/modules/inventory/stock.server"),
    import("~/modules/inventory/products.server"),
    import("~/lib/dates"),
    import("~/modules/finance/card-fees"),
    import("~/modules/finance/card-fees.server"),
    import("~/modules/cash-register/sale-queries.server"),
    import("~/lib/errors"),
    import("~/db/schema/audit"),
    import("~/db/schema/idempotency"),
    import("~/modules/demo/remove-demo-data.server"),
    import("~/db/schema/suppliers"),
  ]);
  return {
    client,
    db: await client.getDb(),
    tables: {
      ...auth,
      ...customers,
      ...inventory,
      ...register,
      ...orders,
      ...finance,
      ...shopSettings,
      ...audit,
      ...idempotency,
      ...supplierTables,
    },
    cardFees,
    cardFeesServer,
    saleQueries,
    errors,
    demoRemoval,
    sales,
    returns,
    sessions,
    entries,
    closing,
    queries,
    orderMutations,
    settings: settingsQueries,
    // Called as the forms call them, with a fresh idempotency key.
    stock: {
      ...stock,
      recordStockEntry: withFreshKey(stock.recordStockEntry, 2),
      recordSerialisedEntry: withFreshKey(stock.recordSerialisedEntry, 2),
    },
    products: { ...products, createProduct: withFreshKey(products.createProduct, 1) },
    dates,
  };
}

type Modules = Awaited<ReturnType<typeof loadModules>>;

const sumOf = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * What the register's money becomes in finance (decision 0019), against a
 * real database: each payment is revenue by source in the account of its
 * method, a card's fee and receivables come with it, refunds are returns,
 * suprimento and sangria are transfers, a closing posts only its cash
 * difference, cancelling undoes the postings, and a replay posts once.
 */
export function defineFinancePostingsSuite(database: TestDatabase) {
  describeOnDatabase(database, "lançamentos automáticos no financeiro", () => {
    let app: Modules;
    let dropDatabase: (() => Promise<void>) | undefined;
    let customerId: number;
    let accounts: Record<"drawer" | "bank" | "acquirer" | "safe", number>;
    let productCounter = 0;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      const t = app.tables;
      await app.db.insert(t.user).values([
        { id: STAFF.userId!, name: "Caixa", email: STAFF.label, role: "staff" },
        { id: OWNER.userId!, name: "Dona", email: OWNER.label, role: "owner" },
      ]);
      const [customer] = await app.db
        .insert(t.customers)
        .values({ name: "Cliente Financeiro", phone: "11987650000" })
        .returning({ id: t.customers.id });
      customerId = customer!.id;
      await app.settings.getShopSettings();
      await app.db
        .update(t.shopSettings)
        .set({ pixKey: "pix@loja-de-teste.com.br", pixKeyType: "email", pixDiscountBasisPoints: 0 });
      const roles = await app.db.select().from(t.financeAccountRoles);
      const of = (role: string) => roles.find((row) => row.role === role)!.accountId;
      accounts = { drawer: of("cash-drawer"), bank: of("pix"), acquirer: of("card"), safe: of("withdrawal") };
      expect(of("card-settlement")).toBe(accounts.bank);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    beforeEach(async () => {
      const desk = await app.queries.getRegisterDesk();
      if (desk.register) await closeRegister(desk.register.id);
    });

    async function openRegister(openingFloat = "100,00") {
      return app.sessions.openCashRegister(STAFF, { openingFloat, idempotencyKey: key() });
    }

    async function closeRegister(registerId: number, countedCashCents?: number) {
      await confirmPendingPix();
      const desk = await app.queries.getRegisterDesk();
      return app.closing.closeCashRegister(STAFF, registerId, {
        countMode: "total",
        countedCash: centsText(countedCashCents ?? desk.totals.expected.cash),
        seen: desk.fingerprint,
        idempotencyKey: key(),
      });
    }

    async function createProduct(values: {
      kind: "product" | "part" | "service";
      priceCents: number;
      source: "products" | "services" | "printing-design";
    }) {
      const n = ++productCounter;
      const t = app.tables;
      const [product] = await app.db
        .insert(t.products)
        .values({
          kind: values.kind,
          sku: `FIN-${n}-${randomUUID().slice(0, 6)}`,
          name: `Produto financeiro ${n}`,
          slug: `produto-financeiro-${n}-${randomUUID().slice(0, 6)}`,
          priceCents: values.priceCents,
          revenueSource: values.source,
          stockQuantity: values.kind === "service" ? 0 : 100,
        })
        .returning({ id: t.products.id });
      return product!.id;
    }

    /** Entries an origin posted, not cancelled, as [category key, account, amount] in id order. */
    async function postedOf(originKind: string, originId: number) {
      const t = app.tables;
      const rows = await app.db
        .select({
          key: t.financeCategories.systemKey,
          accountId: t.financeEntries.accountId,
          amountCents: t.financeEntries.amountCents,
          paidDate: t.financeEntries.paidDate,
        })
        .from(t.financeEntries)
        .innerJoin(t.financeCategories, eq(t.financeCategories.id, t.financeEntries.categoryId))
        .where(
          and(
            eq(t.financeEntries.originKind, originKind),
            eq(t.financeEntries.originId, originId),
            isNull(t.financeEntries.cancelledAt),
          ),
        )
        .orderBy(asc(t.financeEntries.id));
      return rows;
    }

    async function entriesOfSale(saleId: number) {
      const t = app.tables;
      return app.db
        .select({ id: t.registerEntries.id, method: t.registerEntries.method })
        .from(t.registerEntries)
        .where(eq(t.registerEntries.saleId, saleId))
        .orderBy(asc(t.registerEntries.id));
    }

    async function financeRowCounts() {
      const t = app.tables;
      const countOf = async (table: typeof t.financeEntries | typeof t.financeTransfers | typeof t.cardReceivables) =>
        Number((await app.db.select({ total: count() }).from(table))[0]!.total);
      return {
        entries: await countOf(t.financeEntries),
        transfers: await countOf(t.financeTransfers),
        receivables: await countOf(t.cardReceivables),
      };
    }

    /** R$ 100 of products and R$ 50 of services, R$ 15 off (total R$ 135): cash 35 + PIX 40 + credit 60 in 2×. */
    async function sellMixed(idempotencyKey = key(), items?: { product: number; service: number }) {
      const product = items?.product ?? (await createProduct({ kind: "product", priceCents: 10_000, source: "products" }));
      const service = items?.service ?? (await createProduct({ kind: "service", priceCents: 5_000, source: "services" }));
      return app.sales.recordSale(STAFF, {
        idempotencyKey,
        customerId: String(customerId),
        discount: "15,00",
        items: [
          { productId: String(product), unitId: "", quantity: "1", discount: "" },
          { productId: String(service), unitId: "", quantity: "1", discount: "" },
        ],
        payments: [
          { method: "cash", amount: "35,00", tendered: "50,00", instalments: "" },
          { method: "pix", amount: "40,00", tendered: "", instalments: "" },
          { method: "credit", amount: "60,00", tendered: "", instalments: "2" },
        ],
      });
    }

    it("posts a sale paid in cash, PIX and card as revenue by source in each method's account, with the card's fee and receivables", async () => {
      await openRegister();
      const sale = await sellMixed();
      const [cash, pix, credit] = await entriesOfSale(sale.saleId);
      const today = app.dates.shopToday();
      // Each payment's share of R$ 150 gross (100 products, 50 services) and of the R$ 15 discount, by hand:
      // 35 → gross 38,89 (25,93 + 12,96) − 3,89; 40 → 44,44 (29,63 + 14,81) − 4,44; 60 → 66,67 (44,45 + 22,22) − 6,67.
      expect(await postedOf("register-entry", cash!.id)).toEqual([
        { key: "revenue-products", accountId: accounts.drawer, amountCents: 2_593, paidDate: today },
        { key: "revenue-services", accountId: accounts.drawer, amountCents: 1_296, paidDate: today },
        { key: "discounts", accountId: accounts.drawer, amountCents: 389, paidDate: today },
      ]);
      expect(await postedOf("register-entry", pix!.id)).toEqual([
        { key: "revenue-products", accountId: accounts.bank, amountCents: 2_963, paidDate: today },
        { key: "revenue-services", accountId: accounts.bank, amountCents: 1_481, paidDate: today },
        { key: "discounts", accountId: accounts.bank, amountCents: 444, paidDate: today },
      ]);
      // Credit in 2×: the seeded fee of 4,59% on R$ 60,00 is R$ 2,75, an expense of the acquirer's account.
      expect(await postedOf("register-entry", credit!.id)).toEqual([
        { key: "revenue-products", accountId: accounts.acquirer, amountCents: 4_445, paidDate: today },
        { key: "revenue-services", accountId: accounts.acquirer, amountCents: 2_222, paidDate: today },
        { key: "discounts", accountId: accounts.acquirer, amountCents: 667, paidDate: today },
        { key: "card-fees", accountId: accounts.acquirer, amountCents: 275, paidDate: today },
      ]);
      const t = app.tables;
      const receivables = await app.db
        .select({
          instalmentNumber: t.cardReceivables.instalmentNumber,
          instalmentCount: t.cardReceivables.instalmentCount,
          expectedDate: t.cardReceivables.expectedDate,
          grossCents: t.cardReceivables.grossCents,
          feeCents: t.cardReceivables.feeCents,
          netCents: t.cardReceivables.netCents,
          acquirerAccountId: t.cardReceivables.acquirerAccountId,
          settlementAccountId: t.cardReceivables.settlementAccountId,
        })
        .from(t.cardReceivables)
        .where(eq(t.cardReceivables.registerEntryId, credit!.id))
        .orderBy(asc(t.cardReceivables.instalmentNumber));
      const expected = { instalmentCount: 2, acquirerAccountId: accounts.acquirer, settlementAccountId: accounts.bank };
      expect(receivables).toEqual([
        {
          ...expected,
          instalmentNumber: 1,
          expectedDate: app.dates.addDays(today, 30),
          grossCents: 3_000,
          feeCents: 138,
          netCents: 2_862,
        },
        {
          ...expected,
          instalmentNumber: 2,
          expectedDate: app.dates.addDays(today, 60),
          grossCents: 3_000,
          feeCents: 137,
          netCents: 2_863,
        },
      ]);
      // Cash, PIX and card alone: the card's fee and receivables hang on the card payment only.
      const others = await app.db
        .select({ total: count() })
        .from(t.cardReceivables)
        .where(eq(t.cardReceivables.registerEntryId, cash!.id));
      expect(others[0]!.total).toBe(0);
    });

    it("posts a replayed sale once", async () => {
      await openRegister();
      const idempotencyKey = key();
      // The same screen sent twice: the same cart (a replay with another cart is refused: idempotent-actions suite).
      const items = {
        product: await createProduct({ kind: "product", priceCents: 10_000, source: "products" }),
        service: await createProduct({ kind: "service", priceCents: 5_000, source: "services" }),
      };
      const first = await sellMixed(idempotencyKey, items);
      const before = await financeRowCounts();
      const second = await sellMixed(idempotencyKey, items);
      expect(second.isReplay).toBe(true);
      expect(second.saleId).toBe(first.saleId);
      expect(await financeRowCounts()).toEqual(before);
    });

    it("cancels every posting of a cancelled sale, its card receivables too", async () => {
      await openRegister();
      const sale = await sellMixed();
      const entries = await entriesOfSale(sale.saleId);
      await app.sales.cancelSale(STAFF, sale.saleId, { reason: "Cliente desistiu" });
      const t = app.tables;
      for (const entry of entries) expect(await postedOf("register-entry", entry.id)).toEqual([]);
      const cancelled = await app.db
        .select({ cancelReason: t.financeEntries.cancelReason })
        .from(t.financeEntries)
        .where(eq(t.financeEntries.originId, entries[0]!.id));
      expect(cancelled.every((row) => row.cancelReason === "Cliente desistiu")).toBe(true);
      const receivables = await app.db
        .select({ cancelledAt: t.cardReceivables.cancelledAt })
        .from(t.cardReceivables)
        .where(eq(t.cardReceivables.registerEntryId, entries[2]!.id));
      expect(receivables).toHaveLength(2);
      expect(receivables.every((row) => row.cancelledAt !== null)).toBe(true);
    });

    it("posts an order payment by the order's lines: a part's product source, a free line as services", async () => {
      await openRegister();
      const part = await createProduct({ kind: "part", priceCents: 12_000, source: "products" });
      const order = await app.orderMutations.createServiceOrder(STAFF, {
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
        reportedDefect: "Tela quebrada",
        diagnosis: "",
        technicianUserId: "",
        lines: [
          { kind: "service", description: "Mão de obra", quantity: "1", unitPrice: "80,00", productId: "" },
          { kind: "part", description: "Tela", quantity: "1", unitPrice: "120,00", productId: String(part) },
        ],
        discount: "20,00",
        deposit: "",
        depositMethod: "",
        promisedDate: "",
        warrantyDays: "",
        notes: "",
        idempotencyKey: key(),
      });
      const payment = await app.orderMutations.addServiceOrderPayment(STAFF, order.id, {
        method: "pix",
        amount: "90,00",
        paidAt: "",
        note: "",
        idempotencyKey: key(),
      });
      const t = app.tables;
      const [entry] = await app.db
        .select({ id: t.registerEntries.id })
        .from(t.registerEntries)
        .where(eq(t.registerEntries.serviceOrderPaymentId, payment.paymentId));
      const today = app.dates.shopToday();
      // Half of R$ 180 (R$ 200 gross, R$ 20 off): R$ 100 gross, 40 services + 60 products, R$ 10 of discount.
      expect(await postedOf("register-entry", entry!.id)).toEqual([
        { key: "revenue-services", accountId: accounts.bank, amountCents: 4_000, paidDate: today },
        { key: "revenue-products", accountId: accounts.bank, amountCents: 6_000, paidDate: today },
        { key: "discounts", accountId: accounts.bank, amountCents: 1_000, paidDate: today },
      ]);
      // Cancelled from the register: its postings go with it.
      await app.entries.cancelRegisterEntry(STAFF, entry!.id, { reason: "PIX não caiu" });
      expect(await postedOf("register-entry", entry!.id)).toEqual([]);
    });

    it("posts suprimento and sangria as transfers between the drawer and the withdrawal account, never revenue or expense", async () => {
      const { registerId } = await openRegister("50,00");
      const supply = await app.entries.recordCashMovement(STAFF, {
        kind: "supply",
        amount: "30,00",
        reason: "Troco do cofre",
        idempotencyKey: key(),
      });
      const withdrawal = await app.entries.recordCashMovement(STAFF, {
        kind: "withdrawal",
        amount: "20,00",
        reason: "Depósito no cofre",
        idempotencyKey: key(),
      });
      expect(supply.registerId).toBe(registerId);
      const t = app.tables;
      const transfersOf = (entryId: number) =>
        app.db
          .select({
            fromAccountId: t.financeTransfers.fromAccountId,
            toAccountId: t.financeTransfers.toAccountId,
            amountCents: t.financeTransfers.amountCents,
            cancelledAt: t.financeTransfers.cancelledAt,
          })
          .from(t.financeTransfers)
          .where(and(eq(t.financeTransfers.originKind, "register-entry"), eq(t.financeTransfers.originId, entryId)));
      expect(await transfersOf(supply.entryId)).toEqual([
        { fromAccountId: accounts.safe, toAccountId: accounts.drawer, amountCents: 3_000, cancelledAt: null },
      ]);
      expect(await transfersOf(withdrawal.entryId)).toEqual([
        { fromAccountId: accounts.drawer, toAccountId: accounts.safe, amountCents: 2_000, cancelledAt: null },
      ]);
      expect(await postedOf("register-entry", supply.entryId)).toEqual([]);
      expect(await postedOf("register-entry", withdrawal.entryId)).toEqual([]);
      await app.entries.cancelRegisterEntry(STAFF, supply.entryId, { reason: "Lançado por engano" });
      const [cancelled] = await transfersOf(supply.entryId);
      expect(cancelled!.cancelledAt).not.toBeNull();
    });

    it("posts a register's closing only as its cash difference, surplus or shortage, in the drawer", async () => {
      const today = app.dates.shopToday();
      // Counted exactly: nothing.
      const exact = await openRegister("100,00");
      const before = await financeRowCounts();
      await closeRegister(exact.registerId);
      expect(await financeRowCounts()).toEqual(before);

      const surplus = await openRegister("100,00");
      await sellMixed();
      await closeRegister(surplus.registerId, 10_000 + 3_500 + 250);
      expect(await postedOf("register-closing", surplus.registerId)).toEqual([
        { key: "cash-surplus", accountId: accounts.drawer, amountCents: 250, paidDate: today },
      ]);

      const shortage = await openRegister("100,00");
      const afterOpen = await financeRowCounts();
      await closeRegister(shortage.registerId, 9_990);
      expect(await postedOf("register-closing", shortage.registerId)).toEqual([
        { key: "cash-shortage", accountId: accounts.drawer, amountCents: 10, paidDate: today },
      ]);
      // The closing added one entry, no transfer, no receivable: the day's sales were posted by their own entries.
      expect(await financeRowCounts()).toEqual({ ...afterOpen, entries: afterOpen.entries + 1 });
    });

    it("posts a refund as a return out of the account the money leaves", async () => {
      await openRegister();
      const sale = await sellMixed();
      const t = app.tables;
      const items = await app.db
        .select({ id: t.saleItems.id, totalCents: t.saleItems.totalCents })
        .from(t.saleItems)
        .where(eq(t.saleItems.saleId, sale.saleId))
        .orderBy(asc(t.saleItems.position));
      const returned = await app.returns.recordSaleReturn(STAFF, sale.saleId, {
        idempotencyKey: key(),
        settlement: "refund",
        refundMethod: "pix",
        customerId: "",
        reason: "Produto com defeito",
        items: [{ saleItemId: String(items[0]!.id), quantity: "1" }],
      });
      const [refund] = await app.db
        .select({ id: t.registerEntries.id })
        .from(t.registerEntries)
        .where(eq(t.registerEntries.saleReturnId, returned.returnId));
      expect(await postedOf("register-entry", refund!.id)).toEqual([
        { key: "returns", accountId: accounts.bank, amountCents: items[0]!.totalCents, paidDate: app.dates.shopToday() },
      ]);
    });

    /** Every account's balance once every receivable has settled (far in the future). */
    async function finalBalances() {
      const { accountBalances } = await import("~/modules/finance/balances.server");
      const rows = await accountBalances(app.dates.addDays(app.dates.shopToday(), 800));
      return Object.fromEntries(rows.map((row) => [row.accountId, Number(row.balanceCents)]));
    }

    async function receivablesOfEntry(entryId: number) {
      const t = app.tables;
      return app.db
        .select({
          instalmentNumber: t.cardReceivables.instalmentNumber,
          grossCents: t.cardReceivables.grossCents,
          feeCents: t.cardReceivables.feeCents,
          netCents: t.cardReceivables.netCents,
          isCancelled: sql<boolean>`${t.cardReceivables.cancelledAt} is not null`,
        })
        .from(t.cardReceivables)
        .where(eq(t.cardReceivables.registerEntryId, entryId))
        .orderBy(asc(t.cardReceivables.instalmentNumber));
    }

    async function itemsOfSale(saleId: number) {
      const t = app.tables;
      return app.db
        .select({ id: t.saleItems.id, totalCents: t.saleItems.totalCents })
        .from(t.saleItems)
        .where(eq(t.saleItems.saleId, saleId))
        .orderBy(asc(t.saleItems.position));
    }

    it("takes a card refund off the sale's receivables and fee, so finance no longer expects the acquirer to pay it", async () => {
      await openRegister();
      const before = await finalBalances();
      const sale = await sellMixed();
      const [, , credit] = await entriesOfSale(sale.saleId);
      const [product, service] = await itemsOfSale(sale.saleId);
      // The service line (R$ 45,00 of the R$ 135,00) back through the credit card: the last instalment loses it first.
      await app.returns.recordSaleReturn(STAFF, sale.saleId, {
        idempotencyKey: key(),
        settlement: "refund",
        refundMethod: "credit",
        customerId: "",
        reason: "Serviço não feito",
        items: [{ saleItemId: String(service!.id), quantity: "1" }],
      });
      expect(service!.totalCents).toBe(4_500);
      // 3000 − 3000 (instalment 2 cancelled, its fee 1,37 back) and 3000 − 1500 (half its fee, 0,69, back).
      expect(await receivablesOfEntry(credit!.id)).toEqual([
        { instalmentNumber: 1, grossCents: 1_500, feeCents: 69, netCents: 1_431, isCancelled: false },
        { instalmentNumber: 2, grossCents: 3_000, feeCents: 137, netCents: 2_863, isCancelled: true },
      ]);
      expect((await postedOf("register-entry", credit!.id)).find((row) => row.key === "card-fees")?.amountCents).toBe(69);
      // More than what is left on the card is refused, writing nothing.
      const counts = await financeRowCounts();
      await expect(
        app.returns.recordSaleReturn(STAFF, sale.saleId, {
          idempotencyKey: key(),
          settlement: "refund",
          refundMethod: "debit",
          customerId: "",
          reason: "Troca",
          items: [{ saleItemId: String(product!.id), quantity: "1" }],
        }),
      ).rejects.toMatchObject({
        fieldErrors: { refundMethod: expect.stringContaining("não tem pagamento no cartão de débito") },
      });
      expect(await financeRowCounts()).toEqual(counts);
      // Every account, once every receivable settles: the acquirer's back to where it was, to the centavo.
      const after = await finalBalances();
      expect(after[accounts.acquirer]).toBe(before[accounts.acquirer]);
      // The bank got the PIX (40,00) and the card's net left (14,31), the drawer the cash (35,00).
      expect(after[accounts.bank]! - before[accounts.bank]!).toBe(4_000 + 1_431);
      expect(after[accounts.drawer]! - before[accounts.drawer]!).toBe(3_500);
    });

    it("refuses to close while a PIX waits for confirmation, naming it, and closes once it is confirmed or cancelled", async () => {
      const { registerId } = await openRegister();
      await sellMixed();
      const t = app.tables;
      const [pending] = await app.db
        .select({ id: t.registerEntries.id })
        .from(t.registerEntries)
        .where(and(eq(t.registerEntries.pixPending, true), isNull(t.registerEntries.cancelledAt)));
      const counts = await financeRowCounts();
      const desk = await app.queries.getRegisterDesk();
      const refusal = await app.closing
        .closeCashRegister(STAFF, registerId, {
          countMode: "total",
          countedCash: centsText(desk.totals.expected.cash),
          seen: desk.fingerprint,
          idempotencyKey: key(),
        })
        .catch((error: unknown) => error);
      expect(refusal).toMatchObject({
        status: 409,
        fieldErrors: { pendingPix: expect.stringMatching(/^Há 1 PIX aguardando confirmação \(R\$\s40,00/) },
      });
      expect((await app.queries.getRegisterDesk()).register?.id).toBe(registerId);
      expect(await financeRowCounts()).toEqual(counts);
      const listed = await app.queries.listPendingPixOfRegister(registerId, app.dates.shopToday());
      expect(listed.map((entry) => entry.id)).toEqual([pending!.id]);
      await app.entries.confirmPixEntry(STAFF, pending!.id);
      await closeRegister(registerId);
      expect((await app.queries.getRegisterDesk()).register).toBeNull();
    });

    it("posts the PIX and card amounts a closing corrects, like the cash difference, in each method's account", async () => {
      const { registerId } = await openRegister("100,00");
      await sellMixed();
      await confirmPendingPix();
      const desk = await app.queries.getRegisterDesk();
      const before = await finalBalances();
      await app.closing.closeCashRegister(STAFF, registerId, {
        countMode: "total",
        countedCash: centsText(desk.totals.expected.cash),
        // The bank shows R$ 38,00 of the R$ 40,00 PIX; the machine R$ 61,00 of the R$ 60,00 credit.
        checked: { pix: "38,00", credit: "61,00" },
        seen: desk.fingerprint,
        idempotencyKey: key(),
      });
      const today = app.dates.shopToday();
      expect(await postedOf("register-closing", registerId)).toEqual([]);
      expect(await postedOf("register-closing-pix", registerId)).toEqual([
        { key: "cash-shortage", accountId: accounts.bank, amountCents: 200, paidDate: today },
      ]);
      expect(await postedOf("register-closing-credit", registerId)).toEqual([
        { key: "cash-surplus", accountId: accounts.acquirer, amountCents: 100, paidDate: today },
      ]);
      const after = await finalBalances();
      expect(after[accounts.bank]! - before[accounts.bank]!).toBe(-200);
      expect(after[accounts.acquirer]! - before[accounts.acquirer]!).toBe(100);
    });

    it("keeps finance's drawer equal to the drawer: the float, a sangria and a suprimento move money from and to the accounts named", async () => {
      const { accountBalances } = await import("~/modules/finance/balances.server");
      const today = app.dates.shopToday();
      const balancesNow = async () =>
        Object.fromEntries((await accountBalances(today)).map((row) => [row.accountId, Number(row.balanceCents)]));
      const before = await balancesNow();
      // The float of R$ 100,00 comes from the bank: whatever the drawer's account held, it now holds the float.
      const { registerId } = await app.sessions.openCashRegister(STAFF, {
        openingFloat: "100,00",
        floatAccount: String(accounts.bank),
        idempotencyKey: key(),
      });
      let now = await balancesNow();
      expect(now[accounts.drawer]).toBe(10_000);
      expect(now[accounts.bank]! - before[accounts.bank]!).toBe(-(10_000 - before[accounts.drawer]!));
      // A sangria to the bank goes to the bank, not to the safe; a suprimento from the safe comes from it.
      const safeBefore = now[accounts.safe]!;
      const bankBefore = now[accounts.bank]!;
      await app.entries.recordCashMovement(STAFF, {
        kind: "withdrawal",
        amount: "30,00",
        reason: "Depósito no banco",
        account: String(accounts.bank),
        idempotencyKey: key(),
      });
      await app.entries.recordCashMovement(STAFF, {
        kind: "supply",
        amount: "5,00",
        reason: "Moedas do cofre",
        account: String(accounts.safe),
        idempotencyKey: key(),
      });
      now = await balancesNow();
      expect(now[accounts.drawer]).toBe(7_500);
      expect(now[accounts.bank]! - bankBefore).toBe(3_000);
      expect(now[accounts.safe]! - safeBefore).toBe(-500);
      // Refused accounts (the drawer itself, one that does not exist, text) write nothing.
      const counts = await financeRowCounts();
      for (const account of [String(accounts.drawer), String(accounts.acquirer), "999999", "cofre"]) {
        await expect(
          app.entries.recordCashMovement(STAFF, {
            kind: "withdrawal",
            amount: "1,00",
            reason: "Teste",
            account,
            idempotencyKey: key(),
          }),
        ).rejects.toMatchObject({ fieldErrors: { account: "Escolha uma das contas da lista." } });
      }
      expect(await financeRowCounts()).toEqual(counts);
      // Counted exactly at closing: the drawer's account is what the drawer holds.
      await closeRegister(registerId, 7_500);
      expect((await balancesNow())[accounts.drawer]).toBe(7_500);
      // Next day only R$ 50,00 stays as float: the other R$ 25,00 went to the safe.
      const safeAtOpening = (await balancesNow())[accounts.safe]!;
      const refusedCounts = await financeRowCounts();
      await expect(
        app.sessions.openCashRegister(STAFF, {
          openingFloat: "1,00",
          floatAccount: String(accounts.drawer),
          idempotencyKey: key(),
        }),
      ).rejects.toMatchObject({ fieldErrors: { floatAccount: "Escolha uma das contas da lista." } });
      expect(await financeRowCounts()).toEqual(refusedCounts);
      expect((await app.queries.getRegisterDesk()).register).toBeNull();
      await app.sessions.openCashRegister(STAFF, {
        openingFloat: "50,00",
        floatAccount: String(accounts.safe),
        idempotencyKey: key(),
      });
      now = await balancesNow();
      expect(now[accounts.drawer]).toBe(5_000);
      expect(now[accounts.safe]! - safeAtOpening).toBe(2_500);
    });

    async function newOrder(total = "200,00") {
      return app.orderMutations.createServiceOrder(STAFF, {
        customerId: String(customerId),
        deviceType: "phone",
        brand: "Motorola",
        model: "G9",
        imeiOrSerial: "",
        color: "",
        accessories: "",
        conditionChecklist: [],
        conditionNotes: "",
        unlockKind: "",
        unlockCode: "",
        reportedDefect: "Não carrega",
        diagnosis: "",
        technicianUserId: "",
        lines: [{ kind: "service", description: "Conector", quantity: "1", unitPrice: total, productId: "" }],
        discount: "",
        deposit: "",
        depositMethod: "",
        promisedDate: "",
        warrantyDays: "",
        notes: "",
        idempotencyKey: key(),
      });
    }

    it("puts an order payment typed with an earlier date in that day, not in today's open register, and refuses earlier cash", async () => {
      const { registerId } = await openRegister();
      const order = await newOrder();
      const yesterday = app.dates.addDays(app.dates.shopToday(), -1);
      const payment = await app.orderMutations.addServiceOrderPayment(STAFF, order.id, {
        method: "pix",
        amount: "50,00",
        paidAt: yesterday,
        note: "",
        idempotencyKey: key(),
      });
      const t = app.tables;
      const [entry] = await app.db
        .select({
          id: t.registerEntries.id,
          registerId: t.registerEntries.registerId,
          businessDate: t.registerEntries.businessDate,
        })
        .from(t.registerEntries)
        .where(eq(t.registerEntries.serviceOrderPaymentId, payment.paymentId));
      expect(entry).toMatchObject({ registerId: null, businessDate: yesterday });
      expect((await postedOf("register-entry", entry!.id)).map((row) => row.paidDate)).toEqual([yesterday]);
      const desk = await app.queries.getRegisterDesk();
      expect(desk.register?.id).toBe(registerId);
      expect([...desk.entries, ...desk.unassigned].map((row) => row.id)).not.toContain(entry!.id);
      // Cash of an earlier day is in no drawer that can still be counted: refused, nothing written.
      const counts = await financeRowCounts();
      await expect(
        app.orderMutations.addServiceOrderPayment(STAFF, order.id, {
          method: "cash",
          amount: "10,00",
          paidAt: yesterday,
          note: "",
          idempotencyKey: key(),
        }),
      ).rejects.toMatchObject({ fieldErrors: { paidAt: expect.stringContaining("registre-o com a data de hoje") } });
      expect(await financeRowCounts()).toEqual(counts);
      // Today's date is today's register, as before.
      const todays = await app.orderMutations.addServiceOrderPayment(STAFF, order.id, {
        method: "cash",
        amount: "10,00",
        paidAt: app.dates.shopToday(),
        note: "",
        idempotencyKey: key(),
      });
      const [cash] = await app.db
        .select({ registerId: t.registerEntries.registerId })
        .from(t.registerEntries)
        .where(eq(t.registerEntries.serviceOrderPaymentId, todays.paymentId));
      expect(cash!.registerId).toBe(registerId);
    });

    async function confirmPendingPix() {
      const t = app.tables;
      const pending = await app.db
        .select({ id: t.registerEntries.id })
        .from(t.registerEntries)
        .where(and(eq(t.registerEntries.pixPending, true), isNull(t.registerEntries.cancelledAt)));
      for (const entry of pending) await app.entries.confirmPixEntry(STAFF, entry.id);
    }

    /** Open payables a stock movement posted: [key, amount, due, paid, account, counterparty, description]. */
    async function payablesOf(movementIds: number[]) {
      const t = app.tables;
      const rows = await app.db
        .select({
          key: t.financeCategories.systemKey,
          originId: t.financeEntries.originId,
          amountCents: t.financeEntries.amountCents,
          dueDate: t.financeEntries.dueDate,
          paidDate: t.financeEntries.paidDate,
          accountId: t.financeEntries.accountId,
          counterparty: t.financeEntries.counterparty,
        })
        .from(t.financeEntries)
        .innerJoin(t.financeCategories, eq(t.financeCategories.id, t.financeEntries.categoryId))
        .where(and(eq(t.financeEntries.originKind, "stock-movement"), isNull(t.financeEntries.cancelledAt)))
        .orderBy(asc(t.financeEntries.id));
      return rows.filter((row) => movementIds.includes(row.originId!));
    }

    it("posts goods received at a cost as the owner said they were bought: owed to the supplier, or paid; initial stock owes nothing", async () => {
      const today = app.dates.shopToday();
      const created = await app.products.createProduct(STAFF, {
        kind: "part",
        name: "Tela Galaxy A52",
        priceCents: "250,00",
        minimumStock: "1",
        partOrigin: "new-compatible",
        initialQuantity: "4",
        initialCostCents: "90,00",
      });
      const t = app.tables;
      const movementsOf = async (productId: number) =>
        (
          await app.db
            .select({ id: t.stockMovements.id })
            .from(t.stockMovements)
            .where(eq(t.stockMovements.productId, productId))
            .orderBy(asc(t.stockMovements.id))
        ).map((row) => row.id);
      // Stock the shop had when it adopted the software was paid long ago (issue 23): no bill due today.
      const [initial] = await movementsOf(created.id);
      expect(await payablesOf([initial!])).toEqual([]);

      const [supplierRow] = await app.db.insert(t.suppliers).values({ name: "Distribuidora Sul" }).returning();
      const entry = await app.stock.recordStockEntry(STAFF, created.id, {
        quantity: "3",
        unitCostCents: "12,50",
        payment: "owed",
        supplierId: String(supplierRow!.id),
        dueDate: today,
        idempotencyKey: key(),
      });
      const open = { key: "stock-purchases", dueDate: today, paidDate: null, accountId: null };
      expect(await payablesOf([entry.movementId])).toEqual([
        { ...open, originId: entry.movementId, amountCents: 3_750, counterparty: "Distribuidora Sul" },
      ]);
      // Received at no cost (a gift, a warranty swap): nothing is owed.
      const free = await app.stock.recordStockEntry(STAFF, created.id, {
        quantity: "1",
        unitCostCents: "",
        idempotencyKey: key(),
      });
      expect(await payablesOf([free.movementId])).toEqual([]);

      const phone = await app.products.createProduct(STAFF, {
        kind: "product",
        name: "Galaxy A15",
        priceCents: "1.100,00",
        minimumStock: "0",
        isSerialised: "on",
      });
      const bank = (await app.db.select().from(t.financeAccounts)).find((row) => row.name === "Conta bancária")!;
      const units = await app.stock.recordSerialisedEntry(STAFF, phone.id, {
        units: [
          { serial: "SN-FIN-0001", costCents: "800,00" },
          { serial: "SN-FIN-0002", costCents: "820,00" },
        ],
        payment: "paid",
        accountId: String(bank.id),
        paidDate: today,
        method: "transfer",
        idempotencyKey: key(),
      });
      // One purchase of two units, paid from the bank: cash flow sees it once, nothing stays open.
      expect(await payablesOf(units.movementIds)).toEqual([
        {
          key: "stock-purchases",
          dueDate: today,
          paidDate: today,
          accountId: bank.id,
          originId: units.movementIds[0],
          amountCents: 162_000,
          counterparty: "",
        },
      ]);
    });

    it("refuses a stock entry whose total passes what a payable holds, writing nothing", async () => {
      const created = await app.products.createProduct(STAFF, {
        kind: "product",
        name: "Cabo USB-C",
        priceCents: "30,00",
        minimumStock: "0",
      });
      const t = app.tables;
      const countOf = async (table: typeof t.stockMovements | typeof t.financeEntries) =>
        Number((await app.db.select({ total: count() }).from(table))[0]!.total);
      const before = [await countOf(t.stockMovements), await countOf(t.financeEntries)];
      const refused = await app.stock
        .recordStockEntry(STAFF, created.id, {
          quantity: "1000000",
          unitCostCents: "1.000.000,00",
          payment: "owed",
          dueDate: app.dates.shopToday(),
          idempotencyKey: key(),
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect((refused as { fieldErrors?: Record<string, string> }).fieldErrors?.quantity).toMatch(/acima do limite/);
      expect([await countOf(t.stockMovements), await countOf(t.financeEntries)]).toEqual(before);
    });

    /** Everything the card fee and receivable forms may write: a refusal must leave it as it was. */
    async function cardFeeState() {
      const t = app.tables;
      return {
        rates: await app.db.select().from(t.cardFeeRates).orderBy(asc(t.cardFeeRates.method), asc(t.cardFeeRates.instalments)),
        receivables: await app.db
          .select({ id: t.cardReceivables.id, expectedDate: t.cardReceivables.expectedDate })
          .from(t.cardReceivables)
          .orderBy(asc(t.cardReceivables.id)),
        audit: Number((await app.db.select({ total: count() }).from(t.auditLog))[0]!.total),
        keys: Number((await app.db.select({ total: count() }).from(t.idempotencyKeys))[0]!.total),
      };
    }

    it("uses the owner's fee and settlement days for the next card payment, and shows its gross, fee and net on the sale", async () => {
      const before = await cardFeeState();
      const refused = await app.cardFeesServer
        .updateCardFeeRates(STAFF, ratesForm({ "fee-debit-1": "1,5" }))
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(app.errors.ForbiddenError);
      expect(await cardFeeState()).toEqual(before);

      const saved = await app.cardFeesServer.updateCardFeeRates(
        OWNER,
        ratesForm({ "fee-debit-1": "1,5", "days-debit-1": "2", "fee-credit-3": "4,99%", "days-credit-3": "31" }),
      );
      expect(saved.changedCount).toBe(2);
      await openRegister();
      const product = await createProduct({ kind: "product", priceCents: 20_000, source: "products" });
      const sale = await app.sales.recordSale(STAFF, {
        idempotencyKey: key(),
        customerId: "",
        discount: "",
        items: [{ productId: String(product), unitId: "", quantity: "1", discount: "" }],
        payments: [
          { method: "debit", amount: "50,00", tendered: "", instalments: "" },
          { method: "credit", amount: "150,00", tendered: "", instalments: "3" },
        ],
      });
      const [debit, credit] = await entriesOfSale(sale.saleId);
      const today = app.dates.shopToday();
      // 1,5% of R$ 50,00 = R$ 0,75; 4,99% of R$ 150,00 = R$ 7,485 → R$ 7,49 (half away from zero).
      expect((await postedOf("register-entry", debit!.id)).find((row) => row.key === "card-fees")?.amountCents).toBe(75);
      expect((await postedOf("register-entry", credit!.id)).find((row) => row.key === "card-fees")?.amountCents).toBe(749);
      const t = app.tables;
      const dates = await app.db
        .select({ entryId: t.cardReceivables.registerEntryId, expectedDate: t.cardReceivables.expectedDate })
        .from(t.cardReceivables)
        .where(eq(t.cardReceivables.registerEntryId, credit!.id))
        .orderBy(asc(t.cardReceivables.instalmentNumber));
      expect(dates.map((row) => row.expectedDate)).toEqual([31, 61, 91].map((days) => app.dates.addDays(today, days)));
      const detail = await app.saleQueries.getSaleDetail(STAFF, sale.saleId);
      expect(detail!.payments.map((payment) => [payment.method, payment.amountCents, payment.cardFeeCents])).toEqual([
        ["debit", 5_000, 75],
        ["credit", 15_000, 749],
      ]);
      const page = await app.cardFeesServer.getCardFeesPage(STAFF, {
        from: today,
        to: app.dates.addDays(today, 100),
        page: 1,
        today,
      });
      expect(page.canEdit).toBe(false);
      expect(page.rates.find((rate) => rate.method === "credit" && rate.instalments === 3)).toEqual({
        method: "credit",
        instalments: 3,
        feeBasisPoints: 499,
        settlementDays: 31,
      });
      // The page's reading (kept between committed writes on PGlite) is getCardFeesPage's, each role its own
      // (the owner may edit), and the role is checked on every call.
      const pageQuery = { from: today, to: app.dates.addDays(today, 100), page: 1, today };
      for (const actor of [STAFF, OWNER, STAFF]) {
        const kept = await app.cardFeesServer.getCardFeesForPage(actor, pageQuery);
        expect(kept).toEqual(await app.cardFeesServer.getCardFeesPage(actor, pageQuery));
        expect(kept.canEdit).toBe(actor === OWNER);
      }
      await expect(
        app.cardFeesServer.getCardFeesForPage({ userId: null, label: "caio@cliente.test", role: "customer" }, pageQuery),
      ).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      const mine = page.receivables.filter((row) => row.saleId === sale.saleId);
      expect(
        mine.map((row) => [row.method, row.instalmentNumber, row.grossCents, row.feeCents, row.netCents, row.status]),
      ).toEqual([
        ["debit", 1, 5_000, 75, 4_925, "expected"],
        ["credit", 1, 5_000, 250, 4_750, "expected"],
        ["credit", 2, 5_000, 250, 4_750, "expected"],
        ["credit", 3, 5_000, 249, 4_751, "expected"],
      ]);
      // Back to the seeded table for the other tests.
      await app.cardFeesServer.updateCardFeeRates(OWNER, ratesForm());
    });

    it("lets the owner move a receivable's expected date, within the payment's day and two years, never a cancelled one", async () => {
      await openRegister();
      const product = await createProduct({ kind: "product", priceCents: 9_000, source: "products" });
      const sale = await app.sales.recordSale(STAFF, {
        idempotencyKey: key(),
        customerId: "",
        discount: "",
        items: [{ productId: String(product), unitId: "", quantity: "1", discount: "" }],
        payments: [{ method: "debit", amount: "90,00", tendered: "", instalments: "" }],
      });
      const [entry] = await entriesOfSale(sale.saleId);
      const t = app.tables;
      const [receivable] = await app.db
        .select({ id: t.cardReceivables.id })
        .from(t.cardReceivables)
        .where(eq(t.cardReceivables.registerEntryId, entry!.id));
      const today = app.dates.shopToday();
      const move = (actor: Actor, expectedDate: string) =>
        app.cardFeesServer.updateCardReceivableDate(actor, receivable!.id, { idempotencyKey: key(), expectedDate });
      const before = await cardFeeState();
      await expect(move(STAFF, today)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      await expect(move(OWNER, app.dates.addDays(today, -1))).rejects.toThrow(/Informe uma data entre/);
      await expect(move(OWNER, app.dates.addDays(today, 731))).rejects.toThrow(/Informe uma data entre/);
      await expect(move(OWNER, "2026-02-30")).rejects.toThrow(/data prevista/);
      expect(await cardFeeState()).toEqual(before);
      await move(OWNER, app.dates.addDays(today, 3));
      const [moved] = await app.db
        .select({ expectedDate: t.cardReceivables.expectedDate })
        .from(t.cardReceivables)
        .where(eq(t.cardReceivables.id, receivable!.id));
      expect(moved!.expectedDate).toBe(app.dates.addDays(today, 3));
      await app.sales.cancelSale(STAFF, sale.saleId, { reason: "Erro de digitação" });
      await expect(move(OWNER, today)).rejects.toThrow(/cancelado/);
    });

    it("lists the cards page's receivables and totals in one statement as the separate queries read them", async () => {
      // The page reads its three queries in one statement (readTogether): each figure against a Drizzle read of its own.
      const t = app.tables;
      const today = app.dates.shopToday();
      const [range] = (
        await app.db.execute(
          sql`select to_char(min(expected_date), 'YYYY-MM-DD') as first, to_char(max(expected_date), 'YYYY-MM-DD') as last
            from card_receivables`,
        )
      ).rows as { first: string; last: string }[];
      const { first, last } = range!;
      const cancelled = await app.db
        .select({ total: count() })
        .from(t.cardReceivables)
        .where(sql`cancelled_at is not null`);
      expect(cancelled[0]!.total).toBeGreaterThan(0);
      for (const query of [
        { from: first, to: last, page: 1, today },
        { from: first, to: last, page: 2, today },
        { from: today, to: app.dates.addDays(today, 40), page: 1, today: app.dates.addDays(today, 35) },
        { from: "2001-01-01", to: "2001-01-31", page: 1, today },
      ]) {
        const page = await app.cardFeesServer.getCardFeesPage(OWNER, query);
        const inPeriod = and(
          sql`${t.cardReceivables.expectedDate} >= ${query.from}::date`,
          sql`${t.cardReceivables.expectedDate} <= ${query.to}::date`,
        );
        const rows = await app.db
          .select({
            id: t.cardReceivables.id,
            instalmentNumber: t.cardReceivables.instalmentNumber,
            instalmentCount: t.cardReceivables.instalmentCount,
            expectedDate: t.cardReceivables.expectedDate,
            grossCents: t.cardReceivables.grossCents,
            feeCents: t.cardReceivables.feeCents,
            netCents: t.cardReceivables.netCents,
            isCancelled: sql<boolean>`${t.cardReceivables.cancelledAt} is not null`,
            method: t.registerEntries.method,
            kind: t.registerEntries.kind,
            reason: t.registerEntries.reason,
            businessDate: t.registerEntries.businessDate,
            saleId: t.registerEntries.saleId,
            saleCode: t.sales.code,
            serviceOrderId: t.serviceOrderPayments.orderId,
          })
          .from(t.cardReceivables)
          .innerJoin(t.registerEntries, eq(t.registerEntries.id, t.cardReceivables.registerEntryId))
          .leftJoin(t.sales, eq(t.sales.id, t.registerEntries.saleId))
          .leftJoin(t.serviceOrderPayments, eq(t.serviceOrderPayments.id, t.registerEntries.serviceOrderPaymentId))
          .where(inPeriod)
          .orderBy(asc(t.cardReceivables.expectedDate), asc(t.cardReceivables.id))
          .limit(app.cardFeesServer.RECEIVABLES_PAGE_SIZE + 1)
          .offset((query.page - 1) * app.cardFeesServer.RECEIVABLES_PAGE_SIZE);
        expect(page.receivables.map(({ status: _status, ...row }) => row)).toEqual(
          rows.slice(0, app.cardFeesServer.RECEIVABLES_PAGE_SIZE),
        );
        expect(page.hasNextPage).toBe(rows.length > app.cardFeesServer.RECEIVABLES_PAGE_SIZE);
        const open = await app.db
          .select({
            expectedDate: t.cardReceivables.expectedDate,
            grossCents: t.cardReceivables.grossCents,
            feeCents: t.cardReceivables.feeCents,
            netCents: t.cardReceivables.netCents,
          })
          .from(t.cardReceivables)
          .where(and(inPeriod, isNull(t.cardReceivables.cancelledAt)));
        expect(page.totals).toEqual({
          count: open.length,
          grossCents: sumOf(open.map((row) => row.grossCents)),
          feeCents: sumOf(open.map((row) => row.feeCents)),
          netCents: sumOf(open.map((row) => row.netCents)),
          settledNetCents: sumOf(open.filter((row) => row.expectedDate <= query.today).map((row) => row.netCents)),
        });
        expect(page.rates).toEqual(await app.client.inTransaction((tx) => app.cardFeesServer.readCardFeeRatesInTx(tx)));
      }
    });

    it("never answers hostile card fee or receivable forms with anything but a refusal, and a refusal writes nothing", async () => {
      const hostile = fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom(
          "",
          " ",
          "-1",
          "30,01",
          "100",
          "1e3",
          "3,499",
          "0,001",
          "NaN",
          "Infinity",
          "366",
          "\u0000",
          "2026-13-01",
          "9999-12-31",
        ),
        fc.integer(),
        fc.double(),
        fc.constant(null),
        fc.constant(undefined),
        fc.array(fc.string(), { maxLength: 3 }),
        fc.object({ maxDepth: 1 }),
      );
      const fields = Object.keys(ratesForm()).filter((name) => name !== "idempotencyKey");
      await fc.assert(
        fc.asyncProperty(
          fc.subarray(fields, { minLength: 1, maxLength: 4 }),
          fc.array(hostile, { minLength: 4, maxLength: 4 }),
          fc.oneof(fc.constant(key()), hostile),
          async (names, values, idempotencyKey) => {
            const form = ratesForm(Object.fromEntries(names.map((name, index) => [name, values[index]])));
            form.idempotencyKey = typeof idempotencyKey === "string" && idempotencyKey.length >= 8 ? key() : idempotencyKey;
            const before = await cardFeeState();
            try {
              await app.cardFeesServer.updateCardFeeRates(OWNER, form);
            } catch (error) {
              expect(error).toBeInstanceOf(app.errors.InputError);
              expect(await cardFeeState()).toEqual(before);
            }
            const dateBefore = await cardFeeState();
            try {
              await app.cardFeesServer.updateCardReceivableDate(OWNER, values[0], {
                idempotencyKey: key(),
                expectedDate: values[1],
              });
            } catch (error) {
              expect(error instanceof app.errors.InputError || error instanceof app.errors.NotFoundError).toBe(true);
              expect(await cardFeeState()).toEqual(dateBefore);
            }
          },
        ),
        { numRuns: 50 },
      );
      await app.cardFeesServer.updateCardFeeRates(OWNER, ratesForm());
    });

    it("removes the demo data after a demo order was paid: its finance entries keep the money, no longer tied to the demo customer", async () => {
      await openRegister();
      const t = app.tables;
      const [demoCustomer] = await app.db
        .insert(t.customers)
        .values({ name: "Cliente de Demonstração", phone: "11900001111", isDemo: true })
        .returning({ id: t.customers.id });
      const order = await app.orderMutations.createServiceOrder(STAFF, {
        customerId: String(demoCustomer!.id),
        deviceType: "phone",
        brand: "Motorola",
        model: "G54",
        imeiOrSerial: "",
        color: "",
        accessories: "",
        conditionChecklist: [],
        conditionNotes: "",
        unlockKind: "",
        unlockCode: "",
        reportedDefect: "Bateria",
        diagnosis: "",
        technicianUserId: "",
        lines: [{ kind: "service", description: "Troca de bateria", quantity: "1", unitPrice: "150,00", productId: "" }],
        discount: "",
        deposit: "",
        depositMethod: "",
        promisedDate: "",
        warrantyDays: "",
        notes: "",
        idempotencyKey: key(),
      });
      await app.db.update(t.serviceOrders).set({ isDemo: true }).where(eq(t.serviceOrders.id, order.id));
      const payment = await app.orderMutations.addServiceOrderPayment(STAFF, order.id, {
        method: "pix",
        amount: "150,00",
        paidAt: "",
        note: "",
        idempotencyKey: key(),
      });
      const [entry] = await app.db
        .select({ id: t.registerEntries.id })
        .from(t.registerEntries)
        .where(eq(t.registerEntries.serviceOrderPaymentId, payment.paymentId));
      expect(await postedOf("register-entry", entry!.id)).toHaveLength(1);

      // A purchase typed into a demo product: its payable leaves with the demo catalogue.
      const [demoProduct] = await app.db
        .insert(t.products)
        .values({
          kind: "part",
          sku: "DEMO-FIN",
          name: "Peça de demonstração",
          slug: "peca-demo-fin",
          priceCents: 1_000,
          isDemo: true,
        })
        .returning({ id: t.products.id });
      const [demoSupplier] = await app.db.insert(t.suppliers).values({ name: "Fornecedor da demonstração" }).returning();
      const purchase = await app.stock.recordStockEntry(STAFF, demoProduct!.id, {
        quantity: "2",
        unitCostCents: "5,00",
        payment: "owed",
        supplierId: String(demoSupplier!.id),
        dueDate: app.dates.shopToday(),
        idempotencyKey: key(),
      });
      expect(await payablesOf([purchase.movementId])).toHaveLength(1);

      await app.demoRemoval.removeDemoData(OWNER);
      expect(await payablesOf([purchase.movementId])).toEqual([]);
      const left = await app.db
        .select({ customerId: t.financeEntries.customerId, amountCents: t.financeEntries.amountCents })
        .from(t.financeEntries)
        .where(and(eq(t.financeEntries.originKind, "register-entry"), eq(t.financeEntries.originId, entry!.id)));
      expect(left).toEqual([{ customerId: null, amountCents: 15_000 }]);
    });

    it("adds a day of the register up to the month result's revenue side by hand: revenue by source, deductions, fees, the closing's difference, nothing twice", async () => {
      const t = app.tables;
      const [last] = await app.db
        .select({ id: t.financeEntries.id })
        .from(t.financeEntries)
        .orderBy(desc(t.financeEntries.id))
        .limit(1);
      const sinceId = last?.id ?? 0;
      const { registerId } = await openRegister("100,00");
      const product = await createProduct({ kind: "product", priceCents: 10_000, source: "products" });
      const printing = await createProduct({ kind: "service", priceCents: 2_000, source: "printing-design" });
      const labour = await createProduct({ kind: "service", priceCents: 5_000, source: "services" });
      const sell = (items: { productId: number }[], payments: { method: string; amount: string }[], discount = "") =>
        app.sales.recordSale(STAFF, {
          idempotencyKey: key(),
          customerId: "",
          discount,
          items: items.map((item) => ({ productId: String(item.productId), unitId: "", quantity: "1", discount: "" })),
          payments: payments.map((payment) => ({ ...payment, tendered: "", instalments: "" })),
        });
      // A: R$ 100 of products and R$ 20 of printing, in cash.
      const saleA = await sell([{ productId: product }, { productId: printing }], [{ method: "cash", amount: "120,00" }]);
      // B: R$ 50 of labour less R$ 5, by debit (1,99%: R$ 0,90 of R$ 45,00).
      await sell([{ productId: labour }], [{ method: "debit", amount: "45,00" }], "5,00");
      // C: sold by PIX and cancelled: nothing stays.
      const saleC = await sell([{ productId: product }], [{ method: "pix", amount: "100,00" }]);
      await app.sales.cancelSale(STAFF, saleC.saleId, { reason: "Venda duplicada" });
      // An order of R$ 80 of labour, paid in cash.
      const order = await app.orderMutations.createServiceOrder(STAFF, {
        customerId: String(customerId),
        deviceType: "phone",
        brand: "Apple",
        model: "iPhone 11",
        imeiOrSerial: "",
        color: "",
        accessories: "",
        conditionChecklist: [],
        conditionNotes: "",
        unlockKind: "",
        unlockCode: "",
        reportedDefect: "Conector",
        diagnosis: "",
        technicianUserId: "",
        lines: [{ kind: "service", description: "Limpeza do conector", quantity: "1", unitPrice: "80,00", productId: "" }],
        discount: "",
        deposit: "",
        depositMethod: "",
        promisedDate: "",
        warrantyDays: "",
        notes: "",
        idempotencyKey: key(),
      });
      await app.orderMutations.addServiceOrderPayment(STAFF, order.id, {
        method: "cash",
        amount: "80,00",
        paidAt: "",
        note: "",
        idempotencyKey: key(),
      });
      // A's product comes back, refunded in cash; a R$ 50 sangria; the drawer counted R$ 1,00 over.
      const [itemA] = await app.db
        .select({ id: t.saleItems.id })
        .from(t.saleItems)
        .where(and(eq(t.saleItems.saleId, saleA.saleId), eq(t.saleItems.productId, product)));
      await app.returns.recordSaleReturn(STAFF, saleA.saleId, {
        idempotencyKey: key(),
        settlement: "refund",
        refundMethod: "cash",
        customerId: "",
        reason: "Arrependimento",
        items: [{ saleItemId: String(itemA!.id), quantity: "1" }],
      });
      await app.entries.recordCashMovement(STAFF, {
        kind: "withdrawal",
        amount: "50,00",
        reason: "Cofre",
        idempotencyKey: key(),
      });
      // Expected cash: 100 + 120 + 80 − 100 − 50 = 150.
      await closeRegister(registerId, 15_100);

      const rows = await app.db
        .select({
          key: t.financeCategories.systemKey,
          accountId: t.financeEntries.accountId,
          direction: t.financeEntries.direction,
          amountCents: t.financeEntries.amountCents,
        })
        .from(t.financeEntries)
        .innerJoin(t.financeCategories, eq(t.financeCategories.id, t.financeEntries.categoryId))
        .where(and(gt(t.financeEntries.id, sinceId), isNull(t.financeEntries.cancelledAt)));
      const byKey: Record<string, number> = {};
      for (const row of rows) byKey[row.key!] = (byKey[row.key!] ?? 0) + row.amountCents;
      expect(byKey).toEqual({
        "revenue-products": 10_000,
        "revenue-printing-design": 2_000,
        "revenue-services": 13_000,
        discounts: 500,
        returns: 10_000,
        "card-fees": 90,
        "cash-surplus": 100,
      });
      // The drawer's entries add up to the cash that stayed (the sangria is a transfer, not an expense): 120 + 80 − 100 + 1.
      const drawer = rows
        .filter((row) => row.accountId === accounts.drawer)
        .reduce((sum, row) => sum + (row.direction === "in" ? row.amountCents : -row.amountCents), 0);
      expect(drawer).toBe(10_100);
    });
  });
}
