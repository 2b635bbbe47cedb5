import { eq, sql } from "drizzle-orm";
import { getDb, inTransaction, type Database } from "~/db/client.server";
import { jobRuns } from "~/db/schema/jobs";
import { logger } from "./logger.server";

/**
 * The scheduled jobs' one way to run (blog publishing, traffic rollup,
 * loyalty expiry, recurring finance entries, maintenance, purges):
 *
 * - a timer per job, every `intervalMs` (sooner when a run asks for it,
 *   and at once on `wake()`), one run at a time in this process;
 * - a run at start when one is due, so downtime is caught up;
 * - once across instances: a run is claimed in a short transaction under
 *   `pg_try_advisory_xact_lock` on the job's name, which checks that no
 *   other instance holds its lease (`job_runs.lease_until`) and that the
 *   job is due, and then takes the lease; the job itself runs outside that
 *   transaction (VACUUM cannot run inside one, and on PGlite a long
 *   transaction would hold the only connection);
 * - every run's outcome in `job_runs` (last success, last failure with a
 *   short message), which the owner's banner reads (job-alerts.server.ts).
 *
 * A failure is logged and recorded, never thrown: the next tick tries again.
 */

/** The names in job_runs: the jobs', and the backup command's (it records its outcome there too). */
export const JOB_LABELS = {
  "blog.publish": "publicação agendada do blog",
  "traffic.rollup": "consolidação do tráfego",
  "loyalty.expiry": "expiração de pontos de fidelidade",
  "finance.recurring": "lançamentos recorrentes",
  "maintenance.vacuum": "manutenção do banco de dados",
  "maintenance.purge": "limpeza de chaves e imagens antigas",
  backup: "cópia de segurança",
} as const;
export type JobName = keyof typeof JOB_LABELS;

