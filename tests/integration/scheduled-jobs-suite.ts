import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { atShopTime } from "~/lib/dates";
import type { ScheduledJob } from "~/lib/job-runner.server";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const OWNER = {
  id: "dona-tarefas",
  email: "dona@tarefas.test",
  name: "Dona Tarefas",
  role: "owner" as const,
  financeAccess: true,
};
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Every finance page that once wrote the recurring entries on a GET. */
const FINANCE_PAGES = [
  "financial-management",
  "finance-entries",
  "finance-accounts",
  "finance-categories",
  "finance-recurring",
] as const;

async function loadModules() {
  const [db, runner, alerts, purge, maintenance, recurring, finance, jobs, uploads, idempotency, blog, session] =
    await Promise.all([
      import("~/db/client.server"),
      import("~/lib/job-runner.server"),
      import("~/lib/job-alerts.server"),
      import("~/lib/purge.server"),
      import("~/lib/maintenance.server"),
      import("~/modules/finance/recurring.server"),
      import("~/db/schema/finance"),
      import("~/db/schema/jobs"),
      import("~/db/schema/uploads"),
      import("~/db/schema/idempotency"),
      import("~/db/schema/blog"),
      import("~/modules/accounts/session.server"),
    ]);
  return {
    db: await db.getDb(),
    kind: db.databaseKind(),
    runner,
    alerts,
    purge,
    maintenance,
    recurring,
    session,
    tables: { ...finance, ...jobs, ...uploads, ...idempotency, ...blog },
  };
}

type Modules = Awaited<ReturnType<typeof loadModules>>;

const uploadId = () => randomBytes(16).toString("hex");

/** A job that counts its runs and can be held open or made to fail. */
function countingJob(overrides: Partial<ScheduledJob> = {}) {
  let runs = 0;
  let release: (() => void) | null = null;
  let gate: Promise<void> | null = null;
  const job: ScheduledJob = {
    name: "traffic.rollup",
    intervalMs: 10 * 60_000,
    async run() {
      runs++;
      if (gate) await gate;
      return { summary: `rodada ${runs}` };
    },
    ...overrides,
  };
  return {
    job,
    runs: () => runs,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => {
      gate = null;
      release?.();
    },
  };
}

type JobRunRow = typeof import("~/db/schema/jobs").jobRuns.$inferSelect;

const backupRow = (fields: Record<string, unknown>) =>
  ({
    name: "backup",
    lastStartedAt: null,
    leaseUntil: null,
    lastSuccessAt: null,
    lastFailureAt: null,
    lastFailureMessage: null,
    lastDurationMs: null,
    lastSummary: null,
    ...fields,
  }) as JobRunRow;

const upload = (createdAt: Date) => ({
  id: uploadId(),
  purpose: "blog-image" as const,
  sourceFormat: "png" as const,
  sourceWidth: 1,
  sourceHeight: 1,
  sourceBytes: 1,
  uploadedByLabel: OWNER.name,
  createdAt,
});

/**
 * The scheduled jobs' runner (issue 26 §4): a run once across instances,
 * due or not, its outcome recorded for the owner's banner; the recurring
 * finance entries written by their job and never by a page's GET; the
 * nightly purge keeping a key in its window and an upload something
 * refers to.
 */
