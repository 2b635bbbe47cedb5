import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";
import { routeArgs, unwrapRouteResult } from "./public-tracking-app";

const STAFF: Actor = { userId: null, label: "estoque@loja.test", role: "staff" };

async function loadModules() {
  const [db, schema, ledger, queries, pageCache, lojaRoute, productRoute, sitemap, committed, faq] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/inventory"),
    import("~/modules/inventory/stock-ledger.server"),
    import("~/modules/shop/queries.server"),
    import("~/lib/page-cache.server"),
    import("~/routes/_site/shop"),
    import("~/routes/_site/shop-product"),
    import("~/routes/sitemap"),
    import("~/db/committed-writes.server"),
    import("~/db/schema/faq"),
  ]);
  return {
    db: await db.getDb(),
    inTransaction: db.inTransaction,
    schema,
    ledger,
    queries,
    pageCache,
    lojaRoute,
    productRoute,
    sitemap,
    committed,
    faq,
  };
}

type Modules = Awaited<ReturnType<typeof loadModules>>;
type ProductLoaderArgs = Parameters<Modules["productRoute"]["loader"]>[0];
type ListLoaderArgs = Parameters<Modules["lojaRoute"]["loader"]>[0];

function productArgs(slug: string) {
  return { ...routeArgs(new Request(`http://loja.test/loja/${slug}`)), params: { slug } } as unknown as ProductLoaderArgs;
}

function listArgs(path: string) {
  return routeArgs(new Request(`http://loja.test${path}`)) as unknown as ListLoaderArgs;
}

type NewProduct = {
  slug: string;
  name: string;
  category?: string;
  brand?: string;
  kind?: "product" | "part" | "service";
  shownInShop?: boolean;
  isSerialised?: boolean;
  partOrigin?: "new-original" | "new-compatible" | "used";
  priceCents?: number;
};

/**
 * The public shop against a real database: what /loja lists and says about
 * stock (never the count), its filters and search, the product page and the
 * sitemap; and its freshness under the anonymous page cache (decision 0016):
 * a cached page changes once a stock movement commits, and not for one that
 * rolls back; a sale drops only the pages that show the catalogue.
 */
