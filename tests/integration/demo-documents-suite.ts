import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { DEMONSTRATION_MARK_HTML } from "~/modules/print-templates/render.server";
import { DEMO_SHOP_SETTINGS } from "~/modules/shop-settings/demo-settings";
import {
  assertSingletonStoreFound,
  closeOpenDatabase,
  describeOnDatabase,
  openTestDatabase,
  type TestDatabase,
} from "../support/database";

const STAFF: Actor = { userId: null, label: "equipe@loja.test", role: "staff" };
const REAL = { name: "Conserta Já", legalName: "Conserta Já Reparos Ltda.", cnpj: "11.222.333/0001-81" };

/** Headed by the demo's fictional shop, marked, with nothing of the real one. */
function expectDemoDocument(html: string | undefined, what: string) {
  expect(html?.startsWith(DEMONSTRATION_MARK_HTML), what).toBe(true);
  expect(html, what).toContain(DEMO_SHOP_SETTINGS.cnpj);
  expect(html, what).not.toContain(REAL.cnpj);
  expect(html, what).not.toContain(REAL.legalName);
}

async function loadModules() {
  const [client, settingsTable, warrantiesTable, creditTable, customersTable, seed, settings, warranties, contract, letter] =
    await Promise.all([
      import("~/db/client.server"),
      import("~/db/schema/shop-settings"),
      import("~/db/schema/warranties"),
      import("~/db/schema/credit"),
      import("~/db/schema/customers"),
      import("~/modules/demo/seed.server"),
      import("~/modules/shop-settings/queries.server"),
      import("~/modules/warranties/mutations.server"),
      import("~/modules/credit/contract.server"),
      import("~/modules/debtors/letter.server"),
    ]);
  assertSingletonStoreFound();
  return {
    db: await client.getDb(),
    tables: { ...settingsTable, ...warrantiesTable, ...creditTable, ...customersTable },
    seed,
    settings,
    warranties,
    contract,
    letter,
  };
}

/**
 * Documents about the demo's rows once the owner has confirmed the shop's
 * real identity and before the demo data is removed: each is headed by the
 * demo's fictional shop and marked, never the real CNPJ on a fictional act.
 * Warranty terms and crediário contracts the seed left unissued are issued
 * on their first print, and stored so for good.
 */
export function defineDemoDocumentsSuite(database: TestDatabase) {
  describeOnDatabase(database, "documentos de linhas de demonstração", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.seed.seedDemoData();
      await app.db.update(app.tables.shopSettings).set({ ...REAL, detailsConfirmedAt: new Date() });
      app.settings.forgetCachedShopSettings();
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    it("a demo warranty's term, issued on its first print after the confirmation, is the demo shop's", async () => {
      const [warranty] = await app.db
        .select({ id: app.tables.warranties.id })
        .from(app.tables.warranties)
        .where(and(eq(app.tables.warranties.isDemo, true), isNull(app.tables.warranties.issuedDocumentId)))
        .orderBy(asc(app.tables.warranties.id))
        .limit(1);
      expect(warranty).toBeDefined();
      const term = await app.warranties.printWarrantyTerm(STAFF, warranty!.id, "a4");
      expectDemoDocument(term?.html, "termo de garantia");
      // Stored as issued: a later copy says the same.
      expectDemoDocument((await app.warranties.printWarrantyTerm(STAFF, warranty!.id, "a4"))?.html, "segunda via");
    });

    it("a demo crediário's contract and a demo customer's debt letter are the demo shop's", async () => {
      const plans = await app.db
        .select({ id: app.tables.creditPlans.id, customerId: app.tables.creditPlans.customerId })
        .from(app.tables.creditPlans)
        .where(eq(app.tables.creditPlans.isDemo, true))
        .orderBy(asc(app.tables.creditPlans.id));
      expect(plans.length).toBeGreaterThan(0);
      const contract = await app.contract.printCreditContract(STAFF, plans[0]!.id, "a4");
      expectDemoDocument(contract?.html, "contrato");

      const [owing] = await app.db
        .select({ customerId: app.tables.debts.customerId })
        .from(app.tables.debts)
        .innerJoin(app.tables.customers, eq(app.tables.customers.id, app.tables.debts.customerId))
        .where(eq(app.tables.customers.isDemo, true))
        .limit(1);
      expect(owing).toBeDefined();
      const demoLetter = await app.letter.printDebtReminderLetter(STAFF, owing!.customerId, "a4", "2099-01-01");
      expectDemoDocument(demoLetter.status === "ready" ? demoLetter.html : undefined, "carta de cobrança");
    });
  });
}
