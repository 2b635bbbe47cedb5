import { desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import type { SessionUser } from "~/modules/accounts/session.server";
import {
  assertSingletonStoreFound,
  closeOpenDatabase,
  describeOnDatabase,
  openTestDatabase,
  type TestDatabase,
} from "../support/database";
import { DEMO_SHOP_SETTINGS } from "~/modules/shop-settings/demo-settings";
import { pngImage, TEXT_FILES } from "../support/images";
import { unwrapRouteResult } from "./public-tracking-app";

type SettingsRoute = typeof import("~/routes/_owner/shop-settings");
type OwnerSetupRoute = typeof import("~/routes/_auth/owner-setup");
type NewOrderRoute = typeof import("~/routes/_staff/service-order-form");

const OWNER: SessionUser = { id: "dona-configuracoes", email: "dona@loja.test", name: "Dona da Loja", role: "owner" };
const STAFF: SessionUser = { id: "tecnico-configuracoes", email: "tecnico@loja.test", name: "Técnico", role: "staff" };
const STAFF_ACTOR: Actor = { userId: STAFF.id, label: STAFF.email, role: "staff" };
const OWNER_ACTOR: Actor = { userId: OWNER.id, label: OWNER.email, role: "owner" };
const PASSWORD = "Balcao@2024forte";

/** The settings form as the browser posts it, every field filled with valid values. */
function validSettingsForm(overrides: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    name: "Conserta Já",
    legalName: "Conserta Já Comércio e Serviços Ltda.",
    document: "11.222.333/0001-81",
    address: "Rua Augusta, 1500 – Consolação",
    city: "São Paulo",
    state: "SP",
    cep: "01304-001",
    whatsapp: "(11) 91234-5678",
    email: "contato@consertaja.com.br",
    "phones.0": "(11) 3333-4444",
    "closures.0.date": "2026-12-25",
    "closures.0.reason": "Natal",
    "socialLinks.instagram": "https://instagram.com/consertaja",
    "socialLinks.facebook": "",
    reviewUrl: "https://g.page/r/consertaja/review",
    "pix.type": "email",
    "pix.key": "PIX@ConsertaJa.com.br",
    defaultWarrantyDays: "120",
    pixDiscount: "2,5",
    allowNegativeStock: "on",
    "weeklyHours.0.closed": "on",
  };
  for (let day = 1; day < 7; day++) {
    fields[`weeklyHours.${day}.open`] = "08:30";
    fields[`weeklyHours.${day}.close`] = day === 6 ? "12:00" : "18:00";
  }
  return { ...fields, ...overrides };
}

function multipart(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("image", file ? new File([new Uint8Array(file.bytes)], file.name) : new File([], ""));
  return form;
}

/** The shop's identity fields of the owner-setup form, under their "shop." prefix. */
function shopFields(overrides: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    "shop.name": "Oficina do Bairro",
    "shop.legalName": "Oficina do Bairro ME",
    "shop.document": "529.982.247-25",
    "shop.address": "Av. Brasil, 200 – Centro",
    "shop.city": "Campinas",
    "shop.state": "SP",
    "shop.cep": "13010-000",
    "shop.whatsapp": "(19) 99876-5432",
    "shop.email": "oficina@bairro.com.br",
    "shop.weeklyHours.0.closed": "on",
    "shop.weeklyHours.6.closed": "on",
  };
  for (let day = 1; day < 6; day++) {
    fields[`shop.weeklyHours.${day}.open`] = "09:00";
    fields[`shop.weeklyHours.${day}.close`] = "18:00";
  }
  return { ...fields, ...overrides };
}

