import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const STAFF: Actor = { userId: "staff-servicos", label: "servicos@loja.test", role: "staff" };
const CUSTOMER: Actor = { userId: null, label: "cliente@loja.test", role: "customer" };

async function loadModules() {
  const [client, auth, schema, audit, queries, mutations, pageCache, errors] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/shop-services"),
    import("~/db/schema/audit"),
    import("~/modules/shop-services/queries.server"),
    import("~/modules/shop-services/mutations.server"),
    import("~/lib/page-cache.server"),
    import("~/lib/errors"),
  ]);
  return { db: await client.getDb(), tables: { ...auth, ...schema, ...audit }, queries, mutations, pageCache, errors };
}

/** The spec's twelve cards and three footer lines, as migration 0027 inserts them. */
const SPEC_HOME_TITLES = [
  "Conserto de Celulares",
  "Venda de Acessórios",
  "Venda de Celulares",
  "Gráfica Rápida",
  "Conserto de Computadores",
  "Venda de Notebooks",
  "Design Gráfico",
  "Criação de Sites",
  "Criação de Aplicativos (Android e iOS)",
  "Gestão de Tráfego Pago (Google, Meta)",
  "Assistência Empresarial",
  "Reparo em Placas",
];
const SPEC_FOOTER_LINES = ["Conserto de celulares", "Gráfica rápida", "Serviços expressos"];

const CARD = {
  icon: "wrench",
  title: "Troca de Bateria",
  description: "Baterias novas para celulares e notebooks.",
  details: "",
};

/**
 * The services the public site lists, against a real database: the spec's
 * defaults from the migration, then the staff's additions, edits, order and
 * deletions, each checked on the server, audited, and dropping the public
 * pages' cache once committed.
 */
