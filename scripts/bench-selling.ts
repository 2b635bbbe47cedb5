/**
 * `npm run bench:selling`: p50/p95 of what the counter and the public shop
 * wait for, on the scale catalogue (100 000 products and a year of stock
 * movements, seedLargeCatalogue). Issue 11's budgets, on PGlite:
 *   - a 10-item sale recorded (recordSale: stock through the ledger, the sale,
 *     its items and a register entry, in one transaction) ≤ 50 ms;
 *   - the register's product search (searchSaleProducts) ≤ 30 ms;
 *   - /loja's list with a filter, uncached (listShopProducts) ≤ 50 ms;
 *   - and the /inventory list's searches and filters (searchProducts) ≤ 50 ms.
 *
 *   npm run bench:selling                                   temp DATA_DIR, seeds 100 000 products
 *   BENCH_DATA_DIR=/tmp/balcao-catalogue npm run bench:selling   reuses (or fills once) that folder
 *   TEST_DATABASE_URL=postgres://… npm run bench:selling    PostgreSQL too (throwaway database)
 *   npm run bench:selling -- --runs 400 --scale 100000
 */
import {
  benchOptions,
  measureBenches,
  pick,
  reportFromWorker,
  runBenchmarks,
  type Bench,
  type WorkerResult,
} from "./support/query-bench";

const options = benchOptions(100_000);

const SHOP_KINDS = [
  { kind: "categoria", category: true, search: false, page: 1 },
  { kind: "categoria, página 2", category: true, search: false, page: 2 },
  { kind: "busca", category: false, search: true, page: 1 },
  { kind: "busca + categoria", category: true, search: true, page: 1 },
] as const;

