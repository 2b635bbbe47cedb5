import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getAuth } from "./auth.server";
import { accountStanding, endSessions } from "./deactivation.server";
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
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  return sessionUserOf(session.user);
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
  const { id, email, name } = account;
  // Deactivation deletes the person's sessions; this also shuts out one that slipped in
  // (a sign-in in flight at that moment) or any copy a session cookie cache could hold.
  const standing = await accountStanding(id);
  if (standing.isDeactivated) {
    await endSessions(id);
    return null;
  }
  const role = roleOf(account.role);
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
