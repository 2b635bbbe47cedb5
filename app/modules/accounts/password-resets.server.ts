import { and, eq, like } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { verification } from "~/db/schema/auth";

/** better-auth keeps each reset link as a verification row `reset-password:<token>` whose value is the user's id. */
const RESET_LINK_IDENTIFIER_PREFIX = "reset-password:";

/**
 * Ends every reset link the account still has outstanding. better-auth only
 * consumes the link that was used; an older e-mail (in a mailbox someone else
 * may read) would otherwise change the password again within the hour.
 */
export async function endPasswordResetLinks(userId: string) {
  const db = await getDb();
  await db
    .delete(verification)
    .where(and(like(verification.identifier, `${RESET_LINK_IDENTIFIER_PREFIX}%`), eq(verification.value, userId)));
}
