import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";
import { giveTheShopItsOwnPixKey } from "../support/shop-pix-key";

const STAFF: Actor = { userId: "staff-tx", label: "tx@loja.test", role: "staff" };

async function loadModules() {
  const [client, auth, customers, orders, audit, idempotency, idempotencyHelper, serviceOrders, errors] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/customers"),
    import("~/db/schema/service-orders"),
    import("~/db/schema/audit"),
    import("~/db/schema/idempotency"),
    import("~/lib/idempotency.server"),
    import("~/modules/service-orders/mutations.server"),
    import("~/lib/errors"),
  ]);
  return {
    client,
    db: await client.getDb(),
    tables: { ...auth, ...customers, ...orders, ...audit, ...idempotency },
    runOnce: idempotencyHelper.runOnce,
    IdempotencyKeyReusedError: idempotencyHelper.IdempotencyKeyReusedError,
    serviceOrders,
    errors,
  };
}

/** Fails when `promise` has not settled within `ms`: a hang becomes a failure instead of a stuck run. */
function withinMs<T>(promise: Promise<T>, ms = 2_000) {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`não terminou em ${ms} ms`)), ms)),
  ]);
}

/**
 * The transaction convention (decision 0012) against a real database: the
 * outer handle refuses to run inside a transaction instead of hanging,
 * cores (`…InTx`) of two use cases commit or roll back together, and one
 * idempotency key runs a write once. Each *.test.ts file runs it for one database.
 */
