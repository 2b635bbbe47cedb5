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
 * A change of the shop's catalogue alone (a sale, a stock movement, a
 * product) moves its own sequence, `shared_catalogue_version`: the other
 * instances then drop only what shows the catalogue (their /loja pages), not
 * their home page nor the shop settings.
 *
 * With PGlite there is one process, and nothing is announced or read.
 */
export const SHARED_CACHE_POLL_MS = 3_000;

/** What changed: anything a cache may hold, or the catalogue alone (lib/page-cache.server.ts). */
export type SharedChange = "all" | "catalogue";

const SEQUENCES: Record<SharedChange, string> = { all: "shared_cache_version", catalogue: "shared_catalogue_version" };
const CHANGES = Object.keys(SEQUENCES) as SharedChange[];

/** Caches of this process to drop when another instance changed something: each registers itself. */
const localForgetters: Record<SharedChange, Set<() => void>> = { all: new Set(), catalogue: new Set() };

/**
 * Registers a cache of this process that another instance's change must drop
 * (not announced again): on any change, or (`"catalogue"`) on a change of
 * the catalogue alone.
 */
export function onSharedChange(forget: () => void, change: SharedChange = "all") {
  localForgetters[change].add(forget);
}

type Watch = {
  db: Database;
  /** Per sequence, the values this process took since the last read: its own changes, already applied here. */
  ownValues: Record<SharedChange, Set<number>>;
};

let watch: Watch | null = null;

/**
 * Tells the other instances that something they cache changed. Call after the
 * change committed (never inside the transaction: an instance reading the
 * news before the commit would cache the old data again). A no-op unless
 * this process watches (a server on PostgreSQL). Never throws: a lost
 * announcement costs the other instances at most the caches' time limit.
 */
export function announceSharedChange(change: SharedChange = "all") {
  const current = watch;
  if (!current) return;
  void current.db
    .execute<{ value: string | number }>(sql`select nextval(${sql.raw(`'${SEQUENCES[change]}'`)}) as value`)
    .then((result) => {
      const value = Number(result.rows[0]?.value);
      if (Number.isFinite(value)) current.ownValues[change].add(value);
    })
    .catch((error: unknown) => logger.warn({ err: error }, "cache compartilhado: aviso de mudança não enviado"));
}

/** Each sequence's current value (0 before its first use), in one query. */
async function readVersions(db: Database): Promise<Record<SharedChange, number>> {
  const result = await db.execute<Record<SharedChange, string | number>>(
    sql`select
      (select case when is_called then last_value else 0 end from shared_cache_version) as "all",
      (select case when is_called then last_value else 0 end from shared_catalogue_version) as "catalogue"`,
  );
  const row = result.rows[0];
  return { all: Number(row?.all ?? 0), catalogue: Number(row?.catalogue ?? 0) };
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
  const current: Watch = { db, ownValues: { all: new Set(), catalogue: new Set() } };
  watch = current;
  let seen: Record<SharedChange, number> | null = null;
  let isFailing = false;
  let running: Promise<void> = Promise.resolve();

  async function check() {
    try {
      const now = await readVersions(db);
      const news = CHANGES.filter(
        (change) =>
          seen !== null &&
          now[change] !== seen[change] &&
          !isOnlyOwnChanges(current.ownValues[change], seen[change], now[change]),
      );
      // A catalogue change drops only what registered for it (the catalogue's pages): the home and the settings stay.
      for (const change of news) for (const forget of localForgetters[change]) forget();
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
