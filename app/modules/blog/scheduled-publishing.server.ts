import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { getDb, inTransaction } from "~/db/client.server";
import { blogPosts } from "~/db/schema/blog";
import { startJob, systemClock, type JobTimer, type ScheduledJob, type SchedulerClock } from "~/lib/job-runner.server";
import { logger } from "~/lib/logger.server";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { plural } from "~/lib/wording";

const ENTITY = "blog_post";

/** The advisory lock of a publishing run: with several servers one publishes, the others skip ("BLOG" in ASCII). */
const PUBLISHING_LOCK = 0x424c4f47;

/**
 * Scheduled posts whose time has come become published, in one
 * transaction, with an audit entry each. A write to blog_posts: the public
 * pages, the feed and the sitemap refresh when it commits, with no request.
 * Several servers on one PostgreSQL look at the same time: the one holding
 * the lock publishes, the others skip that look (and the row locks would
 * let only one of them change a post anyway), so each post is published and
 * audited once.
 */
export async function publishDuePosts(now: Date): Promise<{ id: number; slug: string }[]> {
  const isDue = and(eq(blogPosts.status, "scheduled"), lte(blogPosts.publishedAt, now));
  // Looked up first: an UPDATE of blog_posts drops the public page cache even when it changes no row,
  // and the timer looks every minute.
  const [anyDue] = await (await getDb()).select({ id: blogPosts.id }).from(blogPosts).where(isDue).limit(1);
  if (!anyDue) return [];
  return inTransaction(async (tx) => {
    const locked = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${PUBLISHING_LOCK}) as locked`);
    if (!locked.rows[0]?.locked) return [];
    const due = await tx
      .update(blogPosts)
      .set({ status: "published", updatedAt: now })
      .where(isDue)
      .returning({ id: blogPosts.id, slug: blogPosts.slug, title: blogPosts.title, publishedAt: blogPosts.publishedAt });
    for (const post of due) {
      await recordAudit(tx, {
        actorUserId: null,
        actorLabel: "publicação agendada",
        action: "blog_post.publish_scheduled",
        entity: ENTITY,
        entityId: String(post.id),
        details: { title: post.title, slug: post.slug, publishedAt: post.publishedAt?.toISOString() ?? null },
      });
    }
    return due.map(({ id, slug }) => ({ id, slug }));
  });
}

/** The next scheduled post's time after `now`, or null when none is waiting. */
export async function nextScheduledPublicationAt(now: Date): Promise<Date | null> {
  const db = await getDb();
  const [next] = await db
    .select({ publishedAt: blogPosts.publishedAt })
    .from(blogPosts)
    .where(and(eq(blogPosts.status, "scheduled"), gt(blogPosts.publishedAt, now)))
    .orderBy(asc(blogPosts.publishedAt))
    .limit(1);
  return next?.publishedAt ?? null;
}

export type { SchedulerClock } from "~/lib/job-runner.server";

/**
 * The longest the timer sleeps. Another server on the same PostgreSQL (or a
 * post scheduled by a script) is not seen by this process's wake-up call, so
 * it looks again at least this often; within one process the editor wakes it.
 */
export const MAX_SLEEP_MS = 60_000;

export type ScheduledPublishing = JobTimer;

/**
 * Publishes scheduled posts at their time with no request: looks at once,
 * then sleeps until the next scheduled post (at most MAX_SLEEP_MS), and so
 * on, on the job runner (a failed look is recorded and retried on the next
 * wake-up, never thrown).
 */
export const scheduledPublishingJob: ScheduledJob = {
  name: "blog.publish",
  intervalMs: MAX_SLEEP_MS,
  // Every look is due: it is one read when nothing is waiting, and a post's time decides, not the last look.
  isDue: () => true,
  leaseMs: 5 * 60_000,
  async run(now) {
    const published = await publishDuePosts(now);
    if (published.length > 0) logger.info({ posts: published.map((post) => post.slug) }, "posts agendados publicados");
    return {
      summary: published.length > 0 ? plural(published.length, "post publicado", "posts publicados") : null,
      nextRunAt: await nextScheduledPublicationAt(now),
    };
  },
};

export function startScheduledPublishing(clock: SchedulerClock = systemClock): ScheduledPublishing {
  return startJob(scheduledPublishingJob, clock);
}

let serverTimer: ScheduledPublishing | null = null;

/** Started once by the server (app/server/scheduled-jobs.server.ts); the editor wakes it when a post is scheduled. */
export function startServerScheduledPublishing() {
  serverTimer ??= startScheduledPublishing();
  return serverTimer;
}

/** A post was just scheduled: the server's timer re-arms for it (nothing when no timer runs, as in tests). */
export function wakeScheduledPublishing() {
  serverTimer?.wake();
}