export function defineScheduledJobsSuite(database: TestDatabase) {
  describeOnDatabase(database, "tarefas agendadas: execução única, registro, recorrentes e limpeza", () => {
    let app: Modules;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.kind).toBe(database);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    beforeEach(async () => {
      await app.db.delete(app.tables.jobRuns);
    });

    const statusOf = async (name: string) => {
      const [row] = await app.db.select().from(app.tables.jobRuns).where(eq(app.tables.jobRuns.name, name));
      return row;
    };

    it("runs once when two instances look at the same moment, and not again before its interval; both outcomes are recorded", async () => {
      const T0 = new Date("2026-11-20T15:00:00Z");
      const counter = countingJob();
      counter.hold();
      // Two "instances" (two runners on one database) claim together: one runs, the other finds the lease taken.
      const first = app.runner.runJob(counter.job, { now: T0 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = await app.runner.runJob(counter.job, { now: T0 });
      counter.release();
      expect(await first).toMatchObject({ status: "succeeded", summary: "rodada 1" });
      expect(second).toEqual({ status: "skipped", reason: "busy" });
      expect(counter.runs()).toBe(1);
      // Another instance's tick a minute later: not due (the interval is ten minutes).
      expect(await app.runner.runJob(counter.job, { now: new Date(T0.getTime() + 60_000) })).toEqual({
        status: "skipped",
        reason: "not-due",
      });
      const ok = await statusOf("traffic.rollup");
      expect(ok).toMatchObject({ lastSummary: "rodada 1", leaseUntil: null, lastFailureAt: null });
      expect(ok?.lastSuccessAt?.getTime()).toBeGreaterThanOrEqual(T0.getTime());

      // A failure is recorded with its message, and the owner is told; the next success clears the alert.
      const failing = countingJob({
        run: async () => {
          throw new Error("tabela traffic_events travada\n   at linha 42");
        },
      });
      const later = new Date(T0.getTime() + 10 * 60_000);
      expect(await app.runner.runJob(failing.job, { now: later })).toEqual({
        status: "failed",
        message: "tabela traffic_events travada at linha 42",
      });
      const failed = await statusOf("traffic.rollup");
      expect(failed?.lastFailureMessage).toBe("tabela traffic_events travada at linha 42");
      expect(app.alerts.alertsOf([failed!], later)).toEqual([
        { kind: "job", message: expect.stringMatching(/^A tarefa automática de consolidação do tráfego falhou em .*travada/) },
      ]);
      await app.runner.runJob(counter.job, { now: new Date(later.getTime() + 10 * 60_000) });
      expect(app.alerts.alertsOf([(await statusOf("traffic.rollup"))!], later)).toEqual([]);
    });

    it("a run that died frees the job when its lease ends; a clock set back an hour does not stall it", async () => {
      const T0 = new Date("2026-11-20T15:00:00Z");
      const counter = countingJob({ leaseMs: 5 * 60_000 });
      // A run claimed and never finished (the process was killed): the lease is left behind.
      await app.db
        .insert(app.tables.jobRuns)
        .values({ name: "traffic.rollup", lastStartedAt: T0, leaseUntil: new Date(T0.getTime() + 5 * 60_000) });
      expect(await app.runner.runJob(counter.job, { now: new Date(T0.getTime() + 60_000), force: true })).toEqual({
        status: "skipped",
        reason: "busy",
      });
      expect(await app.runner.runJob(counter.job, { now: new Date(T0.getTime() + 11 * 60_000) })).toMatchObject({
        status: "succeeded",
      });
      // The clock goes back an hour: the last start lies ahead; it runs rather than waiting an hour.
      expect(await app.runner.runJob(counter.job, { now: new Date(T0.getTime() - HOUR) })).toMatchObject({
        status: "succeeded",
      });
      expect(counter.runs()).toBe(2);
    });

    it("the timer runs a due job at start (catching up), not one another instance just ran, and stops cleanly", async () => {
      const counter = countingJob();
      const timer = app.runner.startJob(counter.job);
      await timer.settled();
      expect(counter.runs()).toBe(1);
      const second = app.runner.startJob(counter.job);
      await second.settled();
      expect(counter.runs()).toBe(1);
      timer.stop();
      second.stop();
    });

    it("the banner: a backup that failed, one older than 26 hours (only once backups were made), a nearly full disk", () => {
      const now = new Date("2026-11-20T15:00:00Z");
      expect(app.alerts.alertsOf([], now)).toEqual([]);
      expect(app.alerts.alertsOf([backupRow({ lastSuccessAt: new Date(now.getTime() - 25 * HOUR) })], now)).toEqual([]);
      expect(app.alerts.alertsOf([backupRow({ lastSuccessAt: new Date(now.getTime() - 27 * HOUR) })], now)).toEqual([
        { kind: "backup", message: expect.stringMatching(/^A última cópia de segurança é de .*há mais de um dia/) },
      ]);
      expect(
        app.alerts.alertsOf(
          [
            backupRow({
              lastSuccessAt: new Date(now.getTime() - 2 * DAY),
              lastFailureAt: now,
              lastFailureMessage: "disco cheio",
            }),
          ],
          now,
        ),
      ).toEqual([{ kind: "backup", message: expect.stringMatching(/^A última cópia de segurança falhou .*disco cheio/) }]);
      const GB = 1024 ** 3;
      expect(app.alerts.diskAlertOf({ freeBytes: 50 * GB, totalBytes: 200 * GB })).toBeNull();
      expect(app.alerts.diskAlertOf({ freeBytes: 15 * GB, totalBytes: 200 * GB })?.message).toMatch(/quase cheio: restam 15 GB/);
      expect(app.alerts.diskAlertOf({ freeBytes: 0.5 * GB, totalBytes: 4 * GB })?.kind).toBe("disk");
    });

    it("the staff pages show the owner, and only the owner, a job's failure and a failed backup", async () => {
      const at = new Date();
      await app.runner.recordJobOutcome(app.db, "maintenance.purge", { ok: false, error: new Error("sem espaço") }, at, 5);
      await app.runner.recordJobOutcome(app.db, "backup", { ok: false, error: new Error("disco cheio") }, at, 5);
      const layout = (await import("~/routes/_account/layout")) as unknown as {
        loader: (args: unknown) => Promise<{ ownerAlerts: { kind: string; message: string }[] }>;
      };
      const as = async (role: "owner" | "staff") => {
        const context = new RouterContextProvider();
        context.set(app.session.sessionUserContext, { ...OWNER, role });
        return (await layout.loader({ request: new Request("http://localhost:3000/service-orders"), params: {}, context }))
          .ownerAlerts;
      };
      expect((await as("owner")).map((alert) => alert.kind).sort()).toEqual(["backup", "job"]);
      expect((await as("owner")).find((alert) => alert.kind === "job")?.message).toMatch(
        /limpeza de chaves e imagens antigas falhou .*sem espaço/,
      );
      expect(await as("staff")).toEqual([]);

      // A run this process records shows at once: the purge worked again, its alert goes.
      await app.runner.recordJobOutcome(app.db, "maintenance.purge", { ok: true }, new Date(), 5);
      expect((await as("owner")).map((alert) => alert.kind)).toEqual(["backup"]);
      // One written elsewhere (another instance, the backup command) shows once the last reading is old.
      await app.db
        .update(app.tables.jobRuns)
        .set({ lastSuccessAt: new Date(Date.now() + 1_000) })
        .where(eq(app.tables.jobRuns.name, "backup"));
      expect((await as("owner")).map((alert) => alert.kind)).toEqual(["backup"]);
      const later = Date.now() + app.alerts.JOB_RUNS_READING_TTL_MS + 1_000;
      vi.spyOn(Date, "now").mockReturnValue(later);
      try {
        expect(await as("owner")).toEqual([]);
      } finally {
        vi.restoreAllMocks();
      }
    });

    it("recorrentes: loading the finance pages writes nothing; the job writes the due entries once, and catches up after downtime", async () => {
      const t = app.tables;
      const [category] = await app.db
        .select({ id: t.financeCategories.id })
        .from(t.financeCategories)
        .where(eq(t.financeCategories.direction, "out"))
        .limit(1);
      await app.db.insert(t.financeRecurring).values({
        direction: "out",
        description: "Aluguel",
        categoryId: category!.id,
        amountCents: 180_000,
        dayOfMonth: 10,
        startMonth: "2026-01",
        generatedThrough: "2026-01",
        createdByLabel: OWNER.name,
      });
      const counts = async () => {
        const [entries] = await app.db.select({ n: sql<number>`count(*)::int` }).from(t.financeEntries);
        const [recurring] = await app.db.select({ through: t.financeRecurring.generatedThrough }).from(t.financeRecurring);
        return { entries: Number(entries!.n), through: recurring!.through };
      };
      const before = await counts();
      const context = new RouterContextProvider();
      context.set(app.session.sessionUserContext, OWNER);
      for (const page of FINANCE_PAGES) {
        const module = (await import(/* @vite-ignore */ `../../app/routes/_staff/${page}.tsx`)) as {
          loader: (args: unknown) => Promise<unknown>;
        };
        await module.loader({ request: new Request("http://localhost:3000/financial-management"), params: {}, context });
      }
      expect(await counts()).toEqual(before);

      // The job on 2026-03-15 writes February to June (three months ahead); a second run writes nothing.
      const job = app.recurring.recurringEntriesJob;
      const march = atShopTime("2026-03-15", "09:00");
      expect(await app.runner.runJob(job, { now: march })).toMatchObject({ summary: "5 lançamentos gerados" });
      expect(await app.runner.runJob(job, { now: march, force: true })).toMatchObject({
        summary: "0 lançamentos gerados",
      });
      expect(await counts()).toEqual({ entries: before.entries + 5, through: "2026-06" });
      // The server was off until August: the first run catches up July to November, once.
      const august = atShopTime("2026-08-20", "09:00");
      expect(await app.runner.runJob(job, { now: august })).toMatchObject({ summary: "5 lançamentos gerados" });
      expect(await app.runner.runJob(job, { now: august, force: true })).toMatchObject({
        summary: "0 lançamentos gerados",
      });
      expect(await counts()).toEqual({ entries: before.entries + 10, through: "2026-11" });
    });

    it("the purge: a key in its replay window stays, an older one goes; an upload something refers to stays", async () => {
      const t = app.tables;
      const now = new Date("2026-11-20T06:00:00Z");
      const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
      await app.db.insert(t.idempotencyKeys).values([
        { key: "chave-recente", scope: "teste", createdAt: daysAgo(300) },
        { key: "chave-antiga", scope: "teste", createdAt: daysAgo(400) },
      ]);
      const orphan = upload(daysAgo(90));
      const fresh = upload(daysAgo(2));
      const cover = upload(daysAgo(90));
      const inBody = upload(daysAgo(90));
      const inArray = upload(daysAgo(90));
      await app.db.insert(t.uploads).values([orphan, fresh, cover, inBody, inArray]);
      await app.db.insert(t.uploadVariants).values({
        uploadId: orphan.id,
        format: "webp",
        width: 1,
        height: 1,
        byteSize: 1,
        sha256: "0".repeat(64),
        bytes: new Uint8Array([1]),
      });
      // Held by a foreign key (a post's cover), written in a post's body, and in an array column (a post's tags).
      await app.db.insert(t.blogPosts).values({
        slug: "com-imagem",
        title: "Com imagem",
        bodyMarkdown: `Veja: ![foto](/arquivos/${inBody.id}-640.webp)`,
        coverUploadId: cover.id,
        tags: [`x-${inArray.id}`],
      });

      expect(await app.purge.purgeIdempotencyKeys(now)).toBe(1);
      expect((await app.db.select({ key: t.idempotencyKeys.key }).from(t.idempotencyKeys)).map((row) => row.key)).toContain(
        "chave-recente",
      );
      const purged = await app.purge.purgeUnreferencedUploads(now);
      const left = (await app.db.select({ id: t.uploads.id }).from(t.uploads)).map((row) => row.id);
      expect(left).toEqual(expect.arrayContaining([fresh.id, cover.id, inBody.id, inArray.id]));
      expect(left).not.toContain(orphan.id);
      expect(purged).toBe(1);
      expect(await app.db.select().from(t.uploadVariants).where(eq(t.uploadVariants.uploadId, orphan.id))).toEqual([]);
      // A second night finds nothing more.
      expect(await app.purge.purgeUnreferencedUploads(now)).toBe(0);
    });

    it("maintenance is due once a night in the quiet hours, overdue after a week, and VACUUM (ANALYZE) runs", async () => {
      const { isNightlyDue } = app.maintenance;
      const night = atShopTime("2026-11-20", "03:30");
      expect(isNightlyDue(null, atShopTime("2026-11-20", "14:00"))).toBe(true);
      expect(isNightlyDue(atShopTime("2026-11-19", "03:15"), night)).toBe(true);
      expect(isNightlyDue(atShopTime("2026-11-20", "03:15"), night)).toBe(false);
      expect(isNightlyDue(atShopTime("2026-11-19", "03:15"), atShopTime("2026-11-20", "14:00"))).toBe(false);
      expect(isNightlyDue(atShopTime("2026-11-12", "03:15"), atShopTime("2026-11-20", "14:00"))).toBe(true);
      expect((await app.maintenance.vacuumAnalyze()).ms).toBeGreaterThanOrEqual(0);
    });
  });
}