export function defineShopServicesSuite(database: TestDatabase) {
  describeOnDatabase(database, "serviços do site", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.db.insert(app.tables.user).values({ id: STAFF.userId!, name: "Sara", email: STAFF.label, role: "staff" });
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    const titles = async (placement: "home" | "footer") =>
      (await app.queries.listShopServices(placement)).map((service) => service.title);

    /** The field messages of a refused new card or line. */
    const refusal = async (placement: "home" | "footer", input: unknown) => {
      const error = await app.mutations.createShopService(STAFF, placement, input).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(app.errors.InputError);
      return (error as InstanceType<typeof app.errors.InputError>).fieldErrors;
    };

    /** A public page held in the anonymous page cache, as server.ts fills it. */
    async function cacheHomePage() {
      await app.pageCache.pageCache.fill(
        "/",
        async () => new Response("<p>início</p>", { headers: { "content-type": "text/html" } }),
      );
      expect(app.pageCache.pageCache.get("/")).toBeDefined();
    }

    it("starts with the spec's twelve cards, in priority order with their texts, and the footer's three lines", async () => {
      expect(await titles("home")).toEqual(SPEC_HOME_TITLES);
      expect(await titles("footer")).toEqual(SPEC_FOOTER_LINES);
      const [first] = await app.queries.listShopServices("home");
      expect(first).toMatchObject({
        icon: "smartphone",
        description: "Troca de tela, bateria, conector de carga, câmera e alto-falante de todas as marcas.",
        details: "Diagnóstico gratuito, peças de qualidade e garantia em todos os reparos.",
      });
    });

    it("adds, edits, moves and deletes a card, each change on the public lists at once and the page cache dropped", async () => {
      await cacheHomePage();
      const id = await app.mutations.createShopService(STAFF, "home", CARD);
      expect(app.pageCache.pageCache.get("/")).toBeUndefined();
      expect((await titles("home")).at(-1)).toBe("Troca de Bateria");

      await cacheHomePage();
      await app.mutations.updateShopService(STAFF, "home", id, { ...CARD, description: "Bateria nova em 1 hora." });
      expect(app.pageCache.pageCache.get("/")).toBeUndefined();
      expect((await app.queries.listShopServices("home")).at(-1)?.description).toBe("Bateria nova em 1 hora.");

      expect(await app.mutations.moveShopService(STAFF, "home", id, "up")).toBe(true);
      expect((await titles("home")).slice(-2)).toEqual(["Troca de Bateria", "Reparo em Placas"]);
      expect(await app.mutations.moveShopService(STAFF, "home", id, "down")).toBe(true);
      expect(await app.mutations.moveShopService(STAFF, "home", id, "down")).toBe(false);

      await app.mutations.deleteShopService(STAFF, "home", id);
      expect(await titles("home")).toEqual(SPEC_HOME_TITLES);
      const actions = (
        await app.db
          .select()
          .from(app.tables.auditLog)
          .where(eq(app.tables.auditLog.entityId, String(id)))
      ).map((entry) => entry.action);
      expect(actions).toEqual(
        expect.arrayContaining(["shop_service.create", "shop_service.update", "shop_service.move", "shop_service.delete"]),
      );
    });

    it("edits the footer's lines apart from the home's cards", async () => {
      const id = await app.mutations.createShopService(STAFF, "footer", { title: "Película na hora" });
      expect(await titles("footer")).toEqual([...SPEC_FOOTER_LINES, "Película na hora"]);
      expect(await titles("home")).toEqual(SPEC_HOME_TITLES);
      // A footer line is not a home card: the id does not reach across.
      await expect(app.mutations.deleteShopService(STAFF, "home", id)).rejects.toBeInstanceOf(app.errors.NotFoundError);
      await app.mutations.deleteShopService(STAFF, "footer", id);
      expect(await titles("footer")).toEqual(SPEC_FOOTER_LINES);
    });

    it("refuses, in Portuguese and writing nothing, a card without title, description or a known icon, and texts too long", async () => {
      expect(await refusal("home", { icon: "skull", title: " ", description: "" })).toEqual({
        icon: "Escolha um ícone da lista.",
        title: "Informe o título.",
        description: "Informe a descrição.",
      });
      expect(await refusal("home", { icon: "__proto__", title: "x".repeat(81), description: "ok" })).toEqual({
        icon: "Escolha um ícone da lista.",
        title: "Use no máximo 80 caracteres.",
      });
      expect(await refusal("footer", { title: "" })).toEqual({ title: "Informe o texto." });
      expect(await titles("home")).toEqual(SPEC_HOME_TITLES);
      expect(await titles("footer")).toEqual(SPEC_FOOTER_LINES);
    });

    it("refuses a card past the limit of the home, and a footer line past the footer's", async () => {
      const added: number[] = [];
      for (let index = SPEC_FOOTER_LINES.length; index < 8; index++)
        added.push(await app.mutations.createShopService(STAFF, "footer", { title: `Linha ${index + 1}` }));
      await expect(app.mutations.createShopService(STAFF, "footer", { title: "Nona" })).rejects.toMatchObject({
        fieldErrors: { form: "O rodapé já tem 8 linhas, o máximo: exclua uma antes de adicionar outra." },
      });
      for (const id of added) await app.mutations.deleteShopService(STAFF, "footer", id);
      expect(await titles("footer")).toEqual(SPEC_FOOTER_LINES);
    });

    it("is for the staff only", async () => {
      const [first] = await app.queries.listShopServices("home");
      await expect(app.mutations.createShopService(CUSTOMER, "home", CARD)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      await expect(app.mutations.updateShopService(CUSTOMER, "home", first!.id, CARD)).rejects.toBeInstanceOf(
        app.errors.ForbiddenError,
      );
      await expect(app.mutations.moveShopService(CUSTOMER, "home", first!.id, "down")).rejects.toBeInstanceOf(
        app.errors.ForbiddenError,
      );
      await expect(app.mutations.deleteShopService(CUSTOMER, "home", first!.id)).rejects.toBeInstanceOf(
        app.errors.ForbiddenError,
      );
      await expect(app.queries.listShopServicesForStaff(CUSTOMER)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      expect(await titles("home")).toEqual(SPEC_HOME_TITLES);
    });
  });
}
