import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const PRODUCTS = 100_000;
const WORDS = ["Capa", "Película", "Cabo", "Carregador", "Fone", "Bateria", "Tela", "Conector", "Caixa de som", "Suporte"];
const BRANDS = ["Samsung", "Apple", "Motorola", "Xiaomi", "LG", "Asus", "Lenovo", "Positivo"];
const MODELS = ["Galaxy A54", "iPhone 13", "Moto G84", "Redmi Note 12", "K62", "Zenfone 9", "IdeaPad 3", "Twist"];

/**
 * The register's product search at the scale of the issue: 100 000 products,
 * p95 of the lookups a clerk makes (a scanned barcode, a SKU, a serial, a
 * word, two words, a rare word) within 30 ms. Runs only with
 * SALE_SEARCH_SCALE=1 (it builds 100 000 rows), and prints each plan's
 * figures.
 */
export function defineSaleSearchScaleSuite(database: TestDatabase) {
  const run = process.env.SALE_SEARCH_SCALE === "1";
  describeOnDatabase(database, `busca de produtos no caixa com ${PRODUCTS} produtos`, () => {
    let dropDatabase: (() => Promise<void>) | undefined;
    let search: typeof import("~/modules/cash-register/product-search.server");
    let db: Awaited<ReturnType<typeof import("~/db/client.server").getDb>>;

    beforeAll(async () => {
      if (!run) return;
      dropDatabase = await openTestDatabase(database);
      const client = await import("~/db/client.server");
      db = await client.getDb();
      search = await import("~/modules/cash-register/product-search.server");
      const words = sql.raw(`array[${WORDS.map((word) => `'${word}'`).join(",")}]`);
      const brands = sql.raw(`array[${BRANDS.map((word) => `'${word}'`).join(",")}]`);
      const models = sql.raw(`array[${MODELS.map((word) => `'${word}'`).join(",")}]`);
      await db.execute(sql`insert into products (kind, sku, barcode, name, slug, price_cents, stock_quantity, is_serialised)
        select case when n % 20 = 0 then 'service' else 'product' end,
               'SKU' || lpad(n::text, 6, '0'),
               case when n % 3 = 0 then null else (7890000000000 + n)::text end,
               (${words})[1 + n % 10] || ' ' || (${brands})[1 + (n / 10) % 8] || ' ' || (${models})[1 + (n / 80) % 8] || ' ' || 'mod ' || n,
               'produto-' || n, 1000 + n % 5000, case when n % 20 = 0 then 0 else n % 7 end, n % 500 = 0 and n % 20 <> 0
        from generate_series(1, ${PRODUCTS}) as n`);
      await db.execute(sql`insert into product_units (product_id, serial, cost_cents)
        select id, (350000000000000 + id * 10 + k)::text, 50000 from products, generate_series(1, 3) k where is_serialised`);
      // PGlite has no autovacuum: a shop's tables are never analysed there, so the plans are measured without statistics.
      if (database === "postgres") await db.execute(sql`analyze`);
    }, 600_000);

    afterAll(async () => {
      if (!run) return;
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    it.skipIf(!run)(
      "answers each kind of lookup in 30 ms or less (p95)",
      async () => {
        const queries = [
          "7890000012345",
          "sku012345",
          "350000000000001",
          "capa",
          "película galaxy",
          "iphone 13 carregador",
          "mod 99999",
          "zzzz",
          "ca",
        ];
        for (const query of queries) {
          for (let i = 0; i < 10; i++) await search.searchSaleProducts(query, db);
          const times: number[] = [];
          for (let i = 0; i < 40; i++) {
            const started = performance.now();
            await search.searchSaleProducts(query, db);
            times.push(performance.now() - started);
          }
          times.sort((a, b) => a - b);
          const p95 = times[Math.floor(times.length * 0.95)]!;
          console.info(`${database} "${query}": p50 ${times[20]!.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
          if (process.env.SALE_SEARCH_STRICT !== "0") expect(p95, query).toBeLessThanOrEqual(30);
        }
        for (const query of ["capa", "película galaxy", "zzzz", "mod 99999", "iphone carregador"]) {
          const pattern = query.split(" ").map((word) => sql`name ilike ${`%${word}%`}`);
          const plan = await db.execute(
            sql`explain analyze select id from products where archived_at is null and ${sql.join(pattern, sql` and `)} limit 12`,
          );
          console.info(plan.rows.map((row) => Object.values(row)[0]).join("\n"));
        }
      },
      600_000,
    );

    it.skipIf(!run)(
      "records a 10-item sale in 50 ms or less (p95)",
      async () => {
        const client = await import("~/db/client.server");
        const { recordSale } = await import("~/modules/cash-register/sales.server");
        const { recordStockMovementInTx } = await import("~/modules/inventory/stock-ledger.server");
        const actor = { userId: null, label: "bench", role: "staff" as const };
        const rows = await db.execute(
          sql`select id from products where kind = 'product' and not is_serialised order by id limit 10`,
        );
        const ids = rows.rows.map((row) => Number((row as { id: unknown }).id));
        await client.inTransaction(async (tx) => {
          for (const productId of ids)
            await recordStockMovementInTx(tx, actor, { productId, kind: "entry", quantity: 500, unitCostCents: 500 });
        });
        const prices = await db.execute(sql`select sum(price_cents)::int as total from products where id in ${ids}`);
        const total = Number((prices.rows[0] as { total: unknown }).total);
        const sell = () =>
          recordSale(actor, {
            idempotencyKey: crypto.randomUUID(),
            items: ids.map((productId) => ({ productId: String(productId), quantity: "1" })),
            payments: [{ method: "pix", amount: (total / 100).toFixed(2).replace(".", ",") }],
          });
        for (let i = 0; i < 5; i++) await sell();
        const times: number[] = [];
        for (let i = 0; i < 40; i++) {
          const started = performance.now();
          await sell();
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        const p95 = times[Math.floor(times.length * 0.95)]!;
        console.info(`${database} venda de 10 itens: p50 ${times[20]!.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
        if (process.env.SALE_SEARCH_STRICT !== "0") expect(p95).toBeLessThanOrEqual(50);
      },
      600_000,
    );
  });
}