export function defineTransactionsSuite(database: TestDatabase) {
  describeOnDatabase(database, "transações e idempotência", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    let customerId: number;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.db.insert(app.tables.user).values({ id: STAFF.userId!, name: "Téo", email: STAFF.label, role: "staff" });
      const [customer] = await app.db
        .insert(app.tables.customers)
        .values({ name: "Cliente Transação", phone: "11987650000" })
        .returning({ id: app.tables.customers.id });
      customerId = customer!.id;
      await giveTheShopItsOwnPixKey();
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    const rowsOf = async (
      table: typeof app.tables.serviceOrders | typeof app.tables.auditLog | typeof app.tables.idempotencyKeys,
    ) => Number((await app.db.select({ total: count() }).from(table))[0]!.total);

    async function written() {
      const { serviceOrders, serviceOrderPayments, auditLog, idempotencyKeys } = app.tables;
      const payments = Number((await app.db.select({ total: count() }).from(serviceOrderPayments))[0]!.total);
      return {
        orders: await rowsOf(serviceOrders),
        payments,
        audit: await rowsOf(auditLog),
        keys: await rowsOf(idempotencyKeys),
      };
    }

    function orderForm(overrides: Record<string, unknown> = {}) {
      return {
        customerId: String(customerId),
        deviceType: "phone",
        model: "Moto G84",
        reportedDefect: "Não carrega",
        lines: [{ kind: "service", description: "Troca do conector", quantity: "1", unitPrice: "200,00" }],
        deposit: "50,00",
        // PIX: a cash deposit needs an open register (cash-register suite), which is not what this suite is about.
        depositMethod: "pix",
        idempotencyKey: randomUUID(),
        ...overrides,
      };
    }

    it("refuses getDb() and the outer handle inside a transaction at once, instead of hanging", async () => {
      const { client } = app;
      const inside = client.inTransaction(async () => {
        await client.getDb();
      });
      await expect(withinMs(inside)).rejects.toBeInstanceOf(client.DatabaseUsedInsideTransactionError);

      // A handle taken before the transaction is refused too, and so is a transaction inside one.
      const outer = app.db;
      await expect(withinMs(client.inTransaction(() => outer.select().from(app.tables.customers)))).rejects.toBeInstanceOf(
        client.DatabaseUsedInsideTransactionError,
      );
      await expect(withinMs(outer.transaction(() => client.inTransaction(async () => 1)))).rejects.toBeInstanceOf(
        client.DatabaseUsedInsideTransactionError,
      );
      // Outside, and in a request running beside a transaction, the handle works as always.
      const [beside] = await Promise.all([
        withinMs(outer.select({ id: app.tables.customers.id }).from(app.tables.customers).limit(1)),
        client.inTransaction((tx) => tx.select().from(app.tables.customers).limit(1)),
      ]);
      expect(beside).toHaveLength(1);
      expect(await client.inTransaction(async (tx) => (await tx.select().from(app.tables.customers)).length)).toBeGreaterThan(0);
    });

    it("commits the cores of two use cases together, or neither", async () => {
      const { serviceOrders: orders } = app;
      const before = await written();
      // A sale-like flow: open an order and take a payment in one transaction; the payment is refused.
      await expect(
        app.client.inTransaction(async (tx) => {
          const created = await orders.createServiceOrderInTx(tx, STAFF, orderForm());
          await orders.addServiceOrderPaymentInTx(tx, STAFF, created.id, {
            method: "pix",
            amount: "999,00",
            idempotencyKey: randomUUID(),
          });
        }),
      ).rejects.toMatchObject({ name: "ServiceOrderRuleError", fieldErrors: { amount: expect.stringMatching(/saldo/) } });
      expect(await written()).toEqual(before);

      const id = await app.client.inTransaction(async (tx) => {
        const created = await orders.createServiceOrderInTx(tx, STAFF, orderForm());
        await orders.addServiceOrderPaymentInTx(tx, STAFF, created.id, {
          method: "pix",
          amount: "150,00",
          idempotencyKey: randomUUID(),
        });
        return created.id;
      });
      const [order] = await app.db.select().from(app.tables.serviceOrders).where(eq(app.tables.serviceOrders.id, id));
      expect(order).toMatchObject({ paidCents: 20_000, linesTotalCents: 20_000 });
      expect(await written()).toEqual({
        orders: before.orders + 1,
        payments: before.payments + 2,
        audit: before.audit + 2,
        keys: before.keys + 2,
      });
    });

    it("opens one order when the new-order form is submitted twice, and the second answer names it", async () => {
      const form = orderForm();
      const before = await written();
      const first = await app.serviceOrders.createServiceOrder(STAFF, form);
      const again = await app.serviceOrders.createServiceOrder(STAFF, form);
      expect(first.isReplay).toBe(false);
      expect(again).toEqual({ ...first, isReplay: true });
      expect(await written()).toEqual({
        orders: before.orders + 1,
        payments: before.payments + 1,
        audit: before.audit + 1,
        keys: before.keys + 1,
      });
      // Without a key (a form from before this version, or a forged post) nothing is opened.
      await expect(app.serviceOrders.createServiceOrder(STAFF, orderForm({ idempotencyKey: "" }))).rejects.toMatchObject({
        fieldErrors: { idempotencyKey: "Recarregue a página e tente de novo." },
      });
    });

    it("runs a write once per key: a replay returns the first result, another scope is refused, a refusal frees the key", async () => {
      const key = randomUUID();
      let writes = 0;
      const write = async () => ({ written: ++writes });
      const scope = { key, scope: "teste:1", actorUserId: STAFF.userId, content: { amount: 100 } };
      expect(await app.client.inTransaction((tx) => app.runOnce(tx, scope, write))).toEqual({
        result: { written: 1 },
        isReplay: false,
      });
      expect(await app.client.inTransaction((tx) => app.runOnce(tx, scope, write))).toEqual({
        result: { written: 1 },
        isReplay: true,
      });
      await expect(
        app.client.inTransaction((tx) => app.runOnce(tx, { ...scope, scope: "teste:2" }, write)),
      ).rejects.toBeInstanceOf(app.IdempotencyKeyReusedError);
      // The same key with other content, or by another person, is a conflict: never the first result.
      await expect(
        app.client.inTransaction((tx) => app.runOnce(tx, { ...scope, content: { amount: 200 } }, write)),
      ).rejects.toMatchObject({
        status: 409,
        fieldErrors: {
          form: "Este formulário já foi enviado com outros dados. Recarregue a página e confira antes de enviar de novo.",
        },
      });
      await expect(
        app.client.inTransaction((tx) => app.runOnce(tx, { ...scope, actorUserId: "outra-pessoa" }, write)),
      ).rejects.toMatchObject({
        status: 409,
        fieldErrors: {
          form: "Este formulário já foi enviado por outra pessoa. Recarregue a página e confira antes de enviar de novo.",
        },
      });
      expect(writes).toBe(1);

      const refusedKey = { ...scope, key: randomUUID() };
      const refusal = new app.errors.InputError("invalid-input", { amount: "Valor acima do saldo." });
      await expect(
        app.client.inTransaction((tx) =>
          app.runOnce(tx, refusedKey, async () => {
            throw refusal;
          }),
        ),
      ).rejects.toBe(refusal);
      expect(await app.client.inTransaction((tx) => app.runOnce(tx, refusedKey, write))).toEqual({
        result: { written: 2 },
        isReplay: false,
      });
    });

    it("writes once when the same key arrives twice at the same moment", async () => {
      const key = { key: randomUUID(), scope: "teste:concorrente", actorUserId: STAFF.userId, content: { amount: 1 } };
      let writes = 0;
      const results = await Promise.all(
        [1, 2].map(() =>
          app.client.inTransaction((tx) =>
            app.runOnce(tx, key, async () => {
              writes += 1;
              // Give the other submission time to arrive while this one holds the key.
              await tx.select().from(app.tables.customers).limit(1);
              return { id: writes };
            }),
          ),
        ),
      );
      expect(writes).toBe(1);
      expect(results.map((result) => result.isReplay).sort()).toEqual([false, true]);
      expect(results[0]!.result).toEqual(results[1]!.result);
    });
  });
}
