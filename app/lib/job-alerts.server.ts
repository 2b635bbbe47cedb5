import { constants } from "node:fs";
import { access, statfs } from "node:fs/promises";
import { getDb } from "~/db/client.server";
import { jobRuns } from "~/db/schema/jobs";
import { formatDateTime } from "./dates";
import { getEnv } from "./env.server";
import { JOB_LABELS, jobOutcomesRecorded, type JobName } from "./job-runner.server";
import { logger } from "./logger.server";

/**
 * What the owner must see on the staff pages when something failed with
 * no one watching (issue 26 §4): the last backup failed or is old, a
 * scheduled job's last run failed, the data disk is nearly full. Shown on
 * every owner's page: the job_runs table as read in the last few seconds (a
 * query on every owner's page was a good part of a light page's CPU with
 * PGlite, issue 26 "The staff shell"; an outcome this process writes is shown
 * at once, one written elsewhere, by another instance or the backup command,
 * within JOB_RUNS_READING_TTL_MS), and the disk's free space as read in the
 * last minute (a disk fills over hours; a statfs on every page was a system
 * call per request).
 */

/** A daily backup that has not succeeded for this long is late (a day and a margin). */
export const BACKUP_LATE_AFTER_MS = 26 * 60 * 60_000;
/** The disk is nearly full below either. */
export const MIN_FREE_FRACTION = 0.1;
export const MIN_FREE_BYTES = 1024 ** 3;

export type OwnerAlert = { kind: "backup" | "job" | "disk"; message: string };

type JobRow = typeof jobRuns.$inferSelect;

const isKnownJob = (name: string): name is JobName => Object.hasOwn(JOB_LABELS, name);

function hasFailedLast(row: JobRow) {
  return row.lastFailureAt !== null && (row.lastSuccessAt === null || row.lastFailureAt > row.lastSuccessAt);
}

/** The alerts the rows say, in Portuguese. */
export function alertsOf(rows: readonly JobRow[], now: Date): OwnerAlert[] {
  const alerts: OwnerAlert[] = [];
  for (const row of rows) {
    if (!isKnownJob(row.name)) continue;
    if (row.name === "backup") {
      if (hasFailedLast(row)) {
        alerts.push({
          kind: "backup",
          message: `A última cópia de segurança falhou (${formatDateTime(row.lastFailureAt!)}): ${row.lastFailureMessage ?? "sem detalhes"}. Faça uma cópia agora (npm run db:backup) e confira o espaço em disco.`,
        });
      } else if (row.lastSuccessAt && now.getTime() - row.lastSuccessAt.getTime() > BACKUP_LATE_AFTER_MS) {
        alerts.push({
          kind: "backup",
          message: `A última cópia de segurança é de ${formatDateTime(row.lastSuccessAt)}, há mais de um dia. Confira se a cópia diária está sendo feita.`,
        });
      }
    } else if (hasFailedLast(row)) {
      alerts.push({
        kind: "job",
        message: `A tarefa automática de ${JOB_LABELS[row.name]} falhou em ${formatDateTime(row.lastFailureAt!)}: ${row.lastFailureMessage ?? "sem detalhes"}. Ela tenta de novo sozinha; se o aviso continuar, procure quem cuida do sistema.`,
      });
    }
  }
  return alerts;
}

export type DiskSpace = { freeBytes: number; totalBytes: number };

export function diskAlertOf(space: DiskSpace): OwnerAlert | null {
  const isLow = space.freeBytes < MIN_FREE_BYTES || space.freeBytes < space.totalBytes * MIN_FREE_FRACTION;
  if (!isLow) return null;
  const free = (space.freeBytes / 1024 ** 3).toLocaleString("pt-BR", { maximumFractionDigits: 1 });
  return {
    kind: "disk",
    message: `O disco dos dados está quase cheio: restam ${free} GB livres. Libere espaço (cópias de segurança antigas podem ir para outro disco) antes que as vendas deixem de ser gravadas.`,
  };
}

export async function dataDiskSpace(dataDir = getEnv().DATA_DIR): Promise<DiskSpace> {
  const stats = await statfs(dataDir);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}

