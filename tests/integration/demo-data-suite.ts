import { randomUUID } from "node:crypto";
import { count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import {
  assertSingletonStoreFound,
  closeOpenDatabase,
  describeOnDatabase,
  openTestDatabase,
  type TestDatabase,
} from "../support/database";

const OWNER: Actor = { userId: null, label: "dona@loja.test", role: "owner" };
const STAFF: Actor = { userId: null, label: "equipe@loja.test", role: "staff" };
/** Every kind of row the demo seed marks, as the removal counts them. */
const DEMO_KINDS = [
  "customers",
  "serviceOrders",
  "reviews",
  "blogPosts",
  "faqEntries",
  "siteTexts",
  "contactMessages",
  "accounts",
  "products",
  "creditPlans",
  "debts",
  "financeEntries",
] as const;

async function loadDemoApp(database: TestDatabase) {
  const dropDatabase = await openTestDatabase(database);
  const [
    dbModule,
    auth,
    customers,
    orders,
    content,
    contact,
    documents,
    selling,
    settingsTable,
    audit,
    register,
    inventory,
    moneyAndUploads,
    seed,
    removal,
    factory,
    settings,
    errors,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/customers"),
    import("~/db/schema/service-orders"),
    Promise.all([import("~/db/schema/reviews"), import("~/db/schema/blog"), import("~/db/schema/faq")]),
    import("~/db/schema/contact"),
    // The printed documents and the warranties (their terms) together.
    Promise.all([import("~/db/schema/print-documents"), import("~/db/schema/warranties")]).then(([printed, warranties]) => ({
      ...printed,
      ...warranties,
    })),
    Promise.all([import("~/db/schema/inventory"), import("~/db/schema/cash-register")]),
    import("~/db/schema/shop-settings"),
    import("~/db/schema/audit"),
    import("~/db/schema/cash-register"),
    import("~/db/schema/inventory"),
    // The uploads, credit and finance tables (demo plans, IOUs, recurring expenses and payables) together.
    Promise.all([import("~/db/schema/uploads"), import("~/db/schema/credit"), import("~/db/schema/finance")]).then(
      ([uploads, credit, finance]) => ({ ...uploads, ...credit, ...finance }),
    ),
    import("~/modules/demo/seed.server"),
    import("~/modules/demo/remove-demo-data.server"),
    import("~/modules/demo/test-records.server"),
    import("~/modules/shop-settings/queries.server"),
    import("~/lib/errors"),
  ]);
  const db = await dbModule.getDb();
  assertSingletonStoreFound();
  const [reviews, blog, faq] = content;
  return {
    db,
    databaseKind: dbModule.databaseKind(),
    tables: {
      ...auth,
      ...customers,
      ...orders,
      ...reviews,
      ...blog,
      ...faq,
      ...contact,
      ...documents,
      ...selling[0],
      ...selling[1],
      ...settingsTable,
      ...audit,
      ...register,
      ...inventory,
      ...moneyAndUploads,
    },
    seed,
    removal,
    factory,
    settings,
    errors,
    dropDatabase,
  };
}

type DemoApp = Awaited<ReturnType<typeof loadDemoApp>>;

/** A delivery receipt issued for an order, as `issued_documents` names its subject. */
function documentOf(orderId: number) {
  return {
    kind: "delivery-receipt",
    subject: `service_order:${orderId}`,
    data: {},
    bodies: {},
    issuedByLabel: "equipe@loja.test",
  };
}

/**
 * The demo data's life: the seed marks every row it writes, and "Apagar
 * dados de demonstração" removes exactly those (with the orders' children),
 * refuses while a real row points at one (changing nothing), is audited and
 * is the owner's alone. Each *.test.ts file runs it for one database.
 */
