import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "~/lib/client-ip";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";
import { startMailbox, type Mailbox } from "../support/mailbox";
import { json, type Visitor } from "../support/visitor";
import { loadApp, type TestApp } from "./app";
import { defineSharedLimitTests } from "./shared-limits-tests";

const SESSION_COOKIE = "balcao.session_token";
const PASSWORD = "Balcao@2024forte";
const NEW_PASSWORD = "Outra#Senha2025 com espaço";
const WEAK_MESSAGES = {
  tooShort: "A senha deve ter pelo menos 12 caracteres",
  missingClasses: "Senha deve conter maiúsculas, minúsculas, números e caracteres especiais",
};

type ErrorBody = { code?: string; message?: string };
type SessionBody = { session: { userId: string }; user: { id: string; email: string; name: string; role: string } } | null;

let emailCount = 0;
const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const uniqueEmail = (name: string) => `${name}.${++emailCount}.${Date.now().toString(36)}@cliente.example`;

function signIn(visitor: Visitor, email: string, password: string) {
  return visitor.post("/api/auth/sign-in/email", { email, password, callbackURL: "/auth?verificado=1" });
}

function signUp(visitor: Visitor, name: string, email: string, password: string) {
  return visitor.post("/api/auth/sign-up/email", { name, email, password, callbackURL: "/auth?verificado=1" });
}

