import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const STAFF: Actor = { userId: "staff-ana", label: "ana@loja.test", role: "staff" };
const CUSTOMER: Actor = { userId: null, label: "caio@cliente.test", role: "customer" };
const key = () => randomUUID();

/** What a call threw, with its field messages; null when it did not throw. */
const refusal = (run: () => Promise<unknown>) =>
  run().then(
    () => null,
    (error: unknown) => error as { fieldErrors?: Record<string, string> },
  );

async function loadModules() {
  const [
    db,
    auth,
    finance,
    supplierTables,
    inventory,
    audit,
    idempotency,
    products,
    stock,
    csvImport,
    entries,
    suppliers,
    ledger,
    dates,
    errors,
    entryList,
    entryFilters,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/finance"),
    import("~/db/schema/suppliers"),
    import("~/db/schema/inventory"),
    import("~/db/schema/audit"),
    import("~/db/schema/idempotency"),
    import("~/modules/inventory/products.server"),
    import("~/modules/inventory/stock.server"),
    import("~/modules/inventory/product-import.server"),
    import("~/modules/finance/entries.server"),
    import("~/modules/finance/suppliers.server"),
    import("~/modules/finance/ledger.server"),
    import("~/lib/dates"),
    import("~/lib/errors"),
    import("~/modules/finance/entry-list.server"),
    import("~/modules/finance/entry-filters"),
  ]);
  return {
    db: await db.getDb(),
    kind: db.databaseKind(),
    inTransaction: db.inTransaction,
    tables: { ...auth, ...finance, ...supplierTables, ...inventory, ...audit, ...idempotency },
    products,
    stock,
    csvImport,
    entries,
    suppliers,
    ledger,
    dates,
    errors,
    entryList,
    entryFilters,
  };
}

type Modules = Awaited<ReturnType<typeof loadModules>>;

/**
 * Issue 23 §1: a stock purchase is paid (a paid entry on the chosen account)
 * or owed to a supplier record (one open bill per instalment, to the
 * centavo); initial stock and imports owe nothing; a purchase's bill is paid,
 * re-dated and split in Lançamentos; suppliers are records, refused with a
 * message and no write when wrong.
 */