async function loadModules() {
  const [
    dbModule,
    settingsSchema,
    authSchema,
    accountsSchema,
    auditSchema,
    uploadsSchema,
    queries,
    session,
    ownerSetup,
    settingsRoute,
    setupRoute,
    ownerLayout,
    factory,
    printDocuments,
    shopHeader,
    newOrderRoute,
    orderMutations,
    pixCharge,
    brCode,
    pixRules,
    validation,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/shop-settings"),
    import("~/db/schema/auth"),
    import("~/db/schema/accounts"),
    import("~/db/schema/audit"),
    import("~/db/schema/uploads"),
    import("~/modules/shop-settings/queries.server"),
    import("~/modules/accounts/session.server"),
    import("~/modules/accounts/owner-setup.server"),
    import("~/routes/_owner/shop-settings"),
    import("~/routes/_auth/owner-setup"),
    import("~/routes/_owner/layout"),
    import("~/modules/demo/test-records.server"),
    import("~/modules/service-orders/print-documents.server"),
    import("~/modules/print-templates/shop-header.server"),
    import("~/routes/_staff/service-order-form"),
    import("~/modules/service-orders/mutations.server"),
    import("~/modules/pix/pix-charge.server"),
    import("~/modules/pix/br-code"),
    import("~/modules/pix/pix-charge"),
    import("~/modules/shop-settings/validation"),
  ]);
  assertSingletonStoreFound();
  return {
    db: await dbModule.getDb(),
    kind: dbModule.databaseKind(),
    tables: { ...settingsSchema, ...authSchema, ...accountsSchema, ...auditSchema, ...uploadsSchema },
    queries,
    session,
    ownerSetup,
    settingsRoute: settingsRoute as SettingsRoute,
    setupRoute: setupRoute as OwnerSetupRoute,
    ownerLayout,
    factory,
    printDocuments,
    shopHeader,
    newOrderRoute: newOrderRoute as NewOrderRoute,
    orderMutations,
    pixCharge,
    brCode,
    pixRules,
    validation,
  };
}

type Modules = Awaited<ReturnType<typeof loadModules>>;

/**
 * The shop's settings page (/configuracoes) and the owner setup
 * (/auth/configurar) against a real database, through their route actions:
 * a save audited with old and new values and shown at once, refusals that
 * change nothing, the owner-only rule, and an owner setup whose account and
 * shop details are kept together or not at all. Each *.test.ts file runs it
 * for one database.
 */
