import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { getDb, schema, type Database } from "~/db/client.server";
import { runAfterAnswer } from "~/lib/background-tasks.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip";
import { getEnv } from "~/lib/env.server";
import { keyedHash, keyedIpHash } from "~/lib/ip-hash.server";
import { logger } from "~/lib/logger.server";
import { consumeSharedLimit } from "~/lib/shared-rate-limit.server";
import { readOrCreateSecret } from "~/lib/secrets.server";
import { singleton } from "~/lib/singleton.server";
import { sendPasswordResetEmail, sendVerificationEmail } from "./account-emails.server";
import { startAnswerClock, waitForAnswerFloor } from "./answer-floor.server";
import { endSessionsOfDeactivatedCookie, refuseSessionOfDeactivatedAccount } from "./deactivation.server";
import { recordPasswordChange, recordSignInOutcome } from "./sign-in-audit.server";
import { countSignInAttempt, forgetSignInAttempts } from "./sign-in-limit.server";
import { endPasswordResetLinks } from "./password-resets.server";
import { authInputProblem, personNameProblem } from "./auth-input";
import { passwordProblem, PASSWORD_MIN_LENGTH } from "./password-policy";
import { ensureProfile, ensureProfileForUser } from "./profiles.server";

/** better-auth's paths whose body carries a new password, and the field holding it. */
const PASSWORD_FIELDS: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

/**
 * Account e-mails are sent after the answer (backgroundTasks below), so a
 * failure can only be logged; better-auth's own log line would drop the cause.
 */
async function sendAccountEmail(kind: string, send: () => Promise<void>) {
  try {
    await send();
  } catch (err) {
    logger.error({ err, kind }, "e-mail de conta não enviado");
  }
}

/**
 * readSessionUser's call (session.server.ts): auth.api.getSession from a page's middleware, which has no Request
 * (a call over HTTP, /api/auth/get-session, has one). That caller reads the account's standing itself.
 */
function isPagesSessionRead(path: string | undefined, request: Request | undefined) {
  return path === "/get-session" && request === undefined;
}

/**
 * better-auth logs some refusals of a client's request at error level, with
 * what the client sent ("Invalid callbackURL: <whatever was posted>"): anyone
 * could fill the operator's errors with lines of their choosing, and an
 * e-mail typed as a return address landed in the log. Those are the
 * client's mistakes, answered with a 4xx: a warning, without the value.
 */
const CLIENT_REFUSALS: [RegExp, string][] = [
  [
    /^Invalid (callbackURL|redirectURL|newUserCallbackURL|errorCallbackURL|origin)\b/,
    "endereço de retorno ou origem recusado ($1)",
  ],
  [/^Provider not found\b/, "provedor de login desconhecido pedido"],
  [/^(State not found|Failed to parse state)\b/, "retorno de login social sem estado válido"],
  [/^Blocked cross-site navigation login attempt\b/, "login vindo de outro site recusado"],
];

function clientRefusalMessage(message: string) {
  for (const [pattern, text] of CLIENT_REFUSALS) {
    const match = pattern.exec(message);
    if (match) return `better-auth recusou o pedido: ${text.replace("$1", match[1] ?? "")}`;
  }
  return null;
}

function refuseInvalidName(user: { name?: unknown }) {
  if (!Object.hasOwn(user, "name")) return;
  const problem = personNameProblem(user.name);
  if (problem) throw new APIError("BAD_REQUEST", problem);
}

