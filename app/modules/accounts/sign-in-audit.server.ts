import { isAPIError } from "better-auth/api";
import { inTransaction } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { recordAudit } from "~/modules/audit/record-audit.server";

const MAX_EMAIL_LENGTH = 254;

/**
 * Every sign-in by e-mail, and every refused one, in the audit log (issue
 * 25 §3): who came in, or which e-mail was tried and why it was refused.
 * Never the password. A failure to write the entry is logged, and does not
 * change the answer the person already has.
 */
export async function recordSignInOutcome(returned: unknown, typedEmail: unknown) {
  const email = typeof typedEmail === "string" ? typedEmail.trim().toLowerCase().slice(0, MAX_EMAIL_LENGTH) : "";
  const signedIn = signedInUserOf(returned);
  try {
    await inTransaction((tx) =>
      recordAudit(
        tx,
        signedIn
          ? { actorUserId: signedIn.id, actorLabel: signedIn.email, action: "auth.sign-in", entity: "auth", entityId: null }
          : {
              actorUserId: null,
              actorLabel: email || "(e-mail em branco)",
              action: "auth.sign-in.failed",
              entity: "auth",
              details: { reason: isAPIError(returned) ? (returned.body?.code ?? returned.status) : "desconhecido" },
            },
      ),
    );
  } catch (error) {
    logger.error({ err: error }, "não foi possível registrar a entrada na auditoria");
  }
}

/**
 * A password replaced, by the reset link or by the person signed in (issue
 * 25 §3: an account taken over shows here): the account, never the password.
 * Like a sign-in, a failure to write the entry is logged and changes nothing.
 */
export async function recordPasswordChange(user: { id: string; email: string }, how: "reset" | "change") {
  try {
    await inTransaction((tx) =>
      recordAudit(tx, {
        actorUserId: user.id,
        actorLabel: user.email,
        action: how === "reset" ? "auth.password-reset" : "auth.password-change",
        entity: "auth",
        entityId: user.id,
      }),
    );
  } catch (error) {
    logger.error({ err: error }, "não foi possível registrar a troca de senha na auditoria");
  }
}

function signedInUserOf(returned: unknown): { id: string; email: string } | null {
  if (isAPIError(returned) || !returned || typeof returned !== "object" || !("user" in returned)) return null;
  const { user } = returned as { user?: { id?: unknown; email?: unknown } };
  return typeof user?.id === "string" && typeof user.email === "string" ? { id: user.id, email: user.email } : null;
}