function visitorHasSession(response: Response) {
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

async function getSession(visitor: Visitor) {
  const response = await visitor.get("/api/auth/get-session");
  expect(response.status).toBe(200);
  return json<SessionBody>(response);
}

/**
 * Sign-up, e-mail verification, sessions, password reset, roles, owner setup
 * and rate limiting against the real better-auth handler, a real database and
 * a real SMTP listener. Each *.test.ts file runs it for one database.
 */
export function defineAccountsSuite(database: TestDatabase) {
  describeOnDatabase(database, "contas", () => {
    let app: TestApp;
    let mailbox: Mailbox;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      mailbox = await startMailbox();
      process.env.SMTP_URL = mailbox.url;
      process.env.RATE_LIMIT = "on";
      dropDatabase = await openTestDatabase(database);
      app = await loadApp();
      expect(app.databaseKind).toBe(database);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
      await mailbox?.close();
    });

    async function findUser(email: string) {
      const [row] = await app.db.select().from(app.tables.user).where(eq(app.tables.user.email, email));
      return row;
    }

    /** The verification link of the `count`-th message to `email`. */
    async function verificationLink(email: string, count = 1) {
      const mail = await mailbox.waitForMail(email, count);
      expect(mail.subject).toMatch(/^Confirme seu e-mail — /);
      const link = mail.links.find((url) => url.startsWith(`${process.env.PUBLIC_URL}/api/auth/verify-email?token=`));
      if (!link) throw new Error(`sem link de verificação em: ${mail.body}`);
      return link;
    }

    async function createVerifiedAccount(name = "Cliente de Teste") {
      const email = uniqueEmail("cliente");
      const visitor = app.visitor();
      expect((await signUp(visitor, name, email, PASSWORD)).status).toBe(200);
      expect((await visitor.get(await verificationLink(email))).status).toBe(302);
      const account = await findUser(email);
      if (!account) throw new Error("a conta não foi criada");
      return { email, userId: account.id, visitor };
    }

    it("refuses a weak password at sign-up in Portuguese and writes nothing", async () => {
      const email = uniqueEmail("fraca");
      const visitor = app.visitor();

      const tooShort = await signUp(visitor, "Maria Fraca", email, "Ab1!curta");
      expect(tooShort.status).toBe(400);
      expect(await json<ErrorBody>(tooShort)).toMatchObject({ code: "WEAK_PASSWORD", message: WEAK_MESSAGES.tooShort });

      const missingClasses = await signUp(visitor, "Maria Fraca", email, "somente minusculas e espacos");
      expect(missingClasses.status).toBe(400);
      expect(await json<ErrorBody>(missingClasses)).toMatchObject({
        code: "WEAK_PASSWORD",
        message: WEAK_MESSAGES.missingClasses,
      });

      const noName = await signUp(visitor, "   ", email, PASSWORD);
      expect(noName.status).toBe(400);
      expect(await json<ErrorBody>(noName)).toMatchObject({ code: "INVALID_NAME" });

      expect(await findUser(email)).toBeUndefined();
      expect(await app.db.select().from(app.tables.profiles).where(eq(app.tables.profiles.email, email))).toHaveLength(0);
      expect(mailbox.mailsTo(email)).toHaveLength(0);
    });

    it("signs up, verifies the e-mail, signs in with a safe cookie, and signs out", async () => {
      const email = uniqueEmail("maria");
      const visitor = app.visitor();

      const created = await signUp(visitor, "  Maria da Silva ", email, PASSWORD);
      expect(created.status).toBe(200);
      expect(visitor.cookie(SESSION_COOKIE)).toBeUndefined();
      const firstLink = await verificationLink(email);

      const early = await signIn(visitor, email, PASSWORD);
      expect(early.status).toBe(403);
      expect(await json<ErrorBody>(early)).toMatchObject({ code: "EMAIL_NOT_VERIFIED" });
      expect(visitor.cookie(SESSION_COOKIE)).toBeUndefined();
      // Spec: signing in unverified sends a fresh link.
      await verificationLink(email, 2);

      const verified = await visitor.get(firstLink);
      expect(verified.status).toBe(302);
      expect(verified.headers.get("location")).toBe("/auth?verificado=1");
      expect((await findUser(email))?.emailVerified).toBe(true);

      const signedIn = await signIn(visitor, email, PASSWORD);
      expect(signedIn.status).toBe(200);
      const cookie = visitor.lastSetCookies().find(({ name }) => name === SESSION_COOKIE);
      expect(cookie?.value).toBeTruthy();
      expect(cookie?.attributes.has("httponly")).toBe(true);
      expect(cookie?.attributes.get("samesite")?.toLowerCase()).toBe("lax");
      expect(cookie?.attributes.get("path")).toBe("/");

      const account = await findUser(email);
      expect(account?.role).toBe("customer");
      const profile = await app.profiles.findProfile(account?.id ?? "");
      expect(profile).toMatchObject({ userId: account?.id, email, fullName: "Maria da Silva" });

      const session = await getSession(visitor);
      expect(session?.user).toMatchObject({ email, name: "  Maria da Silva ", role: "customer" });

      const signedOut = await visitor.post("/api/auth/sign-out", {});
      expect(signedOut.status).toBe(200);
      expect(visitor.cookie(SESSION_COOKIE)).toBeUndefined();
      expect(await getSession(visitor)).toBeNull();

      // The old cookie is worthless too: the session row is gone.
      visitor.useCookie(SESSION_COOKIE, cookie?.value ?? "");
      expect(await getSession(visitor)).toBeNull();
      expect(
        await app.db
          .select()
          .from(app.tables.session)
          .where(eq(app.tables.session.userId, account?.id ?? "")),
      ).toHaveLength(0);
    });

    it("re-creates a missing profile at the next sign-in", async () => {
      const { email, userId, visitor } = await createVerifiedAccount("João Perfil");
      await app.db.delete(app.tables.profiles).where(eq(app.tables.profiles.userId, userId));
      expect(await app.profiles.findProfile(userId)).toBeNull();

      expect((await signIn(visitor, email, PASSWORD)).status).toBe(200);
      expect(await app.profiles.findProfile(userId)).toMatchObject({ userId, email, fullName: "João Perfil" });
    });

    it("refuses requests from another origin and redirects outside the site", async () => {
      const { email, visitor } = await createVerifiedAccount();
      expect((await signIn(visitor, email, PASSWORD)).status).toBe(200);

      const foreign = await visitor.post("/api/auth/sign-out", {}, { origin: "https://golpe.example" });
      expect(foreign.status).toBe(403);
      expect(await json<ErrorBody>(foreign)).toMatchObject({ code: "INVALID_ORIGIN" });

      const missing = await visitor.post("/api/auth/sign-out", {}, { origin: null });
      expect(missing.status).toBe(403);
      expect(await json<ErrorBody>(missing)).toMatchObject({ code: "MISSING_OR_NULL_ORIGIN" });
      expect(await getSession(visitor)).not.toBeNull();

      const elsewhere = await app.visitor().post("/api/auth/sign-in/email", {
        email,
        password: PASSWORD,
        callbackURL: "https://golpe.example/roubar",
      });
      expect(elsewhere.status).toBe(403);
    });

    /** Return addresses a browser would follow off the site, once the URL parser or a Location header has its way. */
    const HOSTILE_RETURN_ADDRESSES = [
      "/.//evil.example/entrar",
      "/..//evil.example",
      "/a/..//evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/%2F/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
    ];

    it.each(HOSTILE_RETURN_ADDRESSES)("never redirects to %j, whatever field or endpoint carries it", async (target) => {
      const encoded = encodeURIComponent(target);
      for (const path of [
        `/api/auth/verify-email?token=x&callbackURL=${encoded}`,
        `/api/auth/reset-password/x?callbackURL=${encoded}`,
      ]) {
        const response = await app.visitor().get(path);
        // 403 when the library's own check saw it first (a full URL, "//"), 400 when ours did.
        expect([400, 403], path).toContain(response.status);
        expect(response.headers.get("location"), path).toBeNull();
      }
      const email = uniqueEmail("retorno");
      const bodies: [string, Record<string, string>][] = [
        ["/api/auth/sign-up/email", { name: "Cliente", email, password: PASSWORD, callbackURL: target }],
        ["/api/auth/sign-in/email", { email, password: PASSWORD, callbackURL: target }],
        ["/api/auth/sign-in/email", { email, password: PASSWORD, callbackURL: "/", errorCallbackURL: target }],
        ["/api/auth/sign-in/email", { email, password: PASSWORD, callbackURL: "/", newUserCallbackURL: target }],
        ["/api/auth/request-password-reset", { email, redirectTo: target }],
        ["/api/auth/send-verification-email", { email, callbackURL: target }],
      ];
      for (const [path, body] of bodies) {
        const asJson = await app.visitor().post(path, body);
        expect([400, 403], path).toContain(asJson.status);
        const asForm = await app.auth.handler(
          new Request(new URL(path, process.env.PUBLIC_URL), {
            method: "POST",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              origin: process.env.PUBLIC_URL ?? "",
              [CLIENT_IP_HEADER]: app.visitor().ip,
            },
            body: new URLSearchParams(body),
          }),
        );
        // Endpoints that take no form answer 415 (Unsupported Media Type): refused all the same.
        expect([400, 403, 415], `${path} (form)`).toContain(asForm.status);
      }
      expect(await findUser(email)).toBeUndefined();
    });

    it("still returns to the site's own pages after e-mail confirmation", async () => {
      const response = await app
        .visitor()
        .get(`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent("/auth?verificado=1")}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/auth\?verificado=1&error=/);
    });

    it("holds update-user to sign-up's rules for a name, and refuses NUL anywhere", async () => {
      const { email, userId, visitor } = await createVerifiedAccount("Nome Certo");
      expect((await signIn(visitor, email, PASSWORD)).status).toBe(200);
      for (const name of ["", "   ", "x".repeat(121), "x".repeat(500_000), "Nome\u0000Nulo", 42]) {
        const response = await visitor.post("/api/auth/update-user", { name });
        expect(response.status, JSON.stringify(name).slice(0, 20)).toBe(400);
      }
      expect((await visitor.post("/api/auth/update-user", { image: "https://evil.example/".padEnd(10_000, "x") })).status).toBe(
        400,
      );
      const nulSignIn = await app.visitor().post("/api/auth/sign-in/email", { email: "a\u0000@b.example", password: PASSWORD });
      expect(nulSignIn.status).toBe(400);
      expect(await json<ErrorBody>(nulSignIn)).toMatchObject({ code: "INVALID_CHARACTER" });
      const [row] = await app.db.select().from(app.tables.user).where(eq(app.tables.user.id, userId));
      expect(row?.name).toBe("Nome Certo");
      expect(row?.image ?? null).toBeNull();

      expect((await visitor.post("/api/auth/update-user", { name: "  Nome Novo  " })).status).toBe(200);
    });

    it("resets a forgotten password through the e-mailed link", async () => {
      const { email, visitor } = await createVerifiedAccount();
      expect((await signIn(visitor, email, PASSWORD)).status).toBe(200);

      const requested = await app.visitor().post("/api/auth/request-password-reset", { email, redirectTo: "/auth/nova-senha" });
      expect(requested.status).toBe(200);
      const mail = await mailbox.waitForMail(email, 2);
      expect(mail.subject).toMatch(/^Redefinição de senha — /);
      const link = mail.links.find((url) => url.startsWith(`${process.env.PUBLIC_URL}/api/auth/reset-password/`));
      if (!link) throw new Error(`sem link de redefinição em: ${mail.body}`);

      const opened = await app.visitor().get(link);
      expect(opened.status).toBe(302);
      const target = new URL(opened.headers.get("location") ?? "", process.env.PUBLIC_URL);
      expect(target.pathname).toBe("/auth/nova-senha");
      const token = target.searchParams.get("token");
      expect(token).toBeTruthy();

      const resetter = app.visitor();
      const weak = await resetter.post("/api/auth/reset-password", { token, newPassword: "curta1!A" });
      expect(weak.status).toBe(400);
      expect(await json<ErrorBody>(weak)).toMatchObject({ code: "WEAK_PASSWORD", message: WEAK_MESSAGES.tooShort });
      const noClasses = await resetter.post("/api/auth/reset-password", { token, newPassword: "sem maiusculas 123" });
      expect(await json<ErrorBody>(noClasses)).toMatchObject({ message: WEAK_MESSAGES.missingClasses });

      expect((await resetter.post("/api/auth/reset-password", { token, newPassword: NEW_PASSWORD })).status).toBe(200);
      // Sessions opened with the old password end with it.
      expect(await getSession(visitor)).toBeNull();

      const old = await signIn(app.visitor(), email, PASSWORD);
      expect(old.status).toBe(401);
      expect(await json<ErrorBody>(old)).toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD" });
      expect((await signIn(app.visitor(), email, NEW_PASSWORD)).status).toBe(200);

      const reused = await resetter.post("/api/auth/reset-password", { token, newPassword: "Mais#Uma2025senha" });
      expect(reused.status).toBe(400);
      expect(await json<ErrorBody>(reused)).toMatchObject({ code: "INVALID_TOKEN" });
    });

    /** Asks for a reset link for `email` (the `count`-th message to it) and returns the token the link leads to. */
    async function requestResetToken(email: string, count: number) {
      const requested = await app.visitor().post("/api/auth/request-password-reset", { email, redirectTo: "/auth/nova-senha" });
      expect(requested.status).toBe(200);
      const mail = await mailbox.waitForMail(email, count);
      const link = mail.links.find((url) => url.startsWith(`${process.env.PUBLIC_URL}/api/auth/reset-password/`));
      if (!link) throw new Error(`sem link de redefinição em: ${mail.body}`);
      const opened = await app.visitor().get(link);
      expect(opened.status).toBe(302);
      const token = new URL(opened.headers.get("location") ?? "", process.env.PUBLIC_URL).searchParams.get("token");
      if (!token) throw new Error("o link de redefinição não levou a um token");
      return token;
    }

    it("ends every outstanding reset link of the account once one of them is used", async () => {
      const { email, userId } = await createVerifiedAccount();
      const other = await createVerifiedAccount();
      // Mail 1 to each was the verification link.
      const first = await requestResetToken(email, 2);
      const second = await requestResetToken(email, 3);
      const othersToken = await requestResetToken(other.email, 2);

      expect((await app.visitor().post("/api/auth/reset-password", { token: second, newPassword: NEW_PASSWORD })).status).toBe(
        200,
      );

      const stale = await app.visitor().post("/api/auth/reset-password", { token: first, newPassword: "Mais#Uma2025senha" });
      expect(stale.status).toBe(400);
      expect(await json<ErrorBody>(stale)).toMatchObject({ code: "INVALID_TOKEN" });
      expect((await signIn(app.visitor(), email, NEW_PASSWORD)).status).toBe(200);
      // The link in the older e-mail now leads to the "invalid link" message too.
      const staleLink = (await mailbox.waitForMail(email, 2)).links.find((url) => url.includes("/api/auth/reset-password/"));
      const openedStale = await app.visitor().get(staleLink ?? "");
      expect(new URL(openedStale.headers.get("location") ?? "", process.env.PUBLIC_URL).searchParams.get("error")).toBe(
        "INVALID_TOKEN",
      );
      const leftovers = await app.db
        .select()
        .from(app.tables.verification)
        .where(and(like(app.tables.verification.identifier, "reset-password:%"), eq(app.tables.verification.value, userId)));
      expect(leftovers).toHaveLength(0);

      // Another account's link is not touched.
      expect(
        (await app.visitor().post("/api/auth/reset-password", { token: othersToken, newPassword: NEW_PASSWORD })).status,
      ).toBe(200);
    });

    it("lets a reset link used twice at the same instant work once", async () => {
      const { email, userId } = await createVerifiedAccount();
      const token = await requestResetToken(email, 2);
      const passwords = ["Primeira#Senha2025", "Segunda#Senha2025"];
      const answers = await Promise.all(
        passwords.map((newPassword) => app.visitor().post("/api/auth/reset-password", { token, newPassword })),
      );
      expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 400]);
      const winner = passwords[answers.findIndex((answer) => answer.status === 200)] ?? "";
      const loser = passwords.find((password) => password !== winner) ?? "";
      expect((await signIn(app.visitor(), email, winner)).status).toBe(200);
      expect((await signIn(app.visitor(), email, loser)).status).toBe(401);
      const leftovers = await app.db
        .select()
        .from(app.tables.verification)
        .where(and(like(app.tables.verification.identifier, "reset-password:%"), eq(app.tables.verification.value, userId)));
      expect(leftovers).toHaveLength(0);
    });

    it("refuses a deactivated account's session on better-auth's own endpoints too", async () => {
      const { email, userId, visitor } = await createVerifiedAccount("Conta Desativada");
      expect((await signIn(visitor, email, PASSWORD)).status).toBe(200);
      expect((await getSession(visitor))?.user.id).toBe(userId);
      // A session that outlived the deactivation (a sign-in in flight when the owner deactivated the account):
      // the profile says deactivated, the session row is still there.
      await app.db.update(app.tables.profiles).set({ deactivatedAt: new Date() }).where(eq(app.tables.profiles.userId, userId));

      expect(await getSession(visitor)).toBeNull();
      const attempts = [
        visitor.post("/api/auth/update-user", { name: "Outro Nome" }),
        visitor.post("/api/auth/change-password", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }),
        visitor.get("/api/auth/list-sessions"),
        visitor.post("/api/auth/change-email", { newEmail: uniqueEmail("desativada"), callbackURL: "/" }),
      ];
      for (const response of await Promise.all(attempts)) expect(response.status, response.url).toBe(401);
      const [row] = await app.db.select().from(app.tables.user).where(eq(app.tables.user.id, userId));
      expect(row?.name).toBe("Conta Desativada");
      expect(row?.email).toBe(email);
      expect((await signIn(app.visitor(), email, NEW_PASSWORD)).status).toBe(401);
      // The session that slipped through is ended, not merely ignored.
      expect(await app.db.select().from(app.tables.session).where(eq(app.tables.session.userId, userId))).toHaveLength(0);
    });

    it("ends the outstanding reset links when the password is changed while signed in", async () => {
      const { email, visitor } = await createVerifiedAccount();
      const token = await requestResetToken(email, 2);
      expect((await signIn(visitor, email, PASSWORD)).status).toBe(200);

      const changed = await visitor.post("/api/auth/change-password", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(changed.status).toBe(200);

      const stale = await app.visitor().post("/api/auth/reset-password", { token, newPassword: "Mais#Uma2025senha" });
      expect(stale.status).toBe(400);
      expect(await json<ErrorBody>(stale)).toMatchObject({ code: "INVALID_TOKEN" });
      expect((await signIn(app.visitor(), email, NEW_PASSWORD)).status).toBe(200);
    });

    it("answers a reset request as fast for an unknown e-mail as for an account's", async () => {
      const { email: known } = await createVerifiedAccount();
      const rounds = 9;
      const durations = { known: [] as number[], unknown: [] as number[] };
      let address = 0;
      async function timeRequest(kind: "known" | "unknown") {
        const email = kind === "known" ? known : uniqueEmail("ninguem");
        // An address of its own per request: the per-IP limit would otherwise answer 429 after three.
        const visitor = app.visitor(`192.0.2.${++address}`);
        const started = performance.now();
        const response = await visitor.post("/api/auth/request-password-reset", { email, redirectTo: "/auth/nova-senha" });
        const elapsed = performance.now() - started;
        expect(response.status).toBe(200);
        return elapsed;
      }
      // Warm both paths up (first queries, first SMTP connection) before measuring.
      await timeRequest("known");
      await timeRequest("unknown");
      for (let round = 0; round < rounds; round++) {
        // Alternate who goes first, so whatever one request leaves running lands on both kinds alike.
        const order = round % 2 === 0 ? (["known", "unknown"] as const) : (["unknown", "known"] as const);
        for (const kind of order) durations[kind].push(await timeRequest(kind));
      }
      const ratio = median(durations.known) / median(durations.unknown);
      expect(ratio).toBeLessThan(1.5);
      expect(ratio).toBeGreaterThan(1 / 1.5);
      // Every request for the account did send its link (after the verification mail and the warm-up's).
      await mailbox.waitForMail(known, 2 + rounds);
    });

    it("answers sign-up and reset requests without waiting for the mail server", async () => {
      const { email } = await createVerifiedAccount();
      const fresh = uniqueEmail("paciente");
      // A mail server that takes its time: an answer that waited for it would tell an existing account apart.
      const release = mailbox.hold();
      try {
        expect((await signUp(app.visitor(), "Cliente Paciente", fresh, PASSWORD)).status).toBe(200);
        const requested = await app.visitor().post("/api/auth/request-password-reset", { email, redirectTo: "/auth/nova-senha" });
        expect(requested.status).toBe(200);
        expect(mailbox.mailsTo(fresh)).toHaveLength(0);
        expect(mailbox.mailsTo(email)).toHaveLength(1);
      } finally {
        release();
      }
      expect((await mailbox.waitForMail(fresh, 1)).subject).toMatch(/^Confirme seu e-mail — /);
      expect((await mailbox.waitForMail(email, 2)).subject).toMatch(/^Redefinição de senha — /);
    });

    it("makes new accounts customers and audits every role change", async () => {
      const { email, userId, visitor } = await createVerifiedAccount();
      expect((await findUser(email))?.role).toBe("customer");

      // Sign-up ignores a role sent by the visitor.
      const sneaky = uniqueEmail("esperto");
      await visitor.post("/api/auth/sign-up/email", { name: "Esperto", email: sneaky, password: PASSWORD, role: "owner" });
      expect((await findUser(sneaky))?.role ?? "customer").toBe("customer");

      const change = await app.userRoles.setUserRole(email.toUpperCase(), "staff", "teste de integração");
      expect(change).toEqual({ previousRole: "customer" });
      expect((await findUser(email))?.role).toBe("staff");

      const entries = await app.db
        .select()
        .from(app.tables.auditLog)
        .where(and(eq(app.tables.auditLog.entity, "user"), eq(app.tables.auditLog.entityId, userId)));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: "user.role.set",
        actorLabel: "teste de integração",
        details: { from: "customer", to: "staff" },
      });

      await expect(app.userRoles.setUserRole(uniqueEmail("ninguem"), "staff", "teste")).rejects.toThrow(/Nenhuma conta/);
    });

    it("runs the role command only with a known role and an existing account", async () => {
      const { email, userId } = await createVerifiedAccount();
      const auditRows = () => app.db.select().from(app.tables.auditLog).where(eq(app.tables.auditLog.entityId, userId));

      const badRole = await app.adminCommands.runAdminCommand({ command: "set-role", email, role: "admin" });
      expect(badRole).toEqual({ ok: false, message: "Função inválida: use owner, staff, customer." });
      expect((await findUser(email))?.role).toBe("customer");
      expect(await auditRows()).toHaveLength(0);

      const nobody = await app.adminCommands.runAdminCommand({
        command: "set-role",
        email: uniqueEmail("ninguem"),
        role: "staff",
      });
      expect(nobody.ok).toBe(false);

      const done = await app.adminCommands.runAdminCommand({ command: "set-role", email, role: "staff" });
      expect(done).toEqual({ ok: true, message: `${email}: customer → staff` });
      expect(await auditRows()).toHaveLength(1);
    });

    it("creates the owner once through a one-time setup token", async () => {
      const {
        createOwnerSetupToken,
        isOwnerSetupTokenValid,
        createOwner,
        completeOwnerSetup,
        OwnerSetupSchema,
        OwnerSetupError,
      } = app.ownerSetup;
      expect(await app.userRoles.hasOwner()).toBe(false);
      expect(await isOwnerSetupTokenValid(null)).toBe(false);

      const first = await createOwnerSetupToken();
      const token = await createOwnerSetupToken();
      if (!first || !token) throw new Error("sem proprietário, um token deveria ser criado");
      expect(await isOwnerSetupTokenValid(first)).toBe(false);
      expect(await isOwnerSetupTokenValid(token)).toBe(true);
      expect(await isOwnerSetupTokenValid(`${token}x`)).toBe(false);

      const weak = OwnerSetupSchema.safeParse({ token, fullName: "Dona Rosa", email: "rosa@loja.example", password: "fraca" });
      expect(weak.success).toBe(false);
      expect(weak.error?.issues.map((issue) => issue.message)).toContain(WEAK_MESSAGES.tooShort);

      const email = uniqueEmail("dona.rosa");
      const openDay = { closed: false, open: "09:00", close: "18:00" };
      const shop = {
        name: "Loja da Rosa",
        legalName: "Rosa Consertos ME",
        document: "529.982.247-25",
        address: "Rua das Flores, 10",
        city: "Santos",
        state: "SP",
        cep: "11010-000",
        whatsapp: "(13) 99876-5432",
        email: "loja@rosa.example",
        weeklyHours: [{ closed: true, open: "", close: "" }, openDay, openDay, openDay, openDay, openDay, openDay],
      };
      const input = OwnerSetupSchema.parse({
        token,
        fullName: " Dona Rosa ",
        email: email.toUpperCase(),
        password: PASSWORD,
        shop,
      });
      // Refused first (the e-mail of an existing account): nothing kept, the link still works.
      const existing = await createVerifiedAccount("Já Cliente");
      await expect(createOwner({ ...input, email: existing.email })).rejects.toBeInstanceOf(OwnerSetupError);
      expect(await isOwnerSetupTokenValid(token)).toBe(true);
      expect(await app.userRoles.hasOwner()).toBe(false);

      // Then the valid form, sent twice at once (a double click): one owner, both signed in, no error.
      const browserHeaders = new Headers({ origin: process.env.PUBLIC_URL ?? "", "sec-fetch-site": "same-origin" });
      const cookies = await Promise.all([completeOwnerSetup(input, browserHeaders), completeOwnerSetup(input, browserHeaders)]);
      for (const cookie of cookies) expect(cookie).toContain("balcao.session_token=");
      const owner = await findUser(email);
      expect(owner).toMatchObject({ email, role: "owner", emailVerified: true });
      if (!owner) throw new Error("o proprietário não foi criado");
      const owners = await app.db.select().from(app.tables.user).where(eq(app.tables.user.role, "owner"));
      expect(owners).toHaveLength(1);

      expect(await app.userRoles.hasOwner()).toBe(true);
      expect(await isOwnerSetupTokenValid(token)).toBe(false);
      expect(await createOwner(input)).toBeNull();
      await expect(createOwner({ ...input, email: uniqueEmail("outra") })).rejects.toBeInstanceOf(OwnerSetupError);
      expect(await createOwnerSetupToken()).toBeNull();
      expect(await app.profiles.findProfile(owner.id)).toMatchObject({ email, fullName: "Dona Rosa" });
      const [audit] = await app.db.select().from(app.tables.auditLog).where(eq(app.tables.auditLog.action, "owner.setup"));
      expect(audit).toMatchObject({ actorUserId: owner.id, entityId: owner.id });

      const visitor = app.visitor();
      expect((await signIn(visitor, email, PASSWORD)).status).toBe(200);
      expect((await getSession(visitor))?.user.role).toBe("owner");

      // A sign-in refused after the account is saved (here by the per-account limit) sends the owner to sign in, never fails.
      for (let attempt = 0; attempt < 6; attempt++) await signIn(app.visitor(), email, `${PASSWORD}errada`);
      expect(await completeOwnerSetup(input, browserHeaders)).toBeNull();
    });

    it("limits rapid sign-in attempts per client IP", async () => {
      const email = uniqueEmail("alvo");
      const attacker = app.visitor("203.0.113.7");
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await signIn(attacker, email, "Errada#123456")).status).toBe(401);
      }
      const blocked = await signIn(attacker, email, "Errada#123456");
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("x-retry-after"))).toBeGreaterThan(0);

      expect((await signIn(app.visitor("203.0.113.8"), uniqueEmail("outro.alvo"), "Errada#123456")).status).toBe(401);
    });

    it("limits failed sign-ins per account, whatever the address, with a message in Portuguese", async () => {
      const { email } = await createVerifiedAccount();
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await signIn(app.visitor(), email, "Errada#123456")).status, `tentativa ${attempt}`).toBe(401);
      }
      // A sixth attempt from yet another address is refused, even with the right password.
      const blocked = await signIn(app.visitor(), email, PASSWORD);
      expect(blocked.status).toBe(429);
      const body = await json<ErrorBody>(blocked);
      expect(body.code).toBe("TOO_MANY_SIGN_IN_ATTEMPTS");
      expect(body.message).toMatch(/^Muitas tentativas de entrar com este e-mail\. Por segurança, tente de novo em 15 minutos\./);
      expect(Number(blocked.headers.get("x-retry-after"))).toBeGreaterThan(14 * 60);
      expect(visitorHasSession(blocked)).toBe(false);
      // However the address is typed.
      expect((await signIn(app.visitor(), email.toUpperCase(), PASSWORD)).status).toBe(429);
      // Another account is not affected.
      const other = await createVerifiedAccount();
      expect((await signIn(app.visitor(), other.email, PASSWORD)).status).toBe(200);
    });

    it("audits every sign-in and every refused one, never with the password", async () => {
      const { email } = await createVerifiedAccount();
      const account = await findUser(email);
      const entriesFor = (label: string) =>
        app.db
          .select()
          .from(app.tables.auditLog)
          .where(eq(app.tables.auditLog.actorLabel, label))
          .orderBy(app.tables.auditLog.id);

      expect((await signIn(app.visitor(), email.toUpperCase(), "Errada#123456")).status).toBe(401);
      expect((await signIn(app.visitor(), email, PASSWORD)).status).toBe(200);

      const entries = await entriesFor(email);
      expect(entries.map((entry) => [entry.action, entry.actorUserId])).toEqual([
        ["auth.sign-in.failed", null],
        ["auth.sign-in", account?.id],
      ]);
      expect(entries[0]?.details).toEqual({ reason: "INVALID_EMAIL_OR_PASSWORD" });
      expect(JSON.stringify(entries)).not.toContain("Errada#123456");
      expect(JSON.stringify(entries)).not.toContain(PASSWORD);
    });

    it("forgets an account's failed sign-ins once it signs in", async () => {
      const { email } = await createVerifiedAccount();
      for (let round = 1; round <= 2; round++) {
        for (let attempt = 1; attempt <= 4; attempt++) {
          expect((await signIn(app.visitor(), email, "Errada#123456")).status, `rodada ${round}, tentativa ${attempt}`).toBe(401);
        }
        expect((await signIn(app.visitor(), email, PASSWORD)).status, `rodada ${round}`).toBe(200);
      }
    });

    it("counts an IPv6 client's sign-in attempts by its /64, whatever address it picks in it", async () => {
      for (let attempt = 1; attempt <= 5; attempt++) {
        const visitor = app.visitor(`2001:db8:4:1::${attempt.toString(16)}`);
        expect((await signIn(visitor, uniqueEmail("alvo6"), "Errada#123456")).status).toBe(401);
      }
      expect((await signIn(app.visitor("2001:db8:4:1:ffff::1"), uniqueEmail("alvo6"), "Errada#123456")).status).toBe(429);
      expect((await signIn(app.visitor("2001:db8:4:2::1"), uniqueEmail("alvo6"), "Errada#123456")).status).toBe(401);
    });

    // Last: it re-imports the limit modules (vi.resetModules), as a second instance holds them.
    defineSharedLimitTests(() => app);
  });
}
