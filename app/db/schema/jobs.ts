import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per scheduled job (app/lib/job-runner.server.ts) and for the
 * backup command: when it last started, succeeded and failed, and why, so
 * the owner sees an unattended failure (the banner on the staff pages).
 * `leaseUntil` keeps a run to one instance: a second instance that finds it
 * in the future skips; a run that died leaves it to expire.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
  /** Short, for the owner: the error's message, cut at 300 characters. */
  lastFailureMessage: text("last_failure_message"),
  lastDurationMs: integer("last_duration_ms"),
  /** What the last successful run did, in a few words ("3 lançamentos"). */
  lastSummary: text("last_summary"),
});
