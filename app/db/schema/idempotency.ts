import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per money-moving form submission that was carried out: the key
 * the form was rendered with, what it did (`scope`: the operation and its
 * target) and its result. Written in the same transaction as the write it
 * guards (app/lib/idempotency.server.ts), so a replay finds either nothing
 * (the first attempt rolled back) or the committed result, and refuses a
 * replay by another person or with other content (`fingerprint`).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    key: text("key").primaryKey(),
    scope: text("scope").notNull(),
    result: jsonb("result").$type<unknown>(),
    actorUserId: text("actor_user_id"),
    /** SHA-256 of the canonical JSON of the validated input: a replay with other content is refused. Null on keys kept from before it existed. */
    fingerprint: text("fingerprint"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("idempotency_keys_created_idx").on(table.createdAt)],
);
