import { and, eq, inArray } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";
import { startMailbox, type Mailbox } from "../support/mailbox";
import { json, type Visitor } from "../support/visitor";
import { loadApp, type TestApp } from "./app";

const SESSION_COOKIE = "balcao.session_token";
const PASSWORD = "Equipe#Senha2026";
const DAY_MS = 24 * 60 * 60_000;

type ErrorBody = { code?: string; message?: string };

async function loadTeamModules() {
  const [members, invites, session, errors] = await Promise.all([
    import("~/modules/accounts/team-members.server"),
    import("~/modules/accounts/staff-invites.server"),
    import("~/modules/accounts/session.server"),
    import("~/lib/errors"),
  ]);
  return { members, invites, session, errors };
}

let counter = 0;
const uniqueEmail = (name: string) => `${name}.${++counter}.${Date.now().toString(36)}@loja.test`;

function signIn(visitor: Visitor, email: string, password = PASSWORD) {
  return visitor.post("/api/auth/sign-in/email", { email, password });
}

function requestWithCookie(visitor: Visitor) {
  return new Request(`${process.env.PUBLIC_URL}/service-orders`, {
    headers: { cookie: `${SESSION_COOKIE}=${visitor.cookie(SESSION_COOKIE) ?? ""}` },
  });
}

/**
 * Runs both writes at the same moment. On PostgreSQL another connection
 * holds the two owners' rows until both writes are waiting on them, so
 * each has read the state before either commits; PGlite has one
 * connection, so there they simply start together.
 */
async function raceEachOther(
  database: TestDatabase,
  userIds: string[],
  one: () => Promise<unknown>,
  other: () => Promise<unknown>,
) {
  if (database !== "postgres") return Promise.allSettled([one(), other()]);
  const blocker = new Client({ connectionString: process.env.DATABASE_URL });
  await blocker.connect();
  try {
    await blocker.query("begin");
    await blocker.query(`select id from "user" where id = any($1) for update`, [userIds]);
    const racing = Promise.allSettled([one(), other()]);
    for (let waited = 0; ; waited += 20) {
      // Inside a transaction pg_stat_activity is read once and kept: ask for a fresh look each time.
      await blocker.query("select pg_stat_clear_snapshot()");
      const { rows } = await blocker.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
      );
      if ((rows[0]?.waiting ?? 0) >= 2) break;
      if (waited > 10_000) throw new Error("as duas alterações não chegaram a esperar uma pela outra");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await blocker.query("commit");
    return await racing;
  } finally {
    await blocker.end();
  }
}

/**
 * The owner's team page (issue 10, part 3): invitations by e-mail with a
 * one-use link valid 7 days, role changes, deactivation that ends the
 * person's sessions at once, reactivation, the last-owner rule (also for the
 * command line and under a race), every action audited, staff refused.
 */
