import { startJobs, type ScheduledJob } from "~/lib/job-runner.server";
import { needsScheduledVacuum, vacuumJob } from "~/lib/maintenance.server";
import { purgeJob } from "~/lib/purge.server";
import { startServerScheduledPublishing } from "~/modules/blog/scheduled-publishing.server";
import { recurringEntriesJob } from "~/modules/finance/recurring.server";
import { loyaltyExpiryJob } from "~/modules/loyalty/expiry-job.server";
import { trafficRollupJob } from "~/modules/traffic/rollup.server";

/**
 * The server's scheduled jobs, each on the job runner (lib/job-runner.server.ts):
 * run at start when due (catching up after downtime), then on its interval,
 * once across instances, each outcome in job_runs for the owner's banner.
 */
export function serverJobs(): ScheduledJob[] {
  return [
    // Visit reports roll into daily numbers every 10 minutes.
    trafficRollupJob,
    // Loyalty points lapse one year after they were earned: written off every hour.
    loyaltyExpiryJob,
    // Recurring bills and incomes get their entries three months ahead, every hour (no page's GET writes them).
    recurringEntriesJob,
    // Old idempotency keys and uploads nothing refers to, nightly.
    purgeJob,
    // PGlite has no autovacuum: VACUUM (ANALYZE) nightly; PostgreSQL's autovacuum does it there.
    ...(needsScheduledVacuum() ? [vacuumJob] : []),
  ];
}

/** Starts them all; blog publishing is started by its module, as the editor wakes it when a post is scheduled. */
export function startServerJobs() {
  const publishing = startServerScheduledPublishing();
  const others = startJobs(serverJobs());
  return {
    stop: async () => {
      publishing.stop();
      await Promise.all([publishing.settled(), others.stop()]);
    },
  };
}
