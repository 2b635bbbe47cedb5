import { afterAll, beforeAll, expect, it } from "vitest";
import { closeOpenDatabase, describeOnDatabase, type TestDatabase } from "../support/database";
import { loadServiceOrdersApp, routeArgs, unwrapRouteResult, type ServiceOrdersApp } from "./public-tracking-app";

type CustomerPageRoute = typeof import("~/routes/_staff/customer-form");
type LoaderArgs = Parameters<CustomerPageRoute["loader"]>[0];
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
      base.context.set(session.sessionUserContext, {
        id: "equipe-pagina",
        email: "equipe@loja.test",
        name: "Equipe",
        role: "staff",
      });
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
