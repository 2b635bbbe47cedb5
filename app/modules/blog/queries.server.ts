import { and, desc, eq, lte, or, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { blogPosts } from "~/db/schema/blog";
import { hasNoNul } from "~/lib/text-input";

export type BlogPost = typeof blogPosts.$inferSelect;
export type BlogPostSummary = Pick<
  BlogPost,
  "id" | "slug" | "title" | "excerpt" | "coverImageUrl" | "tags" | "publishedAt" | "authorName"
>;

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  coverImageUrl: blogPosts.coverImageUrl,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
  authorName: blogPosts.authorName,
};

/** Published, or scheduled with its time come. */
function isVisible(now: Date) {
  return and(or(eq(blogPosts.status, "published"), eq(blogPosts.status, "scheduled")), lte(blogPosts.publishedAt, now));
}

export async function listPublishedPosts({ page, pageSize }: { page: number; pageSize: number }, now = new Date()) {
  const db = await getDb();
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(isVisible(now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** How many posts /blog shows: its number of pages, and where a page past the last one sends the browser. */
export async function countPublishedPosts(now = new Date()) {
  const db = await getDb();
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(blogPosts)
    .where(isVisible(now));
  return count?.total ?? 0;
}

export async function listLatestPosts(limit: number, now = new Date()) {
  return listPublishedPosts({ page: 1, pageSize: limit }, now);
}

/** `/blog/{id}` accepts the numeric id or the slug. */
export async function findPublishedPost(idOrSlug: string, now = new Date()): Promise<BlogPost | null> {
  // PostgreSQL refuses a NUL in text (the query would fail): such an address names no post.
  if (!hasNoNul(idOrSlug)) return null;
  const db = await getDb();
  const id = /^\d{1,9}$/.test(idOrSlug) ? Number(idOrSlug) : null;
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(
      and(isVisible(now), id === null ? eq(blogPosts.slug, idOrSlug) : or(eq(blogPosts.id, id), eq(blogPosts.slug, idOrSlug))),
    )
    .limit(1);
  return post ?? null;
}

/** Every visible post's slug and last change, newest first, for sitemap.xml. */
export async function listPublishedPostsForSitemap(now = new Date()): Promise<{ slug: string; updatedAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isVisible(now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
}
