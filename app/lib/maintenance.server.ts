import { sql } from "drizzle-orm";
import { databaseKind, getDb } from "~/db/client.server";
import { atShopTime, shopToday } from "./dates";
import { type ScheduledJob } from "./job-runner.server";

/**
 * The database's upkeep, for a shop that runs for years with no engineer
 * (issue 26 §4): PGlite has no autovacuum and is never analysed, so dead
 * rows pile up and the planner's statistics go stale; a nightly
 * `VACUUM (ANALYZE)` does both. On PostgreSQL autovacuum does it and this
 * job is not started. Keys and uploads nothing needs any more are purged
 * on the same quiet schedule (purge.server.ts).
 */

/** The quiet hours at the shop (its own clock): maintenance runs once a night in them. */
export const QUIET_FROM = "03:00";
export const QUIET_UNTIL = "06:00";
/** A shop whose computer is off every night still gets its upkeep: after this long without a run, at the next look. */
export const OVERDUE_AFTER_MS = 7 * 24 * 60 * 60_000;
/** How often the timer looks whether the quiet hours have come. */
export const NIGHTLY_LOOK_MS = 15 * 60_000;

/**
 * Due once a night: in the quiet hours, when the last run was before
 * tonight's; overdue after a week whatever the hour; the first time at
 * once (a new shop's database is small).
 */
export function isNightlyDue(lastStartedAt: Date | null, now: Date): boolean {
  if (lastStartedAt === null) return true;
  const elapsed = now.getTime() - lastStartedAt.getTime();
  if (elapsed < 0 || elapsed >= OVERDUE_AFTER_MS) return true;
  const today = shopToday(now);
  const from = atShopTime(today, QUIET_FROM);
  const until = atShopTime(today, QUIET_UNTIL);
  return now >= from && now < until && lastStartedAt < from;
}

/** VACUUM (ANALYZE) of the whole database; returns how long it held the connection (on PGlite every request waits that long). */
export async function vacuumAnalyze(): Promise<{ ms: number }> {
  const db = await getDb();
  const started = performance.now();
  await db.execute(sql`vacuum (analyze)`);
  return { ms: Math.round(performance.now() - started) };
}

export const vacuumJob: ScheduledJob = {
  name: "maintenance.vacuum",
  intervalMs: NIGHTLY_LOOK_MS,
  isDue: isNightlyDue,
  leaseMs: 2 * 60 * 60_000,
  async run() {
    const { ms } = await vacuumAnalyze();
    return { summary: `VACUUM (ANALYZE) em ${ms} ms` };
  },
};

/** The database's own upkeep runs here only on PGlite; PostgreSQL's autovacuum does it there. */
export function needsScheduledVacuum() {
  return databaseKind() === "pglite";
}
