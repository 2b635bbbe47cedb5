import { count, eq, sql, type SQLWrapper } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { shopToday, toShopDateTimeInput } from "~/lib/dates";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, type TestDatabase } from "../support/database";
import { loadServiceOrdersApp, type ServiceOrdersApp } from "./public-tracking-app";

const STAFF: Actor = { userId: "staff-user-id", label: "equipe@balcao.example", role: "staff" };
const CUSTOMER: Actor = { userId: "customer-user-id", label: "cliente@cliente.example", role: "customer" };
const PUBLIC: Actor = { userId: null, label: "Cliente (consulta online)", role: "public" };
const DAY_MS = 86_400_000;

/**
 * /pending-pickups against a real database: the list (oldest first, days
 * waiting, balance, who to call), the contact log with its audit entries,
 * bad input and refusals that write nothing. Each *.test.ts file runs it for one database.
 */
export function definePickupsSuite(database: TestDatabase) {
  describeOnDatabase(database, "aguardando retirada", () => {
    let app: ServiceOrdersApp;
    const created: Record<string, { id: number; trackingCode: string }> = {};

    async function writtenRows() {
      const [attempts] = await app.db.select({ total: count() }).from(app.tables.pickupContactAttempts);
      const [audit] = await app.db.select({ total: count() }).from(app.tables.auditLog);
      return { attempts: attempts?.total ?? 0, audit: audit?.total ?? 0 };
    }

    beforeAll(async () => {
      app = await loadServiceOrdersApp(database);
      expect(app.databaseKind).toBe(database);
      const maria = await app.factory.createTestCustomer(app.db, { name: "Maria Retirada Souza", phone: "11991112222" }, 21);
      const joao = await app.factory.createTestCustomer(app.db, { name: "João Demorado Lima", phone: "21993334444" }, 22);
      const now = Date.now();
      const make = async (
        key: string,
        customerId: number,
        status: "ready" | "declined" | "not_repairable" | "repairing" | "delivered",
        daysAgo: number,
        seed: number,
      ) => {
        created[key] = await app.factory.createTestServiceOrder(app.db, {
          customerId,
          status,
          seed,
          createdAt: new Date(now - (daysAgo + 20) * DAY_MS),
          overrides: { statusChangedAt: new Date(now - daysAgo * DAY_MS) },
        });
      };
      await make("readyRecent", maria.id, "ready", 2, 31);
      await make("declinedOld", joao.id, "declined", 95, 32);
      await make("notRepairable", maria.id, "not_repairable", 30, 33);
      await make("repairing", joao.id, "repairing", 1, 34);
      await make("delivered", maria.id, "delivered", 5, 35);
      // Balance due: a total with nothing paid on the recent ready order.
      await app.db
        .update(app.tables.serviceOrders)
        .set({ linesTotalCents: 45000, discountCents: 5000, paidCents: 10000 })
        .where(eq(app.tables.serviceOrders.id, created.readyRecent!.id));
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await app?.dropDatabase?.();
    });

    it("lista só os aparelhos aguardando retirada, do mais antigo ao mais recente, com dias, saldo e contato", async () => {
      const list = await app.pickups.listPendingPickups(STAFF);
      expect(list.pickups.map((pickup) => pickup.orderId)).toEqual([
        created.declinedOld!.id,
        created.notRepairable!.id,
        created.readyRecent!.id,
      ]);
      expect(list.total).toBe(3);
      const [declined, notRepairable, ready] = list.pickups;
      expect(declined).toMatchObject({
        status: "declined",
        daysWaiting: 95,
        customerName: "João Demorado Lima",
        customerPhone: "21993334444",
      });
      expect(notRepairable).toMatchObject({ status: "not_repairable", daysWaiting: 30 });
      expect(ready).toMatchObject({ status: "ready", daysWaiting: 2, balanceCents: 30000, attemptCount: 0, lastAttemptAt: null });
    });

    it("registra tentativas de contato com quem registrou e o registro de auditoria", async () => {
      const orderId = created.declinedOld!.id;
      const before = await writtenRows();
      const day = shopToday(new Date(Date.now() - 3 * DAY_MS));
      const first = await app.pickups.recordPickupContactAttempt(STAFF, {
        orderId: String(orderId),
        channel: "phone",
        attemptedAt: `${day}T10:30`,
        note: "Não atendeu; deixado recado.",
      });
      expect(first).toMatchObject({ orderId, channel: "phone" });
      // As the form sends it untouched: prefilled with the current time on the shop's clock.
      const second = await app.pickups.recordPickupContactAttempt(STAFF, {
        orderId: String(orderId),
        channel: "whatsapp",
        attemptedAt: toShopDateTimeInput(new Date()),
        note: "",
      });
      expect(second).toMatchObject({ orderId, channel: "whatsapp" });
      expect(await writtenRows()).toEqual({ attempts: before.attempts + 2, audit: before.audit + 2 });

      const attempts = await app.pickups.listPickupContactAttempts(STAFF, [orderId]);
      expect(attempts).toHaveLength(2);
      // 10:30 on the shop's clock is 13:30 UTC (no summer time since 2019).
      expect(attempts[0]).toMatchObject({
        channel: "phone",
        attemptedAt: `${day}T13:30:00.000Z`,
        note: "Não atendeu; deixado recado.",
        actorLabel: STAFF.label,
      });
      expect(attempts[1]).toMatchObject({ channel: "whatsapp", actorLabel: STAFF.label });
      expect(Date.now() - Date.parse(attempts[1]!.attemptedAt)).toBeLessThan(60_000);

      const audit = await app.db
        .select()
        .from(app.tables.auditLog)
        .where(eq(app.tables.auditLog.action, "service-order.pickup-contact.create"));
      expect(audit.at(-1)).toMatchObject({
        actorUserId: STAFF.userId,
        actorLabel: STAFF.label,
        entity: "service_order",
        entityId: String(orderId),
      });

      const list = await app.pickups.listPendingPickups(STAFF);
      expect(list.pickups.find((pickup) => pickup.orderId === orderId)).toMatchObject({ attemptCount: 2 });
      const log = await app.pickups.getPickupContactLog(STAFF, orderId);
      expect(log?.attempts.map((attempt) => attempt.channel)).toEqual(["phone", "whatsapp"]);
      expect(log?.order).toMatchObject({ orderId, customerName: "João Demorado Lima" });
    });

    it("exige a data e a hora do contato: um campo vazio não vira 'agora' sem ninguém ver", async () => {
      const orderId = String(created.readyRecent!.id);
      const before = await writtenRows();
      for (const input of [
        { orderId, channel: "phone", attemptedAt: "" },
        { orderId, channel: "phone", attemptedAt: "   " },
        { orderId, channel: "phone" },
      ]) {
        const refusal: unknown = await app.pickups.recordPickupContactAttempt(STAFF, input).catch((error: unknown) => error);
        expect(refusal, JSON.stringify(input)).toBeInstanceOf(app.errors.InputError);
        expect((refusal as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
          attemptedAt: "Informe a data e a hora do contato.",
        });
      }
      expect(await writtenRows()).toEqual(before);
    });

    it("recusa entrada inválida com mensagens em português e não grava nada", async () => {
      const orderId = String(created.readyRecent!.id);
      const now = toShopDateTimeInput(new Date());
      const before = await writtenRows();
      const cases: [Record<string, unknown>, string][] = [
        [{ orderId, channel: "pombo-correio" }, "channel"],
        [{ orderId, channel: "phone", attemptedAt: "amanhã" }, "attemptedAt"],
        [{ orderId, channel: "phone", attemptedAt: "2026-02-30T10:00" }, "attemptedAt"],
        [{ orderId, channel: "phone", attemptedAt: "2999-01-01T10:00" }, "attemptedAt"],
        [{ orderId, channel: "phone", attemptedAt: "2001-01-01T10:00" }, "attemptedAt"],
        [{ orderId, channel: "phone", note: "x".repeat(501) }, "note"],
        [{ orderId: "abc", channel: "phone" }, "orderId"],
        [{ orderId: "99999999999", channel: "phone" }, "orderId"],
        [{ orderId: "2000000000", channel: "phone", attemptedAt: now }, "form"],
        [{ orderId: String(created.repairing!.id), channel: "phone", attemptedAt: now }, "form"],
        [{ orderId: String(created.delivered!.id), channel: "phone", attemptedAt: now }, "form"],
        [{ orderId: ["1"], channel: { x: 1 } }, "orderId"],
      ];
      for (const [input, field] of cases) {
        const refusal: unknown = await app.pickups.recordPickupContactAttempt(STAFF, input).catch((error: unknown) => error);
        expect(refusal, JSON.stringify(input)).toBeInstanceOf(app.errors.InputError);
        const { fieldErrors } = refusal as { fieldErrors: Record<string, string> };
        expect(Object.keys(fieldErrors), JSON.stringify(input)).toContain(field);
        for (const message of Object.values(fieldErrors)) expect(message).toMatch(/[a-zç]/);
      }
      expect(await writtenRows()).toEqual(before);
    });

    it("cliente e visitante não usam as funções da equipe, e nada é gravado", async () => {
      const before = await writtenRows();
      for (const actor of [CUSTOMER, PUBLIC]) {
        await expect(app.pickups.listPendingPickups(actor)).rejects.toThrow("Área restrita à equipe");
        await expect(app.pickups.listPickupContactAttempts(actor, [created.readyRecent!.id])).rejects.toThrow(
          "Área restrita à equipe",
        );
        await expect(app.pickups.getPickupContactLog(actor, created.readyRecent!.id)).rejects.toThrow("Área restrita à equipe");
        await expect(
          app.pickups.recordPickupContactAttempt(actor, { orderId: String(created.readyRecent!.id), channel: "phone" }),
        ).rejects.toThrow("Área restrita à equipe");
      }
      expect(await writtenRows()).toEqual(before);
    });

    it("pagina a lista e corrige uma página fora do intervalo", async () => {
      const customer = await app.factory.createTestCustomer(app.db, {}, 23);
      for (let index = 0; index < 20; index++) {
        await app.factory.createTestServiceOrder(app.db, { customerId: customer.id, status: "ready", seed: 400 + index });
      }
      const size = app.pickups.PENDING_PICKUPS_PAGE_SIZE;
      const first = await app.pickups.listPendingPickups(STAFF, { page: 1 });
      expect(first).toMatchObject({ total: 23, pageCount: Math.ceil(23 / size), page: 1 });
      expect(first.pickups).toHaveLength(size);
      const last = await app.pickups.listPendingPickups(STAFF, { page: 99 });
      expect(last).toMatchObject({ page: Math.ceil(23 / size) });
      expect(last.pickups).toHaveLength(23 % size || size);
      const middle = await Promise.all(
        Array.from({ length: Math.ceil(23 / size) - 2 }, (_, index) =>
          app.pickups.listPendingPickups(STAFF, { page: index + 2 }),
        ),
      );
      const waits = [first, ...middle, last].flatMap((list) => list.pickups).map((pickup) => Date.parse(pickup.waitingSince));
      expect(waits).toHaveLength(23);
      expect(waits).toEqual([...waits].sort((a, b) => a - b));
      expect((await app.pickups.listPendingPickups(STAFF, { page: -3 })).page).toBe(1);
    });

    it("lê a página com o registro de contatos das suas ordens numa leitura, como a lista e o registro lidos à parte", async () => {
      // Attempts on orders of several pages (the first test's order has two already): each page carries only its own.
      const all = await app.pickups.listPendingPickups(STAFF, { page: 2 });
      const third = await app.pickups.listPendingPickups(STAFF, { page: 3 });
      for (const orderId of [all.pickups[0]!.orderId, all.pickups[4]!.orderId, third.pickups[0]!.orderId]) {
        await app.pickups.recordPickupContactAttempt(STAFF, {
          orderId: String(orderId),
          channel: "email",
          attemptedAt: toShopDateTimeInput(new Date(Date.now() - DAY_MS)),
          note: `Tentativa na ordem ${orderId}`,
        });
      }
      for (const options of [{}, { page: 2 }, { page: 3 }, { page: 99 }, { page: 0 }, { minDaysWaiting: 30 }]) {
        const together = await app.pickups.listPendingPickupsWithAttempts(STAFF, options);
        const list = await app.pickups.listPendingPickups(STAFF, options);
        const attempts = await app.pickups.listPickupContactAttempts(
          STAFF,
          list.pickups.map((pickup) => pickup.orderId),
        );
        expect({ options, ...together }).toEqual({ options, ...list, attempts });
      }
      const withAttempts = await app.pickups.listPendingPickupsWithAttempts(STAFF, { page: 2 });
      // By order number, then by time (as listPickupContactAttempts): the two of page 2's orders, not page 3's.
      expect(withAttempts.attempts.map((attempt) => attempt.note)).toEqual(
        [all.pickups[0]!.orderId, all.pickups[4]!.orderId].sort((a, b) => a - b).map((id) => `Tentativa na ordem ${id}`),
      );
      await expect(app.pickups.listPendingPickupsWithAttempts(CUSTOMER)).rejects.toThrow("Área restrita à equipe");
    });

    it("lê a página e a contagem no índice dos que aguardam, sem ordenar todas as ordens prontas", async () => {
      // At the scale seed the planner took every "ready" order by the status index and sorted them for each page
      // (1 200 rows, 12 ms on PostgreSQL). Sequential scans are off so a table this small plans as a large one would.
      const plans = await app.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const explain = async (query: SQLWrapper) => JSON.stringify((await tx.execute(sql`explain (format json) ${query}`)).rows);
        return {
          count: await explain(app.pickups.pendingPickupsCountQuery(tx)),
          page: await explain(app.pickups.pendingPickupsPageQuery(tx, 2)),
        };
      });
      expect(plans.count).toContain('"Index Name":"service_orders_awaiting_pickup_idx"');
      expect(plans.page).toContain('"Index Name":"service_orders_awaiting_pickup_idx"');
      expect(plans.page).not.toContain('"Node Type":"Sort"');
    });
  });
}
