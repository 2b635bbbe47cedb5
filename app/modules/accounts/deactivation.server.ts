import { APIError } from "better-auth/api";
import { and, eq, isNotNull } from "drizzle-orm";
import { getDb, type Transaction } from "~/db/client.server";
import { profiles } from "~/db/schema/accounts";
import { session } from "~/db/schema/auth";

/** better-auth's session cookie ("token.signature", URL-encoded), with or without the https prefix. */
const SESSION_TOKEN_COOKIE = /(?:^|;\s*)(?:__Secure-)?balcao\.session_token=([^;.]+)/;

/**
 * A person the owner deactivated on /equipe: their sessions end and they
 * cannot sign in, while their account (and so their name on past records)
 * stays.
 */
export const ACCOUNT_DEACTIVATED_MESSAGE =
  "Esta conta foi desativada pelo proprietário da loja. Para voltar a entrar, fale com ele.";

export async function isAccountDeactivated(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), isNotNull(profiles.deactivatedAt)));
  return Boolean(row);
}

/**
 * What the session needs from the profile on each request, in one read: whether
 * the account was deactivated, and whether the owner granted "Financeiro".
 */
export async function accountStanding(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ deactivatedAt: profiles.deactivatedAt, financeAccess: profiles.financeAccess })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return standingOf(row);
}

export type AccountStanding = ReturnType<typeof standingOf>;

/** An account's standing from its profile row (none yet: active, no "Financeiro"). */
export function standingOf(profile: { deactivatedAt: Date | null; financeAccess: boolean | null } | undefined) {
  return { isDeactivated: Boolean(profile?.deactivatedAt), financeAccess: profile?.financeAccess ?? false };
}

export async function endSessionsInTx(tx: Transaction, userId: string) {
  await tx.delete(session).where(eq(session.userId, userId));
}

export async function endSessions(userId: string) {
  const db = await getDb();
  await db.delete(session).where(eq(session.userId, userId));
}

/**
 * better-auth's hook before any session is created: runs only once the
 * password has been checked, so the message tells nothing to someone who
 * merely knows the e-mail.
 */
export async function refuseSessionOfDeactivatedAccount(userId: string) {
  if (await isAccountDeactivated(userId))
    throw new APIError("FORBIDDEN", { code: "ACCOUNT_DEACTIVATED", message: ACCOUNT_DEACTIVATED_MESSAGE });
}

/**
 * better-auth's hook before each of its own endpoints (get-session,
 * update-user, change-password, list-sessions…): a session cookie of a
 * deactivated account ends every session of that account before the endpoint
 * reads it, so the endpoint sees none. Deactivation already deletes the
 * sessions; this shuts out one that slipped in (a sign-in in flight at that
 * moment), as sessionUserOf does for the app's own pages.
 */
export async function endSessionsOfDeactivatedCookie(cookieHeader: string | null | undefined) {
  const encoded = SESSION_TOKEN_COOKIE.exec(cookieHeader ?? "")?.[1];
  if (!encoded) return;
  let token: string;
  try {
    token = decodeURIComponent(encoded);
  } catch {
    return;
  }
  const db = await getDb();
  const [row] = await db
    .select({ userId: session.userId })
    .from(session)
    .innerJoin(profiles, eq(profiles.userId, session.userId))
    .where(and(eq(session.token, token), isNotNull(profiles.deactivatedAt)));
  if (row) await endSessions(row.userId);
}