export function defineDemoDataSuite(database: TestDatabase) {
  describeOnDatabase(database, "dados de demonstração", () => {
    let app: DemoApp;

    /** Rows per table, demo and real, plus the orders' children: what a removal may and may not touch. */
    async function snapshot() {
      const t = app.tables;
      const split = async (
        table:
          | typeof t.customers
          | typeof t.serviceOrders
          | typeof t.reviews
          | typeof t.blogPosts
          | typeof t.faqEntries
          | typeof t.siteTexts
          | typeof t.contactMessages
          | typeof t.user
          | typeof t.products
          | typeof t.creditPlans
          | typeof t.debts
          | typeof t.financeEntries,
      ) => {
        const rows = await app.db.select({ isDemo: table.isDemo, total: count() }).from(table).groupBy(table.isDemo);
        return {
          demo: rows.find((row) => row.isDemo)?.total ?? 0,
          real: rows.find((row) => !row.isDemo)?.total ?? 0,
        };
      };
      const total = async (
        table:
          | typeof t.serviceOrderLines
          | typeof t.serviceOrderPayments
          | typeof t.serviceOrderStatusEvents
          | typeof t.issuedDocuments
          | typeof t.customerAccountLinks
          | typeof t.auditLog
          | typeof t.stockMovements
          | typeof t.productUnits
          | typeof t.uploads,
      ) => (await app.db.select({ total: count() }).from(table))[0]?.total ?? 0;
      return {
        customers: await split(t.customers),
        serviceOrders: await split(t.serviceOrders),
        reviews: await split(t.reviews),
        blogPosts: await split(t.blogPosts),
        faqEntries: await split(t.faqEntries),
        siteTexts: await split(t.siteTexts),
        contactMessages: await split(t.contactMessages),
        accounts: await split(t.user),
        products: await split(t.products),
        creditPlans: await split(t.creditPlans),
        debts: await split(t.debts),
        financeEntries: await split(t.financeEntries),
        stockMovements: await total(t.stockMovements),
        productUnits: await total(t.productUnits),
        uploads: await total(t.uploads),
        lines: await total(t.serviceOrderLines),
        payments: await total(t.serviceOrderPayments),
        events: await total(t.serviceOrderStatusEvents),
        issuedDocuments: await total(t.issuedDocuments),
        accountLinks: await total(t.customerAccountLinks),
        audit: await total(t.auditLog),
        hasDemoData: (await app.db.select({ flag: t.shopSettings.hasDemoData }).from(t.shopSettings))[0]?.flag,
      };
    }

    beforeAll(async () => {
      app = await loadDemoApp(database);
      expect(app.databaseKind).toBe(database);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await app?.dropDatabase?.();
    });

    it("DEMO_DATA=off: só a linha de configurações, com a identidade fictícia e sem dados de demonstração", async () => {
      await app.seed.seedEmptyShop();
      const [settings] = await app.db.select().from(app.tables.shopSettings);
      expect(settings).toMatchObject({ name: "Balcão Assistência Técnica", hasDemoData: false, detailsConfirmedAt: null });
      const rows = await snapshot();
      for (const kind of DEMO_KINDS) {
        expect(rows[kind], kind).toEqual({ demo: 0, real: 0 });
      }
    });

    it("a semente marca como demonstração cada linha que cria e liga has_demo_data", async () => {
      await app.seed.seedDemoData();
      const rows = await snapshot();
      for (const kind of [
        "customers",
        "serviceOrders",
        "reviews",
        "blogPosts",
        "faqEntries",
        "siteTexts",
        "accounts",
        "products",
        "creditPlans",
        "debts",
        "financeEntries",
      ] as const) {
        expect(rows[kind].demo, kind).toBeGreaterThan(0);
        expect(rows[kind].real, kind).toBe(0);
      }
      // The fiados and the plans' debts both: the debtors page shows every source.
      const seededDebts = await app.db.select({ kind: app.tables.debts.kind }).from(app.tables.debts);
      expect(seededDebts.filter((debt) => debt.kind === "iou").length).toBeGreaterThanOrEqual(5);
      expect(rows.hasDemoData).toBe(true);
      // Warranties of the last repaired deliveries, and one claim: a new demo order saying whose warranty it is.
      const seededWarranties = await app.db.select().from(app.tables.warranties);
      expect(seededWarranties.length).toBeGreaterThan(0);
      expect(seededWarranties.every((warranty) => warranty.isDemo && warranty.serviceOrderId !== null)).toBe(true);
      const [claim] = await app.db.select().from(app.tables.warrantyClaims);
      expect(claim).toMatchObject({ isDemo: true });
      const [claimOrder] = await app.db
        .select()
        .from(app.tables.serviceOrders)
        .where(eq(app.tables.serviceOrders.id, claim!.serviceOrderId));
      const claimed = seededWarranties.find((warranty) => warranty.id === claim!.warrantyId)!;
      expect(claimOrder).toMatchObject({ isDemo: true, status: "received", linesTotalCents: 0, customerId: claimed.customerId });
      expect(claimOrder!.notes).toContain(`Garantia da OS nº ${claimed.serviceOrderId}`);
      // The warranted repairs' parts name demo suppliers, so the Painel's claims by part supplier are not empty.
      const { warrantiesClaimedInMonthBySupplier } = await import("~/modules/warranties/queries.server");
      const { shopToday } = await import("~/lib/dates");
      const bySupplier = await warrantiesClaimedInMonthBySupplier(OWNER, shopToday().slice(0, 7));
      expect(bySupplier.map((row) => row.warranties)).toEqual([1]);
      // A second run adds nothing.
      await app.seed.seedDemoData();
      expect(await snapshot()).toEqual(rows);
    });

    it("o catálogo de demonstração: ~30 produtos, peças com origem, serviços, fotos pelo pipeline e estoque pelo livro-razão", async () => {
      const t = app.tables;
      const catalogue = await app.db.select().from(t.products);
      expect(catalogue.length).toBeGreaterThanOrEqual(28);
      expect(catalogue.every((product) => product.isDemo)).toBe(true);
      expect(catalogue.filter((product) => product.shownInShop).length).toBeGreaterThanOrEqual(catalogue.length - 4);
      expect(new Set(catalogue.map((product) => product.category))).toEqual(
        expect.objectContaining({ size: expect.any(Number) as number }),
      );
      for (const category of [
        "Celulares",
        "Capas",
        "Carregadores",
        "Cabos",
        "Fones de ouvido",
        "Películas",
        "Telas",
        "Baterias",
        "Gráfica",
        "Serviços",
      ]) {
        expect(
          catalogue.some((product) => product.category === category),
          category,
        ).toBe(true);
      }
      for (const part of catalogue.filter((product) => product.kind === "part"))
        expect(part.partOrigin, part.name).not.toBeNull();
      expect(new Set(catalogue.filter((product) => product.kind === "part").map((product) => product.partOrigin))).toEqual(
        new Set(["new-original", "new-compatible", "used"]),
      );
      const services = catalogue.filter((product) => product.kind === "service");
      expect(services.map((service) => service.revenueSource)).toEqual(expect.arrayContaining(["printing-design", "services"]));

      const movements = await app.db.select().from(t.stockMovements);
      const units = await app.db.select().from(t.productUnits);
      for (const product of catalogue) {
        const own = movements.filter((movement) => movement.productId === product.id);
        expect(
          own.reduce((sum, movement) => sum + movement.quantity, 0),
          product.name,
        ).toBe(product.stockQuantity);
        expect(
          own.every((movement) => movement.kind === "entry" && movement.unitCostCents > 0 && movement.origin === "demo"),
        ).toBe(true);
        if (product.stockQuantity > 0) expect(product.averageCostCents, product.name).toBeGreaterThan(0);
        if (product.isSerialised) {
          const inStock = units.filter((unit) => unit.productId === product.id && unit.status === "in-stock");
          expect(inStock.length, product.name).toBe(product.stockQuantity);
        }
      }
      const phones = catalogue.filter((product) => product.isSerialised);
      expect(phones.length).toBeGreaterThanOrEqual(3);
      expect(phones.some((phone) => phone.stockQuantity === 0 && phone.shownInShop)).toBe(true);
      expect(phones.filter((phone) => phone.stockQuantity > 1).length).toBeGreaterThanOrEqual(2);

      // Each product shown in the shop has a photo, stored through the upload pipeline (WebP sizes and a JPEG).
      const shown = catalogue.filter((product) => product.shownInShop);
      expect(shown.every((product) => product.photoUploadId)).toBe(true);
      const variants = await app.db.select().from(t.uploadVariants);
      for (const product of shown) {
        const files = variants.filter((variant) => variant.uploadId === product.photoUploadId);
        expect(files.map((file) => `${file.format}-${file.width}`).sort(), product.name).toEqual([
          "jpeg-640",
          "webp-320",
          "webp-640",
        ]);
      }
    });

    it("só o proprietário vê o resumo e apaga: a equipe é recusada e nada muda", async () => {
      const before = await snapshot();
      await expect(app.removal.getDemoDataOverview(STAFF)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      await expect(app.removal.removeDemoData(STAFF)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      expect(await snapshot()).toEqual(before);
    });

    it("recusa enquanto um registro real aponta para a demonstração, lista o que bloqueia e não muda nada", async () => {
      const t = app.tables;
      const [demoCustomer] = await app.db.select().from(t.customers).where(eq(t.customers.isDemo, true)).limit(1);
      const realCustomer = await app.factory.createTestCustomer(
        app.db,
        { name: "Rosa Indicada Real", phone: "11955554444", referredByCustomerId: demoCustomer!.id },
        71,
      );
      const realOrder = await app.factory.createTestServiceOrder(app.db, {
        customerId: demoCustomer!.id,
        status: "received",
        seed: 72,
      });
      // A real sale to a demo customer, with store credit from a return in their name.
      const [realSale] = await app.db
        .insert(t.sales)
        .values({
          customerId: demoCustomer!.id,
          itemsTotalCents: 1_000,
          totalCents: 1_000,
          code: `VENDA-DEMO-${randomUUID().slice(0, 8)}`,
          createdByLabel: "equipe@loja.test",
        })
        .returning();
      const [credit] = await app.db
        .insert(t.storeCreditMovements)
        .values({ customerId: demoCustomer!.id, amountCents: 500, actorLabel: "equipe@loja.test" })
        .returning();
      const demoTechnicianId = randomUUID();
      await app.db.insert(t.user).values({
        id: demoTechnicianId,
        name: "Técnico Demo",
        email: "tecnico.demo@balcao.example",
        role: "staff",
        isDemo: true,
      });
      const otherRealOrder = await app.factory.createTestServiceOrder(app.db, {
        customerId: realCustomer.id,
        status: "repairing",
        seed: 73,
        overrides: { technicianUserId: demoTechnicianId },
      });
      // A real IOU staff recorded for a demo customer.
      const [realDebt] = await app.db
        .insert(t.debts)
        .values({
          customerId: demoCustomer!.id,
          kind: "iou",
          description: "Fiado real",
          amountCents: 1_500,
          incurredOn: "2026-11-01",
          dueDate: "2026-11-30",
          createdByLabel: "equipe@loja.test",
        })
        .returning();
      const before = await snapshot();

      const overview = await app.removal.getDemoDataOverview(OWNER);
      const error = await app.removal.removeDemoData(OWNER).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(app.removal.DemoDataBlockedError);
      const blockers = (error as InstanceType<typeof app.removal.DemoDataBlockedError>).blockers.map(
        (blocker) => blocker.description,
      );
      expect(blockers).toEqual(
        expect.arrayContaining([
          `OS nº ${realOrder.id}: é do cliente de demonstração ${demoCustomer!.name}.`,
          `Cliente Rosa Indicada Real: foi indicado pelo cliente de demonstração ${demoCustomer!.name}.`,
          `OS nº ${otherRealOrder.id}: o técnico é a conta de demonstração tecnico.demo@balcao.example.`,
          `Venda ${realSale!.code}: é do cliente de demonstração ${demoCustomer!.name}.`,
          `Crédito na loja: o cliente de demonstração ${demoCustomer!.name} tem movimentos de crédito.`,
          `Fiado nº ${realDebt!.id} (Fiado real): é do cliente de demonstração ${demoCustomer!.name}.`,
        ]),
      );
      expect(overview.blockers.map((blocker) => blocker.description)).toEqual(blockers);
      expect(await snapshot()).toEqual(before);

      // The owner resolves them (here by hand): the real rows stay for the next test.
      await app.db.update(t.serviceOrders).set({ customerId: realCustomer.id }).where(eq(t.serviceOrders.id, realOrder.id));
      await app.db.update(t.customers).set({ referredByCustomerId: null }).where(eq(t.customers.id, realCustomer.id));
      await app.db.update(t.serviceOrders).set({ technicianUserId: null }).where(eq(t.serviceOrders.id, otherRealOrder.id));
      await app.db.update(t.sales).set({ customerId: realCustomer.id }).where(eq(t.sales.id, realSale!.id));
      await app.db
        .update(t.storeCreditMovements)
        .set({ customerId: realCustomer.id })
        .where(eq(t.storeCreditMovements.id, credit!.id));
      await app.db.update(t.debts).set({ customerId: realCustomer.id }).where(eq(t.debts.id, realDebt!.id));
    });

    it("a página de confirmação conta até um limite e acha os bloqueios pelos índices, não por uma leitura de cada tabela", async () => {
      // At the scale seed (100 000 demo orders) the page counted every row and scanned every table: 400 ms a view.
      const t = app.tables;
      const cap = app.removal.DEMO_COUNT_CAP;
      const extra = await app.db
        .insert(t.faqEntries)
        .values(Array.from({ length: cap + 5 }, (_, index) => ({ question: `Demo ${index}?`, answer: "Sim.", isDemo: true })))
        .returning({ id: t.faqEntries.id });
      const overview = await app.removal.getDemoDataOverview(OWNER);
      expect(overview.counts.faqEntries).toBe(cap + 1);
      await app.db.delete(t.faqEntries).where(
        inArray(
          t.faqEntries.id,
          extra.map((row) => row.id),
        ),
      );

      // A document a demo account issued for a real order blocks; one for a demo order goes with it.
      const [demoAccount] = await app.db.select().from(t.user).where(eq(t.user.isDemo, true)).limit(1);
      const [realOrder] = await app.db.select().from(t.serviceOrders).where(eq(t.serviceOrders.isDemo, false)).limit(1);
      const [demoOrder] = await app.db.select().from(t.serviceOrders).where(eq(t.serviceOrders.isDemo, true)).limit(1);
      const documents = await app.db
        .insert(t.issuedDocuments)
        .values(
          [realOrder!, demoOrder!].map((order) => ({
            kind: "blocker-test",
            subject: `service_order:${order.id}`,
            data: {},
            issuedByUserId: demoAccount!.id,
            issuedByLabel: demoAccount!.email,
          })),
        )
        .returning({ id: t.issuedDocuments.id });
      const blockers = (await app.removal.getDemoDataOverview(OWNER)).blockers.map((blocker) => blocker.description);
      expect(blockers).toContain(
        `Documento emitido nº ${documents[0]!.id}: emitido pela conta de demonstração ${demoAccount!.email}.`,
      );
      expect(blockers.join("\n")).not.toContain(`Documento emitido nº ${documents[1]!.id}:`);
      await app.db.delete(t.issuedDocuments).where(
        inArray(
          t.issuedDocuments.id,
          documents.map((row) => row.id),
        ),
      );

      // Sequential scans off, so these small tables plan as the scale seed's would (migration 0051's indexes).
      const plans = await app.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const explained: string[] = [];
        for (const query of app.removal.demoDataBlockerQueries()) {
          explained.push(JSON.stringify((await tx.execute(sql`explain (format json) ${query} limit 20`)).rows));
        }
        return explained;
      });
      for (const plan of plans) {
        for (const table of ["service_orders", "customers", "products"]) {
          expect(plan).not.toMatch(new RegExp(`"Node Type":"Seq Scan"[^}]*"Relation Name":"${table}"`));
        }
      }
      // Without them the planner walked a whole primary key instead, filtering each row.
      for (const index of ["service_orders_demo_idx", "customers_demo_idx", "credit_plans_demo_idx"]) {
        expect(plans.join("\n")).toContain(`"Index Name":"${index}"`);
      }
    });

    it("a página lê tudo num comando sem parâmetros: planejado uma vez, não a cada visita", async () => {
      // With its limits sent as parameters PostgreSQL planned the seventeen blocker joins again on every view
      // (its one plan for any values looked costlier): most of the page's cost at the scale seed.
      const { PgDialect } = await import("drizzle-orm/pg-core");
      const dialect = new PgDialect();
      const execute = vi.spyOn(app.db, "execute");
      try {
        await app.removal.getDemoDataOverview(OWNER);
        expect(execute).toHaveBeenCalledTimes(1);
        const query = dialect.sqlToQuery(execute.mock.calls[0]![0] as SQL);
        expect(query.sql).toContain("demo_row_counts");
        expect(query.params).toEqual([]);
      } finally {
        execute.mockRestore();
      }
    });

    it("a página lê os totais que os gatilhos mantêm: iguais à contagem das tabelas depois de inserir, mudar a marca, apagar e esvaziar", async () => {
      // The page read a capped count of each table before (migration 0053): the kept totals must say the same.
      const t = app.tables;
      const cap = app.removal.DEMO_COUNT_CAP;
      const { getTableName } = await import("drizzle-orm");
      const tableOf = {
        customers: t.customers,
        serviceOrders: t.serviceOrders,
        reviews: t.reviews,
        blogPosts: t.blogPosts,
        faqEntries: t.faqEntries,
        siteTexts: t.siteTexts,
        contactMessages: t.contactMessages,
        accounts: t.user,
        products: t.products,
        creditPlans: t.creditPlans,
        debts: t.debts,
        financeEntries: t.financeEntries,
      } as const;
      async function expectKeptEqualsCounted(step: string) {
        const rows = await snapshot();
        const kept = new Map((await app.db.select().from(t.demoRowCounts)).map((row) => [row.tableName, row.total] as const));
        const overview = await app.removal.getDemoDataOverview(OWNER);
        for (const kind of DEMO_KINDS) {
          expect(kept.get(getTableName(tableOf[kind])) ?? 0, `${step}: ${kind}`).toBe(rows[kind].demo);
          expect(overview.counts[kind], `${step}: ${kind}`).toBe(Math.min(rows[kind].demo, cap + 1));
        }
        return rows;
      }
      const seeded = await expectKeptEqualsCounted("semente");
      expect(seeded.customers.demo).toBeGreaterThan(0);

      // One statement with demo and real rows; then a real row marked demo and a demo one unmarked, one by one and together.
      const added = await app.db
        .insert(t.faqEntries)
        .values([
          { question: "Demo A?", answer: "Sim.", isDemo: true },
          { question: "Demo B?", answer: "Sim.", isDemo: true },
          { question: "Real?", answer: "Sim.", isDemo: false },
        ])
        .returning({ id: t.faqEntries.id, isDemo: t.faqEntries.isDemo });
      await expectKeptEqualsCounted("inserção mista");
      const real = await app.factory.createTestCustomer(app.db, { name: "Cliente Real Contado" });
      await app.db.update(t.customers).set({ isDemo: true }).where(eq(t.customers.id, real.id));
      await expectKeptEqualsCounted("marcada como demonstração");
      // Setting the flag to what it already is changes nothing.
      await app.db.update(t.customers).set({ isDemo: true }).where(eq(t.customers.id, real.id));
      await expectKeptEqualsCounted("marca repetida");
      await app.db
        .update(t.faqEntries)
        .set({ isDemo: sql`not ${t.faqEntries.isDemo}` })
        .where(
          inArray(
            t.faqEntries.id,
            added.map((row) => row.id),
          ),
        );
      await expectKeptEqualsCounted("marcas trocadas");
      await app.db.delete(t.faqEntries).where(
        inArray(
          t.faqEntries.id,
          added.map((row) => row.id),
        ),
      );
      await app.db.delete(t.customers).where(eq(t.customers.id, real.id));
      await expectKeptEqualsCounted("apagadas");

      // Emptying a table forgets its total; a rolled-back write leaves the totals as they were.
      await app.db
        .transaction(async (tx) => {
          await tx.execute(sql`truncate ${t.faqEntries}`);
          const [faq] = await tx.select().from(t.demoRowCounts).where(eq(t.demoRowCounts.tableName, "faq_entries"));
          expect(faq?.total ?? 0).toBe(0);
          await tx.insert(t.faqEntries).values({ question: "Demo C?", answer: "Sim.", isDemo: true });
          const [again] = await tx.select().from(t.demoRowCounts).where(eq(t.demoRowCounts.tableName, "faq_entries"));
          expect(again?.total).toBe(1);
          throw new Error("desfazer");
        })
        .catch((error: Error) => expect(error.message).toBe("desfazer"));
      expect(await expectKeptEqualsCounted("desfeito")).toEqual(seeded);
    });

    it("apaga exatamente as linhas de demonstração e seus filhos, deixa as reais, audita e atualiza as configurações", async () => {
      const t = app.tables;
      const realUserId = randomUUID();
      await app.db
        .insert(t.user)
        .values({ id: realUserId, name: "Cliente Real", email: "cliente.real@loja.test", role: "customer" });
      const [realCustomer] = await app.db.select().from(t.customers).where(eq(t.customers.isDemo, false)).limit(1);
      const [realOrder] = await app.db.select().from(t.serviceOrders).where(eq(t.serviceOrders.isDemo, false)).limit(1);
      const [demoCustomer] = await app.db.select().from(t.customers).where(eq(t.customers.isDemo, true)).limit(1);
      const [demoOrder] = await app.db.select().from(t.serviceOrders).where(eq(t.serviceOrders.isDemo, true)).limit(1);
      await app.db.insert(t.reviews).values({ authorName: "Cliente Real", rating: 5, text: "Ótimo", reviewedAt: new Date() });
      await app.db
        .insert(t.blogPosts)
        .values({ title: "Post real", slug: "post-real", bodyMarkdown: "Real", status: "published", publishedAt: new Date() });
      await app.db.insert(t.faqEntries).values({ question: "Pergunta real?", answer: "Sim.", position: 99 });
      await app.db.insert(t.contactMessages).values([
        { name: "Real", email: "real@loja.test", subject: "Oi", message: "Mensagem real" },
        { name: "Demo", email: "demo@cliente.example", subject: "Oi", message: "Mensagem de demonstração", isDemo: true },
      ]);
      await app.db.insert(t.issuedDocuments).values([documentOf(demoOrder!.id), documentOf(realOrder!.id)]);
      await app.db.insert(t.customerAccountLinks).values([
        { customerId: demoCustomer!.id, userId: realUserId, state: "linked" },
        { customerId: realCustomer!.id, userId: realUserId, state: "linked" },
      ]);
      const demoOrderIds = (
        await app.db.select({ id: t.serviceOrders.id }).from(t.serviceOrders).where(eq(t.serviceOrders.isDemo, true))
      ).map((row) => row.id);
      // Money a clerk took in the register for a demo order (the demo seed itself writes no register entries).
      const [demoPayment] = await app.db
        .select({ id: t.serviceOrderPayments.id })
        .from(t.serviceOrderPayments)
        .where(inArray(t.serviceOrderPayments.orderId, demoOrderIds))
        .limit(1);
      const [register] = await app.db
        .insert(t.cashRegisters)
        .values({ openingFloatCents: 0, openedByLabel: "ana@loja.test", isOpen: false, closedAt: new Date() })
        .returning({ id: t.cashRegisters.id });
      const [registerEntry] = await app.db
        .insert(t.registerEntries)
        .values({
          registerId: register!.id,
          kind: "order-payment",
          method: "cash",
          amountCents: 12_345,
          serviceOrderPaymentId: demoPayment!.id,
          customerId: demoCustomer!.id,
          reason: "OS de demonstração",
          businessDate: "2026-11-25",
          actorLabel: "ana@loja.test",
        })
        .returning({ id: t.registerEntries.id });
      expect((await app.settings.getShopSettings()).hasDemoData).toBe(true);
      const before = await snapshot();
      const overview = await app.removal.getDemoDataOverview(OWNER);
      expect(overview.blockers).toEqual([]);
      expect(overview.counts).toEqual({
        customers: before.customers.demo,
        serviceOrders: before.serviceOrders.demo,
        reviews: before.reviews.demo,
        blogPosts: before.blogPosts.demo,
        faqEntries: before.faqEntries.demo,
        siteTexts: before.siteTexts.demo,
        contactMessages: 1,
        accounts: before.accounts.demo,
        products: before.products.demo,
        creditPlans: before.creditPlans.demo,
        debts: before.debts.demo,
        financeEntries: before.financeEntries.demo,
      });

      const removed = await app.removal.removeDemoData(OWNER);

      expect(removed).toEqual(overview.counts);
      // The demo warranties and their claim went with the demo orders.
      expect(await app.db.select().from(t.warrantyClaims)).toEqual([]);
      expect((await app.db.select().from(t.warranties)).filter((warranty) => warranty.isDemo)).toEqual([]);
      // And the demo's part suppliers with the demo order lines that named them.
      const { suppliers } = await import("~/db/schema/suppliers");
      expect(await app.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.isDemo, true))).toEqual([]);
      const after = await snapshot();
      for (const kind of DEMO_KINDS) {
        expect(after[kind], kind).toEqual({ demo: 0, real: before[kind].real });
      }
      const childrenOfDemo = async (
        table:
          | typeof t.serviceOrderLines
          | typeof t.serviceOrderPayments
          | typeof t.serviceOrderStatusEvents
          | typeof t.pickupContactAttempts,
      ) => (await app.db.select({ total: count() }).from(table).where(inArray(table.orderId, demoOrderIds)))[0]?.total;
      for (const table of [t.serviceOrderLines, t.serviceOrderPayments, t.serviceOrderStatusEvents, t.pickupContactAttempts]) {
        expect(await childrenOfDemo(table)).toBe(0);
      }
      expect(
        (
          await app.db
            .select({ total: count() })
            .from(t.serviceOrderStatusEvents)
            .where(eq(t.serviceOrderStatusEvents.orderId, realOrder!.id))
        )[0]?.total,
      ).toBeGreaterThan(0);
      expect(
        (await app.db.select({ subject: t.issuedDocuments.subject }).from(t.issuedDocuments)).map((row) => row.subject),
      ).toEqual([`service_order:${realOrder!.id}`]);
      expect(await app.db.select({ customerId: t.customerAccountLinks.customerId }).from(t.customerAccountLinks)).toEqual([
        { customerId: realCustomer!.id },
      ]);
      // The status chips' counts follow the orders (kept by triggers).
      const [chips] = await app.db.select({ total: sql<number>`coalesce(sum(total), 0)::int` }).from(t.serviceOrderStatusCounts);
      expect(Number(chips?.total)).toBe(before.serviceOrders.real);
      expect(after.hasDemoData).toBe(false);
      // The demo catalogue went with its ledger, units and photos.
      expect([after.stockMovements, after.productUnits, after.uploads]).toEqual([0, 0, 0]);
      // The settings cache was dropped: the next page reads the flag off at once.
      expect((await app.settings.getShopSettings()).hasDemoData).toBe(false);
      const [entry] = await app.db.select().from(t.auditLog).where(eq(t.auditLog.action, "demo.remove"));
      expect(entry).toMatchObject({ actorLabel: OWNER.label, details: { removed } });
      expect(after.audit).toBe(before.audit + 1);

      // The register keeps the money it took (closed registers never change), no longer tied to the demo rows.
      expect(await app.db.select().from(t.registerEntries).where(eq(t.registerEntries.id, registerEntry!.id))).toMatchObject([
        {
          registerId: register!.id,
          amountCents: 12_345,
          serviceOrderPaymentId: null,
          customerId: null,
          reason: "OS de demonstração",
        },
      ]);

      const overviewAfter = await app.removal.getDemoDataOverview(OWNER);
      expect(overviewAfter.hasDemoData).toBe(false);
    });

    it("apaga os itens de demonstração do estoque com unidades, movimentos e linhas de contagem; recusa se uma venda ou OS real aponta para um", async () => {
      const t = app.tables;
      const [demoProduct, realProduct] = await app.db
        .insert(t.products)
        .values([
          {
            kind: "product",
            sku: "DEMO-CEL",
            slug: "demo-celular",
            name: "Celular de demonstração",
            priceCents: 99900,
            isSerialised: true,
            stockQuantity: 1,
            isDemo: true,
          },
          { kind: "product", sku: "REAL-CAPA", slug: "capa-real", name: "Capa real", priceCents: 2990, stockQuantity: 3 },
        ])
        .returning();
      const [demoUnit] = await app.db
        .insert(t.productUnits)
        .values({ productId: demoProduct!.id, serial: "352099001761481", costCents: 80000 })
        .returning();
      await app.db.insert(t.stockMovements).values([
        {
          productId: demoProduct!.id,
          unitId: demoUnit!.id,
          kind: "entry",
          quantity: 1,
          balanceAfter: 1,
          averageCostAfterCents: 80000,
          actorLabel: "semente",
        },
        {
          productId: realProduct!.id,
          kind: "entry",
          quantity: 3,
          balanceAfter: 3,
          averageCostAfterCents: 1000,
          actorLabel: "equipe@loja.test",
        },
      ]);
      const [stockCount] = await app.db.insert(t.stockCounts).values({ startedByLabel: "equipe@loja.test" }).returning();
      await app.db.insert(t.stockCountItems).values([
        { countId: stockCount!.id, productId: demoProduct!.id, expectedQuantity: 1, countedQuantity: 1 },
        { countId: stockCount!.id, productId: realProduct!.id, expectedQuantity: 3, countedQuantity: 3 },
      ]);
      const [realCustomer] = await app.db.select().from(t.customers).where(eq(t.customers.isDemo, false)).limit(1);
      const realOrder = await app.factory.createTestServiceOrder(app.db, {
        customerId: realCustomer!.id,
        status: "received",
        seed: 81,
      });
      const [line] = await app.db
        .insert(t.serviceOrderLines)
        .values({
          orderId: realOrder.id,
          kind: "part",
          description: "Celular",
          unitPriceCents: 99900,
          productId: demoProduct!.id,
        })
        .returning();
      const [sale] = await app.db
        .insert(t.sales)
        .values({ itemsTotalCents: 99900, totalCents: 99900, code: "VENDA-DEMO-1", createdByLabel: "equipe@loja.test" })
        .returning();
      await app.db.insert(t.saleItems).values({
        saleId: sale!.id,
        productId: demoProduct!.id,
        description: "Celular",
        quantity: 1,
        unitPriceCents: 99900,
        totalCents: 99900,
        revenueSource: "products",
      });

      const error = await app.removal.removeDemoData(OWNER).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(app.removal.DemoDataBlockedError);
      expect(
        (error as InstanceType<typeof app.removal.DemoDataBlockedError>).blockers.map((blocker) => blocker.description),
      ).toEqual(
        expect.arrayContaining([
          `Venda nº ${sale!.id}: vendeu o produto de demonstração Celular de demonstração.`,
          `OS nº ${realOrder.id}: usa o produto de demonstração Celular de demonstração.`,
        ]),
      );
      expect(await app.db.select().from(t.products).where(eq(t.products.id, demoProduct!.id))).toHaveLength(1);

      await app.db.delete(t.sales).where(eq(t.sales.id, sale!.id));
      await app.db.delete(t.serviceOrderLines).where(eq(t.serviceOrderLines.id, line!.id));
      const removed = await app.removal.removeDemoData(OWNER);
      expect(removed.products).toBe(1);
      expect(await app.db.select({ id: t.products.id }).from(t.products)).toEqual([{ id: realProduct!.id }]);
      expect(await app.db.select({ productId: t.productUnits.productId }).from(t.productUnits)).toEqual([]);
      expect(await app.db.select({ productId: t.stockMovements.productId }).from(t.stockMovements)).toEqual([
        { productId: realProduct!.id },
      ]);
      expect(await app.db.select({ productId: t.stockCountItems.productId }).from(t.stockCountItems)).toEqual([
        { productId: realProduct!.id },
      ]);
    });
  });
}