export function defineShopSettingsSuite(database: TestDatabase) {
  describeOnDatabase(database, "configurações da loja", () => {
    let app: Modules;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.kind).toBe(database);
      // A fresh database gets the fictional demo row on first read, as a server's first page does.
      await app.queries.getShopSettings();
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    function argsFor(request: Request, user: SessionUser | null) {
      const context = new RouterContextProvider();
      context.set(app.session.sessionUserContext, user);
      return { request, params: {}, context, unstable_pattern: "" };
    }

    async function postSettings(form: FormData, user: SessionUser = OWNER) {
      const request = new Request("http://localhost:3000/configuracoes", { method: "POST", body: form });
      const args = argsFor(request, user) as unknown as Parameters<SettingsRoute["action"]>[0];
      try {
        return unwrapRouteResult(await app.settingsRoute.action(args));
      } catch (thrown) {
        return unwrapRouteResult(thrown);
      }
    }

    async function settingsPage() {
      const request = new Request("http://localhost:3000/configuracoes");
      const args = argsFor(request, OWNER) as unknown as Parameters<SettingsRoute["loader"]>[0];
      return unwrapRouteResult(await app.settingsRoute.loader(args)).body as Awaited<ReturnType<SettingsRoute["loader"]>>;
    }

    async function storedSettings() {
      const [row] = await app.db.select().from(app.tables.shopSettings);
      return row!;
    }

    async function auditEntries(action: string) {
      return app.db
        .select()
        .from(app.tables.auditLog)
        .where(eq(app.tables.auditLog.action, action))
        .orderBy(desc(app.tables.auditLog.id));
    }

    /** The settings form as the page shows the stored row, with `overrides` typed over it. */
    async function storedForm(overrides: Record<string, string> = {}) {
      return multipart({ ...app.validation.shopSettingsFormValues(await storedSettings()), ...overrides });
    }

    /** Whether documents (and so the footer and search engines) still treat the details as the demo's. */
    async function isMarkedDemo() {
      return (await app.shopHeader.currentShopData()).demonstracao;
    }

    async function countUploads() {
      return (await app.db.select({ id: app.tables.uploads.id }).from(app.tables.uploads)).length;
    }

    async function ownerSetupPost(fields: Record<string, string>) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      const request = new Request("http://localhost:3000/auth/configurar", { method: "POST", body: form });
      const args = { request, params: {}, context: new RouterContextProvider(), unstable_pattern: "" } as unknown as Parameters<
        OwnerSetupRoute["action"]
      >[0];
      return unwrapRouteResult(await app.setupRoute.action(args));
    }

    async function owners() {
      return app.db.select().from(app.tables.user).where(eq(app.tables.user.role, "owner"));
    }

    // Owner setup runs first: it needs a database without an owner.
    describe("primeira configuração (/auth/configurar)", () => {
      it("owner setup: bad shop details → no owner, no account rows, settings untouched and the link still works", async () => {
        const before = await storedSettings();
        expect(before.detailsConfirmedAt).toBeNull();
        const token = await app.ownerSetup.createOwnerSetupToken();
        if (!token) throw new Error("sem proprietário, um token deveria ser criado");

        const refused = await ownerSetupPost({
          token,
          fullName: "Dona Rosa",
          email: "rosa@oficina.test",
          password: PASSWORD,
          ...shopFields({ "shop.document": "529.982.247-26", "shop.weeklyHours.1.close": "08:00", "shop.cep": "" }),
        });
        expect(refused.status).toBe(400);
        const body = refused.body as { errors: Record<string, string>; values: Record<string, string> };
        expect(body.errors).toMatchObject({
          "shop.document": "CPF inválido: confira os números digitados.",
          "shop.weeklyHours.1.close": "O fechamento deve ser depois da abertura.",
          "shop.cep": "Informe o CEP.",
        });
        // What was typed comes back, never the password.
        expect(body.values).toMatchObject({ fullName: "Dona Rosa", "shop.name": "Oficina do Bairro" });
        expect(body.values).not.toHaveProperty("password");

        expect(await owners()).toHaveLength(0);
        expect(await app.db.select().from(app.tables.user).where(eq(app.tables.user.email, "rosa@oficina.test"))).toHaveLength(0);
        expect(await storedSettings()).toEqual(before);
        expect(await app.ownerSetup.isOwnerSetupTokenValid(token)).toBe(true);
      });

      it("owner setup: the account fails (e-mail taken) → the shop details written before it are rolled back, the link still works", async () => {
        const before = await storedSettings();
        const token = await app.ownerSetup.createOwnerSetupToken();
        if (!token) throw new Error("sem proprietário, um token deveria ser criado");
        // Someone signed up with that e-mail already (a customer account).
        await app.db
          .insert(app.tables.user)
          .values({ id: "cliente-ja-existe", name: "Cliente", email: "ja.existe@oficina.test" });

        const refused = await ownerSetupPost({
          token,
          fullName: "Dona Rosa",
          email: "JA.EXISTE@oficina.test",
          password: PASSWORD,
          ...shopFields(),
        });
        expect(refused.status).toBe(400);
        expect((refused.body as { errors: Record<string, string> }).errors).toEqual({
          form: "Já existe uma conta com este e-mail.",
        });

        expect(await owners()).toHaveLength(0);
        expect(await storedSettings()).toEqual(before);
        expect(await auditEntries("shop-settings.confirm")).toHaveLength(0);
        expect(await app.ownerSetup.isOwnerSetupTokenValid(token)).toBe(true);
        expect((await app.queries.getShopSettings()).name).toBe(before.name);
      });

      it("owner setup: the demo's CNPJ is refused, however it is typed: nothing is created and the link still works", async () => {
        const before = await storedSettings();
        const token = await app.ownerSetup.createOwnerSetupToken();
        if (!token) throw new Error("sem proprietário, um token deveria ser criado");
        const refused = await ownerSetupPost({
          token,
          fullName: "Dona Rosa",
          email: "rosa.demo@oficina.test",
          password: PASSWORD,
          // The demo's CNPJ without its punctuation and in lower case.
          ...shopFields({ "shop.document": "12abc34501de35" }),
        });
        expect(refused.status).toBe(400);
        expect((refused.body as { errors: Record<string, string> }).errors).toEqual({
          "shop.document": app.validation.DEMO_DOCUMENT_MESSAGE,
        });
        expect(await owners()).toHaveLength(0);
        expect(await storedSettings()).toEqual(before);
        expect(await app.ownerSetup.isOwnerSetupTokenValid(token)).toBe(true);
      });

      it("owner setup: owner and details are saved together, confirmed and audited, and the public data shows them at once", async () => {
        const before = await storedSettings();
        // The cache holds the demo identity before the setup.
        expect((await app.queries.getShopSettings()).name).toBe(before.name);
        const token = await app.ownerSetup.createOwnerSetupToken();
        if (!token) throw new Error("sem proprietário, um token deveria ser criado");

        const created = await ownerSetupPost({
          token,
          fullName: "Dona Rosa",
          email: "Rosa@Oficina.test",
          password: PASSWORD,
          ...shopFields(),
        });
        expect(created.status).toBe(302);

        const [owner] = await owners();
        expect(owner).toMatchObject({ email: "rosa@oficina.test", name: "Dona Rosa", emailVerified: true });
        const credentials = await app.db.select().from(app.tables.account).where(eq(app.tables.account.userId, owner!.id));
        expect(credentials).toMatchObject([{ providerId: "credential", accountId: owner!.id }]);
        expect(await app.db.select().from(app.tables.profiles).where(eq(app.tables.profiles.userId, owner!.id))).toHaveLength(1);

        const after = await storedSettings();
        expect(after).toMatchObject({
          name: "Oficina do Bairro",
          legalName: "Oficina do Bairro ME",
          cnpj: "529.982.247-25",
          address: "Av. Brasil, 200 – Centro",
          city: "Campinas",
          state: "SP",
          cep: "13010-000",
          whatsapp: "19998765432",
          email: "oficina@bairro.com.br",
          weeklyHours: [null, ...Array.from({ length: 5 }, () => ({ open: "09:00", close: "18:00" })), null],
        });
        expect(after.detailsConfirmedAt).toBeInstanceOf(Date);
        // The demo's Instagram, review link and PIX key are not the real shop's: gone, for the owner to fill in.
        expect(before.socialLinks).not.toEqual({});
        expect(after).toMatchObject({
          socialLinks: {},
          reviewUrl: null,
          pixKey: null,
          pixKeyType: null,
          phones: [],
          closures: [],
        });
        const [confirmed] = await auditEntries("shop-settings.confirm");
        expect(confirmed).toMatchObject({ actorUserId: owner!.id, actorLabel: "rosa@oficina.test", entity: "shop_settings" });
        expect(confirmed!.details).toMatchObject({
          changes: { name: { from: before.name, to: "Oficina do Bairro" }, cnpj: { from: before.cnpj, to: "529.982.247-25" } },
        });
        expect(await auditEntries("owner.setup")).toHaveLength(1);
        expect((await app.queries.getShopSettings()).name).toBe("Oficina do Bairro");

        // The link is spent.
        expect(await app.ownerSetup.isOwnerSetupTokenValid(token)).toBe(false);
      });
    });

    describe("página de configurações (/configuracoes)", () => {
      beforeAll(async () => {
        // The signed-in owner of these tests (uploads name who sent them).
        await app.db
          .insert(app.tables.user)
          .values({ id: OWNER.id, name: OWNER.name, email: OWNER.email, role: "owner" })
          .onConflictDoNothing();
      });

      beforeEach(async () => {
        // The cache holds what the page showed before each save.
        await app.queries.getShopSettings();
      });

      it("only the owner: the guard refuses staff with 403, and so does the action itself", async () => {
        const request = new Request("http://localhost:3000/configuracoes");
        const guard = app.ownerLayout.middleware[0]!;
        const staffArgs = argsFor(request, STAFF) as unknown as Parameters<typeof guard>[0];
        let thrown: unknown;
        try {
          await guard(staffArgs, async () => new Response());
        } catch (error) {
          thrown = error;
        }
        expect(unwrapRouteResult(thrown).status).toBe(403);

        const before = await storedSettings();
        const refused = await postSettings(multipart(validSettingsForm({ name: "Tomada pelo técnico" })), STAFF);
        expect(refused.status).toBe(403);
        expect(await storedSettings()).toEqual(before);
      });

      it("saves every field, audited with old and new values, confirmed, and shown at once", async () => {
        const before = await storedSettings();
        const saved = await postSettings(multipart(validSettingsForm()));
        expect(saved.status).toBe(302);

        const after = await storedSettings();
        expect(after).toMatchObject({
          name: "Conserta Já",
          cnpj: "11.222.333/0001-81",
          whatsapp: "11912345678",
          phones: ["1133334444"],
          closures: [{ date: "2026-12-25", reason: "Natal" }],
          socialLinks: { instagram: "https://instagram.com/consertaja" },
          reviewUrl: "https://g.page/r/consertaja/review",
          pixKeyType: "email",
          pixKey: "pix@consertaja.com.br",
          defaultWarrantyDays: 120,
          pixDiscountBasisPoints: 250,
          allowNegativeStock: true,
          weeklyHours: [
            null,
            ...Array.from({ length: 5 }, () => ({ open: "08:30", close: "18:00" })),
            { open: "08:30", close: "12:00" },
          ],
        });
        expect(after.detailsConfirmedAt).toBeInstanceOf(Date);

        const [entry] = await auditEntries("shop-settings.update");
        // Recorded under the person's name, as timelines show it.
        expect(entry).toMatchObject({ actorUserId: OWNER.id, actorLabel: OWNER.name, entity: "shop_settings", entityId: "1" });
        const changes = (entry!.details as { changes: Record<string, { from: unknown; to: unknown }> }).changes;
        expect(changes.name).toEqual({ from: before.name, to: "Conserta Já" });
        expect(changes.defaultWarrantyDays).toEqual({ from: before.defaultWarrantyDays, to: 120 });
        expect(changes.pixDiscountBasisPoints).toEqual({ from: 0, to: 250 });
        expect(changes.allowNegativeStock).toEqual({ from: false, to: true });
        expect(changes.closures).toEqual({ from: before.closures, to: [{ date: "2026-12-25", reason: "Natal" }] });
        // Unchanged columns are not listed.
        expect(changes).not.toHaveProperty("state");

        // This instance's cache was dropped: the next page reads the new details.
        expect((await app.queries.getShopSettings()).name).toBe("Conserta Já");
        // A new order starts with the new default warranty.
        const newOrderRequest = new Request("http://localhost:3000/new-service-order");
        const newOrderArgs = argsFor(newOrderRequest, STAFF) as unknown as Parameters<NewOrderRoute["loader"]>[0];
        const newOrder = unwrapRouteResult(await app.newOrderRoute.loader(newOrderArgs)).body as {
          values: { warrantyDays: unknown };
        };
        expect(String(newOrder.values.warrantyDays)).toBe("120");
      });

      it("bad input changes nothing, writes no audit entry and gives back what was typed", async () => {
        const before = await storedSettings();
        const audits = (await auditEntries("shop-settings.update")).length;
        const refused = await postSettings(
          multipart(
            validSettingsForm({
              name: "Nome Novo Que Não Fica",
              document: "11.222.333/0001-82",
              "socialLinks.facebook": "http://facebook.com/loja",
              "pix.type": "phone",
              "pix.key": "(11) 3333-4444",
              defaultWarrantyDays: "30",
              "closures.1.date": "2026-12-25",
              "closures.1.reason": "Repetido",
              pixDiscount: "25",
            }),
          ),
        );
        expect(refused.status).toBe(400);
        const body = refused.body as { errors: Record<string, string>; values: Record<string, string> };
        expect(body.errors).toEqual({
          pixDiscount: "O desconto no PIX pode ser de no máximo 20%.",
          document: "CNPJ inválido: confira os caracteres digitados.",
          "socialLinks.facebook": "Use um endereço completo que comece com https://.",
          "pix.key": "Informe o celular com DDD, como +55 11 98765-4321.",
          defaultWarrantyDays: "A garantia não pode ser menor que 90 dias (garantia legal, CDC art. 26).",
          "closures.1.date": "Esta data já está na lista.",
        });
        expect(body.values).toMatchObject({ name: "Nome Novo Que Não Fica", "closures.1.reason": "Repetido" });
        expect(await storedSettings()).toEqual(before);
        expect(await auditEntries("shop-settings.update")).toHaveLength(audits);
        expect((await app.queries.getShopSettings()).name).toBe(before.name);
      });

      it("a refused logo changes nothing, not even the other fields; a good one is stored through the pipeline and shown", async () => {
        const before = await storedSettings();
        const uploads = await countUploads();
        const refused = await postSettings(
          multipart(validSettingsForm({ name: "Com Logo Ruim" }), {
            bytes: new TextEncoder().encode(TEXT_FILES.svg),
            name: "logo.svg",
          }),
        );
        expect(refused.status).toBe(400);
        expect(Object.keys((refused.body as { errors: Record<string, string> }).errors)).toEqual(["image"]);
        expect(await storedSettings()).toEqual(before);
        expect(await countUploads()).toBe(uploads);

        const saved = await postSettings(
          multipart(validSettingsForm({ name: "Com Logo" }), {
            bytes: await pngImage(400, 120, { transparent: true }),
            name: "logo.png",
          }),
        );
        expect(saved.status).toBe(302);
        const after = await storedSettings();
        expect(after.name).toBe("Com Logo");
        expect(after.logoUploadId).toMatch(/^[0-9a-f]{32}$/);
        expect(await countUploads()).toBe(uploads + 1);
        const logo = await app.queries.getShopLogo();
        expect(logo).toMatchObject({ id: after.logoUploadId, purpose: "logo" });
        expect(logo?.share.format).toBe("png");
        const [entry] = await auditEntries("shop-settings.update");
        expect((entry!.details as { changes: Record<string, unknown> }).changes.logoUploadId).toEqual({
          from: before.logoUploadId,
          to: after.logoUploadId,
        });

        // The printed documents head with it (and say CNPJ for a CNPJ).
        const customer = await app.factory.createTestCustomer(app.db, { name: "Cliente do Logo" }, 71);
        const order = await app.factory.createTestServiceOrder(app.db, { customerId: customer.id, status: "received", seed: 72 });
        const printed = await app.printDocuments.printOrderDocument(STAFF_ACTOR, order.id, "entrada", "a4");
        if (printed.status !== "ready") throw new Error(`recibo não impresso: ${printed.status}`);
        expect(printed.html).toContain(`<img class="logo-loja" src="${logo!.share.url}" alt="" />`);
        expect(printed.html).toContain("<p>CNPJ 11.222.333/0001-81</p>");
        // So does a receipt issued inside the delivery's transaction.
        const ready = await app.factory.createTestServiceOrder(app.db, { customerId: customer.id, status: "ready", seed: 73 });
        await app.orderMutations.deliverServiceOrder(OWNER_ACTOR, ready.id, {
          deliveredTo: "Cliente do Logo",
          registerDebt: true,
        });
        const issued = await app.printDocuments.printOrderDocument(STAFF_ACTOR, ready.id, "entrega", "a4");
        expect(issued.status === "ready" && issued.issuedAt).toBeTruthy();
        expect(issued.status === "ready" && issued.html).toContain(`<img class="logo-loja" src="${logo!.share.url}" alt="" />`);

        // Saved again without a file: the logo stays; with "remover", it goes.
        expect((await postSettings(multipart(validSettingsForm({ name: "Com Logo" })))).status).toBe(302);
        expect((await storedSettings()).logoUploadId).toBe(after.logoUploadId);
        expect((await postSettings(multipart(validSettingsForm({ removeLogo: "on" })))).status).toBe(302);
        expect((await storedSettings()).logoUploadId).toBeNull();
        expect(await app.queries.getShopLogo()).toBeNull();
      });

      it("the page's loader shows the stored values as people write them", async () => {
        await postSettings(multipart(validSettingsForm()));
        const request = new Request("http://localhost:3000/configuracoes");
        const args = argsFor(request, OWNER) as unknown as Parameters<SettingsRoute["loader"]>[0];
        const page = unwrapRouteResult(await app.settingsRoute.loader(args)).body as Awaited<ReturnType<SettingsRoute["loader"]>>;
        expect(page.values).toMatchObject({
          name: "Conserta Já",
          whatsapp: "(11) 91234-5678",
          "phones.0": "(11) 3333-4444",
          "closures.0.date": "2026-12-25",
          "weeklyHours.0.closed": "on",
          "weeklyHours.1.open": "08:30",
          "pix.type": "email",
          defaultWarrantyDays: "120",
          pixDiscount: "2,5",
          allowNegativeStock: "on",
        });
        // The stored date and one blank row; "Adicionar outra data" adds more.
        expect(page.closureRows).toBe(2);
      });

      it("'Testar PIX' is refused while the key is unset or the demo's, and charges R$ 1,00 to the saved key once it is the shop's", async () => {
        for (const demoOrNone of [
          { pixKey: DEMO_SHOP_SETTINGS.pixKey, pixKeyType: DEMO_SHOP_SETTINGS.pixKeyType },
          { pixKey: null, pixKeyType: null },
        ]) {
          await app.db.update(app.tables.shopSettings).set(demoOrNone);
          app.queries.forgetCachedShopSettings();
          expect((await settingsPage()).pixTest).toEqual({
            status: "unavailable",
            message: "PIX indisponível: cadastre a chave PIX da loja em Configurações.",
          });
          const settings = await app.queries.getShopSettings();
          expect(() => app.pixRules.assertPixAvailable(settings)).toThrow(
            "PIX indisponível: cadastre a chave PIX da loja em Configurações.",
          );
        }

        expect(await postSettings(multipart(validSettingsForm({ pixDiscount: "5" })))).toMatchObject({ status: 302 });
        const { pixTest } = await settingsPage();
        if (pixTest.status !== "ready") throw new Error(pixTest.message);
        // The test charge is exactly R$ 1,00: the PIX discount is for sales.
        expect(pixTest.charge).toMatchObject({ amountCents: 100, discount: null, key: "pix@consertaja.com.br" });
        expect(app.brCode.parsePixCopyPaste(pixTest.charge.copyPaste)).toMatchObject({
          key: "pix@consertaja.com.br",
          amountCents: 100,
          txid: "TESTE",
          merchantName: "Conserta Ja Comercio e",
          merchantCity: "Sao Paulo",
        });

        // A sale's charge, from the settings as every page reads them: 5% off, disclosed.
        const sale = await app.pixCharge.pixChargeFor(await app.queries.getShopSettings(), {
          amountCents: 10000,
          txid: "VENDA1",
          withPixDiscount: true,
        });
        if (sale.status !== "ready") throw new Error(sale.message);
        expect(sale.charge.discount).toEqual({ basisPoints: 500, fullCents: 10000, discountCents: 500, pixCents: 9500 });
        expect(app.brCode.parsePixCopyPaste(sale.charge.copyPaste).amountCents).toBe(9500);
      });
    });

    describe("a identidade da loja (/configuracoes, sem passar pela configuração inicial)", () => {
      const { id: _id, ...demoColumns } = DEMO_SHOP_SETTINGS;

      beforeAll(async () => {
        // A demo shop whose owner came from `npm run user:role`: the fictional details, never confirmed.
        await app.db.update(app.tables.shopSettings).set({ ...demoColumns, detailsConfirmedAt: null });
        app.queries.forgetCachedShopSettings();
      });

      it("a plain save (only Saturday's closing time) keeps the demo marks: the details are still the fictional ones", async () => {
        expect(await isMarkedDemo()).toBe(true);
        const saved = await postSettings(await storedForm({ "weeklyHours.6.close": "17:00" }));
        expect(saved.status).toBe(302);
        const after = await storedSettings();
        expect(after.weeklyHours[6]).toEqual({ open: "09:00", close: "17:00" });
        expect(after).toMatchObject({ cnpj: DEMO_SHOP_SETTINGS.cnpj, legalName: DEMO_SHOP_SETTINGS.legalName });
        expect(after.detailsConfirmedAt).toBeNull();
        expect(await isMarkedDemo()).toBe(true);
        const [entry] = await auditEntries("shop-settings.update");
        expect(entry!.details).toMatchObject({ detailsConfirmed: "ainda não confirmados" });
        // The page still offers the confirmation.
        expect((await settingsPage()).isDetailsConfirmed).toBe(false);
      });

      it("confirming with the demo's CNPJ or an invalid one is refused in Portuguese and changes nothing", async () => {
        const before = await storedSettings();
        const withDemoDocument = await postSettings(await storedForm({ confirmIdentity: "on", "weeklyHours.6.close": "16:00" }));
        expect(withDemoDocument.status).toBe(400);
        expect((withDemoDocument.body as { errors: Record<string, string> }).errors).toEqual({
          document: app.validation.DEMO_DOCUMENT_MESSAGE,
        });
        const withInvalid = await postSettings(await storedForm({ confirmIdentity: "on", document: "11.222.333/0001-82" }));
        expect(withInvalid.status).toBe(400);
        expect((withInvalid.body as { errors: Record<string, string> }).errors).toEqual({
          document: "CNPJ inválido: confira os caracteres digitados.",
        });
        expect(await storedSettings()).toEqual(before);
        expect(await isMarkedDemo()).toBe(true);
      });

      it("'Confirmar os dados da loja' with a real CNPJ ends the marks; after it the demo's CNPJ is refused on every save", async () => {
        const confirmed = await postSettings(
          await storedForm({
            confirmIdentity: "on",
            legalName: "Conserta Já Comércio e Serviços Ltda.",
            document: "11.222.333/0001-81",
          }),
        );
        expect(confirmed.status).toBe(302);
        const after = await storedSettings();
        expect(after.detailsConfirmedAt).toBeInstanceOf(Date);
        expect(after.cnpj).toBe("11.222.333/0001-81");
        expect(await isMarkedDemo()).toBe(false);
        const [entry] = await auditEntries("shop-settings.update");
        expect(entry!.details).toMatchObject({ detailsConfirmed: "agora" });
        expect((await settingsPage()).isDetailsConfirmed).toBe(true);

        const backToDemo = await postSettings(await storedForm({ document: DEMO_SHOP_SETTINGS.cnpj }));
        expect(backToDemo.status).toBe(400);
        expect((backToDemo.body as { errors: Record<string, string> }).errors).toEqual({
          document: app.validation.DEMO_DOCUMENT_MESSAGE,
        });
        expect(await storedSettings()).toEqual(after);
      });
    });
  });
}
