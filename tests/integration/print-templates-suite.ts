import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const STAFF: Actor = { userId: "staff-modelos", label: "modelos@loja.test", role: "staff" };
const CUSTOMER: Actor = { userId: null, label: "cliente@loja.test", role: "customer" };

async function loadModules() {
  const [client, auth, documents, audit, templates, render, errors] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/print-documents"),
    import("~/db/schema/audit"),
    import("~/modules/print-templates/templates.server"),
    import("~/modules/print-templates/render.server"),
    import("~/lib/errors"),
  ]);
  return { client, db: await client.getDb(), tables: { ...auth, ...documents, ...audit }, templates, render, errors };
}

/** A delivery receipt's data, enough for a template that prints the order's number and customer. */
const DATA = { loja: { nome: "Loja", demonstracao: false }, os: { numero: 77, cliente: { nome: "Rita" } } };

/** What the editor posts: name, source and margins (blank: the paper's usual). */
function values(body: string, name = "Entrega da loja", margins = { top: "", right: "", bottom: "", left: "" }) {
  return { name, body, margins };
}

/**
 * The shop's print templates against a real database: created from the
 * shipped default or another template, saved only when they print, one
 * default per kind and paper (printing uses it, with its margins), back to
 * the shipped text or the shipped template, deleted; every change audited,
 * staff only.
 */
