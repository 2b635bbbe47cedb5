import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/dates";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

/** Recorded the way every change was before names: the label is the e-mail. */
const ANA: Actor = { userId: "staff-ana-names", label: "ana@loja.test", role: "staff" };
const GONE: Actor = { userId: "staff-gone-names", label: "saiu@loja.test", role: "staff" };
const LABEL_ONLY: Actor = { userId: null, label: "Rafael Técnico (demonstração)", role: "staff" };

/** The modules, imported once the test database is open (the app keeps it in a process-wide singleton). */
async function load() {
  const [db, auth, accounts, orders, queries, pickups, session, factory, invites] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/accounts"),
    import("~/db/schema/service-orders"),
    import("~/modules/service-orders/queries.server"),
    import("~/modules/service-orders/pickups.server"),
    import("~/modules/accounts/session.server"),
    import("~/modules/demo/test-records.server"),
    import("~/modules/accounts/staff-invites.server"),
  ]);
  return { db: await db.getDb(), auth, accounts, orders, queries, pickups, session, factory, invites };
}

/**
 * Issue 10, Part 3: "Staff names, not e-mails, appear in timelines and
 * lists". A record with a user id shows the person's current name (profile,
 * else account), also once they are deactivated; one without keeps its label.
 */
export function defineStaffNamesSuite(database: TestDatabase) {
  describeOnDatabase(database, "nomes da equipe nas linhas do tempo e listas", () => {
    let dropDatabase: () => Promise<void>;
    let modules: Awaited<ReturnType<typeof load>>;
    let orderId: number;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      modules = await load();
      const { db, auth, accounts } = modules;
      await db.insert(auth.user).values([
        { id: ANA.userId!, name: "Ana", email: ANA.label, role: "staff" },
        { id: GONE.userId!, name: "Gil Saiu", email: GONE.label, role: "staff" },
      ]);
      await db.insert(accounts.profiles).values({ userId: ANA.userId!, email: ANA.label, fullName: "Ana Beatriz Técnica" });
      const customer = await modules.factory.createTestCustomer(db, { name: "Cliente Nomes", phone: "11990001234" }, 71);
      const order = await modules.factory.createTestServiceOrder(db, { customerId: customer.id, status: "ready", seed: 72 });
      orderId = order.id;
      await db
        .update(modules.orders.serviceOrders)
        .set({ technicianUserId: ANA.userId })
        .where(eq(modules.orders.serviceOrders.id, orderId));
      for (const actor of [ANA, GONE, LABEL_ONLY]) {
        await modules.pickups.recordPickupContactAttempt(actor, {
          orderId: String(orderId),
          channel: "phone",
          // Yesterday morning: 09:00 today is still ahead before 09:00 in São Paulo, and a contact cannot be in the future.
          attemptedAt: `${addDays(shopToday(), -1)}T09:00`,
          note: "",
        });
      }
      // The person who made the second attempt left and their account was removed: only the label remains.
      await db.delete(auth.user).where(eq(auth.user.id, GONE.userId!));
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase();
    });

    it("a gravação de agora em diante leva o nome, não o e-mail", () => {
      const actor = modules.session.actorOf({ id: "u1", email: "lia@loja.test", name: "Lia Souza", role: "staff" });
      expect(actor.label).toBe("Lia Souza");
      expect(modules.session.actorOf({ id: "u2", email: "sem-nome@loja.test", name: " ", role: "staff" }).label).toBe(
        "sem-nome@loja.test",
      );
    });

    it("contatos de retirada mostram o nome atual de quem registrou; sem conta, o rótulo guardado", async () => {
      const attempts = await modules.pickups.listPickupContactAttempts(ANA, [orderId]);
      expect(attempts.map((attempt) => attempt.actorLabel)).toEqual(["Ana Beatriz Técnica", GONE.label, LABEL_ONLY.label]);
      const log = await modules.pickups.getPickupContactLog(ANA, orderId);
      expect(log?.attempts.map((attempt) => attempt.actorLabel)).toEqual(["Ana Beatriz Técnica", GONE.label, LABEL_ONLY.label]);
    });

    it("a linha do tempo e o técnico da OS mostram o nome, também depois de a pessoa ser desativada ou renomeada", async () => {
      const { db, accounts, orders } = modules;
      await db.insert(orders.serviceOrderStatusEvents).values({
        orderId,
        fromStatus: "ready",
        toStatus: "ready",
        actorUserId: ANA.userId,
        actorLabel: ANA.label,
      });
      const namesNow = async () => {
        const detail = await modules.queries.getServiceOrder(orderId);
        return { technician: detail?.technicianName, lastEvent: detail?.events.at(-1)?.actorLabel };
      };
      expect(await namesNow()).toEqual({ technician: "Ana Beatriz Técnica", lastEvent: "Ana Beatriz Técnica" });

      await db.update(accounts.profiles).set({ deactivatedAt: new Date() }).where(eq(accounts.profiles.userId, ANA.userId!));
      expect(await namesNow()).toEqual({ technician: "Ana Beatriz Técnica", lastEvent: "Ana Beatriz Técnica" });

      await db.update(accounts.profiles).set({ fullName: "Ana B. Lima" }).where(eq(accounts.profiles.userId, ANA.userId!));
      expect(await namesNow()).toEqual({ technician: "Ana B. Lima", lastEvent: "Ana B. Lima" });

      // No profile name: the account's name.
      await db.update(accounts.profiles).set({ fullName: "" }).where(eq(accounts.profiles.userId, ANA.userId!));
      expect(await namesNow()).toEqual({ technician: "Ana", lastEvent: "Ana" });
    });

    it("a lista de técnicos (filtro e formulário da OS) traz nomes", async () => {
      const technicians = await modules.queries.listTechnicians();
      expect(technicians.find((technician) => technician.id === ANA.userId)?.name).toBe("Ana");
      expect(technicians.map((technician) => technician.name)).not.toContain(ANA.label);
    });

    it("os convites em aberto da /equipe dizem quem convidou pelo nome", async () => {
      const { db, accounts } = modules;
      await db.insert(accounts.staffInvites).values([
        {
          tokenHash: "hash-convite-nomes-1",
          email: "novo@loja.test",
          role: "staff",
          invitedByUserId: ANA.userId,
          invitedByLabel: ANA.label,
          expiresAt: new Date(Date.now() + 86_400_000),
        },
      ]);
      const open = await modules.invites.listOpenStaffInvites(db);
      expect(open.find((invite) => invite.email === "novo@loja.test")?.invitedByLabel).toBe("Ana");
    });
  });
}
