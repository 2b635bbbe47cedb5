import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import * as fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  assertSingletonStoreFound,
  closeOpenDatabase,
  describeOnDatabase,
  openTestDatabase,
  type TestDatabase,
} from "../support/database";
import { withFreshKey } from "../support/fresh-key";
import { jpegPhoto } from "../support/images";

/** The inventory functions and tables, imported once the test has pointed the app at its database. */
async function loadInventory() {
  const [
    dbModule,
    schema,
    settings,
    settingsQueries,
    audit,
    uploadsSchema,
    products,
    stock,
    counts,
    queries,
    ledger,
    errors,
    csvImport,
    csvExport,
    catalogue,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/inventory"),
    import("~/db/schema/shop-settings"),
    import("~/modules/shop-settings/queries.server"),
    import("~/db/schema/audit"),
    import("~/db/schema/uploads"),
    import("~/modules/inventory/products.server"),
    import("~/modules/inventory/stock.server"),
    import("~/modules/inventory/stock-counts.server"),
    import("~/modules/inventory/queries.server"),
    import("~/modules/inventory/stock-ledger.server"),
    import("~/lib/errors"),
    import("~/modules/inventory/product-import.server"),
    import("~/modules/inventory/product-export.server"),
    import("~/modules/demo/large-catalogue.server"),
  ]);
  const db = await dbModule.getDb();
  assertSingletonStoreFound();
  return {
    db,
    inTransaction: dbModule.inTransaction,
    databaseKind: dbModule.databaseKind(),
    ...schema,
    ...settings,
    readShopSettingsInTx: settingsQueries.readShopSettingsInTx,
    ...audit,
    ...uploadsSchema,
    ...products,
    ...stock,
    ...counts,
    ...queries,
    ...ledger,
    ...errors,
    ...csvImport,
    ...csvExport,
    ...catalogue,
    // Called as the forms call them, with a fresh idempotency key.
    createProduct: withFreshKey(products.createProduct, 1),
    recordStockEntry: withFreshKey(stock.recordStockEntry, 2),
    recordSerialisedEntry: withFreshKey(stock.recordSerialisedEntry, 2),
    recordStockAdjustment: withFreshKey(stock.recordStockAdjustment, 2),
    writeOffUnit: withFreshKey(stock.writeOffUnit, 2),
    importProductsCsv: (actor: Parameters<typeof csvImport.importProductsCsv>[0], bytes: Uint8Array, key = randomUUID()) =>
      csvImport.importProductsCsv(actor, bytes, key),
  };
}

type Inventory = Awaited<ReturnType<typeof loadInventory>>;
type Actor = Parameters<Inventory["createProduct"]>[0];

const STAFF: Actor = { userId: null, label: "equipe@balcao.test", role: "staff" };
const CUSTOMER: Actor = { userId: null, label: "cliente@balcao.test", role: "customer" };

/** Runs `call` and returns what it threw (failing when it did not throw). */
async function refusal(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error("a chamada deveria ter sido recusada");
}

const encode = (text: string) => new TextEncoder().encode(text);

/** How a stock entry of these tests was bought (issue 23): already paid from the bank, under a fresh key. */
let paidFromAccountId = "";
const bought = () => ({
  payment: "paid",
  accountId: paidFromAccountId,
  paidDate: "2026-01-02",
  method: "pix",
  idempotencyKey: crypto.randomUUID(),
});

let serial = 0;
const product = (overrides: Record<string, string> = {}) => ({
  kind: "product",
  name: `Capa anti-impacto ${++serial}`,
  priceCents: "49,90",
  minimumStock: "2",
  ...overrides,
});