export function defineStockPurchasesSuite(database: TestDatabase) {
  describeOnDatabase(database, "compras de estoque: pagas ou a pagar, fornecedores", () => {
    let app: Modules;
    let dropDatabase: (() => Promise<void>) | undefined;
    let bankId = 0;
    let today = "";

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.kind).toBe(database);
      await app.db.insert(app.tables.user).values([{ id: STAFF.userId!, name: "Ana Caixa", email: STAFF.label, role: "staff" }]);
      const accounts = await app.db.select().from(app.tables.financeAccounts);
      bankId = accounts.find((row) => row.name === "Conta bancária")!.id;
      await app.db.update(app.tables.financeAccounts).set({ openingDate: "2025-01-01" });
      today = app.dates.shopToday();
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    beforeEach(async () => {
      const t = app.tables;
      await app.db.delete(t.financeEntries);
    });

    let productCounter = 0;
    async function newProduct(overrides: Record<string, string> = {}) {
      productCounter += 1;
      return app.products.createProduct(STAFF, {
        kind: "part",
        name: `Tela ${productCounter}`,
        priceCents: "250,00",
        minimumStock: "0",
        partOrigin: "new-compatible",
        idempotencyKey: key(),
        ...overrides,
      });
    }

    let supplierCounter = 0;
    async function newSupplier(name = `Distribuidora ${++supplierCounter}`) {
      return app.suppliers.createSupplier(STAFF, { name });
    }

    async function stockPurchaseEntries() {
      const t = app.tables;
      return app.db
        .select({
          id: t.financeEntries.id,
          key: t.financeCategories.systemKey,
          amountCents: t.financeEntries.amountCents,
          dueDate: t.financeEntries.dueDate,
          paidDate: t.financeEntries.paidDate,
          accountId: t.financeEntries.accountId,
          supplierId: t.financeEntries.supplierId,
          originId: t.financeEntries.originId,
          instalmentNumber: t.financeEntries.instalmentNumber,
          instalmentCount: t.financeEntries.instalmentCount,
        })
        .from(t.financeEntries)
        .innerJoin(t.financeCategories, eq(t.financeCategories.id, t.financeEntries.categoryId))
        .where(and(eq(t.financeEntries.originKind, "stock-movement"), isNull(t.financeEntries.cancelledAt)))
        .orderBy(asc(t.financeEntries.dueDate), asc(t.financeEntries.id));
    }

    async function writes() {
      const t = app.tables;
      const total = async (table: typeof t.stockMovements | typeof t.financeEntries | typeof t.suppliers | typeof t.auditLog) =>
        Number((await app.db.select({ total: count() }).from(table))[0]!.total);
      return {
        movements: await total(t.stockMovements),
        entries: await total(t.financeEntries),
        suppliers: await total(t.suppliers),
        audit: await total(t.auditLog),
        keys: Number((await app.db.select({ total: count() }).from(t.idempotencyKeys))[0]!.total),
      };
    }

    it("a stock entry owed in 3 instalments makes 3 open bills to the supplier summing quantity × cost, the last taking the remainder", async () => {
      const product = await newProduct();
      const supplier = await newSupplier("Distribuidora São Jorge");
      const entry = await app.stock.recordStockEntry(STAFF, product.id, {
        quantity: "7",
        unitCostCents: "14,29",
        payment: "owed",
        supplierId: String(supplier.id),
        dueDate: "2026-12-10",
        instalments: "3",
        idempotencyKey: key(),
      });
      const bills = await stockPurchaseEntries();
      expect(bills.map(({ id: _id, ...bill }) => bill)).toEqual([
        {
          key: "stock-purchases",
          amountCents: 3334,
          dueDate: "2026-12-10",
          paidDate: null,
          accountId: null,
          supplierId: supplier.id,
          originId: entry.movementId,
          instalmentNumber: 1,
          instalmentCount: 3,
        },
        {
          key: "stock-purchases",
          amountCents: 3334,
          dueDate: "2027-01-10",
          paidDate: null,
          accountId: null,
          supplierId: supplier.id,
          originId: entry.movementId,
          instalmentNumber: 2,
          instalmentCount: 3,
        },
        {
          key: "stock-purchases",
          amountCents: 3335,
          dueDate: "2027-02-10",
          paidDate: null,
          accountId: null,
          supplierId: supplier.id,
          originId: entry.movementId,
          instalmentNumber: 3,
          instalmentCount: 3,
        },
      ]);
      expect(bills.reduce((sum, bill) => sum + bill.amountCents, 0)).toBe(7 * 1429);
      const [movement] = await app.db
        .select()
        .from(app.tables.stockMovements)
        .where(eq(app.tables.stockMovements.id, entry.movementId));
      expect(movement).toMatchObject({ supplierId: supplier.id, supplier: "Distribuidora São Jorge", quantity: 7 });

      // The supplier's page lists the purchase and its bills; the list finds it without accents.
      const page = await app.suppliers.getSupplierPage(STAFF, supplier.id);
      expect(page?.purchases.map((row) => row.id)).toEqual([entry.movementId]);
      expect(page?.bills).toHaveLength(3);
      expect(page?.openCents).toBe(10_003);
      const found = await app.suppliers.listSuppliers(STAFF, { search: "sao jorge" });
      expect(found.rows.map((row) => row.id)).toEqual([supplier.id]);
      // Lançamentos lists them by the supplier's name.
      const filters = app.entryFilters.entryFiltersFromSearchParams(new URLSearchParams({ contraparte: "São Jorge" }));
      const listed = await app.entryList.listEntries(STAFF, filters, 1);
      expect(listed.entries.map((row) => row.amountCents).toSorted()).toEqual([3334, 3334, 3335]);
    });

    it("a stock entry marked paid posts one paid entry on the chosen account and leaves no open bill", async () => {
      const product = await newProduct({ isSerialised: "on", kind: "product", partOrigin: "" });
      const units = await app.stock.recordSerialisedEntry(STAFF, product.id, {
        units: [
          { serial: "SN-PAGO-0001", costCents: "800,00" },
          { serial: "SN-PAGO-0002", costCents: "820,00" },
        ],
        payment: "paid",
        accountId: String(bankId),
        paidDate: today,
        method: "pix",
        idempotencyKey: key(),
      });
      const bills = await stockPurchaseEntries();
      expect(bills.map(({ id: _id, ...bill }) => bill)).toEqual([
        {
          key: "stock-purchases",
          amountCents: 162_000,
          dueDate: today,
          paidDate: today,
          accountId: bankId,
          supplierId: null,
          originId: units.movementIds[0],
          instalmentNumber: null,
          instalmentCount: null,
        },
      ]);
    });

    it("initial stock and a CSV import owe nothing: no bill at all", async () => {
      await newProduct({ initialQuantity: "4", initialCostCents: "90,00" });
      const report = await app.csvImport.importProductsCsv(
        STAFF,
        new TextEncoder().encode("SKU;Nome;Tipo;Preço;Custo;Estoque\nSP-IMP-1;Película 3D;Produto;29,90;8,50;12\n"),
        key(),
      );
      expect(report.created).toBe(1);
      expect(await stockPurchaseEntries()).toEqual([]);
      expect(Number((await app.db.select({ total: count() }).from(app.tables.financeEntries))[0]!.total)).toBe(0);
    });

    it("a stock purchase's bill is paid, re-dated and split in Lançamentos, its parts adding up to the centavo", async () => {
      const product = await newProduct();
      const supplier = await newSupplier();
      await app.stock.recordStockEntry(STAFF, product.id, {
        quantity: "3",
        unitCostCents: "33,35",
        payment: "owed",
        supplierId: String(supplier.id),
        dueDate: today,
        instalments: "1",
        idempotencyKey: key(),
      });
      const [bill] = await stockPurchaseEntries();
      expect(bill!.amountCents).toBe(10_005);

      await app.entries.redateEntry(STAFF, bill!.id, { dueDate: "2026-12-20" });
      const splitKey = key();
      const split = await app.entries.splitEntry(STAFF, bill!.id, {
        amount: "40,00",
        dueDate: "2027-01-20",
        idempotencyKey: splitKey,
      });
      // The same form sent twice splits once.
      const replay = await app.entries.splitEntry(STAFF, bill!.id, {
        amount: "40,00",
        dueDate: "2027-01-20",
        idempotencyKey: splitKey,
      });
      expect(replay.isReplay).toBe(true);
      const parts = await stockPurchaseEntries();
      expect(
        parts.map(({ id, amountCents, dueDate, instalmentNumber, instalmentCount, supplierId }) => ({
          id,
          amountCents,
          dueDate,
          instalmentNumber,
          instalmentCount,
          supplierId,
        })),
      ).toEqual([
        {
          id: bill!.id,
          amountCents: 4000,
          dueDate: "2026-12-20",
          instalmentNumber: 1,
          instalmentCount: 2,
          supplierId: supplier.id,
        },
        {
          id: split.newEntryId,
          amountCents: 6005,
          dueDate: "2027-01-20",
          instalmentNumber: 2,
          instalmentCount: 2,
          supplierId: supplier.id,
        },
      ]);

      // Splitting again (a part of a part) keeps the total and numbers after the group's last.
      const again = await app.entries.splitEntry(STAFF, split.newEntryId, {
        amount: "0,05",
        dueDate: "2027-02-20",
        idempotencyKey: key(),
      });
      const three = await stockPurchaseEntries();
      expect(three.map((row) => row.amountCents)).toEqual([4000, 5, 6000]);
      expect(three.reduce((sum, row) => sum + row.amountCents, 0)).toBe(10_005);
      expect(three.map((row) => row.instalmentCount)).toEqual([3, 3, 3]);
      expect(three.find((row) => row.id === again.newEntryId)?.instalmentNumber).toBe(3);

      const paid = await app.entries.payEntry(STAFF, bill!.id, {
        paidDate: today,
        accountId: String(bankId),
        method: "boleto",
        idempotencyKey: key(),
      });
      expect(paid.isReplay).toBe(false);
      const [afterPay] = await app.db.select().from(app.tables.financeEntries).where(eq(app.tables.financeEntries.id, bill!.id));
      expect(afterPay).toMatchObject({ paidDate: today, accountId: bankId, method: "boleto", amountCents: 4000 });

      // A part kept must be less than the bill; a paid part no longer splits or moves.
      const tooMuch = await refusal(() =>
        app.entries.splitEntry(STAFF, split.newEntryId, { amount: "60,00", dueDate: "2027-03-01", idempotencyKey: key() }),
      );
      expect(tooMuch?.fieldErrors?.amount).toMatch(/menor que o do lançamento/);
      const paidSplit = await refusal(() =>
        app.entries.splitEntry(STAFF, bill!.id, { amount: "1,00", dueDate: "2027-03-01", idempotencyKey: key() }),
      );
      expect(paidSplit?.fieldErrors?.form).toMatch(/já está pago/);
      expect((await stockPurchaseEntries()).reduce((sum, row) => sum + row.amountCents, 0)).toBe(10_005);

      // Amount and cancellation stay with the stock entry.
      const cancel = await refusal(() => app.entries.cancelEntry(STAFF, split.newEntryId, { reason: "engano" }));
      expect(cancel?.fieldErrors?.form).toMatch(/veio de outro módulo/);
    });

    it("an entry posted by the register still cannot be paid or re-dated in Lançamentos", async () => {
      const entryId = await app.inTransaction((tx) =>
        app.ledger.postEntryInTx(tx, STAFF, {
          origin: { kind: "register-closing", id: 999_001 },
          categoryKey: "stock-purchases",
          amountCents: 1000,
          description: "Diferença de caixa",
          paidDate: null,
          dueDate: today,
          accountId: null,
        }),
      );
      const pay = await refusal(() =>
        app.entries.payEntry(STAFF, entryId!, {
          paidDate: today,
          accountId: String(bankId),
          method: "pix",
          idempotencyKey: key(),
        }),
      );
      expect(pay?.fieldErrors?.form).toMatch(/veio de outro módulo/);
      const redate = await refusal(() => app.entries.redateEntry(STAFF, entryId!, { dueDate: "2027-01-01" }));
      expect(redate?.fieldErrors?.form).toMatch(/veio de outro módulo/);
    });

    it("the same stock entry sent twice moves stock and posts its bills once", async () => {
      const product = await newProduct();
      const supplier = await newSupplier();
      const input = {
        quantity: "10",
        unitCostCents: "5,00",
        payment: "owed",
        supplierId: String(supplier.id),
        dueDate: today,
        instalments: "2",
        idempotencyKey: key(),
      };
      const first = await app.stock.recordStockEntry(STAFF, product.id, input);
      const second = await app.stock.recordStockEntry(STAFF, product.id, input);
      expect(second).toMatchObject({ isReplay: true, movementId: first.movementId });
      const [row] = await app.db.select().from(app.tables.products).where(eq(app.tables.products.id, product.id));
      expect(row!.stockQuantity).toBe(10);
      expect((await stockPurchaseEntries()).map((bill) => bill.amountCents)).toEqual([2500, 2500]);
    });

    it("refuses a stock entry without what its payment needs, and a wrong supplier, writing nothing", async () => {
      const product = await newProduct();
      const before = await writes();
      const base = { quantity: "2", unitCostCents: "10,00", idempotencyKey: key() };
      const cases: [Record<string, string>, string, RegExp][] = [
        [{}, "payment", /já foi paga ou se ficou a pagar/],
        [{ payment: "owed", dueDate: today }, "supplierId", /fornecedor/],
        [{ payment: "owed", supplierId: "999999", dueDate: today }, "supplierId", /fornecedor da lista/],
        [{ payment: "owed", supplierId: "1", dueDate: today, instalments: "25" }, "instalments", /1 a 24/],
        [{ payment: "paid", paidDate: today, method: "pix" }, "accountId", /conta/],
        [{ payment: "paid", accountId: String(bankId), paidDate: "2999-01-01", method: "pix" }, "paidDate", /depois de hoje/],
        [{ payment: "paid", accountId: "999999", paidDate: today, method: "pix" }, "accountId", /conta da lista/],
      ];
      for (const [terms, field, message] of cases) {
        const refused = await refusal(() => app.stock.recordStockEntry(STAFF, product.id, { ...base, ...terms }));
        expect(refused, field).toBeInstanceOf(app.errors.InputError);
        expect(refused?.fieldErrors?.[field], field).toMatch(message);
      }
      const customer = await refusal(() => app.stock.recordStockEntry(CUSTOMER, product.id, { ...base, payment: "paid" }));
      expect(customer).toBeInstanceOf(app.errors.ForbiddenError);
      expect(await writes()).toEqual(before);
    });

    it("the data migration makes one supplier per name typed before, links the bills and entries, and cancels initial stock's open bills", async () => {
      const t = app.tables;
      const product = await newProduct({ name: "Bateria migrada" });
      const [category] = await app.db
        .select({ id: t.financeCategories.id })
        .from(t.financeCategories)
        .where(eq(t.financeCategories.systemKey, "stock-purchases"));
      const movement = (quantity: number, supplier: string, reason = "") =>
        app.db
          .insert(t.stockMovements)
          .values({
            productId: product.id,
            kind: "entry",
            quantity,
            unitCostCents: 100,
            balanceAfter: quantity,
            averageCostAfterCents: 100,
            supplier,
            reason,
            actorLabel: "teste",
          })
          .returning({ id: t.stockMovements.id });
      const [typed] = await movement(2, "DISTRIBUIDORA  Migrada ");
      const [initial] = await movement(5, "", "Estoque inicial");
      const bill = (counterparty: string, originId: number | null, paidDate: string | null = null) => ({
        direction: "out" as const,
        description: "Compra antiga",
        categoryId: category!.id,
        amountCents: 500,
        dueDate: today,
        paidDate,
        accountId: paidDate ? bankId : null,
        counterparty,
        originKind: originId === null ? null : "stock-movement",
        originId,
        createdByLabel: "teste",
      });
      await app.db
        .insert(t.financeEntries)
        .values([bill("  Distribuidora  migrada", null), bill("DISTRIBUIDORA  MIGRADA", typed!.id), bill("", initial!.id)]);
      const file = readdirSync("drizzle").find((name) => name.endsWith("_suppliers_from_free_text.sql"))!;
      for (const statement of readFileSync(`drizzle/${file}`, "utf8").split("--> statement-breakpoint")) {
        await app.db.execute(sql.raw(statement));
      }
      const created = await app.db
        .select()
        .from(t.suppliers)
        .where(sql`lower(${t.suppliers.name}) like '%migrada%'`);
      // The first spelling typed names it; case and surrounding spaces do not make another.
      expect(created.map((row) => row.name)).toEqual(["DISTRIBUIDORA  Migrada"]);
      const entries = await app.db.select().from(t.financeEntries).orderBy(asc(t.financeEntries.id));
      expect(entries.map((row) => [row.supplierId, row.cancelledAt === null])).toEqual([
        [created[0]!.id, true],
        [created[0]!.id, true],
        [null, false],
      ]);
      expect(entries[2]!.cancelReason).toMatch(/Estoque inicial/);
      const [linked] = await app.db.select().from(t.stockMovements).where(eq(t.stockMovements.id, typed!.id));
      expect(linked!.supplierId).toBe(created[0]!.id);
    });

    it("refuses a supplier with a wrong CNPJ/CPF, WhatsApp or e-mail, a missing or repeated name, writing nothing", async () => {
      const existing = await app.suppliers.createSupplier(STAFF, {
        name: "Atacado Norte",
        document: "11.222.333/0001-81",
        whatsapp: "(11) 98765-4321",
      });
      const [stored] = await app.db.select().from(app.tables.suppliers).where(eq(app.tables.suppliers.id, existing.id));
      expect(stored).toMatchObject({ document: "11222333000181", whatsapp: "11987654321" });
      const before = await writes();
      const cases: [Record<string, string>, string, RegExp][] = [
        [{ name: "" }, "name", /Informe o nome/],
        [{ name: "Outro", document: "11.222.333/0001-82" }, "document", /CNPJ inválido/],
        [{ name: "Outro", document: "123.456.789-00" }, "document", /CPF inválido/],
        [{ name: "Outro", document: "123" }, "document", /CPF \(11 números\) ou um CNPJ/],
        [{ name: "Outro", whatsapp: "1234" }, "whatsapp", /WhatsApp/],
        [{ name: "Outro", email: "sem-arroba" }, "email", /e-mail válido/],
        [{ name: "  atacado NORTE " }, "name", /Já existe um fornecedor com este nome/],
        [{ name: "Outro", document: "11222333000181" }, "document", /Já existe um fornecedor com este CPF\/CNPJ/],
        [{ name: "x".repeat(121) }, "name", /no máximo 120/],
      ];
      for (const [input, field, message] of cases) {
        const refused = await refusal(() => app.suppliers.createSupplier(STAFF, input));
        expect(refused, field).toBeInstanceOf(app.errors.InputError);
        expect(refused?.fieldErrors?.[field], field).toMatch(message);
      }
      const other = await app.suppliers.createSupplier(STAFF, { name: "Outro Atacado" });
      const afterOther = await writes();
      const renamed = await refusal(() => app.suppliers.updateSupplier(STAFF, other.id, { name: "Atacado Norte" }));
      expect(renamed?.fieldErrors?.name).toMatch(/Já existe/);
      expect(await refusal(() => app.suppliers.createSupplier(CUSTOMER, { name: "Cliente" }))).toBeInstanceOf(
        app.errors.ForbiddenError,
      );
      expect(await writes()).toEqual(afterOther);
      expect(afterOther.suppliers).toBe(before.suppliers + 1);
    });
  });
}
