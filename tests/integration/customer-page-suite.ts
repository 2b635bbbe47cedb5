import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider, useLoaderData } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeOpenDatabase, describeOnDatabase, type TestDatabase } from "../support/database";
import { loadServiceOrdersApp, routeArgs, unwrapRouteResult, type ServiceOrdersApp } from "./public-tracking-app";

type CustomerPageRoute = typeof import("~/routes/_staff/customer-form");
type LoaderArgs = Parameters<CustomerPageRoute["loader"]>[0];
type NewPlanRoute = typeof import("~/routes/_staff/credit-plan-new");
const STAFF_USER = { id: "equipe-pagina", email: "equipe@loja.test", name: "Equipe", role: "staff" as const };

/** A page's HTML as the server renders it, from data its loader returned (React's text separators out). */
function renderPage(page: { default: unknown }, path: string, loaderData: unknown) {
  const Page = page.default as (props: Record<string, unknown>) => React.ReactNode;
  const router = createMemoryRouter(
    [
      {
        id: "page",
        path: "*",
        loader: () => loaderData,
        Component: () => createElement(Page, { loaderData: useLoaderData(), actionData: undefined, params: {}, matches: [] }),
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { page: loaderData } } },
  );
  return renderToString(createElement(RouterProvider, { router })).replaceAll("<!-- -->", "");
}
const DAY_MS = 86_400_000;

/**
 * The staff customer page (/customers/:id) against a real database: its
 * loader lists and links the customer's orders, offers a new order for that
 * customer, and gives the edit form the phone and CEP as people write them.
 * Each *.test.ts file runs it for one database.
 */
