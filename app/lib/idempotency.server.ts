import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { idempotencyKeys } from "~/db/schema/idempotency";
import { InputError } from "./errors";
import { IDEMPOTENCY_KEY_MESSAGE } from "./forms";

/** A fresh key for one rendering of a money-moving form (its hidden `idempotencyKey` field). */
export function newIdempotencyKey() {
  return randomUUID();
}

/** The key was used before for another operation or record: the form is stale or forged. */
export class IdempotencyKeyReusedError extends InputError {
  override name = "IdempotencyKeyReusedError";
  constructor() {
    super("idempotency-key-reused", { form: IDEMPOTENCY_KEY_MESSAGE }, 409);
  }
}

export type Once<T> = { result: T; isReplay: boolean };

/**
 * Runs `write` once per key, inside the caller's transaction: the key is
 * claimed first, so a concurrent submission with the same key waits for
 * this transaction and then finds its result; a replay after the commit
 * returns the first result and writes nothing. When `write` throws (a
 * refusal), the claim rolls back with everything else and the same key may
 * try again. `scope` names the operation and its record
 * ("service-order.payment:123"); the same key under another scope is
 * refused. The result must survive JSON (ids and amounts).
 */
export async function runOnce<T>(
  tx: Transaction,
  { key, scope, actorUserId }: { key: string; scope: string; actorUserId: string | null },
  write: () => Promise<T>,
): Promise<Once<T>> {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ key, scope, actorUserId })
    .onConflictDoNothing({ target: idempotencyKeys.key })
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [first] = await tx
      .select({ scope: idempotencyKeys.scope, result: idempotencyKeys.result })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    if (!first || first.scope !== scope) throw new IdempotencyKeyReusedError();
    return { result: first.result as T, isReplay: true };
  }
  const result = await write();
  await tx
    .update(idempotencyKeys)
    .set({ result: result ?? null })
    .where(eq(idempotencyKeys.key, key));
  return { result, isReplay: false };
}
