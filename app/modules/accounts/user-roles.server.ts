import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { profiles } from "~/db/schema/accounts";
import { user } from "~/db/schema/auth";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { assertNotLastActiveOwner, lockActiveOwnersInTx } from "./last-owner.server";
import type { Role } from "./roles";

export class UnknownAccountError extends Error {
  constructor(email: string) {
    super(`Nenhuma conta com o e-mail ${email}.`);
  }
}

/**
 * Sets an existing account's role (the command line); the change is audited.
 * Returns the previous role. The last active owner cannot be demoted.
 */
export async function setUserRoleInTx(
  tx: Transaction,
  email: string,
  role: Role,
  actorLabel: string,
): Promise<{ previousRole: string | null }> {
  const activeOwnerIds = await lockActiveOwnersInTx(tx);
  const [account] = await tx
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .for("update");
  if (!account) throw new UnknownAccountError(email);
  if (role !== "owner") assertNotLastActiveOwner(activeOwnerIds, account.id, "demote");
  await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, account.id));
  await recordAudit(tx, {
    actorLabel,
    action: "user.role.set",
    entity: "user",
    entityId: account.id,
    details: { from: account.role, to: role },
  });
  return { previousRole: account.role };
}

export function setUserRole(email: string, role: Role, actorLabel: string) {
  return inTransaction((tx) => setUserRoleInTx(tx, email, role, actorLabel));
}

export async function hasOwner() {
  const db = await getDb();
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.role, "owner")).limit(1);
  return Boolean(row);
}

/** The e-mail addresses of the active owners: the people running the shop, whatever its stored details say. */
export async function activeOwnerEmails(): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ email: user.email })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(and(eq(user.role, "owner"), isNull(profiles.deactivatedAt)))
    .orderBy(user.email);
  return rows.map(({ email }) => email);
}