export function defineShopSuite(database: TestDatabase) {
  describeOnDatabase(database, "loja pública", () => {
    let app: Modules;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    beforeEach(async () => {
      await app.db.delete(app.schema.stockMovements);
      await app.db.delete(app.schema.productUnits);
      await app.db.delete(app.schema.products);
      app.pageCache.invalidatePublicPages();
    });

    async function createProduct(input: NewProduct) {
      const [row] = await app.db
        .insert(app.schema.products)
        .values({
          kind: input.kind ?? "product",
          sku: input.slug.toUpperCase(),
          slug: input.slug,
          name: input.name,
          category: input.category ?? "Acessórios",
          brand: input.brand ?? "",
          priceCents: input.priceCents ?? 4_990,
          shownInShop: input.shownInShop ?? true,
          isSerialised: input.isSerialised ?? false,
          partOrigin: input.partOrigin ?? null,
        })
        .returning({ id: app.schema.products.id });
      return row!.id;
    }

    function stockEntry(productId: number, quantity: number) {
      return app.inTransaction((tx) =>
        app.ledger.recordStockMovementInTx(tx, STAFF, { productId, kind: "entry", quantity, unitCostCents: 1_000 }),
      );
    }

    async function listAll(query: Partial<{ category: string; search: string; page: number }> = {}) {
      const page = await app.queries.listShopProducts({ category: null, search: null, page: 1, ...query });
      return page.products;
    }

    async function slugsFor(search: string) {
      return (await listAll({ search })).map((product) => product.slug);
    }

    it("lista só o que está à mostra e diz 'em estoque' ou 'sob encomenda', nunca a quantidade", async () => {
      const inStock = await createProduct({ slug: "capa-a15", name: "Capa A15" });
      await stockEntry(inStock, 3);
      const reserved = await createProduct({ slug: "tela-a15", name: "Tela A15", kind: "part", partOrigin: "new-original" });
      await stockEntry(reserved, 2);
      await app.db.update(app.schema.products).set({ reservedQuantity: 2 }).where(eq(app.schema.products.id, reserved));
      await createProduct({ slug: "fone", name: "Fone sem estoque" });
      await createProduct({ slug: "escondido", name: "Produto escondido", shownInShop: false });
      const archived = await createProduct({ slug: "arquivado", name: "Produto arquivado" });
      await app.db.update(app.schema.products).set({ archivedAt: new Date() }).where(eq(app.schema.products.id, archived));
      await createProduct({ slug: "impressao", name: "Impressão colorida", kind: "service", category: "Gráfica" });

      const products = await listAll();
      expect(products.map((product) => [product.slug, product.availability])).toEqual([
        ["capa-a15", "in-stock"],
        ["fone", "to-order"],
        // Two in stock, both held for approved orders: not on the shelf.
        ["tela-a15", "to-order"],
        ["impressao", "service"],
      ]);
      expect(JSON.stringify(products)).not.toMatch(/stockQuantity|reservedQuantity|averageCost|"3"/);
      expect(products[0]!.priceText).toMatch(/^R\$\s49,90$/);
    });

    it("um produto com número de série está em estoque quando tem uma unidade na prateleira (reservada não conta)", async () => {
      const phone = await createProduct({ slug: "galaxy", name: "Galaxy A15", category: "Celulares", isSerialised: true });
      const [unit] = await app.db
        .insert(app.schema.productUnits)
        .values({ productId: phone, serial: "351187350000001", costCents: 80_000 })
        .returning({ id: app.schema.productUnits.id });
      await app.inTransaction((tx) =>
        app.ledger.recordStockMovementInTx(tx, STAFF, {
          productId: phone,
          kind: "entry",
          quantity: 1,
          unitId: unit!.id,
          unitCostCents: 80_000,
        }),
      );
      expect((await app.queries.findShopProduct("galaxy"))?.availability).toBe("in-stock");
      expect(
        (await app.queries.listShopProducts({ category: "Celulares", search: null, page: 1 })).products[0]?.availability,
      ).toBe("in-stock");
      await app.db.update(app.schema.productUnits).set({ status: "reserved" }).where(eq(app.schema.productUnits.id, unit!.id));
      expect((await app.queries.findShopProduct("galaxy"))?.availability).toBe("to-order");
    });

    it("filtra por categoria, busca por nome ou marca e pagina de 24 em 24", async () => {
      await createProduct({ slug: "galaxy", name: "Galaxy A15", brand: "Samsung", category: "Celulares" });
      await createProduct({ slug: "moto", name: "Moto G34", brand: "Motorola", category: "Celulares" });
      await createProduct({ slug: "capa-moto", name: "Capa Moto G34", brand: "Customic", category: "Capas" });
      await createProduct({ slug: "pct", name: "Cabo 50% off_", brand: "Elg", category: "Cabos" });

      expect(await app.queries.listShopCategories()).toEqual(["Cabos", "Capas", "Celulares"]);
      expect((await listAll({ category: "Celulares" })).map((product) => product.slug)).toEqual(["galaxy", "moto"]);
      expect((await listAll({ search: "samsung" })).map((product) => product.slug)).toEqual(["galaxy"]);
      expect((await listAll({ search: "SAMSUNG a15" })).map((product) => product.slug)).toEqual(["galaxy"]);
      expect((await listAll({ search: "moto" })).map((product) => product.slug)).toEqual(["capa-moto", "moto"]);
      expect((await listAll({ search: "moto", category: "Celulares" })).map((product) => product.slug)).toEqual(["moto"]);
      // LIKE's wildcards typed by a visitor are plain characters.
      expect((await listAll({ search: "50%" })).map((product) => product.slug)).toEqual(["pct"]);
      expect(await listAll({ search: "100%" })).toEqual([]);
      expect(await listAll({ search: "a1" })).toEqual([]);

      for (let index = 0; index < 30; index++) {
        await createProduct({
          slug: `pelicula-${String(index).padStart(2, "0")}`,
          name: `Película ${String(index).padStart(2, "0")}`,
          category: "Películas",
        });
      }
      const first = await app.queries.listShopProducts({ category: "Películas", search: null, page: 1 });
      const second = await app.queries.listShopProducts({ category: "Películas", search: null, page: 2 });
      expect([first.products.length, first.hasNextPage, second.products.length, second.hasNextPage]).toEqual([
        24,
        true,
        6,
        false,
      ]);
      const searched = await app.queries.listShopProducts({ category: null, search: "película", page: 2 });
      expect([searched.products.length, searched.hasNextPage, searched.isSearchCapped]).toEqual([6, false, false]);
    });

    it("a busca ignora acentos e maiúsculas: 'pelicula' e 'impressao' acham 'Película' e 'Impressão' (issue 23)", async () => {
      await createProduct({ slug: "pelicula-3d", name: "Película 3D iPhone 13", brand: "Gorila" });
      await createProduct({ slug: "foto", name: "IMPRESSÃO de foto 10x15", brand: "Balcão", category: "Impressão" });
      await createProduct({ slug: "capa", name: "Capa de silicone", brand: "Açaí Acessórios" });

      expect(await slugsFor("pelicula")).toEqual(["pelicula-3d"]);
      expect(await slugsFor("PELÍCULA")).toEqual(["pelicula-3d"]);
      expect(await slugsFor("película 3d")).toEqual(["pelicula-3d"]);
      expect(await slugsFor("pelicula 3D")).toEqual(["pelicula-3d"]);
      expect(await slugsFor("impressao")).toEqual(["foto"]);
      expect(await slugsFor("Impressão foto")).toEqual(["foto"]);
      expect(await slugsFor("balcao")).toEqual(["foto"]);
      expect(await slugsFor("acai")).toEqual(["capa"]);
      expect(await slugsFor("impressora")).toEqual([]);
    });

    it("a página do produto tem preço, origem da peça, link do WhatsApp com o produto e o preço; escondida é 404", async () => {
      const id = await createProduct({
        slug: "bateria-ip11",
        name: "Bateria iPhone 11",
        kind: "part",
        partOrigin: "new-compatible",
        brand: "Apple",
        priceCents: 17_900,
      });
      await stockEntry(id, 1);
      const { status, body } = unwrapRouteResult(await app.productRoute.loader(productArgs("bateria-ip11")));
      expect(status).toBe(200);
      const page = body as Awaited<ReturnType<Modules["productRoute"]["loader"]>>;
      expect(page.product.partOrigin).toBe("new-compatible");
      const text = new URL(page.whatsappHref).searchParams.get("text") ?? "";
      expect(text).toContain("Bateria iPhone 11");
      expect(text).toMatch(/R\$\s179,00/);

      await createProduct({ slug: "so-na-bancada", name: "Peça da bancada", shownInShop: false });
      for (const slug of ["so-na-bancada", "nao-existe", "a\0b"]) {
        const missing = await app.productRoute.loader(productArgs(slug)).catch((error: unknown) => error);
        expect(unwrapRouteResult(missing).status, slug).toBe(404);
      }
    });

    it("o sitemap lista a loja e cada produto à mostra", async () => {
      await createProduct({ slug: "capa-a15", name: "Capa A15" });
      await createProduct({ slug: "escondido", name: "Escondido", shownInShop: false });
      const xml = await (await app.sitemap.loader()).text();
      expect(xml).toMatch(/<loc>[^<]*\/loja<\/loc>/);
      expect(xml).toMatch(/<loc>[^<]*\/loja\/capa-a15<\/loc><lastmod>/);
      expect(xml).not.toContain("/loja/escondido");
    });

    /** The /loja page of one category through the real page cache, as server.ts fills it for an anonymous visitor. */
    async function cachedShopPage() {
      const key = "/loja?categoria=Capas";
      const hit = app.pageCache.pageCache.get(key);
      if (hit) return hit.bodies.identity.toString("utf8");
      const filled = await app.pageCache.pageCache.fill(key, async () => {
        const { body } = unwrapRouteResult(await app.lojaRoute.loader(listArgs(key)));
        const { products } = body as { products: { slug: string; availability: string }[] };
        const html = products.map((product) => `${product.slug}:${product.availability}`).join(",");
        return new Response(`<!doctype html><p>${html}</p>`, { headers: { "content-type": "text/html; charset=utf-8" } });
      });
      if (filled instanceof Response) throw new Error("página não guardada");
      return filled.bodies.identity.toString("utf8");
    }

    it("uma movimentação de estoque confirmada renova a página em cache; uma desfeita não", async () => {
      const id = await createProduct({ slug: "capa-a15", name: "Capa A15", category: "Capas" });
      expect(await cachedShopPage()).toContain("capa-a15:to-order");
      expect(app.pageCache.pageCache.get("/loja?categoria=Capas")).toBeDefined();

      // Rolled back: the cache keeps its page (nothing changed for a visitor).
      await expect(
        app.inTransaction(async (tx) => {
          await app.ledger.recordStockMovementInTx(tx, STAFF, { productId: id, kind: "entry", quantity: 2, unitCostCents: 500 });
          throw new Error("desfeita");
        }),
      ).rejects.toThrow("desfeita");
      expect(app.pageCache.pageCache.get("/loja?categoria=Capas")).toBeDefined();
      expect(await cachedShopPage()).toContain("capa-a15:to-order");

      // Inside the transaction, before the commit, the cached page is still the old one: a visitor rendering
      // it now would read the old row, and must not be able to store it after the commit.
      let cachedDuringTransaction: string | undefined;
      await app.inTransaction(async (tx) => {
        await app.ledger.recordStockMovementInTx(tx, STAFF, { productId: id, kind: "entry", quantity: 2, unitCostCents: 500 });
        cachedDuringTransaction = app.pageCache.pageCache.get("/loja?categoria=Capas")?.bodies.identity.toString("utf8");
      });
      expect(cachedDuringTransaction).toContain("capa-a15:to-order");
      expect(await cachedShopPage()).toContain("capa-a15:in-stock");
    });

    /** Stores a page under `key` as if a visitor had just seen it. */
    async function storePage(key: string) {
      const template = await app.pageCache.createTemplate(200, new Headers({ "content-type": "text/html" }), `<p>${key}</p>`);
      app.pageCache.pageCache.set(key, template!);
    }

    it("uma venda renova a página do produto e as listas da loja, e mantém a página inicial e o blog em cache (issue 26)", async () => {
      const id = await createProduct({ slug: "capa-a15", name: "Capa A15", category: "Capas" });
      await stockEntry(id, 1);
      expect(await cachedShopPage()).toContain("capa-a15:in-stock");
      for (const key of ["/", "/_.data", "/blog", "/perguntas", "/loja/capa-a15", "/loja/capa-a15.data", "/sitemap.xml"]) {
        await storePage(key);
      }

      await app.inTransaction((tx) =>
        app.ledger.recordStockMovementInTx(tx, STAFF, { productId: id, kind: "sale", quantity: -1, origin: "sale:1" }),
      );
      for (const key of ["/loja?categoria=Capas", "/loja/capa-a15", "/loja/capa-a15.data", "/sitemap.xml"]) {
        expect(app.pageCache.pageCache.get(key), key).toBeUndefined();
      }
      for (const key of ["/", "/_.data", "/blog", "/perguntas"]) expect(app.pageCache.pageCache.get(key), key).toBeDefined();
      expect(await cachedShopPage()).toContain("capa-a15:to-order");
      const product = unwrapRouteResult(await app.productRoute.loader(productArgs("capa-a15"))).body as {
        product: { availability: string };
      };
      expect(product.product.availability).toBe("to-order");

      // A transaction that also wrote what every page may show (the FAQ here) drops every page, at once.
      await app.inTransaction(async (tx) => {
        await app.ledger.recordStockMovementInTx(tx, STAFF, { productId: id, kind: "entry", quantity: 1, unitCostCents: 500 });
        await tx.insert(app.faq.faqEntries).values({ question: "Vende capas?", answer: "Sim." });
      });
      for (const key of ["/", "/_.data", "/blog", "/perguntas"]) expect(app.pageCache.pageCache.get(key), key).toBeUndefined();
      await app.db.delete(app.faq.faqEntries);
    });

    /**
     * Several instances on one PostgreSQL (decision 30): another instance's sale (it takes a value of the
     * catalogue's sequence, as its announceSharedChange does) drops this one's /loja pages at the next read of the
     * versions and keeps its home; another instance's change of anything else drops every page; this process's own
     * announcement is not news to it.
     */
    it.runIf(database === "postgres")(
      "a venda em outra instância renova só as páginas da loja daqui; outra mudança, todas (decisão 30)",
      async () => {
        const shared = await import("~/lib/shared-cache.server");
        const cached = (key: string) => app.pageCache.pageCache.get(key) !== undefined;
        const watch = shared.startSharedCacheWatch(app.db, 60_000);
        try {
          await watch.settled();
          const catalogueVersion = async () => {
            const result = await app.db.execute<{ last_value: string }>(sql`select last_value from shared_catalogue_version`);
            return Number(result.rows[0]?.last_value);
          };
          for (const key of ["/", "/blog", "/loja", "/loja/capa-a15"]) await storePage(key);

          await app.db.execute(sql`select nextval('shared_catalogue_version')`);
          await watch.checkNow();
          expect(cached("/loja")).toBe(false);
          expect(cached("/loja/capa-a15")).toBe(false);
          expect(cached("/")).toBe(true);
          expect(cached("/blog")).toBe(true);

          // This instance's own sale: dropped here at once, and not again by its own announcement.
          const before = await catalogueVersion();
          app.pageCache.invalidatePublicPages("catalogue");
          await vi.waitFor(async () => expect(await catalogueVersion()).toBe(before + 1));
          await storePage("/loja");
          await watch.checkNow();
          expect(cached("/loja")).toBe(true);

          await app.db.execute(sql`select nextval('shared_cache_version')`);
          await watch.checkNow();
          for (const key of ["/", "/blog", "/loja"]) expect(cached(key), key).toBe(false);
        } finally {
          watch.stop();
        }
      },
    );
    it("uma renderização que leu antes da confirmação não fica no cache", async () => {
      const id = await createProduct({ slug: "capa-a15", name: "Capa A15", category: "Capas" });
      await stockEntry(id, 1);
      const key = "/loja?categoria=Capas";
      // A visitor's render reads the product, then the sale of the last unit commits before the render is stored.
      const filling = app.pageCache.pageCache.fill(key, async () => {
        const before = await app.queries.findShopProduct("capa-a15");
        await app.inTransaction((tx) =>
          app.ledger.recordStockMovementInTx(tx, STAFF, { productId: id, kind: "sale", quantity: -1, origin: "sale:1" }),
        );
        return new Response(`<p>${before?.availability}</p>`, { headers: { "content-type": "text/html" } });
      });
      await filling;
      expect(app.pageCache.pageCache.get(key)).toBeUndefined();
      expect(await cachedShopPage()).toContain("capa-a15:to-order");
    });

    it("uma edição do produto por qualquer caminho (e não uma leitura) renova o cache; afterCommit não roda se desfeita", async () => {
      const id = await createProduct({ slug: "capa-a15", name: "Capa A15", category: "Capas" });
      await cachedShopPage();
      await app.queries.listShopProducts({ category: null, search: "capa", page: 1 });
      expect(app.pageCache.pageCache.get("/loja?categoria=Capas")).toBeDefined();

      await app.inTransaction((tx) =>
        tx.update(app.schema.products).set({ shownInShop: false }).where(eq(app.schema.products.id, id)),
      );
      expect(app.pageCache.pageCache.get("/loja?categoria=Capas")).toBeUndefined();

      const ran: string[] = [];
      await app
        .inTransaction(async (tx) => {
          app.committed.afterCommit(tx, () => ran.push("desfeita"));
          throw new Error("não");
        })
        .catch(() => undefined);
      await app.inTransaction(async (tx) => app.committed.afterCommit(tx, () => ran.push("confirmada")));
      expect(ran).toEqual(["confirmada"]);
    });
  });
}