function createAuth(db: Database) {
  const env = getEnv();
  const isHttps = env.PUBLIC_URL.startsWith("https://");
  return betterAuth({
    appName: "Balcão",
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: env.BETTER_AUTH_SECRET ?? readOrCreateSecret("auth-secret"),
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      // Only the message: better-auth's extra arguments may carry request data.
      log: (level, message) => {
        const refusal = clientRefusalMessage(message);
        if (refusal) logger.warn({ source: "better-auth" }, refusal);
        else logger[level]({ source: "better-auth" }, message);
      },
    },
    onAPIError: {
      // Without this better-auth prints every refused request (wrong password,
      // weak password, bad origin) with console.error, bypassing the logger above.
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500) return;
        logger.error({ source: "better-auth", err: error }, "erro no better-auth");
      },
    },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "customer", input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      // Our policy (checked in the hook below) sets the real ceiling; this only stops abuse.
      maxPasswordLength: 1024,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) =>
        sendAccountEmail("redefinição de senha", () => sendPasswordResetEmail(user.email, url)),
      onPasswordReset: async ({ user }) => {
        await endPasswordResetLinks(user.id);
        await recordPasswordChange(user, "reset");
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) =>
        sendAccountEmail("confirmação de e-mail", () => sendVerificationEmail(user.email, url)),
    },
    rateLimit: {
      enabled: env.RATE_LIMIT === "on",
      // The database's rate_limit table, shared by every instance, keyed by a keyed hash of better-auth's key
      // (the client's address and the path): no address is stored in clear (lib/ip-hash.server.ts).
      customStorage: { consume: (key, rule) => consumeSharedLimit(`auth:${keyedHash(key)}`, rule) },
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/sign-up/email": { window: 60, max: 3 },
        "/request-password-reset": { window: 300, max: 3 },
        "/reset-password": { window: 300, max: 5 },
        "/send-verification-email": { window: 300, max: 3 },
      },
    },
    advanced: {
      cookiePrefix: "balcao",
      useSecureCookies: isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: isHttps },
      // One home or phone line gets a whole IPv6 /64: count it as one client, as lib/rate-limit.ts does.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 64 },
      // better-auth skips its origin and CSRF checks when NODE_ENV=test unless told otherwise.
      disableOriginCheck: false,
      // E-mails go out after the answer: awaiting the SMTP exchange made "Esqueci minha senha"
      // answer many times slower for an existing account than for an unknown e-mail (and a
      // failing SMTP server answered 500 only for existing accounts). See also answer-floor.server.ts.
      backgroundTasks: { handler: runAfterAnswer },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        startAnswerClock(ctx.path, ctx.request);
        // A deactivated account's session is refused here too, not only on the app's pages (session.server.ts).
        // The pages' own read of the session (readSessionUser: auth.api.getSession, with no request) checks the
        // account's standing itself right after, in the read it needs anyway: the same query here was a second
        // one on every signed-in page.
        if (!isPagesSessionRead(ctx.path, ctx.request)) await endSessionsOfDeactivatedCookie(ctx.headers?.get("cookie"));
        const inputProblem = authInputProblem(ctx.path, ctx.query, ctx.body);
        if (inputProblem) throw new APIError("BAD_REQUEST", inputProblem);
        if (ctx.path === "/sign-in/email") await countSignInAttempt(ctx.body?.email);
        const field = PASSWORD_FIELDS[ctx.path];
        if (!field) return;
        const password: unknown = ctx.body?.[field];
        const problem = typeof password === "string" ? passwordProblem(password) : "Informe a senha.";
        if (problem) throw new APIError("BAD_REQUEST", { code: "WEAK_PASSWORD", message: problem });
      }),
      after: createAuthMiddleware(async (ctx) => {
        await waitForAnswerFloor(ctx.path, ctx.request);
        if (ctx.path === "/sign-in/email") {
          if (!isAPIError(ctx.context.returned)) await forgetSignInAttempts(ctx.body?.email);
          await recordSignInOutcome(ctx.context.returned, ctx.body?.email);
        }
        // A password changed while signed in ends the reset links too (a reset does it in onPasswordReset).
        if (ctx.path !== "/change-password") return;
        const returned: unknown = ctx.context.returned;
        if (isAPIError(returned) || !returned || typeof returned !== "object" || !("user" in returned)) return;
        const { user } = returned as { user: { id: string; email: string } };
        await endPasswordResetLinks(user.id);
        await recordPasswordChange(user, "change");
      }),
    },
    databaseHooks: {
      user: {
        // Whatever path writes an account (sign-up, update-user, one added later), the name keeps sign-up's rule.
        create: {
          before: async (user) => refuseInvalidName(user),
          after: async (user) => ensureProfile({ userId: user.id, email: user.email, fullName: user.name }),
        },
        update: { before: async (user) => refuseInvalidName(user) },
      },
      session: {
        create: {
          // Whatever creates the session (sign-in, or any later path), a deactivated person gets none.
          // The address is kept for security only, as a keyed hash (lib/ip-hash.server.ts), never in clear.
          before: async (session) => {
            await refuseSessionOfDeactivatedAccount(session.userId);
            return { data: { ...session, ipAddress: session.ipAddress ? keyedIpHash(session.ipAddress) : null } };
          },
          // Spec §4: on sign-in the profile row is looked up and created when missing.
          after: async (session) => ensureProfileForUser(session.userId),
        },
        // Whatever path rewrites a session's address later, it stays a keyed hash.
        update: {
          before: async (session) => {
            const ip = session.ipAddress;
            if (typeof ip !== "string" || ip.startsWith("h:")) return;
            return { data: { ...session, ipAddress: keyedIpHash(ip) } };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export function getAuth(): Promise<Auth> {
  return singleton("auth", async () => createAuth(await getDb()));
}