/** A valid IMEI no other test uses (Luhn check digit computed). */
let imeiSerial = 35_209_900_000_000;
function uniqueImei() {
  const first14 = String(++imeiSerial);
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    let digit = Number(first14[index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return first14 + ((10 - (sum % 10)) % 10);
}

export function defineInventorySuite(database: TestDatabase) {
  describeOnDatabase(database, "estoque", () => {
    let app: Inventory;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadInventory();
      expect(app.databaseKind).toBe(database);
      const bank = await app.db.execute(sql`select id from finance_accounts where name = 'Conta bancária'`);
      paidFromAccountId = String((bank.rows[0] as { id: number }).id);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    async function snapshot() {
      const [productRows] = await app.db.select({ total: count() }).from(app.products);
      const [movementRows] = await app.db.select({ total: count() }).from(app.stockMovements);
      const [unitRows] = await app.db.select({ total: count() }).from(app.productUnits);
      const [auditRows] = await app.db.select({ total: count() }).from(app.auditLog);
      return { products: productRows?.total, movements: movementRows?.total, units: unitRows?.total, audit: auditRows?.total };
    }

    async function stockOf(id: number) {
      const [row] = await app.db
        .select({ stock: app.products.stockQuantity, average: app.products.averageCostCents })
        .from(app.products)
        .where(eq(app.products.id, id));
      return row!;
    }

    /** Every product's running quantity equals its ledger's sum. */
    async function expectStockEqualsLedger() {
      const result = await app.db.execute(sql`
        select p.id, p.stock_quantity, coalesce(sum(m.quantity), 0)::int as ledger
        from products p left join stock_movements m on m.product_id = p.id
        group by p.id having p.stock_quantity <> coalesce(sum(m.quantity), 0)`);
      expect(result.rows).toEqual([]);
    }

    async function setAllowNegative(allow: boolean) {
      await app.inTransaction((tx) => app.readShopSettingsInTx(tx));
      await app.db.update(app.shopSettings).set({ allowNegativeStock: allow });
    }

    it("cadastra um produto com slug único, SKU numerado e estoque inicial como entrada", async () => {
      const first = await app.createProduct(STAFF, {
        ...product({ name: "Película de vidro 3D" }),
        initialQuantity: "5",
        initialCostCents: "10,00",
      });
      const second = await app.createProduct(STAFF, product({ name: "Película de vidro 3D" }));
      expect(first.slug).toBe("pelicula-de-vidro-3d");
      expect(second.slug).toBe("pelicula-de-vidro-3d-2");
      expect(first.sku).toMatch(/^P\d{6}$/);
      expect(await stockOf(first.id)).toEqual({ stock: 5, average: 1000 });
      const [audit] = await app.db
        .select()
        .from(app.auditLog)
        .where(eq(app.auditLog.entityId, String(first.id)));
      expect(audit?.action).toBe("product.create");

      // A change is recorded as before → after, only what changed.
      await app.updateProduct(STAFF, second.id, { ...product({ name: "Película de vidro 3D" }), priceCents: "59,90" });
      const [changed] = await app.db
        .select()
        .from(app.auditLog)
        .where(and(eq(app.auditLog.entityId, String(second.id)), eq(app.auditLog.action, "product.update")));
      expect(changed?.details).toEqual({ before: { priceCents: 4990 }, after: { priceCents: 5990 } });
    });

    it("exige a procedência de uma peça (CDC art. 21) e a receita de um serviço, e confere o EAN-13", async () => {
      const before = await snapshot();
      const part = await refusal(() => app.createProduct(STAFF, product({ kind: "part" })));
      expect(part).toBeInstanceOf(app.InputError);
      expect((part as InstanceType<typeof app.InputError>).fieldErrors.partOrigin).toMatch(/CDC/);
      const service = await refusal(() => app.createProduct(STAFF, product({ kind: "service" })));
      expect((service as InstanceType<typeof app.InputError>).fieldErrors.revenueSource).toBeDefined();
      const ean = await refusal(() => app.createProduct(STAFF, product({ barcode: "7891000315508" })));
      expect((ean as InstanceType<typeof app.InputError>).fieldErrors.barcode).toMatch(/EAN-13/);
      expect(await snapshot()).toEqual(before);

      const saved = await app.createProduct(STAFF, product({ kind: "part", partOrigin: "used", barcode: "789 1000 31550 7" }));
      const details = await app.getProduct(saved.id);
      expect(details).toMatchObject({ partOrigin: "used", barcode: "7891000315507", revenueSource: "products" });
      const print = await app.createProduct(
        STAFF,
        product({ kind: "service", revenueSource: "printing-design", minimumStock: "3" }),
      );
      expect(await app.getProduct(print.id)).toMatchObject({ revenueSource: "printing-design", minimumStock: 0 });
    });

    it("a foto passa pelo pipeline de imagens na mesma transação; uma foto ruim não grava nada", async () => {
      const photo = { file: { bytes: await jpegPhoto({ width: 800, height: 600 }), originalName: "capa.jpg" }, remove: false };
      const saved = await app.createProduct(STAFF, product(), photo);
      const details = await app.getProduct(saved.id);
      expect(details?.photoUploadId).toMatch(/^[0-9a-f]{32}$/);
      const [upload] = await app.db.select().from(app.uploads).where(eq(app.uploads.id, details!.photoUploadId!));
      expect(upload).toMatchObject({ purpose: "product-photo", originalName: "capa.jpg" });

      const before = await snapshot();
      const tiny = { file: { bytes: await jpegPhoto({ width: 50, height: 50 }), originalName: "pequena.jpg" }, remove: false };
      const refused = await refusal(() => app.createProduct(STAFF, product(), tiny));
      expect((refused as InstanceType<typeof app.InputError>).fieldErrors.image).toMatch(/pequena demais/);
      expect(await snapshot()).toEqual(before);

      await app.updateProduct(STAFF, saved.id, { ...product(), name: details!.name }, { file: null, remove: true });
      expect((await app.getProduct(saved.id))?.photoUploadId).toBeNull();
    });

    it("recusa SKU ou código de barras repetidos e quem não é da equipe, sem gravar nada", async () => {
      await app.createProduct(STAFF, product({ sku: "cabo-usb-c", barcode: "4006381333931" }));
      const before = await snapshot();
      const sku = await refusal(() => app.createProduct(STAFF, product({ sku: "CABO-USB-C" })));
      expect((sku as InstanceType<typeof app.InputError>).fieldErrors.sku).toMatch(/SKU/);
      const barcode = await refusal(() => app.createProduct(STAFF, product({ barcode: "4006381333931" })));
      expect((barcode as InstanceType<typeof app.InputError>).fieldErrors.barcode).toBeDefined();
      expect(await refusal(() => app.createProduct(CUSTOMER, product()))).toBeInstanceOf(app.ForbiddenError);
      expect(await snapshot()).toEqual(before);
    });

    it("entradas com custo mantêm o custo médio ponderado; ajustes saem pelo custo médio; o extrato mostra saldo e custo", async () => {
      const { id } = await app.createProduct(STAFF, product());
      await app.recordStockEntry(STAFF, id, {
        ...bought(),
        quantity: "10",
        unitCostCents: "5,00",
        supplier: "Distribuidora Sul",
      });
      await app.recordStockEntry(STAFF, id, {
        ...bought(),
        quantity: "10",
        unitCostCents: "7,00",
        supplier: "Distribuidora Sul",
      });
      expect(await stockOf(id)).toEqual({ stock: 20, average: 600 });
      await app.recordStockAdjustment(STAFF, id, { quantity: "-3", reason: "Quebra na vitrine" });
      expect(await stockOf(id)).toEqual({ stock: 17, average: 600 });
      const { movements } = await app.listProductMovements(id);
      expect(
        movements.map((movement) => [movement.kind, movement.quantity, movement.balanceAfter, movement.averageCostAfterCents]),
      ).toEqual([
        ["adjustment", -3, 17, 600],
        ["entry", 10, 20, 600],
        ["entry", 10, 10, 500],
      ]);
      expect(movements[2]).toMatchObject({ supplier: "Distribuidora Sul", actorLabel: STAFF.label });
      expect(movements[0]).toMatchObject({ reason: "Quebra na vitrine", unitCostCents: 600 });
      await expectStockEqualsLedger();
    });

    it("a página do produto lê categorias, extrato, fornecedores e contas numa consulta, como cada lista os dá", async () => {
      const [{ supplierOptions, SUPPLIER_OPTIONS_LIMIT }, { activeAccountOptions }, { suppliers }] = await Promise.all([
        import("~/modules/finance/suppliers.server"),
        import("~/modules/finance/accounts.server"),
        import("~/db/schema/suppliers"),
      ]);
      await app.db.insert(suppliers).values([{ name: "beta Peças" }, { name: "Alfa Telas" }]);
      const { id } = await app.createProduct(STAFF, {
        ...product(),
        category: "Conectores",
        initialQuantity: "5",
        initialCostCents: "2,00",
      });
      for (let index = 0; index < app.MOVEMENT_PAGE_SIZE + 2; index++) {
        await app.recordStockAdjustment(STAFF, id, { quantity: index % 2 === 0 ? "1" : "-1", reason: `Conferência ${index}` });
      }
      for (const page of [1, 2]) {
        const lists = await app.getProductPageLists(id, page, { supplierLimit: SUPPLIER_OPTIONS_LIMIT });
        expect(lists.ledger).toEqual(await app.listProductMovements(id, page));
        expect(lists.categories).toEqual(await app.listProductCategories());
        expect(lists.suppliers).toEqual(await supplierOptions());
        expect(lists.accounts).toEqual(await activeAccountOptions());
      }
      const first = await app.getProductPageLists(id, 1, { supplierLimit: 1 });
      expect(first.ledger.movements).toHaveLength(app.MOVEMENT_PAGE_SIZE);
      expect(first.ledger.hasNextPage).toBe(true);
      expect(first.ledger.movements[0]!.createdAt).toBeInstanceOf(Date);
      expect(first.categories).toContain("Conectores");
      expect(first.suppliers).toEqual((await supplierOptions()).slice(0, 1));
      expect((await app.getProductPageLists(id, 2, { supplierLimit: 1 })).ledger.movements).toHaveLength(3);
    });

    it("recusa estoque negativo, a menos que a loja permita", async () => {
      const { id } = await app.createProduct(STAFF, { ...product(), initialQuantity: "1", initialCostCents: "1,00" });
      const before = await snapshot();
      const refused = await refusal(() => app.recordStockAdjustment(STAFF, id, { quantity: "-2", reason: "Perda" }));
      expect(refused).toBeInstanceOf(app.StockRefusedError);
      expect(await snapshot()).toEqual(before);
      await setAllowNegative(true);
      try {
        await app.recordStockAdjustment(STAFF, id, { quantity: "-2", reason: "Venda sem nota" });
        expect((await stockOf(id)).stock).toBe(-1);
        // An entry after negative stock takes its own cost as the average.
        await app.recordStockEntry(STAFF, id, { ...bought(), quantity: "3", unitCostCents: "4,00" });
        expect(await stockOf(id)).toEqual({ stock: 2, average: 400 });
      } finally {
        await setAllowNegative(false);
      }
      await expectStockEqualsLedger();
    });

    it("duas saídas simultâneas da última unidade: estoque zero e uma recusada", async () => {
      const { id } = await app.createProduct(STAFF, { ...product(), initialQuantity: "1", initialCostCents: "1,00" });
      const exit = () =>
        app.inTransaction((tx) =>
          app.recordStockMovementInTx(tx, STAFF, { productId: id, kind: "sale", quantity: -1, origin: "sale:teste" }),
        );
      const results = await Promise.allSettled([exit(), exit()]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const rejected = results.find((result) => result.status === "rejected");
      expect(rejected?.status === "rejected" ? rejected.reason : null).toBeInstanceOf(app.StockRefusedError);
      expect((await stockOf(id)).stock).toBe(0);
      await expectStockEqualsLedger();
    });

    it("produto serializado: cada unidade entra com IMEI e custo; IMEI inválido ou repetido é recusado; baixa por unidade", async () => {
      const { id } = await app.createProduct(
        STAFF,
        product({ name: "Smartphone Moto G", isSerialised: "on", priceCents: "1.299,00" }),
      );
      const [imeiA, imeiB] = [uniqueImei(), uniqueImei()];
      const before = await snapshot();
      const invalid = await refusal(() =>
        app.recordSerialisedEntry(STAFF, id, {
          ...bought(),
          units: [{ serial: imeiA.slice(0, 14) + ((Number(imeiA[14]) + 1) % 10), costCents: "900" }],
        }),
      );
      expect((invalid as InstanceType<typeof app.InputError>).fieldErrors["units.0.serial"]).toMatch(/IMEI inválido/);
      expect(
        await refusal(() => app.recordStockEntry(STAFF, id, { ...bought(), quantity: "2", unitCostCents: "9,00" })),
      ).toBeInstanceOf(app.InputError);
      expect(await snapshot()).toEqual(before);

      await app.recordSerialisedEntry(STAFF, id, {
        ...bought(),
        units: [
          { serial: imeiA, costCents: "900,00" },
          { serial: imeiB, costCents: "1.000,00" },
        ],
        supplier: "Importadora",
      });
      expect(await stockOf(id)).toEqual({ stock: 2, average: 95000 });
      const again = await refusal(() =>
        app.recordSerialisedEntry(STAFF, id, { ...bought(), units: [{ serial: imeiA, costCents: "900,00" }] }),
      );
      expect((again as InstanceType<typeof app.InputError>).fieldErrors["units.0.serial"]).toMatch(/já está em estoque/);

      const units = await app.listUnitsInShop(id);
      await app.writeOffUnit(STAFF, id, { unitId: String(units[0]!.id), reason: "Roubada da vitrine" });
      expect(await stockOf(id)).toEqual({ stock: 1, average: 100000 });
      // Counting a serialised product is done unit by unit, not by quantity.
      expect(await refusal(() => app.recordStockAdjustment(STAFF, id, { quantity: "-1", reason: "Perda" }))).toBeInstanceOf(
        app.InputError,
      );
      // The written-off unit may come back (found), as the same row.
      await app.recordSerialisedEntry(STAFF, id, { ...bought(), units: [{ serial: imeiA, costCents: "800,00" }] });
      expect(await stockOf(id)).toEqual({ stock: 2, average: 90000 });
      const rows = await app.db.select().from(app.productUnits).where(eq(app.productUnits.productId, id));
      expect(rows).toHaveLength(2);
      await expectStockEqualsLedger();
    });

    it("inventário: a diferença entre contado e esperado vira movimento de contagem, tudo numa transação", async () => {
      const a = await app.createProduct(STAFF, { ...product(), initialQuantity: "10", initialCostCents: "2,00" });
      const b = await app.createProduct(STAFF, { ...product(), initialQuantity: "4", initialCostCents: "2,00" });
      const c = await app.createProduct(STAFF, { ...product(), initialQuantity: "3", initialCostCents: "2,00" });
      const { id: countId } = await app.startStockCount(STAFF, { note: "Balanço de novembro" });
      expect(await refusal(() => app.startStockCount(STAFF, {}))).toBeInstanceOf(app.InputError);

      await app.recordCountedQuantity(STAFF, countId, a.id, { countedQuantity: "8" });
      await app.recordCountedQuantity(STAFF, countId, b.id, { countedQuantity: "4" });
      await app.recordCountedQuantity(STAFF, countId, c.id, { countedQuantity: "5" });
      // A sale of A after it was counted is not a loss at the close.
      await app.inTransaction((tx) => app.recordStockMovementInTx(tx, STAFF, { productId: a.id, kind: "sale", quantity: -1 }));
      expect(await refusal(() => app.recordCountedQuantity(STAFF, countId, a.id, { countedQuantity: "-1" }))).toBeInstanceOf(
        app.InputError,
      );

      // Closing asks for the review first: without its confirmation nothing is posted (issue 23).
      const untouched = await snapshot();
      expect(await refusal(() => app.closeStockCount(STAFF, countId, { idempotencyKey: randomUUID() }))).toBeInstanceOf(
        app.InputError,
      );
      expect(
        await refusal(() => app.closeStockCount(STAFF, countId, { confirmation: "0".repeat(32), idempotencyKey: randomUUID() })),
      ).toBeInstanceOf(app.InputError);
      expect(await snapshot()).toEqual(untouched);
      const review = (await app.getStockCountReview(countId))!;
      expect(review.differenceCount).toBe(2);
      expect(review.items.map((item) => [item.productId, item.countedQuantity, item.expectedQuantity, item.difference])).toEqual(
        expect.arrayContaining([
          [a.id, 8, 10, -2],
          [c.id, 5, 3, 2],
        ]),
      );
      // Valued at the average cost (R$ 2,00): −2 and +2 make R$ 0,00.
      expect(review.items.map((item) => item.valueCents).sort()).toEqual([-400, 400]);
      expect(review.totalValueCents).toBe(0);
      // A count typed again after the review changes what would be posted: the old confirmation no longer closes.
      await app.recordCountedQuantity(STAFF, countId, c.id, { countedQuantity: "6" });
      expect(
        await refusal(() =>
          app.closeStockCount(STAFF, countId, { confirmation: review.confirmation, idempotencyKey: randomUUID() }),
        ),
      ).toBeInstanceOf(app.InputError);
      await app.recordCountedQuantity(STAFF, countId, c.id, { countedQuantity: "5" });

      const closed = await app.closeStockCount(STAFF, countId, {
        confirmation: review.confirmation,
        idempotencyKey: randomUUID(),
      });
      expect(closed).toEqual({ items: 3, differencesPosted: 2 });
      expect((await stockOf(a.id)).stock).toBe(7);
      expect((await stockOf(b.id)).stock).toBe(4);
      expect((await stockOf(c.id)).stock).toBe(5);
      const posted = await app.db
        .select()
        .from(app.stockMovements)
        .where(eq(app.stockMovements.origin, `stock_count:${countId}`));
      expect(posted.map((movement) => [movement.productId, movement.kind, movement.quantity]).sort()).toEqual(
        [
          [a.id, "count", -2],
          [c.id, "count", 2],
        ].sort(),
      );
      expect(
        await refusal(() =>
          app.closeStockCount(STAFF, countId, { confirmation: review.confirmation, idempotencyKey: randomUUID() }),
        ),
      ).toBeInstanceOf(app.InputError);
      expect(await refusal(() => app.recordCountedQuantity(STAFF, countId, a.id, { countedQuantity: "1" }))).toBeInstanceOf(
        app.InputError,
      );
      await expectStockEqualsLedger();
    });

    it("um inventário que deixaria estoque negativo não lança nenhuma diferença", async () => {
      const a = await app.createProduct(STAFF, { ...product(), initialQuantity: "5", initialCostCents: "2,00" });
      const b = await app.createProduct(STAFF, { ...product(), initialQuantity: "2", initialCostCents: "2,00" });
      const { id: countId } = await app.startStockCount(STAFF, {});
      await app.recordCountedQuantity(STAFF, countId, a.id, { countedQuantity: "6" });
      await app.recordCountedQuantity(STAFF, countId, b.id, { countedQuantity: "0" });
      // Both units of B leave after it was counted: posting −2 would leave −2.
      await app.recordStockAdjustment(STAFF, b.id, { quantity: "-2", reason: "Devolvido ao fornecedor" });
      const before = await snapshot();
      const confirmed = async () => ({
        confirmation: (await app.getStockCountReview(countId))!.confirmation,
        idempotencyKey: randomUUID(),
      });
      expect(await refusal(async () => app.closeStockCount(STAFF, countId, await confirmed()))).toBeInstanceOf(
        app.StockRefusedError,
      );
      expect(await snapshot()).toEqual(before);
      expect((await stockOf(a.id)).stock).toBe(5);
      await app.recordCountedQuantity(STAFF, countId, b.id, { countedQuantity: "0" });
      await app.closeStockCount(STAFF, countId, await confirmed());
      expect((await stockOf(a.id)).stock).toBe(6);
      await expectStockEqualsLedger();
    });

    it("arquiva em vez de apagar; a lista filtra por tipo, estoque baixo, loja e arquivados, e busca por nome, SKU e código", async () => {
      const unique = `Zeta${Date.now()}`;
      const shown = await app.createProduct(
        STAFF,
        product({ name: `${unique} bateria`, category: "Baterias", shownInShop: "on", sku: `${unique}-A`, minimumStock: "0" }),
      );
      const low = await app.createProduct(STAFF, {
        ...product({ name: `${unique} cabo`, minimumStock: "5", barcode: "5901234123457" }),
        initialQuantity: "2",
      });
      const archived = await app.createProduct(STAFF, product({ name: `${unique} antigo` }));
      await app.setProductArchived(STAFF, archived.id, true);

      const names = async (filters: Partial<typeof app.NO_FILTERS>) =>
        (await app.searchProducts({ ...app.NO_FILTERS, ...filters })).products.map((row) => row.id).sort();
      expect(await names({ query: unique })).toEqual([shown.id, low.id].sort());
      expect(await names({ query: `${unique} bat` })).toEqual([shown.id]);
      expect(await names({ query: `${unique}-a` })).toEqual([shown.id]);
      expect(await names({ query: "5901234123457" })).toEqual([low.id]);
      expect(await names({ query: unique, isLowStock: true })).toEqual([low.id]);
      expect(await names({ query: unique, isShownInShop: true })).toEqual([shown.id]);
      expect(await names({ query: unique, isArchived: true })).toEqual([archived.id]);
      expect(await names({ query: unique, category: "Baterias" })).toEqual([shown.id]);
      expect(await names({ query: unique, kind: "part" })).toEqual([]);
      expect(await app.listProductCategories()).toContain("Baterias");
      await app.setProductArchived(STAFF, archived.id, false);
      expect(await names({ query: unique })).toContain(archived.id);
    });

    it("a busca do estoque ignora acentos e maiúsculas: 'pelicula' acha 'Película' (issue 23)", async () => {
      const unique = `Yota${Date.now()}`;
      const film = await app.createProduct(STAFF, product({ name: `Película cerâmica ${unique}` }));
      const print = await app.createProduct(
        STAFF,
        product({ kind: "service", name: `IMPRESSÃO colorida ${unique}`, revenueSource: "printing-design", minimumStock: "0" }),
      );
      const ids = async (query: string) =>
        (await app.searchProducts({ ...app.NO_FILTERS, query })).products.map((row) => row.id).sort();
      expect(await ids(`pelicula ${unique}`)).toEqual([film.id]);
      expect(await ids(`PELÍCULA ceramica ${unique}`)).toEqual([film.id]);
      expect(await ids(`impressao ${unique}`)).toEqual([print.id]);
      expect(await ids(`Impressão ${unique.toLowerCase()}`)).toEqual([print.id]);
      expect(await ids(`impressora ${unique}`)).toEqual([]);
    });

    it("importa CSV do Excel (Windows-1252, ;): cria, atualiza pelo SKU, estoque vira entrada, linhas ruins relatadas com a linha", async () => {
      await app.createProduct(STAFF, product({ sku: "IMP-EXISTE", name: "Carregador antigo", priceCents: "10,00" }));
      const text = [
        "SKU;Nome;Tipo;Preço;Custo;Estoque;Categoria;Procedência;Na loja",
        "IMP-1;Película cerâmica;Produto;29,90;8,50;12;Películas;;sim",
        "IMP-EXISTE;Carregador turbo 20W;;59,90;;;Carregadores;;",
        "IMP-2;Tela iPhone 11;Peça;350,00;180,00;2;Telas;;não",
        '"IMP-3";"Capa; com ponto e vírgula";Produto;"19,90";;;;;',
        "IMP-4;Bateria;Produto;abc;;;;;",
      ].join("\r\n");
      const bytes = Uint8Array.from(text, (char) => char.charCodeAt(0));
      expect(bytes.some((byte) => byte > 0x7f)).toBe(true);
      const report = await app.importProductsCsv(STAFF, bytes);
      expect(report.encoding).toBe("Windows-1252");
      expect(report.created).toBe(2);
      expect(report.updated).toBe(1);
      expect(report.problems.map((problem) => problem.line)).toEqual([4, 6]);
      expect(report.problems[0]!.message).toMatch(/Procedência/);
      expect(report.problems[1]!.message).toMatch(/Preço/);

      const [created] = await app.db.select().from(app.products).where(eq(app.products.sku, "IMP-1"));
      expect(created).toMatchObject({
        name: "Película cerâmica",
        priceCents: 2990,
        stockQuantity: 12,
        averageCostCents: 850,
        shownInShop: true,
        category: "Películas",
      });
      const [updated] = await app.db.select().from(app.products).where(eq(app.products.sku, "IMP-EXISTE"));
      expect(updated).toMatchObject({
        name: "Carregador turbo 20W",
        priceCents: 5990,
        category: "Carregadores",
        minimumStock: 2,
      });
      const [quoted] = await app.db.select().from(app.products).where(eq(app.products.sku, "IMP-3"));
      expect(quoted?.name).toBe("Capa; com ponto e vírgula");
      await expectStockEqualsLedger();
    });

    it("importa CSV em UTF-8 com vírgula e recusa um arquivo sem cabeçalho, sem gravar nada", async () => {
      const report = await app.importProductsCsv(
        STAFF,
        new TextEncoder().encode('sku,nome,preco,tipo,receita\nIMP-U1,Impressão colorida A4,"2,50",Serviço,Impressão e design\n'),
      );
      expect(report).toEqual({ created: 1, updated: 0, problems: [], encoding: "UTF-8", stockAdjustments: [] });
      const [service] = await app.db.select().from(app.products).where(eq(app.products.sku, "IMP-U1"));
      expect(service).toMatchObject({ kind: "service", revenueSource: "printing-design", priceCents: 250 });

      const before = await snapshot();
      expect(await refusal(() => app.importProductsCsv(STAFF, new TextEncoder().encode("a;b;c\n1;2;3\n")))).toBeInstanceOf(
        app.InputError,
      );
      expect(await refusal(() => app.importProductsCsv(STAFF, new Uint8Array([0, 1, 2])))).toBeInstanceOf(app.InputError);
      expect(await refusal(() => app.importProductsCsv(CUSTOMER, new TextEncoder().encode("nome\nX\n")))).toBeInstanceOf(
        app.ForbiddenError,
      );
      expect(await snapshot()).toEqual(before);
    });

    it("exporta UTF-8 com BOM e ; e o arquivo exportado importa de volta sem mudar nada", async () => {
      const { sku } = await app.createProduct(
        STAFF,
        product({ name: 'Fone "bluetooth"; preto', description: "Linha 1\nLinha 2" }),
      );
      let text = "";
      for await (const chunk of await app.exportProductsCsv(STAFF)) text += chunk;
      expect(text.startsWith("\uFEFFSKU;Nome;Tipo;")).toBe(true);
      expect(text.match(/\uFEFF/g)).toHaveLength(1);
      expect(text).toContain(`${sku};"Fone ""bluetooth""; preto";Produto;`);
      await expect(app.exportProductsCsv(CUSTOMER)).rejects.toThrow(app.ForbiddenError);

      const before = await snapshot();
      const report = await app.importProductsCsv(STAFF, new TextEncoder().encode(text));
      expect(report.problems).toEqual([]);
      expect(report.created).toBe(0);
      const after = await snapshot();
      // Only the import's own audit entry: no product changed, no movement.
      expect(after).toEqual({ ...before, audit: (before.audit ?? 0) + 1 });
    });

    it("reimportar um “Estoque” diferente o ajusta por uma contagem no extrato com o motivo “importação” (issue 23)", async () => {
      const sku = `REIMP-${Date.now()}`;
      const item = await app.createProduct(STAFF, { ...product({ sku }), initialQuantity: "30", initialCostCents: "10,00" });
      const serialised = await app.createProduct(STAFF, product({ sku: `${sku}-S`, isSerialised: "on" }));

      const report = await app.importProductsCsv(STAFF, encode(`SKU;Estoque\n${sku};35\n${sku}-S;2\n${sku};35\n`));
      expect(report.updated).toBe(2);
      expect(report.stockAdjustments).toEqual([{ line: 2, sku, from: 30, to: 35 }]);
      expect(report.problems).toHaveLength(1);
      expect(report.problems[0]).toMatchObject({ line: 3, message: expect.stringMatching(/Estoque: .*IMEI/) });
      expect(await stockOf(item.id)).toMatchObject({ stock: 35, average: 1000 });
      expect((await stockOf(serialised.id)).stock).toBe(0);
      const movements = await app.db
        .select({ kind: app.stockMovements.kind, quantity: app.stockMovements.quantity, reason: app.stockMovements.reason })
        .from(app.stockMovements)
        .where(eq(app.stockMovements.productId, item.id));
      expect(movements).toEqual([
        { kind: "entry", quantity: 30, reason: "Estoque inicial" },
        { kind: "count", quantity: 5, reason: "importação" },
      ]);

      // Down to what was counted, never below zero; an empty cell or a word is not a count.
      const down = await app.importProductsCsv(STAFF, encode(`SKU;Estoque\n${sku};0\n${sku};\n${sku};muitos\n`));
      expect(down.stockAdjustments).toEqual([{ line: 2, sku, from: 35, to: 0 }]);
      expect(down.problems).toEqual([{ line: 4, message: expect.stringMatching(/Estoque: informe um número inteiro/) }]);
      expect(await app.importProductsCsv(STAFF, encode(`SKU;Estoque\n${sku};-3\n`))).toMatchObject({ problems: [{ line: 2 }] });
      expect((await stockOf(item.id)).stock).toBe(0);
      await expectStockEqualsLedger();
    });

    it("exporta códigos de barras como texto (não 7,89E+12) e fórmulas neutralizadas, e tudo volta igual (issue 23)", async () => {
      const { sku } = await app.createProduct(
        STAFF,
        product({ name: '=HYPERLINK("http://x","clique")', barcode: "7896064220019", description: "@SUM(A1)\n-2+3" }),
      );
      let text = "";
      for await (const chunk of await app.exportProductsCsv(STAFF)) text += chunk;
      const line = text.split("\r\n").find((row) => row.includes("7896064220019"))!;
      expect(line).toContain(`;"=""7896064220019""";`);
      expect(line).toContain(`;"'=HYPERLINK(""http://x"",""clique"")";`);
      expect(line).toContain(`"'@SUM(A1)`);

      const before = await snapshot();
      const report = await app.importProductsCsv(STAFF, new TextEncoder().encode(text));
      expect(report.problems).toEqual([]);
      expect(report.stockAdjustments).toEqual([]);
      expect(await snapshot()).toEqual({ ...before, audit: (before.audit ?? 0) + 1 });
      const [row] = await app.db.select().from(app.products).where(eq(app.products.sku, sku));
      expect(row).toMatchObject({
        name: '=HYPERLINK("http://x","clique")',
        barcode: "7896064220019",
        description: "@SUM(A1)\n-2+3",
      });
      // What a spreadsheet saves back from the text cell: the digits.
      expect(
        await app.importProductsCsv(STAFF, new TextEncoder().encode(`SKU;Código de barras\n${sku};7896064220019\n`)),
      ).toMatchObject({ updated: 1, problems: [] });
    });

    it("um arquivo UTF-8 com um byte inválido, uma coluna desconhecida ou um preço em branco não cria nada a R$ 0,00 (issue 23)", async () => {
      const sku = `ENC-${Date.now()}`;
      const utf8 = new TextEncoder().encode(`SKU;Nome;Preço;Descrição\n${sku}-1;Película 3D;29,90;Vidro\n${sku}-2;Capa;9,90;x\n`);
      // One stray Windows-1252 "é" in the last line of an otherwise UTF-8 file.
      const broken = new Uint8Array([...utf8.slice(0, -2), 0xe9, ...utf8.slice(-2)]);
      const before = await snapshot();
      const refused = await refusal(() => app.importProductsCsv(STAFF, broken));
      expect(refused).toBeInstanceOf(app.InputError);
      expect((refused as InstanceType<typeof app.InputError>).fieldErrors.file).toMatch(/UTF-8.*a linha 3/);

      // The header that file gave when read whole as Windows-1252: the column is named, nothing is ignored.
      const misread = await refusal(() =>
        app.importProductsCsv(STAFF, new TextEncoder().encode(`SKU;Nome;PreÃ§o\n${sku}-1;Película;29,90\n`)),
      );
      expect((misread as InstanceType<typeof app.InputError>).fieldErrors.file).toMatch(/Coluna não reconhecida: “PreÃ§o”/);
      const noPrice = await refusal(() => app.importProductsCsv(STAFF, new TextEncoder().encode("Nome\nPelícula\n")));
      expect((noPrice as InstanceType<typeof app.InputError>).fieldErrors.file).toMatch(/Falta a coluna “Preço”/);
      const twice = await refusal(() =>
        app.importProductsCsv(STAFF, new TextEncoder().encode(`SKU;Nome;Preço;Valor\n${sku}-1;Película;1,00;2,00\n`)),
      );
      expect((twice as InstanceType<typeof app.InputError>).fieldErrors.file).toMatch(/“Preço” aparece mais de uma vez/);
      const unnamed = await refusal(() =>
        app.importProductsCsv(STAFF, new TextEncoder().encode(`SKU;Nome;Preço;\n${sku}-1;Película;1,00;9,90\n`)),
      );
      expect((unnamed as InstanceType<typeof app.InputError>).fieldErrors.file).toMatch(/A 4ª coluna tem valores/);
      expect(await snapshot()).toEqual(before);

      // Trailing empty columns, as spreadsheets save them, are fine: nothing under them.
      expect(
        await app.importProductsCsv(STAFF, new TextEncoder().encode(`SKU;Nome;Preço;;\n${sku}-0;Cabo;1,00;;\n`)),
      ).toMatchObject({ created: 1, problems: [] });

      // A missing required value is that row's problem; a new SKU without a price column too.
      const report = await app.importProductsCsv(
        STAFF,
        new TextEncoder().encode(`SKU;Nome;Preço\n${sku}-1;Película;\n${sku}-2;Capa;0,00\n${sku}-3;;5,00\n`),
      );
      expect(report.created).toBe(1);
      expect(report.problems.map((problem) => problem.line)).toEqual([2, 4]);
      expect(report.problems[0]!.message).toMatch(/Preço: em branco/);
      expect(report.problems[1]!.message).toMatch(/Nome/);
      const withoutPrice = await app.importProductsCsv(STAFF, new TextEncoder().encode(`SKU;Nome\n${sku}-4;Cabo\n`));
      expect(withoutPrice.problems).toEqual([{ line: 2, message: expect.stringMatching(/não tem a coluna “Preço”/) }]);
      const [free] = await app.db
        .select()
        .from(app.products)
        .where(eq(app.products.sku, `${sku}-2`));
      expect(free?.priceCents).toBe(0);
    });

    it("o catálogo de escala grava produtos, unidades e um ano de movimentos coerentes com o estoque", async () => {
      const before = await snapshot();
      const seeded = await app.seedLargeCatalogue({ products: 600, monthsOfMovements: 12, seed: 3 });
      expect(seeded.products).toBe(600);
      const after = await snapshot();
      expect(Number(after.products) - Number(before.products)).toBe(600);
      expect(Number(after.movements) - Number(before.movements)).toBe(seeded.movements);
      await expectStockEqualsLedger();
      // Each movement's balance is the running sum, and no stock is negative.
      const drift = await app.db.execute(sql`
        select count(*)::int as total from (
          select balance_after, sum(quantity) over (partition by product_id order by created_at, id) as running
          from stock_movements where actor_label = 'dados de escala') m
        where balance_after <> running`);
      expect(Number((drift.rows[0] as { total: number }).total)).toBe(0);
      const odd = await app.db.execute(sql`
        select count(*)::int as total from products p where p.is_demo and (p.stock_quantity < 0 or (p.is_serialised and p.stock_quantity <>
          (select count(*) from product_units u where u.product_id = p.id and u.status = 'in-stock')))`);
      expect(Number((odd.rows[0] as { total: number }).total)).toBe(0);
      const [shape] = (
        await app.db
          .execute(sql`select count(*) filter (where shown_in_shop)::int as shown, count(*) filter (where is_serialised)::int as serialised,
          count(distinct category)::int as categories, count(*) filter (where kind = 'service')::int as services from products where is_demo`)
      ).rows as { shown: number; serialised: number; categories: number; services: number }[];
      expect(shape!.shown).toBeGreaterThan(30);
      expect(shape!.serialised).toBeGreaterThan(0);
      expect(shape!.categories).toBeGreaterThan(8);
      expect(shape!.services).toBeGreaterThan(0);
      // The list finds them by barcode and category like any other product.
      const [withBarcode] = await app.db
        .select({ id: app.products.id, barcode: app.products.barcode })
        .from(app.products)
        .where(sql`is_demo and barcode is not null`)
        .limit(1);
      expect(
        (await app.searchProducts({ ...app.NO_FILTERS, query: withBarcode!.barcode! })).products.map((row) => row.id),
      ).toEqual([withBarcode!.id]);
    });

    it("entradas hostis em cada ação do estoque: recusa tipada, nunca uma falha, e nada gravado", async () => {
      const target = await app.createProduct(STAFF, { ...product(), initialQuantity: "3", initialCostCents: "1,00" });
      const serialised = await app.createProduct(STAFF, product({ isSerialised: "on" }));
      const { id: countId } = await app.startStockCount(STAFF, {});
      const fields = [
        "kind",
        "name",
        "sku",
        "barcode",
        "category",
        "brand",
        "priceCents",
        "minimumStock",
        "location",
        "description",
        "shownInShop",
        "partOrigin",
        "isSerialised",
        "revenueSource",
        "initialQuantity",
        "initialCostCents",
        "quantity",
        "unitCostCents",
        "supplier",
        "reason",
        "unitId",
        "units",
        "countedQuantity",
        "note",
      ] as const;
      const value = fc.oneof(
        fc.string({ maxLength: 40 }),
        // NUL (which PostgreSQL refuses in text), lone surrogates, control characters.
        fc.string({ unit: "binary", maxLength: 40 }),
        fc.string({ unit: "grapheme", maxLength: 300 }),
        fc.constantFrom(
          "on",
          "part",
          "service",
          "used",
          "99999999999",
          "-1",
          "0",
          "1e309",
          "2147483648",
          "7891000315507",
          "1.234,56",
          "352099001761481",
        ),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.constant(undefined),
        fc.array(fc.record({ serial: fc.string({ unit: "binary", maxLength: 20 }), costCents: fc.string({ maxLength: 12 }) }), {
          maxLength: 3,
        }),
        fc.object({ maxDepth: 1 }),
      );
      const input = fc.oneof(fc.dictionary(fc.constantFrom(...fields), value), fc.anything({ maxDepth: 2 }));
      const id = fc.oneof(fc.constant(target.id), fc.constant(serialised.id), fc.integer(), fc.constant(Number.NaN));
      const actions = [
        (payload: unknown) => app.createProduct(STAFF, payload),
        (payload: unknown, productId: number) => app.updateProduct(STAFF, productId, payload),
        (payload: unknown, productId: number) => app.recordStockEntry(STAFF, productId, payload),
        (payload: unknown, productId: number) => app.recordSerialisedEntry(STAFF, productId, payload),
        (payload: unknown, productId: number) => app.recordStockAdjustment(STAFF, productId, payload),
        (payload: unknown, productId: number) => app.writeOffUnit(STAFF, productId, payload),
        (payload: unknown, productId: number) => app.recordCountedQuantity(STAFF, countId, productId, payload),
        (payload: unknown, productId: number) => app.recordCountedQuantity(STAFF, productId, target.id, payload),
        (payload: unknown) =>
          app.importProductsCsv(
            STAFF,
            new TextEncoder().encode(typeof payload === "string" ? payload : (JSON.stringify(payload) ?? "")),
          ),
      ];
      const isTyped = (error: unknown) => error instanceof app.InputError || error instanceof app.NotFoundError;

      await fc.assert(
        fc.asyncProperty(fc.nat(actions.length - 1), input, id, async (which, payload, productId) => {
          const before = await snapshot();
          try {
            await actions[which]!(payload, productId);
          } catch (error) {
            if (!isTyped(error)) throw error;
            expect(await snapshot()).toEqual(before);
            return;
          }
        }),
        { numRuns: 250 },
      );
      await expectStockEqualsLedger();
    });

    it("um CSV de bytes aleatórios é recusado ou relatado linha a linha, nunca uma falha", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.uint8Array({ maxLength: 400 }),
            fc
              .string({ unit: "binary", maxLength: 400 })
              .map((text) => new TextEncoder().encode(`SKU;Nome;Preço;Estoque;Custo\n${text}`)),
          ),
          async (bytes) => {
            try {
              const report = await app.importProductsCsv(STAFF, bytes);
              for (const problem of report.problems) expect(problem.line).toBeGreaterThan(1);
            } catch (error) {
              if (!(error instanceof app.InputError)) throw error;
            }
          },
        ),
        { numRuns: 80 },
      );
      await expectStockEqualsLedger();
    });
  });
}
