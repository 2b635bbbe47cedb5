import { and, count, eq } from "drizzle-orm";
import { beforeAll, afterAll, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { DEMONSTRATION_MARK_HTML } from "~/modules/print-templates/render.server";
import { DEMO_SHOP_SETTINGS } from "~/modules/shop-settings/demo-settings";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const STAFF: Actor = { userId: "staff-print", label: "impressao@loja.test", role: "staff" };
const CUSTOMER: Actor = { userId: null, label: "cliente@loja.test", role: "customer" };

async function loadModules() {
  const [client, auth, customers, orders, shop, documents, mutations, printing, settings, errors] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/customers"),
    import("~/db/schema/service-orders"),
    import("~/db/schema/shop-settings"),
    import("~/db/schema/print-documents"),
    import("~/modules/service-orders/mutations.server"),
    import("~/modules/service-orders/print-documents.server"),
    import("~/modules/shop-settings/queries.server"),
    import("~/lib/errors"),
  ]);
  const templates = await import("~/modules/print-templates/templates.server");
  const records = await import("~/modules/demo/test-records.server");
  return {
    db: await client.getDb(),
    tables: { ...auth, ...customers, ...orders, ...shop, ...documents },
    mutations,
    printing,
    settings,
    records,
    errors,
    templates,
  };
}

/**
 * Printed documents against a real database: the delivery receipt is stored
 * as issued in the delivery's transaction (and only when the delivery
 * commits), a reprint shows what was issued whatever changed since, and a
 * shop's own template replaces the default for its kind and paper only.
 */
