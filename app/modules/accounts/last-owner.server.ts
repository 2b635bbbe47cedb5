import { and, eq, isNull } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { profiles } from "~/db/schema/accounts";
import { user } from "~/db/schema/auth";
import { InputError } from "~/lib/errors";

/** The shop would be left with nobody able to manage the team, settings or audit. */
export class LastOwnerError extends InputError {
  override name = "LastOwnerError";
  constructor(change: "demote" | "deactivate") {
    super(
      "last-owner",
      {
        form:
          change === "demote"
            ? "Esta conta é a do único proprietário ativo da loja: promova outra pessoa a proprietário antes de mudar esta função."
            : "Esta conta é a do único proprietário ativo da loja: ela não pode ser desativada.",
      },
      409,
    );
  }
}

/**
 * Locks every owner's row, always in the same order, and returns the ids of
 * the owners still active. Every change that can take an owner away (a role
 * change, a deactivation, from the team page or the command line) starts
 * here, so two owners demoting each other at once take turns: the second
 * waits for the first, and its next statement (READ COMMITTED) sees the first's
 * change. A count without the lock lets both pass and leaves no owner.
 */
export async function lockActiveOwnersInTx(tx: Transaction): Promise<string[]> {
  await tx.select({ id: user.id }).from(user).where(eq(user.role, "owner")).orderBy(user.id).for("update");
  const active = await tx
    .select({ id: user.id })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(and(eq(user.role, "owner"), isNull(profiles.deactivatedAt)));
  return active.map(({ id }) => id);
}

/** Refuses a change that would take away the last active owner (`activeOwnerIds` from lockActiveOwnersInTx). */
export function assertNotLastActiveOwner(activeOwnerIds: readonly string[], userId: string, change: "demote" | "deactivate") {
  if (activeOwnerIds.length === 1 && activeOwnerIds[0] === userId) throw new LastOwnerError(change);
}