async function runWorker(): Promise<WorkerResult> {
  const [{ getDb, closeDb, databaseKind }, { count, sql }, { products }, inventory, catalogue, sales, search, shop] =
    await Promise.all([
      import("~/db/client.server"),
      import("drizzle-orm"),
      import("~/db/schema/inventory"),
      import("~/modules/inventory/queries.server"),
      import("~/modules/demo/large-catalogue.server"),
      import("~/modules/cash-register/sales.server"),
      import("~/modules/cash-register/product-search.server"),
      import("~/modules/shop/queries.server"),
    ]);
  const db = await getDb();
  const kind = databaseKind();

  let seededMs: number | null = null;
  const [{ total: existing } = { total: 0 }] = await db.select({ total: count() }).from(products);
  if (existing < options.scale * 0.9) {
    console.error(`[${kind}] ${existing} produtos: semeando ${options.scale - existing} e um ano de movimentos…`);
    const seeded = await catalogue.seedLargeCatalogue({ products: options.scale - existing, monthsOfMovements: 12 });
    seededMs = seeded.elapsedMs;
  }
  const [{ total: productCount } = { total: 0 }] = await db.select({ total: count() }).from(products);
  const [{ total: movementCount } = { total: 0 }] = (await db.execute(sql`select count(*)::int as total from stock_movements`))
    .rows as { total: number }[];

  // Inputs drawn from the data itself, spread over the whole table; each sampled product sells about 6 times.
  const sample = (
    await db.execute(
      sql`select id, sku, barcode, name, category, price_cents as "priceCents" from products
          where kind <> 'service' and not is_serialised and archived_at is null and stock_quantity - reserved_quantity >= 10
          and id % ${Math.max(1, Math.floor(productCount / 2_000))} = 0 limit 400`,
    )
  ).rows as { id: number; sku: string; barcode: string | null; name: string; category: string; priceCents: number }[];
  if (sample.length < 100) throw new Error(`poucos produtos em estoque para medir (${sample.length})`);
  const serials = (
    await db.execute(sql`select serial from product_units where status = 'in-stock' and id % 7 = 0 limit 100`)
  ).rows.map((row) => (row as { serial: string }).serial);
  if (serials.length === 0) throw new Error("nenhuma unidade serializada em estoque para buscar");
  const shopCategories = await shop.listShopCategories();
  if (shopCategories.length === 0) throw new Error("nenhuma categoria na loja para filtrar");
  const nameWords = sample.map((row) => row.name.split(" ").find((word) => word.length >= 4) ?? row.name);

  const counter = { userId: null, label: "bench", role: "staff" as const };
  let saleRound = 0;
  const { NO_FILTERS, searchProducts } = inventory;
  const inventoryCases: { kind: string; filters: (index: number) => Parameters<typeof searchProducts>[0]; page?: number }[] = [
    { kind: "sem filtro", filters: () => NO_FILTERS },
    { kind: "página 40", filters: () => NO_FILTERS, page: 40 },
    { kind: "SKU inteiro", filters: (index) => ({ ...NO_FILTERS, query: pick(sample, index).sku }) },
    { kind: "nome (uma palavra)", filters: (index) => ({ ...NO_FILTERS, query: pick(nameWords, index) }) },
    { kind: "categoria", filters: (index) => ({ ...NO_FILTERS, category: pick(sample, index).category }) },
    { kind: "estoque baixo", filters: () => ({ ...NO_FILTERS, isLowStock: true }) },
  ];
  const searchCases: { kind: string; text: (index: number) => string }[] = [
    { kind: "código de barras", text: (index) => pick(sample, index).barcode ?? pick(sample, index).sku },
    { kind: "SKU", text: (index) => pick(sample, index).sku },
    { kind: "IMEI/série da unidade", text: (index) => pick(serials, index) },
    { kind: "nome (uma palavra)", text: (index) => pick(nameWords, index) },
    { kind: "nome (duas palavras)", text: (index) => pick(sample, index).name.split(" ").slice(0, 2).join(" ") },
  ];

  const benches: Bench[] = [
    {
      name: "venda de 10 itens (recordSale)",
      budgetMs: 50,
      kinds: ["débito"],
      run: async () => {
        // Ten different products each time, from across the table, so no run sells what another emptied.
        const round = saleRound++;
        const items = Array.from({ length: 10 }, (_, offset) => pick(sample, round * 10 + offset));
        // The prices were read with the sample (nothing changes them here): only the sale is timed.
        const totalCents = items.reduce((sum, item) => sum + item.priceCents, 0);
        const sale = await sales.recordSale(counter, {
          idempotencyKey: crypto.randomUUID(),
          customerId: "",
          discount: "",
          items: items.map((item) => ({ productId: String(item.id), quantity: "1", discount: "" })),
          payments: [{ method: "debit", amount: (totalCents / 100).toFixed(2).replace(".", ",") }],
        });
        return { kind: "débito", ok: sale.totalCents === totalCents };
      },
    },
    {
      name: "busca do caixa (searchSaleProducts)",
      budgetMs: 30,
      kinds: searchCases.map((query) => query.kind),
      run: async (index) => {
        const query = pick(searchCases, index);
        const found = await search.searchSaleProducts(query.text(Math.floor(index / searchCases.length)));
        return { kind: query.kind, ok: found.hits.length > 0 || found.exact !== null };
      },
    },
    {
      name: "/loja com filtro (listShopProducts)",
      budgetMs: 50,
      kinds: SHOP_KINDS.map((shopKind) => shopKind.kind),
      run: async (index) => {
        const shopKind = pick(SHOP_KINDS, index);
        const round = Math.floor(index / SHOP_KINDS.length);
        const category = pick(shopCategories, round);
        const words = pick(nameWords, round);
        const page = await shop.listShopProducts({
          category: shopKind.category ? category : null,
          search: shopKind.search ? words : null,
          page: shopKind.page,
        });
        // A search in one category may rightly find nothing; the others must list something.
        return { kind: shopKind.kind, ok: page.products.length > 0 || (shopKind.search && shopKind.category) };
      },
    },
    {
      name: "lista do estoque (searchProducts)",
      budgetMs: 50,
      kinds: inventoryCases.map((query) => query.kind),
      run: async (index) => {
        const query = pick(inventoryCases, index);
        const page = await searchProducts(query.filters(Math.floor(index / inventoryCases.length)), query.page ?? 1);
        return { kind: query.kind, ok: page.products.length > 0 };
      },
    },
  ];

  const measurements = await measureBenches(kind, benches, options.runs);
  await closeDb();
  return { database: kind, rows: `${productCount} produtos, ${movementCount} movimentos de estoque`, measurements, seededMs };
}

if (options.isWorker) {
  await reportFromWorker(runWorker);
} else {
  await runBenchmarks({ title: "bench:selling", script: import.meta.filename, options });
}
