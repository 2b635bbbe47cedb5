/**
 * `npm run bench:shop`: p50/p95 of the public shop's reads (issue 11: /loja
 * with a filter ≤ 50 ms p95 uncached at 100 000 products), on the database
 * the environment names (DATA_DIR for PGlite, DATABASE_URL for PostgreSQL).
 * Fills the product table to --scale with generated rows (marked is_demo)
 * when it holds fewer, then analyses it, as the scale seed does.
 *
 *   DATA_DIR=/tmp/balcao-shop-100k npm run bench:shop
 *   DATABASE_URL=postgres://… npm run bench:shop -- --runs 300 --explain
 */
import { parseArgs } from "node:util";
import { count, sql } from "drizzle-orm";
import { closeDb, databaseKind, getDb } from "~/db/client.server";
import { products } from "~/db/schema/inventory";
import { findShopProduct, listShopCategories, listShopProducts } from "~/modules/shop/queries.server";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "200" },
    scale: { type: "string", default: "100000" },
    explain: { type: "boolean", default: false },
  },
});
const RUNS = Number(args.runs);
const SCALE = Number(args.scale);
const P95_BUDGET_MS = 50;

const CATEGORIES = [
  "Capas",
  "Películas",
  "Cabos",
  "Carregadores",
  "Fones de ouvido",
  "Telas",
  "Baterias",
  "Celulares",
  "Conectores",
  "Caixas de som",
  "Smartwatches",
  "Gráfica",
];
const KINDS = [
  "Capa",
  "Película",
  "Cabo",
  "Carregador",
  "Fone",
  "Tela",
  "Bateria",
  "Celular",
  "Conector",
  "Caixa de som",
  "Relógio",
  "Impressão",
];
const MODELS = [
  "Galaxy A15",
  "Moto G34",
  "iPhone 11",
  "Redmi 13C",
  "Galaxy S23",
  "Moto E13",
  "iPhone 13",
  "Poco X6",
  "Galaxy A05s",
  "Moto G84",
];
const BRANDS = ["Samsung", "Motorola", "Apple", "Xiaomi", "JBL", "Customic", "Elg", "Geonav", "Philips", "Multilaser"];

/** A constant array literal (the lists above hold no quotes). */
const array = (items: string[]) => sql.raw(`array[${items.map((item) => `'${item}'`).join(",")}]`);

const db = await getDb();
const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(products);
if (total < SCALE) {
  const started = performance.now();
  await db.execute(sql`insert into products (kind, sku, name, slug, category, brand, price_cents, stock_quantity, reserved_quantity, shown_in_shop, is_demo)
    select 'product', 'BENCH-' || g,
      (${array(KINDS)})[1 + g % 12] || ' ' || (${array(MODELS)})[1 + (g / 12) % 10] || ' ' || (${array(BRANDS)})[1 + (g / 120) % 10] || ' nº ' || g,
      'bench-' || g, (${array(CATEGORIES)})[1 + g % 12], (${array(BRANDS)})[1 + (g / 7) % 10],
      990 + (g * 37) % 200000, g % 4, case when g % 9 = 0 then 1 else 0 end, g % 10 < 8, true
    from generate_series(${total + 1}::int, ${SCALE}::int) g`);
  await db.execute(sql`vacuum analyze products`);
  console.log(`${SCALE - total} produtos criados em ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function percentile(sorted: number[], fraction: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

async function measure(name: string, run: (index: number) => Promise<unknown>) {
  for (let index = 0; index < 10; index++) await run(index);
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await run(index);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  console.log(
    `${name.padEnd(44)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  ${p95 <= P95_BUDGET_MS ? "ok" : "ACIMA DO ORÇAMENTO"}`,
  );
}

const SEARCHES = ["galaxy", "capa moto", "samsung", "iphone 13", "película", "jbl fone", "nº 4242", "xyz inexistente"];
console.log(`\n${databaseKind()}: ${RUNS} execuções cada, ${SCALE} produtos`);
await measure("categorias (listShopCategories)", () => listShopCategories());
await measure("página 1, sem filtro", () => listShopProducts({ category: null, search: null, page: 1 }));
await measure("categoria, páginas 1–5", (index) =>
  listShopProducts({ category: CATEGORIES[index % 12]!, search: null, page: 1 + (index % 5) }),
);
await measure("busca (nome ou marca)", (index) => listShopProducts({ category: null, search: SEARCHES[index % 8]!, page: 1 }));
await measure("busca + categoria", (index) =>
  listShopProducts({ category: CATEGORIES[index % 12]!, search: SEARCHES[index % 8]!, page: 1 }),
);
await measure("página do produto (findShopProduct)", (index) => findShopProduct(`bench-${1 + ((index * 7919) % SCALE)}`));

if (args.explain) {
  for (const [label, where] of [
    ["categoria", sql`category = 'Capas'`],
    ["busca", sql`(name ilike '%galaxy%' or brand ilike '%galaxy%')`],
  ] as const) {
    const plan = await db.execute(sql`explain analyze select id, name from products
      where shown_in_shop and archived_at is null and ${where} order by category, name, id limit 25`);
    console.log(
      `\nEXPLAIN ANALYZE (${label}):\n${(plan.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join("\n")}`,
    );
  }
}
await closeDb();
