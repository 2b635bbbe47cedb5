import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getAuth } from "./auth.server";
import { endSessions, isAccountDeactivated } from "./deactivation.server";
import { personLabel } from "./person-name.server";
import { isStaffRole, roleOf, type Actor, type Role } from "./roles";

export type SessionUser = { id: string; email: string; name: string; role: Role };

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
  const { id, email, name, role } = session.user;
  // Deactivation deletes the person's sessions; this also shuts out one that slipped in
  // (a sign-in in flight at that moment) or any copy a session cookie cache could hold.
  if (await isAccountDeactivated(id)) {
    await endSessions(id);
    return null;
  }
  return { id, email, name, role: roleOf(role) };
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
