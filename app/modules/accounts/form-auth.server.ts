import { getAuth } from "./auth.server";
import { authErrorMessage } from "./auth-errors";
import type { AuthResult } from "./auth-client";

/**
 * One of better-auth's JSON endpoints, called for a plain HTML form post (a
 * tap on "Entrar" before the page's scripts have run, issue 10, 5.11). The
 * request goes through better-auth's own handler with the visitor's headers
 * (origin, cookies, the client IP the server set), so its origin check, rate
 * limits and our hooks (password policy, per-account sign-in limit) apply
 * exactly as to the browser's fetch. The session cookies it sets come back
 * for the page's redirect (sessionCookies).
 */
export async function callAuthEndpoint(
  request: Request,
  path: "/sign-in/email" | "/sign-up/email" | "/sign-out" | "/request-password-reset" | "/reset-password",
  body: Record<string, string>,
): Promise<AuthResult & { setCookies: string[] }> {
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  const auth = await getAuth();
  const response = await auth.handler(
    new Request(new URL(`/api/auth${path}`, request.url), { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const setCookies = response.headers.getSetCookie();
  if (response.ok) return { ok: true, setCookies };
  const payload = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  return { ok: false, message: authErrorMessage(response.status, payload), setCookies };
}

/** A redirect's headers carrying the cookies better-auth set (a new session, or the old one cleared). */
export function sessionCookies(setCookies: readonly string[]) {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("set-cookie", cookie);
  return headers;
}
