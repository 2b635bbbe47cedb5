import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { logger } from "./logger.server";

/**
 * Several servers on one PostgreSQL each keep caches in memory (the anonymous
 * page cache, the shop settings). A change made through one drops that one's
 * caches at once; the others learn of it here: the change moves the
 * `shared_cache_version` sequence right after its commit, and every server
 * reads the sequence every SHARED_CACHE_POLL_MS and drops its own caches when
 * it moved because of someone else. So a change shows on every instance
 * within SHARED_CACHE_POLL_MS (plus one query); the caches' own time limits
 * (60 s) remain the fallback if an announcement is lost (a server killed
 * between its commit and the announcement).
 *
 * With PGlite there is one process, and nothing is announced or read.
 */
export const SHARED_CACHE_POLL_MS = 3_000;

/** Caches of this process to drop when another instance changed something: each registers itself. */
const localForgetters = new Set<() => void>();

/** Registers a cache of this process that another instance's change must drop (not announced again). */
export function onSharedChange(forget: () => void) {
  localForgetters.add(forget);
}

type Watch = {
  db: Database;
  /** The sequence's values this process took since the last read: its own changes, already applied here. */
  ownValues: Set<number>;
};

let watch: Watch | null = null;

/**
 * Tells the other instances that something they cache changed. Call after the
 * change committed (never inside the transaction: an instance reading the
 * news before the commit would cache the old data again). A no-op unless
 * this process watches (a server on PostgreSQL). Never throws: a lost
 * announcement costs the other instances at most the caches' time limit.
 */
export function announceSharedChange() {
  const current = watch;
  if (!current) return;
  void current.db
    .execute<{ value: string | number }>(sql`select nextval('shared_cache_version') as value`)
    .then((result) => {
      const value = Number(result.rows[0]?.value);
      if (Number.isFinite(value)) current.ownValues.add(value);
    })
    .catch((error: unknown) => logger.warn({ err: error }, "cache compartilhado: aviso de mudança não enviado"));
}

/** The sequence's current value (0 before its first use). */
async function readVersion(db: Database) {
  const result = await db.execute<{ last_value: string | number; is_called: boolean }>(
    sql`select last_value, is_called from shared_cache_version`,
  );
  const row = result.rows[0];
  return row?.is_called ? Number(row.last_value) : 0;
}

/**
 * Whether the values between `seen` (excluded) and `now` (included) were all
 * taken by this process; they are then forgotten. Anything else (another
 * instance's change, or more values than is worth checking) is news.
 */
export function isOnlyOwnChanges(ownValues: Set<number>, seen: number, now: number) {
  if (now - seen > 1_000) {
    ownValues.clear();
    return false;
  }
  let isOwn = true;
  for (let value = seen + 1; value <= now; value++) {
    if (!ownValues.delete(value)) isOwn = false;
  }
  for (const value of ownValues) if (value <= now) ownValues.delete(value);
  return isOwn;
}

export type SharedCacheWatch = { stop: () => void; settled: () => Promise<void>; checkNow: () => Promise<void> };

/**
 * Started by the server on PostgreSQL (app/server/start.server.ts): reads the
 * version now and every `intervalMs`, and drops this process's caches when
 * another instance moved it. A failed read (the database restarting) is
 * logged once and retried at the next tick.
 */
export function startSharedCacheWatch(db: Database, intervalMs = SHARED_CACHE_POLL_MS): SharedCacheWatch {
  const current: Watch = { db, ownValues: new Set() };
  watch = current;
  let seen: number | null = null;
  let isFailing = false;
  let running: Promise<void> = Promise.resolve();

  async function check() {
    try {
      const now = await readVersion(db);
      if (seen !== null && now !== seen && !isOnlyOwnChanges(current.ownValues, seen, now)) {
        for (const forget of localForgetters) forget();
      }
      seen = now;
      isFailing = false;
    } catch (error) {
      if (!isFailing) logger.warn({ err: error }, "cache compartilhado: versão não lida, nova tentativa em instantes");
      isFailing = true;
    }
  }

  const checkNow = () => (running = running.then(check));
  void checkNow();
  const timer = setInterval(() => void checkNow(), intervalMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      if (watch === current) watch = null;
    },
    settled: () => running,
    checkNow,
  };
}
