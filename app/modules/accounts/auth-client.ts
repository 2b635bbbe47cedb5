import { authErrorMessage, NETWORK_ERROR_MESSAGE } from "./auth-errors";

/**
 * The browser side of sign-in, sign-up and the rest: plain JSON calls to
 * better-auth's endpoints (no client library), so its rate limiter and origin
 * checks apply and the page ships only these few lines.
 */
export type AuthResult = { ok: true } | { ok: false; message: string };

async function post(path: string, body: Record<string, unknown>): Promise<AuthResult> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: NETWORK_ERROR_MESSAGE };
  }
  if (response.ok) return { ok: true };
  const payload = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  return { ok: false, message: authErrorMessage(response.status, payload) };
}

/** Spec §7: the confirmation link leads back to the site. */
export const SIGN_UP_CALLBACK_URL = "/auth?verificado=1";

export function signIn(email: string, password: string) {
  return post("/sign-in/email", { email, password, callbackURL: SIGN_UP_CALLBACK_URL });
}

export function signUp(fullName: string, email: string, password: string) {
  return post("/sign-up/email", { name: fullName, email, password, callbackURL: SIGN_UP_CALLBACK_URL });
}

export function signOut() {
  return post("/sign-out", {});
}

/** Where the reset link in the e-mail leads. */
export const PASSWORD_RESET_REDIRECT = "/auth/nova-senha";

export function requestPasswordReset(email: string) {
  return post("/request-password-reset", { email, redirectTo: PASSWORD_RESET_REDIRECT });
}

export function resetPassword(token: string, newPassword: string) {
  return post("/reset-password", { token, newPassword });
}
