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

function signedInUserOf(returned: unknown): { id: string; email: string } | null {
  if (isAPIError(returned) || !returned || typeof returned !== "object" || !("user" in returned)) return null;
  const { user } = returned as { user?: { id?: unknown; email?: unknown } };
  return typeof user?.id === "string" && typeof user.email === "string" ? { id: user.id, email: user.email } : null;
}