/**
 * A reading kept for `ttlMs`, or until `version()` moves (something this
 * process did that changes it); a failed reading is not kept. `keep` puts a
 * value just read elsewhere in its place.
 */
function keptReading<T>(ttlMs: number, read: () => Promise<T>, version: () => number = () => 0) {
  let kept: { value: Promise<T>; at: number; version: number } | null = null;
  return {
    at(now: number): Promise<T> {
      if (kept && now - kept.at <= ttlMs && kept.version === version()) return kept.value;
      const entry = { value: read(), at: now, version: version() };
      kept = entry;
      entry.value.catch(() => {
        if (kept === entry) kept = null;
      });
      return entry.value;
    },
    keep(value: T, now: number) {
      kept = { value: Promise.resolve(value), at: now, version: version() };
    },
  };
}

/** How long a reading of the disk's free space is used. */
export const DISK_READING_TTL_MS = 60_000;
/** The data disk's space, read at most once a minute. */
const recentDiskSpace = keptReading(DISK_READING_TTL_MS, () => dataDiskSpace());

/** What keeps the server from writing its data: a full disk, or a folder it may not write. */
export type DataFolderProblem = "full" | "read-only";
/** Below this much free space a failed write is the full disk's (PostgreSQL extends a table by up to 512 KB). */
export const FULL_DISK_BYTES = 16 * 1024 ** 2;

/** The errors of a folder the server may not write: remounted read-only, or its permissions taken away. */
const WRITE_REFUSED_CODES = new Set(["EROFS", "EACCES", "EPERM"]);

/**
 * Asked after a request failed (a 500) on PGlite, whose files are in
 * DATA_DIR: a folder remounted read-only (EROFS) or whose permissions the
 * server lost (EACCES), or a disk with almost nothing free. Null when the
 * folder looks fine or cannot be looked at.
 */
export async function dataFolderProblem(dataDir = getEnv().DATA_DIR): Promise<DataFolderProblem | null> {
  try {
    await access(dataDir, constants.W_OK);
  } catch (error) {
    return WRITE_REFUSED_CODES.has((error as NodeJS.ErrnoException).code ?? "") ? "read-only" : null;
  }
  try {
    const space = await dataDiskSpace(dataDir);
    // A write just failed: the owner's banner shows this reading now, not one up to a minute old.
    if (dataDir === getEnv().DATA_DIR) recentDiskSpace.keep(space, Date.now());
    return space.freeBytes < FULL_DISK_BYTES ? "full" : null;
  } catch {
    return null;
  }
}

/** What to tell about a data folder the server cannot write at its start (npm run proof:disk), or null. */
export function dataFolderStartProblem(error: unknown, dataDir: string): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code !== undefined && WRITE_REFUSED_CODES.has(code))
    return `Não foi possível gravar na pasta de dados ${dataDir} (${code}): o disco está montado só para leitura, ou o usuário do servidor não tem permissão de escrita nela. Devolva a permissão de escrita (ou monte o disco para leitura e escrita) e inicie de novo.`;
  if (code === "ENOSPC")
    return `Não foi possível gravar na pasta de dados ${dataDir}: o disco está cheio. Libere espaço (cópias de segurança antigas podem ir para outro disco) e inicie de novo.`;
  return null;
}

/** How long a reading of job_runs is used, unless this process recorded an outcome since. */
export const JOB_RUNS_READING_TTL_MS = 10_000;
/** The job_runs rows, read at most every JOB_RUNS_READING_TTL_MS, and again after an outcome this process wrote. */
const recentJobRuns = keptReading<JobRow[]>(
  JOB_RUNS_READING_TTL_MS,
  async () => (await getDb()).select().from(jobRuns),
  jobOutcomesRecorded,
);

/** Every alert for the owner now; a failure to look is logged and shows nothing (the page must still open). */
export async function ownerAlerts(now = new Date()): Promise<OwnerAlert[]> {
  try {
    const rows = await recentJobRuns.at(Date.now());
    const disk = diskAlertOf(await recentDiskSpace.at(Date.now()));
    return [...alertsOf(rows, now), ...(disk ? [disk] : [])];
  } catch (error) {
    logger.warn({ err: error }, "avisos do proprietário: não foi possível verificar");
    return [];
  }
}
