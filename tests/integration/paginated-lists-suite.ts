import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { SessionUser } from "~/modules/accounts/session.server";
import { closeOpenDatabase, describeOnDatabase, type TestDatabase } from "../support/database";
import { loadServiceOrdersApp, type ServiceOrdersApp } from "./public-tracking-app";

const STAFF: SessionUser = { id: "staff-pages", email: "paginas@balcao.example", name: "Paula Páginas", role: "staff" };

/** What React Router hands a loader; each route's own argument type is wider than what its loader reads. */
type AnyLoader = (args: never) => Promise<unknown>;

/**
 * Every paged list against a real database, through its route's own loader:
 * a page past the last one sends the browser to the last page (the address
 * says the page shown), and a page in range is shown where it was asked for.
 * Each *.test.ts file runs it for one database.
 */
export function definePaginatedListsSuite(database: TestDatabase) {
  describeOnDatabase(database, "listas paginadas", () => {
    let app: ServiceOrdersApp;
    let routes: Record<"serviceOrders" | "customers" | "pendingPickups" | "blog", { loader: AnyLoader }>;
    let session: typeof import("~/modules/accounts/session.server");

    beforeAll(async () => {
      app = await loadServiceOrdersApp(database);
      expect(app.databaseKind).toBe(database);
      const [serviceOrders, customers, pendingPickups, blog, blogSchema, sessionModule] = await Promise.all([
        import("~/routes/_staff/service-orders"),
        import("~/routes/_staff/customers"),
        import("~/routes/_staff/pending-pickups"),
        import("~/routes/_site/blog"),
        import("~/db/schema/blog"),
        import("~/modules/accounts/session.server"),
      ]);
      routes = { serviceOrders, customers, pendingPickups, blog };
      session = sessionModule;

      // 45 customers (3 pages of 20), 30 orders (2 pages of 25), 23 of them ready (3 pages of 10 awaiting pickup).
      const customerIds: number[] = [];
      for (let index = 0; index < 45; index++) {
        const customer = await app.factory.createTestCustomer(
          app.db,
          { name: `Cliente Paginada ${index}`, phone: `119${String(80_000_000 + index)}`, document: null },
          1000 + index,
        );
        customerIds.push(customer.id);
      }
      for (let index = 0; index < 30; index++) {
        await app.factory.createTestServiceOrder(app.db, {
          customerId: customerIds[index]!,
          status: index < 23 ? "ready" : "repairing",
          seed: 2000 + index,
        });
      }
      // 8 published posts: 2 pages of 6.
      await app.db.insert(blogSchema.blogPosts).values(
        Array.from({ length: 8 }, (_, index) => ({
          slug: `post-paginado-${index}`,
          title: `Post paginado ${index}`,
          status: "published" as const,
          publishedAt: new Date(Date.now() - (index + 1) * 86_400_000),
        })),
      );
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await app?.dropDatabase?.();
    });

    /** Where the loader sends the browser for this address, or null when it renders the page. */
    async function redirectOf(route: { loader: AnyLoader }, pathAndQuery: string) {
      const context = new RouterContextProvider();
      context.set(session.sessionUserContext, STAFF);
      const request = new Request(`http://localhost:3000${pathAndQuery}`);
      try {
        await route.loader({ request, params: {}, context, unstable_pattern: "" } as never);
        return null;
      } catch (thrown) {
        if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return thrown.headers.get("location");
        throw thrown;
      }
    }

    it("ordens de serviço: além da última página, vai para a última", async () => {
      expect(await redirectOf(routes.serviceOrders, "/service-orders?pagina=999")).toBe("/service-orders?pagina=2");
      expect(await redirectOf(routes.serviceOrders, "/service-orders?pagina=3")).toBe("/service-orders?pagina=2");
      // Beyond the page limit of the address too.
      expect(await redirectOf(routes.serviceOrders, "/service-orders?pagina=99999999")).toBe("/service-orders?pagina=2");
      // The filters are kept; a filter with one page (or none) goes to the first, without a page number.
      expect(await redirectOf(routes.serviceOrders, "/service-orders?status=repairing&pagina=4")).toBe(
        "/service-orders?status=repairing",
      );
      expect(await redirectOf(routes.serviceOrders, "/service-orders?de=2000-01-01&ate=2000-01-31&pagina=5")).toBe(
        "/service-orders?de=2000-01-01&ate=2000-01-31",
      );
      expect(await redirectOf(routes.serviceOrders, "/service-orders?pagina=2")).toBeNull();
      expect(await redirectOf(routes.serviceOrders, "/service-orders")).toBeNull();
    });

    it("clientes: além da última página, vai para a última, com ou sem busca", async () => {
      expect(await redirectOf(routes.customers, "/customers?pagina=999")).toBe("/customers?pagina=3");
      expect(await redirectOf(routes.customers, "/customers?pagina=4")).toBe("/customers?pagina=3");
      expect(await redirectOf(routes.customers, "/customers?q=Paginada&pagina=40")).toBe("/customers?q=Paginada&pagina=3");
      expect(await redirectOf(routes.customers, "/customers?q=nenhum+nome+assim&pagina=2")).toBe(
        "/customers?q=nenhum+nome+assim",
      );
      expect(await redirectOf(routes.customers, "/customers?pagina=3")).toBeNull();
      expect(await redirectOf(routes.customers, "/customers?q=Paginada&pagina=2")).toBeNull();
    });

    it("aguardando retirada: além da última página, vai para a última", async () => {
      expect(await redirectOf(routes.pendingPickups, "/pending-pickups?pagina=999")).toBe("/pending-pickups?pagina=3");
      expect(await redirectOf(routes.pendingPickups, "/pending-pickups?pagina=4")).toBe("/pending-pickups?pagina=3");
      // Not a page number: the first page, at its own address.
      expect(await redirectOf(routes.pendingPickups, "/pending-pickups?pagina=abc")).toBe("/pending-pickups");
      expect(await redirectOf(routes.pendingPickups, "/pending-pickups?pagina=1")).toBe("/pending-pickups");
      expect(await redirectOf(routes.pendingPickups, "/pending-pickups?pagina=3")).toBeNull();
      expect(await redirectOf(routes.pendingPickups, "/pending-pickups")).toBeNull();
    });

    it("blog: além da última página, vai para a última", async () => {
      expect(await redirectOf(routes.blog, "/blog?pagina=999")).toBe("/blog?pagina=2");
      expect(await redirectOf(routes.blog, "/blog?pagina=3")).toBe("/blog?pagina=2");
      expect(await redirectOf(routes.blog, "/blog?pagina=99999999999")).toBe("/blog?pagina=2");
      // Not a page number (nor one the server can count to): the first page.
      expect(await redirectOf(routes.blog, "/blog?pagina=1e300")).toBe("/blog");
      expect(await redirectOf(routes.blog, "/blog?pagina=abc")).toBe("/blog");
      expect(await redirectOf(routes.blog, "/blog?pagina=2")).toBeNull();
      expect(await redirectOf(routes.blog, "/blog")).toBeNull();
    });
  });
}
