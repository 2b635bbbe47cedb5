import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { idempotencyKeys } from "~/db/schema/idempotency";
import { InputError } from "./errors";
import { IDEMPOTENCY_KEY_MESSAGE } from "./forms";

/** A fresh key for one rendering of a money-moving form (its hidden `idempotencyKey` field). */
export function newIdempotencyKey() {
  return randomUUID();
}

/** The same form sent again with other content: answered with a conflict, never with the first result. */
export const IDEMPOTENCY_CONTENT_MESSAGE =
  "Este formulário já foi enviado com outros dados. Recarregue a página e confira antes de enviar de novo.";

/** The same form sent by someone else (a shared or copied page): refused, the first result is not theirs. */
export const IDEMPOTENCY_ACTOR_MESSAGE =
  "Este formulário já foi enviado por outra pessoa. Recarregue a página e confira antes de enviar de novo.";

/** The key was used before for another operation, record, content or person: the form is stale, copied or forged. */
export class IdempotencyKeyReusedError extends InputError {
  override name = "IdempotencyKeyReusedError";
  constructor(message: string = IDEMPOTENCY_KEY_MESSAGE) {
    super("idempotency-key-reused", { form: message }, 409);
  }
}

export type Once<T> = { result: T; isReplay: boolean };

/** JSON with object keys sorted, dates as ISO text and `undefined` left out: equal content, equal text. */
function canonicalJson(value: unknown): string {
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return "null";
  if (value === null || typeof value === "number" || typeof value === "boolean" || typeof value === "string") {
    return JSON.stringify(value);
  }
  if (typeof value === "bigint") return JSON.stringify(value.toString());
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value instanceof Uint8Array) return JSON.stringify(Buffer.from(value).toString("base64"));
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(",")}}`;
}

/**
 * The fingerprint of what a form asked for: a SHA-256 of the canonical JSON
 * of its validated input, without the key itself (which is the same on
 * every replay anyway).
 */
export function fingerprintOf(content: unknown): string {
  const withoutKey =
    content !== null && typeof content === "object" && !Array.isArray(content) && "idempotencyKey" in content
      ? Object.fromEntries(Object.entries(content).filter(([name]) => name !== "idempotencyKey"))
      : content;
  return createHash("sha256").update(canonicalJson(withoutKey)).digest("hex");
}

/**
 * Runs `write` once per key, inside the caller's transaction: the key is
 * claimed first, so a concurrent submission with the same key waits for
 * this transaction and then finds its result; a replay after the commit
 * returns the first result and writes nothing. When `write` throws (a
 * refusal), the claim rolls back with everything else and the same key may
 * try again. `scope` names the operation and its record
 * ("service-order.payment:123"); `content` is the validated input (the
 * cart, the amounts), stored as a fingerprint. A replay is answered with
 * the first result only when it is the same operation, by the same person,
 * with the same content; anything else is refused with 409 (a key kept
 * from before the fingerprint existed is compared by scope only). The
 * result must survive JSON (ids and amounts).
 */
export async function runOnce<T>(
  tx: Transaction,
  { key, scope, actorUserId, content }: { key: string; scope: string; actorUserId: string | null; content: unknown },
  write: () => Promise<T>,
): Promise<Once<T>> {
  const fingerprint = fingerprintOf(content);
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ key, scope, actorUserId, fingerprint })
    .onConflictDoNothing({ target: idempotencyKeys.key })
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [first] = await tx
      .select({
        scope: idempotencyKeys.scope,
        actorUserId: idempotencyKeys.actorUserId,
        fingerprint: idempotencyKeys.fingerprint,
        result: idempotencyKeys.result,
      })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    if (!first || first.scope !== scope) throw new IdempotencyKeyReusedError();
    if (first.fingerprint !== null) {
      if (first.actorUserId !== actorUserId) throw new IdempotencyKeyReusedError(IDEMPOTENCY_ACTOR_MESSAGE);
      if (first.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError(IDEMPOTENCY_CONTENT_MESSAGE);
    }
    return { result: first.result as T, isReplay: true };
  }
  const result = await write();
  await tx
    .update(idempotencyKeys)
    .set({ result: result ?? null })
    .where(eq(idempotencyKeys.key, key));
  return { result, isReplay: false };
}