export function definePrintDocumentsSuite(database: TestDatabase) {
  describeOnDatabase(database, "documentos impressos", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    let customerId: number;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.db.insert(app.tables.user).values({ id: STAFF.userId!, name: "Iara", email: STAFF.label, role: "staff" });
      customerId = (await app.records.createTestCustomer(app.db, { name: "Joana Impressão", phone: "11987650101" })).id;
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    async function readyOrder(seed: number) {
      const order = await app.records.createTestServiceOrder(app.db, { customerId, status: "ready", seed });
      return order.id;
    }

    async function issuedCount(orderId: number) {
      const [row] = await app.db
        .select({ total: count() })
        .from(app.tables.issuedDocuments)
        .where(eq(app.tables.issuedDocuments.subject, `service_order:${orderId}`));
      return row!.total;
    }

    async function renameShop(name: string) {
      await app.settings.getShopSettings(); // the settings row is created on first read
      await app.db.update(app.tables.shopSettings).set({ name });
      app.settings.forgetCachedShopSettings();
    }

    it("stores the delivery receipt as issued: a reprint shows what was signed, the entry receipt today's data", async () => {
      const orderId = await readyOrder(901);
      await renameShop("Loja do Dia da Entrega");
      await app.mutations.deliverServiceOrder(STAFF, orderId, { deliveredTo: "Joana Impressão", registerDebt: true });
      // The receipt and, the device being repaired, its warranty term.
      expect(await issuedCount(orderId)).toBe(2);
      const term = await app.printing.printOrderDocument(STAFF, orderId, "garantia", "80mm");
      expect(term.status === "ready" && term.issuedAt).toBeTruthy();
      expect(term.status === "ready" && term.html).toMatch(/Termo de garantia nº \d+ · OS nº /);

      const first = await app.printing.printOrderDocument(STAFF, orderId, "entrega", "a4");
      expect(first.status).toBe("ready");
      if (first.status !== "ready") return;
      expect(first.issuedAt).not.toBeNull();
      expect(first.html).toContain("Loja do Dia da Entrega");
      expect(first.html).toContain("Retirado por:</span> Joana Impressão");

      // The shop renames itself, the customer's name is corrected: the signed receipt stays as it was.
      await renameShop("Loja Renomeada");
      await app.db.update(app.tables.customers).set({ name: "Joana Corrigida" }).where(eq(app.tables.customers.id, customerId));
      const reprint = await app.printing.printOrderDocument(STAFF, orderId, "entrega", "a4");
      expect(reprint).toEqual(first);
      expect(await app.printing.printOrderDocument(STAFF, orderId, "entrega", "58mm")).toEqual(
        await app.printing.printOrderDocument(STAFF, orderId, "entrega", "80mm"),
      );
      const entry = await app.printing.printOrderDocument(STAFF, orderId, "entrada", "a4");
      expect(entry.status === "ready" && entry.html).toContain("Loja Renomeada");
      expect(entry.status === "ready" && entry.html).toContain("Joana Corrigida");
      await app.db.update(app.tables.customers).set({ name: "Joana Impressão" }).where(eq(app.tables.customers.id, customerId));
    });

    it("issues nothing when the delivery is refused, and refuses a delivery receipt before the delivery", async () => {
      const orderId = await readyOrder(902);
      await expect(
        app.mutations.deliverServiceOrder(STAFF, orderId, { deliveredTo: "Joana", registerDebt: false }),
      ).rejects.toThrow(/saldo/);
      expect(await issuedCount(orderId)).toBe(0);
      expect(await app.printing.printOrderDocument(STAFF, orderId, "entrega", "a4")).toEqual({ status: "not-delivered" });
      expect(await app.printing.printOrderDocument(STAFF, orderId, "garantia", "a4")).toEqual({ status: "not-delivered" });
      expect(await app.printing.printOrderDocument(STAFF, 999_999, "entrada", "a4")).toEqual({ status: "not-found" });
    });

    it("issues no warranty term for a device that goes back unrepaired", async () => {
      const { id: orderId } = await app.records.createTestServiceOrder(app.db, {
        customerId,
        status: "not_repairable",
        seed: 905,
      });
      await app.mutations.deliverServiceOrder(STAFF, orderId, { deliveredTo: "Joana Impressão", registerDebt: true });
      expect(await issuedCount(orderId)).toBe(1);
      expect(await app.printing.printOrderDocument(STAFF, orderId, "garantia", "a4")).toEqual({ status: "no-warranty" });
      const receipt = await app.printing.printOrderDocument(STAFF, orderId, "entrega", "a4");
      expect(receipt.status === "ready" && receipt.html).toContain("sem reparo, no estado em que foi deixado");
    });

    it("prints from the shop's default template for that kind and paper only, with the locked clauses it left out at its end", async () => {
      const orderId = await readyOrder(903);
      await app.db.insert(app.tables.printTemplates).values({
        kind: "service-order-entry",
        paper: "80mm",
        isDefault: true,
        body: "<p>Recibo próprio da OS {{ os.numero }} para {{ os.cliente.nome }} em {{ papel }}</p>",
      });
      try {
        const own = await app.printing.printOrderDocument(STAFF, orderId, "entrada", "80mm");
        // The shop's details are still the demo's here: the mark stays above the shop's own template.
        expect(own.status === "ready" && own.html).toMatch(
          new RegExp(
            `^${DEMONSTRATION_MARK_HTML}<p>Recibo próprio da OS ${orderId} para Joana Impressão em 80mm</p><div class="clausula" data-clausula="validade_orcamento"><p>O orçamento informado é válido por 10 \\(dez\\) dias`,
          ),
        );
        for (const paper of ["a4", "58mm"] as const) {
          const shipped = await app.printing.printOrderDocument(STAFF, orderId, "entrada", paper);
          expect(shipped.status === "ready" && shipped.html).toContain("Comprovante de entrada · OS nº");
        }
      } finally {
        await app.db
          .delete(app.tables.printTemplates)
          .where(and(eq(app.tables.printTemplates.kind, "service-order-entry"), eq(app.tables.printTemplates.paper, "80mm")));
      }
    });

    it("marks every document 'DEMONSTRAÇÃO' until the shop's details are set; an issued one keeps what it was issued with", async () => {
      const orderId = await readyOrder(906);
      await app.settings.getShopSettings();
      await app.mutations.deliverServiceOrder(STAFF, orderId, { deliveredTo: "Joana Impressão", registerDebt: true });
      for (const document of ["entrada", "entrega", "garantia", "contatos"] as const) {
        const printed = await app.printing.printOrderDocument(STAFF, orderId, document, "a4");
        expect(printed.status === "ready" && printed.html.startsWith(DEMONSTRATION_MARK_HTML), document).toBe(true);
      }

      await app.db.update(app.tables.shopSettings).set({ detailsConfirmedAt: new Date() });
      app.settings.forgetCachedShopSettings();
      try {
        const entry = await app.printing.printOrderDocument(STAFF, orderId, "entrada", "a4");
        expect(entry.status === "ready" && entry.html).not.toContain("DEMONSTRAÇÃO");
        // Issued during the demo: its stored copy still says so.
        const receipt = await app.printing.printOrderDocument(STAFF, orderId, "entrega", "80mm");
        expect(receipt.status === "ready" && receipt.html.startsWith(DEMONSTRATION_MARK_HTML)).toBe(true);
        const laterOrderId = await readyOrder(907);
        await app.mutations.deliverServiceOrder(STAFF, laterOrderId, { deliveredTo: "Joana Impressão", registerDebt: true });
        const laterReceipt = await app.printing.printOrderDocument(STAFF, laterOrderId, "entrega", "a4");
        expect(laterReceipt.status === "ready" && laterReceipt.html).not.toContain("DEMONSTRAÇÃO");
      } finally {
        await app.db.update(app.tables.shopSettings).set({ detailsConfirmedAt: null });
        app.settings.forgetCachedShopSettings();
      }
    });

    it("a demo order's documents stay the demo shop's, marked, after the owner confirms the real identity", async () => {
      const [demoOrderId, realOrderId] = [await readyOrder(908), await readyOrder(909)];
      await app.db.update(app.tables.serviceOrders).set({ isDemo: true }).where(eq(app.tables.serviceOrders.id, demoOrderId));
      const before = await app.settings.getShopSettings();
      const real = { legalName: "Conserta Já Reparos Ltda.", cnpj: "11.222.333/0001-81" };
      await app.db.update(app.tables.shopSettings).set({ ...real, detailsConfirmedAt: new Date() });
      app.settings.forgetCachedShopSettings();
      try {
        const own = await app.printing.printOrderDocument(STAFF, realOrderId, "entrada", "a4");
        expect(own.status === "ready" && own.html).toContain(real.cnpj);
        expect(own.status === "ready" && own.html).not.toContain("DEMONSTRAÇÃO");

        await app.mutations.deliverServiceOrder(STAFF, demoOrderId, { deliveredTo: "Joana Impressão", registerDebt: true });
        for (const document of ["entrada", "entrega", "garantia", "contatos"] as const) {
          const printed = await app.printing.printOrderDocument(STAFF, demoOrderId, document, "a4");
          const html = printed.status === "ready" ? printed.html : "";
          expect(html.startsWith(DEMONSTRATION_MARK_HTML), document).toBe(true);
          expect(html, document).toContain(DEMO_SHOP_SETTINGS.cnpj);
          expect(html, document).not.toContain(real.cnpj);
          expect(html, document).not.toContain(real.legalName);
        }
      } finally {
        await app.db
          .update(app.tables.shopSettings)
          .set({ legalName: before.legalName, cnpj: before.cnpj, detailsConfirmedAt: before.detailsConfirmedAt });
        app.settings.forgetCachedShopSettings();
      }
    });

    it("heads the editor's preview with the shop's own details, the order in it still the sample's", async () => {
      await app.settings.getShopSettings();
      const own = {
        name: "Oficina do Zé Celulares",
        legalName: "José Reparos Eletrônicos Ltda.",
        cnpj: "11.222.333/0001-81",
        address: "Avenida Brasil, 500 – Centro",
        detailsConfirmedAt: new Date(),
      };
      await app.db.update(app.tables.shopSettings).set(own);
      app.settings.forgetCachedShopSettings();
      try {
        const { defaultTemplateOf } = await import("~/modules/print-templates/render.server");
        const body = defaultTemplateOf("warranty-term", "a4");
        const { html, problems } = await app.templates.previewTemplate(STAFF, { kind: "warranty-term", paper: "a4", body });
        expect(problems).toEqual([]);
        for (const text of [own.name, own.legalName, own.cnpj, own.address]) expect(html).toContain(text);
        expect(html).not.toContain("Conserta Fácil");
        expect(html).not.toContain("DEMONSTRAÇÃO");
        expect(html).toContain("Mariana Albuquerque");
      } finally {
        await app.db.update(app.tables.shopSettings).set({ detailsConfirmedAt: null });
        app.settings.forgetCachedShopSettings();
      }
    });

    it("says who collected the device as Portuguese does: 'Entregue … ao próprio cliente'", async () => {
      const orderId = await readyOrder(910);
      await app.mutations.deliverServiceOrder(STAFF, orderId, { deliveredTo: "O próprio cliente", registerDebt: true });
      const term = await app.printing.printOrderDocument(STAFF, orderId, "garantia", "a4");
      expect(term.status === "ready" && term.html).toMatch(/Entregue em [^<]+ ao próprio cliente</);
      expect(term.status === "ready" && term.html).not.toContain("a O próprio");
    });

    it("shows the pickup contact log to the staff only", async () => {
      const orderId = await readyOrder(904);
      const log = await app.printing.printOrderDocument(STAFF, orderId, "contatos", "a4");
      expect(log.status === "ready" && log.html).toContain("Nenhuma tentativa de contato registrada.");
      await expect(app.printing.printOrderDocument(CUSTOMER, orderId, "contatos", "a4")).rejects.toBeInstanceOf(
        app.errors.ForbiddenError,
      );
    });
  });
}