export function definePrintTemplatesSuite(database: TestDatabase) {
  describeOnDatabase(database, "modelos de impressão", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.db.insert(app.tables.user).values({ id: STAFF.userId!, name: "Mara", email: STAFF.label, role: "staff" });
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    const printed = () => app.render.renderPrintDocument("service-order-delivery", "80mm", DATA);
    const shipped = () => app.render.defaultTemplateOf("service-order-delivery", "80mm");
    const defaults = async () =>
      app.db
        .select({ id: app.tables.printTemplates.id })
        .from(app.tables.printTemplates)
        .where(
          and(
            eq(app.tables.printTemplates.kind, "service-order-delivery"),
            eq(app.tables.printTemplates.paper, "80mm"),
            eq(app.tables.printTemplates.isDefault, true),
          ),
        );
    const row = async (id: number) =>
      (await app.db.select().from(app.tables.printTemplates).where(eq(app.tables.printTemplates.id, id)))[0];

    it("creates, saves, sets as default and prints with a template of the shop, its margins included", async () => {
      const shippedHtml = await printed();
      const { id } = await app.templates.createTemplate(STAFF, {
        kind: "service-order-delivery",
        paper: "80mm",
        from: "padrao",
        name: "Entrega da loja",
      });
      expect((await row(id))?.body).toBe(shipped());
      expect((await row(id))?.isDefault).toBe(false);
      // Not the default yet: printing still uses the shipped template.
      expect(await printed()).toBe(shippedHtml);

      await app.templates.saveTemplate(
        STAFF,
        String(id),
        values("<p>OS {{ os.numero }} de {{ os.cliente.nome }}</p>", "Entrega curta", {
          top: "5",
          right: "2,5",
          bottom: "5",
          left: "2,5",
        }),
      );
      expect(await row(id)).toMatchObject({
        name: "Entrega curta",
        margins: { top: 5, right: 2.5, bottom: 5, left: 2.5 },
        updatedByUserId: STAFF.userId,
      });
      expect(await app.templates.makeDefaultTemplate(STAFF, String(id))).toEqual({ wasUnchanged: false });
      expect(await printed()).toBe("<!--margens 5 2.5 5 2.5--><p>OS 77 de Rita</p>");
      // Its kind on another paper, and another kind, are untouched.
      expect(await app.render.renderPrintDocument("service-order-delivery", "a4", DATA)).not.toContain("OS 77 de Rita");

      const actions = await app.db
        .select({ action: app.tables.auditLog.action })
        .from(app.tables.auditLog)
        .where(and(eq(app.tables.auditLog.entity, "print_template"), eq(app.tables.auditLog.entityId, String(id))));
      expect(actions.map((entry) => entry.action)).toEqual([
        "print_template.create",
        "print_template.update",
        "print_template.make_default",
      ]);
    });

    it("keeps one default per kind and paper, and prints with the shipped one when the shop goes back to it or deletes its default", async () => {
      const [current] = await defaults();
      const { id: copyId } = await app.templates.duplicateTemplate(STAFF, String(current!.id));
      expect((await row(copyId))?.name).toBe("Cópia de Entrega curta");
      await app.templates.saveTemplate(STAFF, String(copyId), values("<p>Cópia {{ os.numero }}</p>", "Cópia"));
      // Two at once (another tab): one default at the end, whichever came last.
      await Promise.all([
        app.templates.makeDefaultTemplate(STAFF, String(copyId)),
        app.templates.makeDefaultTemplate(STAFF, String(current!.id)),
      ]);
      expect(await defaults()).toHaveLength(1);
      await app.templates.makeDefaultTemplate(STAFF, String(copyId));
      expect(await defaults()).toEqual([{ id: copyId }]);
      expect(await printed()).toBe("<p>Cópia 77</p>");

      expect(await app.templates.useShippedTemplate(STAFF, "service-order-delivery", "80mm")).toEqual({ wasUnchanged: false });
      expect(await defaults()).toEqual([]);
      expect(await printed()).toContain("Comprovante de entrega");

      await app.templates.makeDefaultTemplate(STAFF, String(copyId));
      expect(await app.templates.deleteTemplate(STAFF, String(copyId))).toEqual({ name: "Cópia", wasDefault: true });
      expect(await row(copyId)).toBeUndefined();
      expect(await defaults()).toEqual([]);
      expect(await printed()).toContain("Comprovante de entrega");
    });

    it("starts a template from another of the shop's and restores a template's text and margins to the shipped ones", async () => {
      const { id: baseId } = await app.templates.createTemplate(STAFF, {
        kind: "service-order-delivery",
        paper: "80mm",
        from: "padrao",
        name: "Base",
      });
      await app.templates.saveTemplate(
        STAFF,
        String(baseId),
        values("<p>Base {{ os.numero }}</p>", "Base", { top: "1", right: "1", bottom: "1", left: "1" }),
      );
      const { id } = await app.templates.createTemplate(STAFF, {
        kind: "service-order-delivery",
        paper: "80mm",
        from: String(baseId),
        name: "Da base",
      });
      expect(await row(id)).toMatchObject({
        body: "<p>Base {{ os.numero }}</p>",
        margins: { top: 1, right: 1, bottom: 1, left: 1 },
      });
      await app.templates.restoreShippedSource(STAFF, String(id));
      expect(await row(id)).toMatchObject({ body: shipped(), margins: null, name: "Da base" });
      // A template of another kind or paper is not a starting point for this one.
      await expect(
        app.templates.createTemplate(STAFF, { kind: "service-order-delivery", paper: "a4", from: String(baseId), name: "X" }),
      ).rejects.toMatchObject({ fieldErrors: { from: "Escolha um modelo deste documento e deste papel." } });
    });

    it("refuses a template that would not print, bad margins or no name, and changes nothing", async () => {
      const { id } = await app.templates.createTemplate(STAFF, {
        kind: "service-order-entry",
        paper: "a4",
        from: "padrao",
        name: "Entrada",
      });
      const before = await row(id);
      const attempts = [
        values("<p>{{ os.numero </p>"),
        values("{% raw %}<b>{% endraw %}"),
        // The entry receipt without the quote's validity (CDC art. 40).
        values("<p>{{ os.numero }}</p>"),
        values(before!.body, ""),
        values(before!.body, "Entrada", { top: "50", right: "1", bottom: "1", left: "abc" }),
      ];
      const refusals = [];
      for (const attempt of attempts) {
        const error = await app.templates.saveTemplate(STAFF, String(id), attempt).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(app.templates.TemplateInputError);
        refusals.push((error as InstanceType<typeof app.templates.TemplateInputError>).fieldErrors);
      }
      expect(refusals[0]!.body).toBe("Linha 1, coluna 4: Um {{ foi aberto e não foi fechado: falta }}.");
      expect(refusals[1]!.body).toMatch(/^Linha 1, coluna 1: A etiqueta {% raw %} não é permitida/);
      expect(refusals[2]!.body).toMatch(/^Falta a cláusula travada “Validade do orçamento \(CDC art\. 40\)”/);
      expect(refusals[3]).toEqual({ name: "Informe um nome para o modelo." });
      expect(refusals[4]).toEqual({
        "margin-top": "Informe de 0 a 40 mm (até uma casa decimal).",
        "margin-left": "Informe de 0 a 40 mm (até uma casa decimal).",
      });
      expect(await row(id)).toEqual(before);
      // Unknown kinds and papers, and a template that is not there.
      await expect(
        app.templates.createTemplate(STAFF, { kind: "boleto", paper: "a4", from: "padrao", name: "X" }),
      ).rejects.toMatchObject({ fieldErrors: { kind: "Escolha o documento." } });
      await expect(
        app.templates.createTemplate(STAFF, { kind: "service-order-entry", paper: "label", from: "padrao", name: "X" }),
      ).rejects.toMatchObject({ fieldErrors: { paper: "Escolha um papel deste documento." } });
      await expect(app.templates.deleteTemplate(STAFF, "999999")).rejects.toBeInstanceOf(app.errors.NotFoundError);
    });

    it("never fills a template inside a transaction: a render there is refused, the same render after it prints", async () => {
      const source = app.render.defaultTemplateOf("service-order-delivery", "80mm");
      const render = () => app.render.renderTemplateSource("service-order-delivery", source, "80mm", DATA, null);
      await expect(app.client.inTransaction(() => render())).rejects.toThrow(/dentro de uma transação/);
      expect((await render()).html).toContain("Rita");
    });

    it("is for the staff only", async () => {
      await expect(app.templates.listTemplates(CUSTOMER)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      await expect(
        app.templates.createTemplate(CUSTOMER, { kind: "service-order-entry", paper: "a4", from: "padrao", name: "X" }),
      ).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      await expect(
        app.templates.previewTemplate(CUSTOMER, { kind: "service-order-entry", paper: "a4", body: "x" }),
      ).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      const listed = await app.templates.listTemplates(STAFF);
      const delivery = listed.find((kind) => kind.kind === "service-order-delivery")!;
      expect(delivery.papers.map((paper) => paper.paper)).toEqual(["a4", "80mm", "58mm"]);
      expect(delivery.papers.find((paper) => paper.paper === "80mm")).toMatchObject({ isShippedDefault: true });
    });
  });
}
