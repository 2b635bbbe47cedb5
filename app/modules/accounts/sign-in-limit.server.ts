import { APIError } from "better-auth/api";
import { getEnv } from "~/lib/env.server";
import { keyedHash } from "~/lib/ip-hash.server";
import { consumeSharedLimit, forgetSharedLimit } from "~/lib/shared-rate-limit.server";

/**
 * Failed sign-ins per account, whatever the address: the per-IP limit alone
 * lets someone with many addresses keep guessing one account's password.
 * Counted before the password is checked (so parallel guesses cannot all slip
 * through) and forgotten when the account signs in, so only failures add up.
 * Counted in the database's `rate_limit` table (lib/shared-rate-limit.server.ts),
 * so every instance on the database shares the count and a restart forgets
 * nothing; the key is a keyed hash of the e-mail, never the e-mail itself.
 */
export const ACCOUNT_SIGN_IN_LIMIT = { limit: 5, windowMs: 15 * 60_000 };

const RULE = { max: ACCOUNT_SIGN_IN_LIMIT.limit, window: ACCOUNT_SIGN_IN_LIMIT.windowMs / 1000 };

/** better-auth looks e-mails up in lower case; count every spelling of one address together. */
function accountKey(email: unknown) {
  return typeof email === "string" ? `conta:${keyedHash(email.trim().toLowerCase())}` : null;
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
export async function countSignInAttempt(email: unknown) {
  const key = accountKey(email);
  if (key === null || getEnv().RATE_LIMIT !== "on") return;
  const { allowed, retryAfter } = await consumeSharedLimit(key, RULE);
  if (!allowed) throw refusal((retryAfter ?? RULE.window) * 1000);
}

/** After a successful sign-in: the account's earlier failures no longer count. */
export async function forgetSignInAttempts(email: unknown) {
  const key = accountKey(email);
  if (key !== null && getEnv().RATE_LIMIT === "on") await forgetSharedLimit(key);
}
