import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { getEnv } from "./env.server";

export type SharedLimitRule = { window: number; max: number };
export type SharedLimitDecision = { allowed: boolean; retryAfter: number | null };

/**
 * At most `rule.max` requests per `key` in `rule.window` seconds, counted in
 * the database's `rate_limit` table (better-auth's), so several instances
 * share one count and a restart forgets nothing. One statement: the row is
 * created, restarted after its window or counted, and only then returned; a
 * full row is left as it is and nothing comes back, so a refusal is told by
 * the missing row, never by a timestamp (two requests in one millisecond
 * would read the same). The key must already be a keyed hash when it stems
 * from an address (lib/ip-hash.server.ts).
 */
export async function consumeSharedLimit(key: string, rule: SharedLimitRule, now = Date.now()): Promise<SharedLimitDecision> {
  const windowStart = now - rule.window * 1000;
  const db = await getDb();
  const counted = await db.execute<{ count: number }>(sql`
    insert into rate_limit (id, key, count, last_request)
    values (gen_random_uuid()::text, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request <= ${windowStart} then 1 else rate_limit.count + 1 end,
      last_request = ${now}
    where rate_limit.last_request <= ${windowStart} or rate_limit.count < ${rule.max}
    returning count`);
  if (counted.rows.length > 0) return { allowed: true, retryAfter: null };
  const full = await db.execute<{ last_request: string | number }>(sql`select last_request from rate_limit where key = ${key}`);
  const lastRequest = Number(full.rows[0]?.last_request ?? now);
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((lastRequest + rule.window * 1000 - now) / 1000)) };
}

/** Like consumeSharedLimit, always allowed when RATE_LIMIT=off (the browser tests). */
export async function isOverSharedLimit(key: string, rule: SharedLimitRule): Promise<boolean> {
  if (getEnv().RATE_LIMIT !== "on") return false;
  return !(await consumeSharedLimit(key, rule)).allowed;
}

/** Forgets `key`'s count (an account that has just signed in). */
export async function forgetSharedLimit(key: string) {
  const db = await getDb();
  await db.execute(sql`delete from rate_limit where key = ${key}`);
}

/** Rows idle for longer than any window (a day): the rollup job calls it. */
export async function pruneSharedLimits(now = Date.now()) {
  const db = await getDb();
  await db.execute(sql`delete from rate_limit where last_request < ${now - 24 * 60 * 60 * 1000}`);
}