export function defineTeamSuite(database: TestDatabase) {
  describeOnDatabase(database, "equipe", () => {
    let app: TestApp;
    let team: Awaited<ReturnType<typeof loadTeamModules>>;
    let mailbox: Mailbox;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      mailbox = await startMailbox();
      process.env.SMTP_URL = mailbox.url;
      process.env.RATE_LIMIT = "on";
      dropDatabase = await openTestDatabase(database);
      app = await loadApp();
      team = await loadTeamModules();
      expect(app.databaseKind).toBe(database);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
      await mailbox?.close();
    });

    /** An account made straight in the tables (no password): enough to act as, or to be acted on. */
    async function createAccount(
      role: "owner" | "staff" | "customer",
      name = `Pessoa ${role}`,
    ): Promise<Actor & { userId: string }> {
      const email = uniqueEmail(role);
      const id = `conta-${++counter}`;
      await app.db.insert(app.tables.user).values({ id, name, email, role, emailVerified: true });
      await app.db.insert(app.tables.profiles).values({ userId: id, email, fullName: name });
      return { userId: id, label: email, role };
    }

    async function roleOf(userId: string) {
      const [row] = await app.db
        .select({ role: app.tables.user.role })
        .from(app.tables.user)
        .where(eq(app.tables.user.id, userId));
      return row?.role;
    }

    async function auditOf(entityId: string) {
      return app.db
        .select()
        .from(app.tables.auditLog)
        .where(eq(app.tables.auditLog.entityId, entityId))
        .orderBy(app.tables.auditLog.id);
    }

    /** The token of the `count`-th invitation e-mail to `email`. */
    async function inviteToken(email: string, count = 1) {
      const mail = await mailbox.waitForMail(email, count);
      expect(mail.subject).toMatch(/^Convite para a equipe — /);
      const link = mail.links.find((url) => url.startsWith(`${process.env.PUBLIC_URL}/auth/convite?token=`));
      if (!link) throw new Error(`sem link de convite em: ${mail.body}`);
      return new URL(link).searchParams.get("token") ?? "";
    }

    /** Invites `role`, accepts the link as the invitee and signs them in. */
    async function joinTeam(owner: Actor, role: "staff" | "owner" = "staff", name = "Pessoa Convidada") {
      const email = uniqueEmail("convidada");
      await team.invites.inviteTeamMember(owner, { email, role });
      const token = await inviteToken(email);
      const account = await team.invites.acceptStaffInvite({ token, fullName: name, password: PASSWORD });
      const visitor = app.visitor();
      expect((await signIn(visitor, email)).status).toBe(200);
      return { email, userId: account.userId, visitor, actor: { userId: account.userId, label: email, role } as Actor };
    }

    it("invites by e-mail; the invitee sets name and password through the link and joins with the invited role, once", async () => {
      const owner = await createAccount("owner", "Dona Rosa");
      const email = uniqueEmail("nova");
      const invite = await team.invites.inviteTeamMember(owner, { email: `  ${email.toUpperCase()} `, role: "staff" });
      expect(invite).toMatchObject({ email, emailSent: true });

      const mail = await mailbox.waitForMail(email);
      expect(mail.body).toContain("7 dias");
      const token = await inviteToken(email);
      expect(await team.invites.findStaffInvite(token)).toMatchObject({ status: "valid", email, role: "staff" });

      const pending = await team.members.listTeam(owner);
      expect(pending.invites).toEqual([expect.objectContaining({ email, role: "staff", isExpired: false })]);

      // A weak password or an empty name is refused and keeps the invite.
      await expect(team.invites.acceptStaffInvite({ token, fullName: "Nova", password: "fraca" })).rejects.toThrow(
        /pelo menos 12 caracteres/,
      );
      await expect(team.invites.acceptStaffInvite({ token, fullName: "  ", password: PASSWORD })).rejects.toThrow(/nome/);
      expect(await team.invites.findStaffInvite(token)).toMatchObject({ status: "valid" });

      const accepted = await team.invites.acceptStaffInvite({ token, fullName: " Nova Técnica ", password: PASSWORD });
      const [account] = await app.db.select().from(app.tables.user).where(eq(app.tables.user.id, accepted.userId));
      expect(account).toMatchObject({ email, name: "Nova Técnica", role: "staff", emailVerified: true });
      expect(await app.profiles.findProfile(accepted.userId)).toMatchObject({
        email,
        fullName: "Nova Técnica",
        deactivatedAt: null,
      });

      const visitor = app.visitor();
      expect((await signIn(visitor, email)).status).toBe(200);
      const user = await team.session.readSessionUser(requestWithCookie(visitor));
      expect(user).toMatchObject({ id: accepted.userId, role: "staff", name: "Nova Técnica" });

      // One use only.
      await expect(team.invites.acceptStaffInvite({ token, fullName: "Outra", password: PASSWORD })).rejects.toThrow(
        /já foi usado/,
      );
      expect(await team.invites.findStaffInvite(token)).toMatchObject({ status: "used" });
      expect((await team.members.listTeam(owner)).invites).toEqual([]);
      expect((await team.members.listTeam(owner)).members).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ userId: accepted.userId, name: "Nova Técnica", role: "staff", isActive: true }),
        ]),
      );

      const actions = (await auditOf(String(invite.inviteId))).map(({ action, actorUserId }) => ({ action, actorUserId }));
      expect(actions).toEqual([
        { action: "team.invite.create", actorUserId: owner.userId },
        { action: "team.invite.accept", actorUserId: accepted.userId },
      ]);
    });

    it("makes an owner of someone invited as owner", async () => {
      const owner = await createAccount("owner");
      const { userId, visitor } = await joinTeam(owner, "owner", "Sócia Nova");
      expect(await roleOf(userId)).toBe("owner");
      expect(await team.session.readSessionUser(requestWithCookie(visitor))).toMatchObject({ role: "owner" });
    });

    it("keeps a link valid for 7 days, and no longer", async () => {
      const owner = await createAccount("owner");
      const email = uniqueEmail("atrasada");
      const before = Date.now();
      const { inviteId } = await team.invites.inviteTeamMember(owner, { email, role: "staff" });
      const token = await inviteToken(email);
      const [row] = await app.db.select().from(app.tables.staffInvites).where(eq(app.tables.staffInvites.id, inviteId));
      expect(row!.expiresAt.getTime() - before).toBeGreaterThanOrEqual(7 * DAY_MS - 1_000);
      expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);

      // Seven days later (the row moved back in time, as the clock cannot be).
      await app.db
        .update(app.tables.staffInvites)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(app.tables.staffInvites.id, inviteId));
      expect(await team.invites.findStaffInvite(token)).toMatchObject({ status: "expired" });
      await expect(team.invites.acceptStaffInvite({ token, fullName: "Atrasada", password: PASSWORD })).rejects.toThrow(
        /expirou/,
      );
      expect(await app.db.select().from(app.tables.user).where(eq(app.tables.user.email, email))).toHaveLength(0);
      expect((await team.members.listTeam(owner)).invites).toEqual([expect.objectContaining({ inviteId, isExpired: true })]);

      // Resent, the same invitation gets a fresh link and 7 more days; the old link stays dead.
      await team.invites.resendTeamInvite(owner, inviteId);
      const fresh = await inviteToken(email, 2);
      expect(fresh).not.toBe(token);
      expect(await team.invites.findStaffInvite(token)).toMatchObject({ status: "unknown" });
      expect(await team.invites.findStaffInvite(fresh)).toMatchObject({ status: "valid" });
      await team.invites.acceptStaffInvite({ token: fresh, fullName: "Pontual", password: PASSWORD });
      expect((await auditOf(String(inviteId))).map(({ action }) => action)).toEqual([
        "team.invite.create",
        "team.invite.resend",
        "team.invite.accept",
      ]);
    });

    it("revokes a pending invite: its link then says so and creates nothing", async () => {
      const owner = await createAccount("owner");
      const email = uniqueEmail("revogada");
      const { inviteId } = await team.invites.inviteTeamMember(owner, { email, role: "staff" });
      const token = await inviteToken(email);
      await team.invites.revokeTeamInvite(owner, inviteId);
      expect(await team.invites.findStaffInvite(token)).toMatchObject({ status: "revoked" });
      await expect(team.invites.acceptStaffInvite({ token, fullName: "X", password: PASSWORD })).rejects.toThrow(/cancelado/);
      expect(await app.db.select().from(app.tables.user).where(eq(app.tables.user.email, email))).toHaveLength(0);
      expect((await team.members.listTeam(owner)).invites.map((invite) => invite.inviteId)).not.toContain(inviteId);
      // Neither resent nor revoked twice.
      await expect(team.invites.resendTeamInvite(owner, inviteId)).rejects.toThrow(/não está mais pendente/);
      await expect(team.invites.revokeTeamInvite(owner, inviteId)).rejects.toThrow(/não está mais pendente/);
      await expect(team.invites.revokeTeamInvite(owner, 999_999)).rejects.toBeInstanceOf(team.errors.NotFoundError);
      expect((await auditOf(String(inviteId))).map(({ action }) => action)).toEqual(["team.invite.create", "team.invite.revoke"]);
      expect(await team.invites.findStaffInvite("nao-existe")).toMatchObject({ status: "unknown" });
      expect(await team.invites.findStaffInvite(null)).toMatchObject({ status: "unknown" });
    });

    it("refuses an invite for an e-mail that has an account or a pending invite, or with a bad role, and changes nothing", async () => {
      const owner = await createAccount("owner");
      const customer = await createAccount("customer");
      const staff = await createAccount("staff");
      const pendingEmail = uniqueEmail("pendente");
      await team.invites.inviteTeamMember(owner, { email: pendingEmail, role: "staff" });
      const before = await countInvites();

      const refusals: [unknown, RegExp][] = [
        [{ email: customer.label, role: "staff" }, /Já existe uma conta de cliente com este e-mail/],
        [{ email: staff.label, role: "owner" }, /já faz parte da equipe/],
        [{ email: pendingEmail.toUpperCase(), role: "staff" }, /Já há um convite pendente/],
        [{ email: "não é e-mail", role: "staff" }, /e-mail válido/],
        [{ email: uniqueEmail("x"), role: "customer" }, /Escolha a função/],
        [{ email: uniqueEmail("x"), role: "admin" }, /Escolha a função/],
        [{}, /e-mail/],
      ];
      for (const [input, message] of refusals) {
        await expect(team.invites.inviteTeamMember(owner, input)).rejects.toThrow(message);
      }
      expect(await countInvites()).toBe(before);
      expect(mailbox.mailsTo(customer.label)).toHaveLength(0);
      expect(await roleOf(customer.userId)).toBe("customer");
    });

    async function countInvites() {
      const rows = await app.db.select({ id: app.tables.staffInvites.id }).from(app.tables.staffInvites);
      return rows.length;
    }

    it("tells the owner to reactivate, not invite, someone deactivated", async () => {
      const owner = await createAccount("owner");
      const { email, userId } = await joinTeam(owner);
      await team.members.deactivateTeamMember(owner, userId);
      await expect(team.invites.inviteTeamMember(owner, { email, role: "staff" })).rejects.toThrow(/desativada: reative-a/);
    });

    it("refuses an invite whose e-mail got an account after it was sent", async () => {
      const owner = await createAccount("owner");
      const email = uniqueEmail("apressada");
      await team.invites.inviteTeamMember(owner, { email, role: "staff" });
      const token = await inviteToken(email);
      await app.db.insert(app.tables.user).values({ id: `conta-${++counter}`, name: "Cliente", email, role: "customer" });
      await expect(team.invites.acceptStaffInvite({ token, fullName: "Apressada", password: PASSWORD })).rejects.toThrow(
        /Já existe uma conta com este e-mail/,
      );
      const [account] = await app.db.select().from(app.tables.user).where(eq(app.tables.user.email, email));
      expect(account?.role).toBe("customer");
    });

    it("deactivating ends the person's sessions at once and refuses sign-in; their name stays; reactivating lets them in", async () => {
      const owner = await createAccount("owner");
      const { email, userId, visitor } = await joinTeam(owner, "staff", "Técnico Saindo");
      const second = app.visitor();
      expect((await signIn(second, email)).status).toBe(200);
      expect(await team.session.readSessionUser(requestWithCookie(visitor))).not.toBeNull();

      await team.members.deactivateTeamMember(owner, userId);

      // The next request of an open session finds nobody, on the app's pages and better-auth's alike.
      expect(await team.session.readSessionUser(requestWithCookie(visitor))).toBeNull();
      expect(await team.session.readSessionUser(requestWithCookie(second))).toBeNull();
      expect(await json(await visitor.get("/api/auth/get-session"))).toBeNull();
      expect(await app.db.select().from(app.tables.session).where(eq(app.tables.session.userId, userId))).toHaveLength(0);

      // The right password is refused with a clear message; a wrong one says only that it is wrong.
      const refused = await signIn(app.visitor(), email);
      expect(refused.status).toBe(403);
      const body = await json<ErrorBody>(refused);
      expect(body.code).toBe("ACCOUNT_DEACTIVATED");
      expect(body.message).toMatch(/^Esta conta foi desativada pelo proprietário da loja\./);
      expect(refused.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
      expect((await signIn(app.visitor(), email, "Errada#Senha2026")).status).toBe(401);

      // The name stays on past records: the account and its profile are kept.
      const [account] = await app.db.select().from(app.tables.user).where(eq(app.tables.user.id, userId));
      expect(account).toMatchObject({ name: "Técnico Saindo", role: "staff" });
      expect((await team.members.listTeam(owner)).members).toEqual(
        expect.arrayContaining([expect.objectContaining({ userId, name: "Técnico Saindo", isActive: false })]),
      );
      await expect(team.members.deactivateTeamMember(owner, userId)).rejects.toThrow(/já está desativada/);

      await team.members.reactivateTeamMember(owner, userId);
      const back = app.visitor();
      expect((await signIn(back, email)).status).toBe(200);
      expect(await team.session.readSessionUser(requestWithCookie(back))).toMatchObject({ id: userId, role: "staff" });
      await expect(team.members.reactivateTeamMember(owner, userId)).rejects.toThrow(/já está ativa/);

      expect((await auditOf(userId)).map(({ action, actorUserId }) => ({ action, actorUserId }))).toEqual([
        { action: "user.deactivate", actorUserId: owner.userId },
        { action: "user.reactivate", actorUserId: owner.userId },
      ]);
    });

    it("lets no session in for a deactivated account, even one created after the deactivation (a sign-in in flight)", async () => {
      const owner = await createAccount("owner");
      const { userId, visitor } = await joinTeam(owner);
      const token = visitor.cookie(SESSION_COOKIE) ?? "";
      const [row] = await app.db.select().from(app.tables.session).where(eq(app.tables.session.userId, userId));
      await team.members.deactivateTeamMember(owner, userId);
      // The session row as a sign-in that passed its checks just before the deactivation would write it.
      await app.db.insert(app.tables.session).values({ ...row!, updatedAt: new Date() });
      expect(await team.session.readSessionUser(requestWithCookie(visitor))).toBeNull();
      // …and the stray session is ended with it.
      expect(await app.db.select().from(app.tables.session).where(eq(app.tables.session.userId, userId))).toHaveLength(0);
      expect(token).toBeTruthy();
    });

    it("reads a page's session in one query as better-auth would: the cookie's signature, the expiry, the refresh", async () => {
      const owner = await createAccount("owner");
      const { userId, visitor } = await joinTeam(owner, "staff", "Técnica Sessão");
      const cookie = visitor.cookie(SESSION_COOKIE) ?? "";
      const sessionRow = async () =>
        (await app.db.select().from(app.tables.session).where(eq(app.tables.session.userId, userId)))[0];
      const withCookie = (value: string) =>
        new Request(`${process.env.PUBLIC_URL}/service-orders`, { headers: { cookie: `${SESSION_COOKIE}=${value}` } });
      expect(await team.session.readSessionUser(withCookie(cookie))).toMatchObject({ id: userId, role: "staff" });

      // The token without its signature, or with another one, is nobody (and ends nothing).
      const [token] = decodeURIComponent(cookie).split(".");
      expect(await team.session.readSessionUser(withCookie(token!))).toBeNull();
      const forged = `${token}.${"A".repeat(43)}=`;
      expect(await team.session.readSessionUser(withCookie(encodeURIComponent(forged)))).toBeNull();
      expect(await sessionRow()).toBeDefined();

      // A day after its last refresh (better-auth's updateAge), the read moves the expiry 30 days ahead again.
      const twentyDaysAhead = new Date(Date.now() + 20 * DAY_MS);
      await app.db.update(app.tables.session).set({ expiresAt: twentyDaysAhead }).where(eq(app.tables.session.userId, userId));
      expect(await team.session.readSessionUser(withCookie(cookie))).toMatchObject({ id: userId });
      expect((await sessionRow())!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);

      // A "Financeiro" grant holds from the next read on.
      await app.db.update(app.tables.profiles).set({ financeAccess: true }).where(eq(app.tables.profiles.userId, userId));
      expect(await team.session.readSessionUser(withCookie(cookie))).toMatchObject({ financeAccess: true });

      // Expired: nobody, and the session row goes.
      await app.db
        .update(app.tables.session)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(app.tables.session.userId, userId));
      expect(await team.session.readSessionUser(withCookie(cookie))).toBeNull();
      expect(await sessionRow()).toBeUndefined();
    });

    it("changes a member's role between staff and owner, audited", async () => {
      const owner = await createAccount("owner");
      const { userId, visitor } = await joinTeam(owner);
      await team.members.changeTeamMemberRole(owner, userId, { role: "owner" });
      expect(await roleOf(userId)).toBe("owner");
      // The open session follows at its next request.
      expect(await team.session.readSessionUser(requestWithCookie(visitor))).toMatchObject({ role: "owner" });
      await team.members.changeTeamMemberRole(owner, userId, { role: "staff" });
      expect(await roleOf(userId)).toBe("staff");

      await expect(team.members.changeTeamMemberRole(owner, userId, { role: "customer" })).rejects.toThrow(/Escolha a função/);
      await expect(team.members.changeTeamMemberRole(owner, userId, { role: "staff" })).rejects.toThrow(/já tem esta função/);
      const customer = await createAccount("customer");
      await expect(team.members.changeTeamMemberRole(owner, customer.userId, { role: "staff" })).rejects.toBeInstanceOf(
        team.errors.NotFoundError,
      );
      await expect(team.members.deactivateTeamMember(owner, customer.userId)).rejects.toBeInstanceOf(team.errors.NotFoundError);
      expect(await roleOf(customer.userId)).toBe("customer");

      expect((await auditOf(userId)).map(({ action, details }) => ({ action, details }))).toEqual([
        { action: "user.role.set", details: { from: "staff", to: "owner" } },
        { action: "user.role.set", details: { from: "owner", to: "staff" } },
      ]);
    });

    it("never leaves the shop without an active owner: not on the team page, not from the command line", async () => {
      await app.db.update(app.tables.user).set({ role: "staff" }).where(eq(app.tables.user.role, "owner"));
      const owner = await createAccount("owner", "Única Dona");
      const LAST_OWNER = /único proprietário ativo/;

      await expect(team.members.changeTeamMemberRole(owner, owner.userId, { role: "staff" })).rejects.toThrow(LAST_OWNER);
      await expect(team.members.deactivateTeamMember(owner, owner.userId)).rejects.toThrow(LAST_OWNER);
      await expect(app.userRoles.setUserRole(owner.label, "staff", "linha de comando")).rejects.toThrow(LAST_OWNER);
      await expect(app.userRoles.setUserRole(owner.label, "customer", "linha de comando")).rejects.toThrow(LAST_OWNER);
      const reply = await app.adminCommands.runAdminCommand({ command: "set-role", email: owner.label, role: "customer" });
      expect(reply).toMatchObject({ ok: false, message: expect.stringMatching(LAST_OWNER) });
      expect(await roleOf(owner.userId)).toBe("owner");
      expect(await auditOf(owner.userId)).toEqual([]);

      // A deactivated owner does not count.
      const { userId: partner, actor: partnerActor } = await joinTeam(owner, "owner", "Sócia");
      await team.members.deactivateTeamMember(owner, partner);
      await expect(app.userRoles.setUserRole(owner.label, "staff", "linha de comando")).rejects.toThrow(LAST_OWNER);

      // With another active owner, either may step down, and the command line may demote.
      await team.members.reactivateTeamMember(owner, partner);
      await team.members.changeTeamMemberRole(partnerActor, owner.userId, { role: "staff" });
      expect(await roleOf(owner.userId)).toBe("staff");
      await expect(app.userRoles.setUserRole(partnerActor.label, "staff", "linha de comando")).rejects.toThrow(LAST_OWNER);
      // Someone no longer an owner cannot act as one, whatever the session still says.
      await expect(team.members.changeTeamMemberRole(owner, partner, { role: "staff" })).rejects.toBeInstanceOf(
        team.errors.ForbiddenError,
      );
      expect(await roleOf(partner)).toBe("owner");
    });

    it("leaves one owner when two owners demote or deactivate each other at the same moment", async () => {
      for (const move of ["demote", "deactivate"] as const) {
        await app.db.update(app.tables.user).set({ role: "staff" }).where(eq(app.tables.user.role, "owner"));
        const first = await createAccount("owner", "Primeira");
        const second = await createAccount("owner", "Segunda");
        const act = (actor: Actor, target: string) =>
          move === "demote"
            ? team.members.changeTeamMemberRole(actor, target, { role: "staff" })
            : team.members.deactivateTeamMember(actor, target);

        const results = await raceEachOther(
          database,
          [first.userId, second.userId],
          () => act(first, second.userId),
          () => act(second, first.userId),
        );
        expect(
          results.filter((result) => result.status === "fulfilled"),
          move,
        ).toHaveLength(1);

        const owners = await app.db
          .select({ id: app.tables.user.id, deactivatedAt: app.tables.profiles.deactivatedAt })
          .from(app.tables.user)
          .innerJoin(app.tables.profiles, eq(app.tables.profiles.userId, app.tables.user.id))
          .where(and(eq(app.tables.user.role, "owner"), inArray(app.tables.user.id, [first.userId, second.userId])));
        expect(
          owners.filter((owner) => owner.deactivatedAt === null),
          move,
        ).toHaveLength(1);
      }
    });

    it("refuses staff every team action, and changes nothing", async () => {
      const owner = await createAccount("owner");
      const staff = await createAccount("staff");
      const other = await createAccount("staff");
      const { inviteId } = await team.invites.inviteTeamMember(owner, { email: uniqueEmail("alvo"), role: "staff" });
      const attempts: [string, () => Promise<unknown>][] = [
        ["listar", () => team.members.listTeam(staff)],
        ["convidar", () => team.invites.inviteTeamMember(staff, { email: uniqueEmail("intrusa"), role: "owner" })],
        ["reenviar", () => team.invites.resendTeamInvite(staff, inviteId)],
        ["cancelar", () => team.invites.revokeTeamInvite(staff, inviteId)],
        ["promover", () => team.members.changeTeamMemberRole(staff, staff.userId, { role: "owner" })],
        ["desativar", () => team.members.deactivateTeamMember(staff, other.userId)],
        ["reativar", () => team.members.reactivateTeamMember(staff, other.userId)],
      ];
      for (const [label, attempt] of attempts) {
        await expect(attempt(), label).rejects.toBeInstanceOf(team.errors.ForbiddenError);
      }
      const customer = { ...(await createAccount("customer")) };
      await expect(team.members.listTeam(customer)).rejects.toBeInstanceOf(team.errors.ForbiddenError);
      expect(await roleOf(staff.userId)).toBe("staff");
      expect(await auditOf(staff.userId)).toEqual([]);
      expect((await auditOf(String(inviteId))).map(({ action }) => action)).toEqual(["team.invite.create"]);
    });
  });
}