export function defineCustomerPageSuite(database: TestDatabase) {
  describeOnDatabase(database, "página do cliente", () => {
    let app: ServiceOrdersApp;
    let route: CustomerPageRoute;
    let session: typeof import("~/modules/accounts/session.server");

    async function loadPage(customerId: number) {
      const request = new Request(`http://localhost:3000/customers/${customerId}`);
      const base = routeArgs(request);
      // The staff guard has put the signed-in person in the context before the page's loader runs.
      base.context.set(session.sessionUserContext, STAFF_USER);
      const args = { ...base, params: { id: String(customerId) } } as unknown as LoaderArgs;
      const { body } = unwrapRouteResult(await route.loader(args));
      return body as Awaited<ReturnType<CustomerPageRoute["loader"]>>;
    }

    beforeAll(async () => {
      app = await loadServiceOrdersApp(database);
      expect(app.databaseKind).toBe(database);
      route = await import("~/routes/_staff/customer-form");
      session = await import("~/modules/accounts/session.server");
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await app?.dropDatabase?.();
    });

    async function loadNewPlan(search: string) {
      const newPlan = (await import("~/routes/_staff/credit-plan-new")) as NewPlanRoute;
      const base = routeArgs(new Request(`http://localhost:3000/cdc/novo${search}`));
      base.context.set(session.sessionUserContext, STAFF_USER);
      const args = { ...base, params: {} } as unknown as Parameters<NewPlanRoute["loader"]>[0];
      try {
        const { body } = unwrapRouteResult(await newPlan.loader(args));
        return {
          status: 200,
          body: body as Awaited<ReturnType<NewPlanRoute["loader"]>>,
          html: renderPage(newPlan, `/cdc/novo${search}`, body),
        };
      } catch (thrown) {
        return { status: unwrapRouteResult(thrown).status, body: null, html: "" };
      }
    }

    it("a página de quem não deve nada leva às dívidas dele, a um novo fiado e a um novo crediário", async () => {
      const bia = await app.factory.createTestCustomer(app.db, { name: "Bia Sem Dívida", phone: "11987650101" }, 61);
      const html = renderPage(route, `/customers/${bia.id}`, await loadPage(bia.id));
      expect(html).toContain(`href="/devedores/${bia.id}"`);
      expect(html).toContain(`href="/devedores/${bia.id}#divida-fiado"`);
      expect(html).toContain(`href="/cdc/novo?cliente=${bia.id}"`);
      expect(html).toContain(">Novo fiado<");
      expect(html).toContain(">Novo crediário<");
    });

    it("o novo crediário começa de uma dívida escolhida na lista do cliente, nunca de um número digitado", async () => {
      const { debts } = await import("~/db/schema/credit");
      const caio = await app.factory.createTestCustomer(app.db, { name: "Caio Fiado Parcelável", phone: "11987650102" }, 62);
      const other = await app.factory.createTestCustomer(app.db, { name: "Outra Pessoa Fiado", phone: "11987650103" }, 63);
      const fiado = (description: string, customerId: number, extra: Partial<typeof debts.$inferInsert> = {}) => ({
        customerId,
        kind: "iou" as const,
        description,
        amountCents: 30_000,
        incurredOn: "2026-01-10",
        dueDate: "2026-02-10",
        createdByLabel: "teste",
        ...extra,
      });
      const [open, settled, others] = await app.db
        .insert(debts)
        .values([
          fiado("Troca de tela fiada", caio.id),
          fiado("Capinha já paga", caio.id, { settledAt: new Date() }),
          fiado("Fiado de outra pessoa", other.id),
        ])
        .returning({ id: debts.id });

      const page = await loadNewPlan(`?cliente=${caio.id}`);
      expect(page.status).toBe(200);
      expect(page.body?.customerOrigins?.debts.map((debt) => debt.id)).toEqual([open!.id]);
      expect(page.html).toContain(`href="/cdc/novo?divida=${open!.id}"`);
      expect(page.html).toContain("Troca de tela fiada");
      expect(page.html).not.toContain(`?divida=${settled!.id}"`);
      expect(page.html).not.toContain(`?divida=${others!.id}"`);
      expect(page.html).not.toContain("Número da dívida");

      // Without a customer, no field asks for a debt's number: the page says where to find one.
      const bare = await loadNewPlan("");
      expect(bare.html).not.toContain("Número da dívida");
      expect(bare.html).toContain("Novo crediário");

      // The chosen debt opens the form; the server still checks it (a settled one is refused, an unknown one is 404).
      expect((await loadNewPlan(`?divida=${open!.id}`)).body?.source).toMatchObject({ customerId: caio.id, refusal: null });
      expect((await loadNewPlan(`?divida=${settled!.id}`)).body?.source?.refusal).toMatch(/quitada/);
      expect((await loadNewPlan("?cliente=99999999")).status).toBe(404);
      expect((await loadNewPlan("?cliente=abc")).status).toBe(404);
    });

    it("lista as OS do cliente, da mais recente à mais antiga, só as dele, e oferece uma nova OS para ele", async () => {
      const ana = await app.factory.createTestCustomer(app.db, { name: "Ana Página Cliente", phone: "11987654321" }, 41);
      const other = await app.factory.createTestCustomer(app.db, { name: "Outro Cliente" }, 42);
      const now = Date.now();
      const old = await app.factory.createTestServiceOrder(app.db, {
        customerId: ana.id,
        status: "delivered",
        seed: 51,
        createdAt: new Date(now - 60 * DAY_MS),
      });
      const recent = await app.factory.createTestServiceOrder(app.db, {
        customerId: ana.id,
        status: "ready",
        seed: 52,
        createdAt: new Date(now - 2 * DAY_MS),
      });
      await app.factory.createTestServiceOrder(app.db, { customerId: other.id, status: "received", seed: 53 });

      const page = await loadPage(ana.id);
      expect(page.orders.total).toBe(2);
      expect(page.orders.rows.map((row) => row.id)).toEqual([recent.id, old.id]);
      expect(page.orders.rows[0]).toMatchObject({ status: "ready", customerName: "Ana Página Cliente" });
      expect(page.newOrderHref).toBe(`/new-service-order?cliente=${ana.id}`);

      const empty = await loadPage(other.id + 1000).catch((error: unknown) => error);
      expect(unwrapRouteResult(empty).status).toBe(404);
    });

    it("mostra as mais recentes quando o cliente tem muitas OS, com o total", async () => {
      const regular = await app.factory.createTestCustomer(app.db, { name: "Cliente Frequente" }, 43);
      const now = Date.now();
      for (let index = 0; index < 23; index++) {
        await app.factory.createTestServiceOrder(app.db, {
          customerId: regular.id,
          status: "delivered",
          seed: 600 + index,
          createdAt: new Date(now - (100 - index) * DAY_MS),
        });
      }
      const page = await loadPage(regular.id);
      expect(page.orders.total).toBe(23);
      expect(page.orders.rows).toHaveLength(20);
      const opened = page.orders.rows.map((row) => new Date(row.createdAt).getTime());
      expect(opened).toEqual([...opened].sort((a, b) => b - a));
    });

    it("um cliente sem OS mostra zero; o código de indicação é o guardado, e quem indicou aparece", async () => {
      const referrer = await app.factory.createTestCustomer(app.db, { name: "Quem Indicou", phone: "11911112222" }, 801);
      const newcomer = await app.factory.createTestCustomer(
        app.db,
        { name: "Cliente Novo", referredByCustomerId: referrer.id },
        802,
      );
      const first = await loadPage(newcomer.id);
      expect(first.orders).toEqual({ rows: [], total: 0 });
      expect(first.customer!.referrer).toEqual({ id: referrer.id, name: "Quem Indicou", phone: "11911112222" });
      // The first view makes the code; the next reads the stored one with the customer's row.
      expect(first.referral!.code).toMatch(/\S/);
      const again = await loadPage(newcomer.id);
      expect(again.referral).toEqual(first.referral);
      expect(again.referral!.link).toContain(encodeURIComponent(first.referral!.code));
      expect((await loadPage(referrer.id)).customer!.referrer).toBeNull();

      const order = await app.factory.createTestServiceOrder(app.db, { customerId: newcomer.id, status: "received", seed: 803 });
      const withOrder = await loadPage(newcomer.id);
      expect(withOrder.orders.total).toBe(1);
      expect(withOrder.orders.rows).toHaveLength(1);
      expect(withOrder.orders.rows[0]).toMatchObject({ id: order.id, customerName: "Cliente Novo" });
      expect(withOrder.orders.rows[0]).not.toHaveProperty("total");
    });

    it("o formulário de edição mostra o telefone e o CEP formatados", async () => {
      const customer = await app.factory.createTestCustomer(
        app.db,
        { name: "Cliente Formatado", phone: "11987654321", cep: "01001000" },
        44,
      );
      const landline = await app.factory.createTestCustomer(app.db, { name: "Fixo Sem CEP", phone: "1133334444", cep: "" }, 45);
      expect((await loadPage(customer.id)).customer?.values).toMatchObject({ phone: "(11) 98765-4321", cep: "01001-000" });
      expect((await loadPage(landline.id)).customer?.values).toMatchObject({ phone: "(11) 3333-4444", cep: "" });
    });
  });
}