/** The timer's view of time: the real clock in the server, a hand-driven one in tests. */
export type SchedulerClock = {
  now: () => Date;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export const systemClock: SchedulerClock = {
  now: () => new Date(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // The timer alone must not keep a stopping process alive.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What a run may say: a few words for the status ("3 lançamentos"), and when it wants to run next (sooner than the interval). */
export type JobResult = { summary?: string | null; nextRunAt?: Date | null } | void;

export type ScheduledJob = {
  name: Exclude<JobName, "backup">;
  /** How often the timer looks; also the default spacing of runs across instances. */
  intervalMs: number;
  /** Whether a run is due, from the last start (any instance's; null: never ran). Default: `intervalMs` has passed. */
  isDue?: (lastStartedAt: Date | null, now: Date) => boolean;
  /** How long a claimed run keeps others off; a run that died frees the job after this. Default 30 minutes. */
  leaseMs?: number;
  run: (now: Date) => Promise<JobResult>;
};

export type RunOutcome =
  | { status: "skipped"; reason: "busy" | "not-due" }
  | { status: "succeeded"; summary: string | null; nextRunAt: Date | null }
  | { status: "failed"; message: string };

const DEFAULT_LEASE_MS = 30 * 60_000;
/** A timer fires a little early or late: a run counts as due a bit before its interval is over, so no round is skipped. */
const DUE_SLACK = 0.95;
/** A failure's message in the status: short, for the owner's banner. */
const MAX_MESSAGE_LENGTH = 300;

export function isIntervalDue(intervalMs: number) {
  return (lastStartedAt: Date | null, now: Date) => {
    if (lastStartedAt === null) return true;
    const elapsed = now.getTime() - lastStartedAt.getTime();
    // The clock went back (a correction, a jump): the last start lies ahead, run rather than wait for it.
    return elapsed < 0 || elapsed >= intervalMs * DUE_SLACK;
  };
}

function lockKey(name: string) {
  return sql`hashtext(${`balcao.job:${name}`})`;
}

/** Claims a run: `null` when another instance holds it or it is not due. */
async function claim(job: ScheduledJob, now: Date, force: boolean): Promise<"busy" | "not-due" | null> {
  const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
  return inTransaction(async (tx) => {
    const locked = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${lockKey(job.name)}) as locked`);
    if (!locked.rows[0]?.locked) return "busy";
    const [row] = await tx.select().from(jobRuns).where(eq(jobRuns.name, job.name));
    const leaseLeft = row?.leaseUntil ? row.leaseUntil.getTime() - now.getTime() : 0;
    // A lease further ahead than a lease lasts was taken before the clock went back: it does not hold.
    if (leaseLeft > 0 && leaseLeft <= leaseMs) return "busy";
    const isDue = job.isDue ?? isIntervalDue(job.intervalMs);
    if (!force && !isDue(row?.lastStartedAt ?? null, now)) return "not-due";
    const lease = { lastStartedAt: now, leaseUntil: new Date(now.getTime() + leaseMs) };
    await tx
      .insert(jobRuns)
      .values({ name: job.name, ...lease })
      .onConflictDoUpdate({ target: jobRuns.name, set: lease });
    return null;
  });
}

function shortMessage(error: unknown) {
  const text = error instanceof Error ? error.message : String(error);
  const oneLine = text.replace(/\s+/g, " ").trim() || "erro sem mensagem";
  return oneLine.length > MAX_MESSAGE_LENGTH ? `${oneLine.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : oneLine;
}

export type Outcome = { ok: true; summary?: string | null } | { ok: false; error: unknown };

let outcomesRecorded = 0;

/** How many outcomes this process has written: the owner's alerts (job-alerts.server.ts) read job_runs again when it moves. */
export function jobOutcomesRecorded() {
  return outcomesRecorded;
}

/**
 * Writes a run's outcome into job_runs (and frees its lease). The backup
 * command calls it too, with the database it wrote the copy from.
 */
export async function recordJobOutcome(db: Database, name: JobName, outcome: Outcome, at: Date, durationMs: number) {
  const fields = outcome.ok
    ? { lastSuccessAt: at, lastSummary: outcome.summary ?? null }
    : { lastFailureAt: at, lastFailureMessage: shortMessage(outcome.error) };
  const set = { ...fields, leaseUntil: null, lastDurationMs: Math.round(durationMs) };
  await db
    .insert(jobRuns)
    .values({ name, lastStartedAt: new Date(at.getTime() - durationMs), ...set })
    .onConflictDoUpdate({ target: jobRuns.name, set });
  outcomesRecorded++;
}

/** The backup command's outcome, never thrown: a copy that worked is not reported as failed because its status could not be written. */
export async function recordBackupOutcome(db: () => Promise<Database>, outcome: Outcome, startedAt: Date) {
  const at = new Date();
  try {
    await recordJobOutcome(await db(), "backup", outcome, at, at.getTime() - startedAt.getTime());
  } catch (error) {
    logger.warn({ err: error }, "não foi possível registrar o resultado da cópia de segurança");
  }
}

/**
 * One run of `job` now, if it is due (or `force`d) and no other instance
 * holds it: claimed, run, its outcome recorded. For the timer, tests and
 * scripts alike.
 */
export async function runJob(job: ScheduledJob, { now = new Date(), force = false } = {}): Promise<RunOutcome> {
  const refused = await claim(job, now, force);
  if (refused) return { status: "skipped", reason: refused };
  const started = performance.now();
  let outcome: RunOutcome;
  try {
    const result = (await job.run(now)) ?? {};
    outcome = { status: "succeeded", summary: result.summary ?? null, nextRunAt: result.nextRunAt ?? null };
  } catch (error) {
    logger.error({ err: error, job: job.name }, `tarefa agendada falhou: ${JOB_LABELS[job.name]}`);
    outcome = { status: "failed", message: shortMessage(error) };
  }
  const elapsed = performance.now() - started;
  const recorded: Outcome =
    outcome.status === "succeeded" ? { ok: true, summary: outcome.summary } : { ok: false, error: new Error(outcome.message) };
  await recordJobOutcome(await getDb(), job.name, recorded, new Date(now.getTime() + elapsed), elapsed);
  return outcome;
}

export type JobTimer = {
  /** Runs now (something just changed, as a post scheduled), whether due or not, and re-arms. */
  wake: () => void;
  /** Resolves once the current run (if any) has finished: for tests and shutdown. */
  settled: () => Promise<void>;
  stop: () => void;
};

/**
 * Runs `job` at once when due (catching up after downtime), then looks
 * every `intervalMs`, or sooner when a run asked for it (`nextRunAt`).
 */
export function startJob(job: ScheduledJob, clock: SchedulerClock = systemClock): JobTimer {
  let handle: unknown = null;
  let isStopped = false;
  let running: Promise<void> = Promise.resolve();
  let pending: { force: boolean } | null = null;

  function arm(next: Date | null) {
    if (isStopped) return;
    if (handle !== null) clock.clearTimeout(handle);
    const delay = next === null ? job.intervalMs : Math.min(Math.max(next.getTime() - clock.now().getTime(), 0), job.intervalMs);
    handle = clock.setTimeout(() => {
      handle = null;
      look(false);
    }, delay);
  }

  async function lookOnce(force: boolean) {
    let next: Date | null = null;
    try {
      const outcome = await runJob(job, { now: clock.now(), force });
      if (outcome.status === "succeeded") next = outcome.nextRunAt;
    } catch (error) {
      // The claim or the status write failed (the database restarting): the next tick tries again.
      logger.error({ err: error, job: job.name }, `tarefa agendada: nova tentativa em instantes (${JOB_LABELS[job.name]})`);
    }
    arm(next);
  }

  function look(force: boolean) {
    if (isStopped) return;
    // One run at a time; a wake-up during a run asks for one more after it.
    if (pending) {
      pending.force ||= force;
      return;
    }
    const request = { force };
    pending = request;
    running = running.then(() => {
      pending = null;
      return isStopped ? undefined : lookOnce(request.force);
    });
  }

  look(false);
  return {
    wake: () => look(true),
    settled: async () => {
      // A run may queue another (a wake-up while it ran): wait until none is left.
      for (let current = running; ; current = running) {
        await current;
        if (current === running) return;
      }
    },
    stop: () => {
      isStopped = true;
      if (handle !== null) clock.clearTimeout(handle);
      handle = null;
    },
  };
}

/** Starts every job; stopping waits for the runs in progress. */
export function startJobs(jobs: readonly ScheduledJob[], clock: SchedulerClock = systemClock) {
  const timers = jobs.map((job) => startJob(job, clock));
  return {
    timers,
    stop: async () => {
      for (const timer of timers) timer.stop();
      await Promise.all(timers.map((timer) => timer.settled()));
    },
  };
}
