/**
 * The /inventory list at scale: seeds the scale catalogue (seedLargeCatalogue)
 * into a temporary PGlite folder (or DATABASE_URL when set), then times the
 * list's searches and filters and prints p50/p95 per query.
 *
 *   npx tsx scripts/bench-inventory.ts --products 100000 --runs 40
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: { products: { type: "string", default: "100000" }, runs: { type: "string", default: "40" } },
});
const PRODUCTS = Number(args.products);
const RUNS = Number(args.runs);
const P95_BUDGET_MS = 50;

// BENCH_DATA_DIR keeps the seeded folder for the next run (seeding 100 000 items takes minutes).
const reusedDir = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : null;
const dataDir = process.env.DATABASE_URL
  ? null
  : (reusedDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "balcao-bench-inventory-")));
if (dataDir) {
  fs.mkdirSync(dataDir, { recursive: true });
  process.env.DATA_DIR = dataDir;
}
process.env.LOG_LEVEL ??= "warn";

function percentile(sorted: number[], fraction: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

async function main() {
  const [{ getDb, closeDb, databaseKind }, { count, sql }, { products }, queries, catalogue] = await Promise.all([
    import("~/db/client.server"),
    import("drizzle-orm"),
    import("~/db/schema/inventory"),
    import("~/modules/inventory/queries.server"),
    import("~/modules/demo/large-catalogue.server"),
  ]);
  const db = await getDb();
  const [{ total: existing } = { total: 0 }] = await db.select({ total: count() }).from(products);
  if (existing < PRODUCTS * 0.9) {
    const seeded = await catalogue.seedLargeCatalogue({ products: PRODUCTS - existing, monthsOfMovements: 12 });
    console.log(`semeado: ${seeded.products} itens, ${seeded.movements} movimentos em ${(seeded.elapsedMs / 1000).toFixed(1)} s`);
  }
  const sample = (
    await db.execute(sql`select sku, barcode, name, category from products where is_demo order by random() limit 200`)
  ).rows as { sku: string; barcode: string | null; name: string; category: string }[];
  const pick = (index: number) => sample[index % sample.length]!;
  const { NO_FILTERS, searchProducts } = queries;
  const cases: { name: string; filters: (index: number) => Parameters<typeof searchProducts>[0]; page?: number }[] = [
    { name: "lista sem filtro", filters: () => NO_FILTERS },
    { name: "lista, página 40", filters: () => NO_FILTERS, page: 40 },
    { name: "SKU inteiro", filters: (index) => ({ ...NO_FILTERS, query: pick(index).sku }) },
    { name: "código de barras", filters: (index) => ({ ...NO_FILTERS, query: pick(index).barcode ?? pick(index).sku }) },
    { name: "nome (uma palavra rara)", filters: (index) => ({ ...NO_FILTERS, query: pick(index).name.split(" ").at(-1)! }) },
    {
      name: "nome (duas palavras comuns)",
      filters: (index) => ({ ...NO_FILTERS, query: pick(index).name.split(" ").slice(0, 2).join(" ") }),
    },
    { name: "categoria", filters: (index) => ({ ...NO_FILTERS, category: pick(index).category }) },
    { name: "estoque baixo", filters: () => ({ ...NO_FILTERS, isLowStock: true }) },
    { name: "na loja + tipo peça", filters: () => ({ ...NO_FILTERS, isShownInShop: true, kind: "part" }) },
    { name: "arquivados", filters: () => ({ ...NO_FILTERS, isArchived: true }) },
  ];
  console.log(`${databaseKind()}, ${PRODUCTS} itens, ${RUNS} execuções por consulta`);
  console.log(["consulta".padEnd(30), "p50 ms".padStart(8), "p95 ms".padStart(8), `≤ ${P95_BUDGET_MS}`.padStart(6)].join(" "));
  for (const bench of cases) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await searchProducts(bench.filters(run), bench.page ?? 1);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 0.95);
    console.log(
      [
        bench.name.padEnd(30),
        percentile(times, 0.5).toFixed(1).padStart(8),
        p95.toFixed(1).padStart(8),
        (p95 <= P95_BUDGET_MS ? "sim" : "NÃO").padStart(6),
      ].join(" "),
    );
  }
  const started = performance.now();
  await queries.listProductCategories();
  console.log(`categorias do filtro: ${(performance.now() - started).toFixed(1)} ms`);
  await closeDb();
}

try {
  await main();
} finally {
  if (dataDir && !reusedDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
