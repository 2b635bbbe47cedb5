import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const STAFF: Actor = { userId: "staff-contas", label: "equipe@loja.test", role: "staff" };

async function loadModules() {
  const [client, auth, customers, audit, links, orders, errors] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/customers"),
    import("~/db/schema/audit"),
    import("~/modules/customers/account-links.server"),
    import("~/modules/service-orders/account-orders.server"),
    import("~/lib/errors"),
  ]);
  const records = await import("~/modules/demo/test-records.server");
  return { db: await client.getDb(), tables: { ...auth, ...customers, ...audit }, links, orders, errors, records };
}

/**
 * "Minha conta" lists a customer's own repairs (issue 10, part 4): the
 * records whose e-mail is the account's verified e-mail, plus those the
 * staff linked, minus those they unlinked; nobody sees anyone else's.
 */
export function defineCustomerAccountsSuite(database: TestDatabase) {
  describeOnDatabase(database, "consertos do próprio cliente", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    const records = { ana: 0, bruno: 0, noEmail: 0 };
    const orders = { ana: 0, bruno: 0, noEmail: 0 };

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.db.insert(app.tables.user).values([
        { id: STAFF.userId!, name: "Equipe", email: STAFF.label, role: "staff", emailVerified: true },
        { id: "conta-ana", name: "Ana", email: "ana.souza@cliente.test", role: "customer", emailVerified: true },
        { id: "conta-bruno", name: "Bruno", email: "bruno@cliente.test", role: "customer", emailVerified: true },
        { id: "conta-carla", name: "Carla", email: "carla@cliente.test", role: "customer", emailVerified: false },
      ]);
      const people = {
        ana: { name: "Ana Souza", email: "Ana.Souza@Cliente.test" },
        bruno: { name: "Bruno Lima", email: "bruno@cliente.test" },
        noEmail: { name: "Ana (cadastro antigo)", email: "" },
      };
      for (const [key, person] of Object.entries(people) as [keyof typeof people, (typeof people)["ana"]][]) {
        records[key] = (await app.records.createTestCustomer(app.db, person)).id;
        orders[key] = (await app.records.createTestServiceOrder(app.db, { customerId: records[key], status: "repairing" })).id;
      }
      // Carla has a record with her e-mail, but never confirmed it.
      const carla = await app.records.createTestCustomer(app.db, { name: "Carla", email: "carla@cliente.test" });
      await app.records.createTestServiceOrder(app.db, { customerId: carla.id, status: "received" });
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    async function orderIdsOf(userId: string) {
      return (await app.orders.listAccountServiceOrders(userId)).map(({ id }) => id).sort();
    }

    async function linkCount() {
      const [row] = await app.db.select({ total: count() }).from(app.tables.customerAccountLinks);
      return row!.total;
    }

    it("shows an account the orders of the record with its verified e-mail (any letter case), and no one else's", async () => {
      expect(await orderIdsOf("conta-ana")).toEqual([orders.ana]);
      expect(await orderIdsOf("conta-bruno")).toEqual([orders.bruno]);
      expect(await orderIdsOf("conta-carla")).toEqual([]);
      expect(await orderIdsOf("nao-existe")).toEqual([]);
      const [listed] = await app.orders.listAccountServiceOrders("conta-ana");
      expect(listed).toMatchObject({ id: orders.ana, statusLabel: "Em reparo", isDelivered: false });
      expect(listed!.trackingPath).toMatch(/^\/consultar\?codigo=[2-9A-Z]{8}$/);
    });

    it("lets the staff link a record kept under another e-mail, and unlink one for good", async () => {
      await app.links.linkCustomerAccount(STAFF, records.noEmail, { accountEmail: " ANA.souza@cliente.test " });
      expect(await orderIdsOf("conta-ana")).toEqual([orders.ana, orders.noEmail].sort());
      expect(await app.links.listCustomerAccounts(STAFF, records.noEmail)).toEqual([
        { userId: "conta-ana", name: "Ana", email: "ana.souza@cliente.test", isLinkedByStaff: true },
      ]);
      expect(await app.links.listCustomerAccounts(STAFF, records.ana)).toEqual([
        { userId: "conta-ana", name: "Ana", email: "ana.souza@cliente.test", isLinkedByStaff: false },
      ]);

      // Unlinked, the matching e-mail no longer brings the record back.
      await app.links.unlinkCustomerAccount(STAFF, records.ana, "conta-ana");
      expect(await orderIdsOf("conta-ana")).toEqual([orders.noEmail]);
      expect(await app.links.listCustomerAccounts(STAFF, records.ana)).toEqual([]);
      await app.links.linkCustomerAccount(STAFF, records.ana, { accountEmail: "ana.souza@cliente.test" });
      expect(await orderIdsOf("conta-ana")).toEqual([orders.ana, orders.noEmail].sort());

      const actions = await app.db
        .select({ action: app.tables.auditLog.action })
        .from(app.tables.auditLog)
        .where(eq(app.tables.auditLog.entity, "customer"));
      expect(actions.map(({ action }) => action)).toEqual(
        expect.arrayContaining(["customer.account-link", "customer.account-unlink"]),
      );
    });

    it("refuses a link that cannot be, and changes nothing", async () => {
      const before = await linkCount();
      const refusals: [unknown, RegExp][] = [
        [{ accountEmail: "ninguem@cliente.test" }, /Nenhuma conta usa este e-mail/],
        [{ accountEmail: STAFF.label }, /equipe da loja/],
        [{ accountEmail: "carla@cliente.test" }, /não confirmou o e-mail/],
        [{ accountEmail: "não é e-mail" }, /e-mail válido/],
        [{}, /e-mail/],
      ];
      for (const [input, message] of refusals) {
        await expect(app.links.linkCustomerAccount(STAFF, records.bruno, input)).rejects.toThrow(message);
      }
      await expect(app.links.linkCustomerAccount(STAFF, 999_999, { accountEmail: "bruno@cliente.test" })).rejects.toBeInstanceOf(
        app.errors.NotFoundError,
      );
      const customer: Actor = { userId: "conta-bruno", label: "bruno@cliente.test", role: "customer" };
      await expect(
        app.links.linkCustomerAccount(customer, records.ana, { accountEmail: "bruno@cliente.test" }),
      ).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      await expect(app.links.unlinkCustomerAccount(customer, records.bruno, "conta-bruno")).rejects.toBeInstanceOf(
        app.errors.ForbiddenError,
      );
      await expect(app.links.listCustomerAccounts(customer, records.ana)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      expect(await linkCount()).toBe(before);
      expect(await orderIdsOf("conta-bruno")).toEqual([orders.bruno]);
    });
  });
}
