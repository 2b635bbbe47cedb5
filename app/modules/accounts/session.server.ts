import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getDb } from "~/db/client.server";
import { profiles } from "~/db/schema/accounts";
import { session, user as userTable } from "~/db/schema/auth";
import { getAuth } from "./auth.server";
import { accountStanding, endSessions, standingOf, type AccountStanding } from "./deactivation.server";
import { personLabel } from "./person-name.server";
import { canSeeFinance, isStaffRole, roleOf, type Actor, type Role } from "./roles";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  /**
   * May open finance: the owner, or staff granted "Financeiro" (roles.ts
   * canSeeFinance). readSessionUser always sets it; missing means no.
   */
  financeAccess?: boolean;
};

/** The signed-in user of this request (or null), read once by the root middleware. */
export const sessionUserContext = createContext<SessionUser | null>(null);

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?balcao\.session_token=/;

export function hasSessionCookie(request: Request) {
  return hasSessionCookieHeader(request.headers.get("cookie"));
}

/** The same check on a raw Cookie header (the page cache reads Node's headers, skipping a Headers object). */
export function hasSessionCookieHeader(cookie: string | null | undefined) {
  return SESSION_COOKIE.test(cookie ?? "");
}

export async function readSessionUser(request: Request): Promise<SessionUser | null> {
  // Anonymous requests (the public site's bulk) never touch the database.
  if (!hasSessionCookie(request)) return null;
  const auth = await getAuth();
  const read = await readValidSession(request.headers.get("cookie") ?? "", await auth.$context);
  if (read !== "ask-better-auth") return read;
  const found = await auth.api.getSession({ headers: request.headers });
  if (!found) return null;
  return sessionUserOf(found.user);
}

/** The part of better-auth's context the session read needs (auth.$context). */
type SessionContext = {
  secret: string;
  sessionConfig: { expiresIn: number; updateAge: number };
  authCookies: { sessionToken: { name: string }; sessionData: { name: string }; dontRememberToken: { name: string } };
};

/** The first cookie of that name in a Cookie header, URL-decoded, as better-call reads it (undefined: absent or undecodable). */
function cookieValue(header: string, name: string) {
  for (const part of header.split(";")) {
    const equals = part.indexOf("=");
    if (equals < 0 || part.slice(0, equals).trim() !== name) continue;
    let value = part.slice(equals + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The session of the cookie in one query, for the common case of a page
 * (issue 26, "The staff shell": better-auth's getSession and the account's
 * standing were two queries and an async WebCrypto key import and HMAC on
 * every signed-in page, about a fifth of a light staff page's CPU).
 *
 * The same checks as better-auth's /get-session, on the same data, read now
 * (no cache: a deactivation, a deleted session or a role change holds from the
 * next request on, on every instance): the cookie's HMAC-SHA-256 signature
 * with better-auth's secret, the session row by its token, not expired, its
 * account, and the profile's standing. Whatever that path does more is left
 * to better-auth ("ask-better-auth"): a session due for its refresh (updateAge:
 * better-auth moves its expiry and writes it), an expired one (better-auth
 * deletes it), the "don't remember me" and cookie-cache cookies.
 */
export async function readValidSession(
  cookieHeader: string,
  context: SessionContext,
  now = Date.now(),
): Promise<SessionUser | null | "ask-better-auth"> {
  const { authCookies, secret, sessionConfig } = context;
  if (
    cookieValue(cookieHeader, authCookies.dontRememberToken.name) !== undefined ||
    cookieValue(cookieHeader, authCookies.sessionData.name) !== undefined
  )
    return "ask-better-auth";
  const signed = cookieValue(cookieHeader, authCookies.sessionToken.name);
  if (!signed) return null;
  // better-call's signed cookie: "<value>.<base64 HMAC-SHA-256 of the value>" (44 characters, ending in "=").
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;

  const db = await getDb();
  const [row] = await db
    .select({
      expiresAt: session.expiresAt,
      id: userTable.id,
      email: userTable.email,
      name: userTable.name,
      role: userTable.role,
      deactivatedAt: profiles.deactivatedAt,
      financeAccess: profiles.financeAccess,
    })
    .from(session)
    .innerJoin(userTable, eq(userTable.id, session.userId))
    .leftJoin(profiles, eq(profiles.userId, session.userId))
    .where(eq(session.token, token));
  if (!row) return null;
  const expiresAt = row.expiresAt.getTime();
  const isDueForRefresh = expiresAt - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= now;
  if (expiresAt < now || isDueForRefresh) return "ask-better-auth";
  return userInStanding(row, standingOf(row));
}

/**
 * The account behind a valid session as the request sees it: its role, and
 * its profile's standing read now (a deactivation or a "Financeiro" grant
 * changed on /equipe holds from the next request on).
 */
export async function sessionUserOf(account: {
  id: string;
  email: string;
  name: string;
  role?: string | null;
}): Promise<SessionUser | null> {
  return userInStanding(account, await accountStanding(account.id));
}

type Account = Parameters<typeof sessionUserOf>[0];

async function userInStanding(
  { id, email, name, role: storedRole }: Account,
  standing: AccountStanding,
): Promise<SessionUser | null> {
  // Deactivation deletes the person's sessions; this also shuts out one that slipped in
  // (a sign-in in flight at that moment) or any copy a session cookie cache could hold.
  if (standing.isDeactivated) {
    await endSessions(id);
    return null;
  }
  const role = roleOf(storedRole);
  return { id, email, name, role, financeAccess: canSeeFinance({ role, financeAccess: standing.financeAccess }) };
}

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(sessionUserContext, await readSessionUser(request));
};

/** Where to send a visitor so they come back here after signing in. */
export function signInRedirect(request: Request) {
  const url = new URL(request.url);
  const from = url.pathname.replace(/\.data$/, "") + url.search;
  return redirect(`/auth?from=${encodeURIComponent(from)}`);
}

export const requireUserMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  if (!context.get(sessionUserContext)) throw signInRedirect(request);
};

export const requireStaffMiddleware: MiddlewareFunction<Response> = ({ context }) => {
  const user = context.get(sessionUserContext);
  if (!user || !isStaffRole(user.role)) throw data({ reason: "staff-only" }, { status: 403 });
};

export const requireOwnerMiddleware: MiddlewareFunction<Response> = ({ context }) => {
  const user = context.get(sessionUserContext);
  if (user?.role !== "owner") throw data({ reason: "owner-only" }, { status: 403 });
};

/**
 * Finance pages (app/routes/_finance): the owner, or staff granted "Financeiro".
 * A layout guard, so every loader and action below it (pages and the CSV) is
 * refused before it runs.
 */
export const requireFinanceMiddleware: MiddlewareFunction<Response> = ({ context }) => {
  const user = context.get(sessionUserContext);
  if (!user || !isStaffRole(user.role)) throw data({ reason: "staff-only" }, { status: 403 });
  if (!canSeeFinance(user)) throw data({ reason: "finance-only" }, { status: 403 });
};

/** For loaders and actions below a guarded layout: the user the guard let through. */
export function currentUser(context: Readonly<RouterContextProvider>) {
  const user = context.get(sessionUserContext);
  if (!user) throw new Error("currentUser() used outside a signed-in route");
  return user;
}

/**
 * The signed-in user as the actor of a change (audit log, timelines). The
 * label is the name, as people know each other at the counter; lists show the
 * current name from the user id anyway (person-name.server.ts), the label
 * only when the account is gone.
 */
export function actorOf(user: SessionUser): Actor {
  return { userId: user.id, label: personLabel(user), role: user.role };
}
