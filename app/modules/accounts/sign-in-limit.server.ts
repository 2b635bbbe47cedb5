import { APIError } from "better-auth/api";
import { getEnv } from "~/lib/env.server";
import { createRateLimit } from "~/lib/rate-limit";

/**
 * Failed sign-ins per account, whatever the address: the per-IP limit alone
 * lets someone with many addresses keep guessing one account's password.
 * Counted before the password is checked (so parallel guesses cannot all slip
 * through) and forgotten when the account signs in, so only failures add up.
 * In memory, like the app's other limits: a restart forgets it.
 */
export const ACCOUNT_SIGN_IN_LIMIT = { limit: 5, windowMs: 15 * 60_000 };

const attempts = createRateLimit(ACCOUNT_SIGN_IN_LIMIT);

/** better-auth looks e-mails up in lower case; count every spelling of one address together. */
function accountKey(email: unknown) {
  return typeof email === "string" ? email.trim().toLowerCase() : null;
}

function refusal(retryAfterMs: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new APIError(
    "TOO_MANY_REQUESTS",
    {
      code: "TOO_MANY_SIGN_IN_ATTEMPTS",
      message:
        `Muitas tentativas de entrar com este e-mail. Por segurança, tente de novo em ${minutes} ` +
        `${minutes === 1 ? "minuto" : "minutos"}. Se esqueceu a senha, use “Esqueci minha senha”.`,
    },
    { "X-Retry-After": String(Math.ceil(retryAfterMs / 1000)) },
  );
}

/** Before the sign-in: records the attempt, or refuses it when the account has had too many. */
export function countSignInAttempt(email: unknown) {
  const key = accountKey(email);
  if (key === null || getEnv().RATE_LIMIT !== "on") return;
  if (attempts.isOverLimit(key)) throw refusal(attempts.retryAfterMs(key));
}

/** After a successful sign-in: the account's earlier failures no longer count. */
export function forgetSignInAttempts(email: unknown) {
  const key = accountKey(email);
  if (key !== null) attempts.forget(key);
}
