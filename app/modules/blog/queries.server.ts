import { and, desc, eq, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { blogPosts, blogSlugRedirects, type BlogPostStatus } from "~/db/schema/blog";
import { escapeLike, hasNoNul } from "~/lib/text-input";
import type { UploadedImage } from "~/lib/uploads/uploaded-image";
import { getUploadedImages } from "~/modules/uploads/queries.server";
import { STAFF_POSTS_PAGE_SIZE, type StaffPostFilter } from "./staff-list";

export type BlogPost = typeof blogPosts.$inferSelect;
export type BlogPostSummary = Pick<
  BlogPost,
  "id" | "slug" | "title" | "excerpt" | "coverImageUrl" | "coverUploadId" | "coverAlt" | "tags" | "publishedAt" | "authorName"
>;

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  coverImageUrl: blogPosts.coverImageUrl,
  coverUploadId: blogPosts.coverUploadId,
  coverAlt: blogPosts.coverAlt,
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

/**
 * Every visible post's slug and last change, newest first, for sitemap.xml.
 * A scheduled post changed when it appeared, even if it was last saved
 * before (the timer's write may not have happened yet).
 */
export async function listPublishedPostsForSitemap(now = new Date()): Promise<{ slug: string; updatedAt: Date }[]> {
  const db = await getDb();
  const rows = await db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt, publishedAt: blogPosts.publishedAt })
    .from(blogPosts)
    .where(isVisible(now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  return rows.map(({ slug, updatedAt, publishedAt }) => ({
    slug,
    updatedAt: publishedAt && publishedAt > updatedAt ? publishedAt : updatedAt,
  }));
}

/**
 * What a page needs to draw a post's cover without layout shift: an
 * uploaded cover's WebP files (srcset), or a demo post's picture of public/
 * (1200 × 630), with its description.
 */
export type PostCoverImage = { src: string; srcSet?: string; width: number; height: number; alt: string; share: string };

/** The covers of several posts in one query, keyed by post id; posts without one are absent. */
export async function getPostCovers(
  posts: readonly Pick<BlogPost, "id" | "coverUploadId" | "coverImageUrl" | "coverAlt">[],
): Promise<Record<number, PostCoverImage>> {
  const uploads = await getUploadedImages(posts.flatMap((post) => (post.coverUploadId ? [post.coverUploadId] : [])));
  const covers: Record<number, PostCoverImage> = {};
  for (const post of posts) {
    const image: UploadedImage | undefined = post.coverUploadId ? uploads.get(post.coverUploadId) : undefined;
    if (image) {
      covers[post.id] = {
        src: image.src,
        srcSet: image.srcSet,
        width: image.width,
        height: image.height,
        alt: post.coverAlt,
        share: image.share.url,
      };
    } else if (post.coverImageUrl) {
      covers[post.id] = { src: post.coverImageUrl, width: 1200, height: 630, alt: post.coverAlt, share: post.coverImageUrl };
    }
  }
  return covers;
}

/**
 * Where an old address of a post sends the reader: the post's current slug
 * when the slug was renamed and the post is visible; null otherwise (404).
 */
export async function findRenamedPostSlug(oldSlug: string, now = new Date()): Promise<string | null> {
  if (!hasNoNul(oldSlug)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ slug: blogPosts.slug })
    .from(blogSlugRedirects)
    .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
    .where(and(eq(blogSlugRedirects.oldSlug, oldSlug), isVisible(now)))
    .limit(1);
  return row?.slug ?? null;
}

/** The newest visible posts for the RSS feed, with what an item carries. */
export async function listPostsForFeed(limit: number, now = new Date()) {
  const db = await getDb();
  return db
    .select({ ...summaryColumns, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isVisible(now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(limit);
}

/**
 * The status a reader would see: a scheduled post whose time has passed is
 * already public (the timer flips it within a moment), so it counts as published.
 */
function statusCondition(filter: StaffPostFilter, now: Date): SQL | undefined {
  if (filter === "draft") return eq(blogPosts.status, "draft");
  if (filter === "published") return isVisible(now);
  if (filter === "scheduled")
    return and(eq(blogPosts.status, "scheduled"), sql`${blogPosts.publishedAt} > ${now.toISOString()}::timestamptz`);
  return undefined;
}

export type StaffPostRow = {
  id: number;
  title: string;
  slug: string;
  status: BlogPostStatus;
  publishedAt: Date | null;
  updatedAt: Date;
  isDemo: boolean;
  hasCover: boolean;
};

/** /blog-management: every post, newest change first, by title, slug or tag, in pages. */
export async function listPostsForStaff(
  { query, filter, page }: { query: string; filter: StaffPostFilter; page: number },
  now = new Date(),
): Promise<{ posts: StaffPostRow[]; page: number; pageCount: number; total: number }> {
  const db = await getDb();
  const text = query.trim();
  const pattern = `%${escapeLike(text)}%`;
  const where = and(
    statusCondition(filter, now),
    text === ""
      ? undefined
      : or(
          ilike(blogPosts.title, pattern),
          ilike(blogPosts.slug, pattern),
          sql`exists (select 1 from unnest(${blogPosts.tags}) as tag where tag ilike ${pattern})`,
        ),
  );
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(blogPosts)
    .where(where);
  const total = count?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / STAFF_POSTS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      status: blogPosts.status,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
      isDemo: blogPosts.isDemo,
      hasCover: sql<boolean>`(${blogPosts.coverUploadId} is not null or ${blogPosts.coverImageUrl} is not null)`,
    })
    .from(blogPosts)
    .where(where)
    .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
    .limit(STAFF_POSTS_PAGE_SIZE)
    .offset((current - 1) * STAFF_POSTS_PAGE_SIZE);
  return {
    posts: rows.map((row) => ({ ...row, status: isScheduledDue(row, now) ? "published" : row.status })),
    page: current,
    pageCount,
    total,
  };
}

function isScheduledDue(post: { status: BlogPostStatus; publishedAt: Date | null }, now: Date) {
  return post.status === "scheduled" && post.publishedAt !== null && post.publishedAt.getTime() <= now.getTime();
}

/** A post as the editor shows it, whatever its status; null when there is none. */
export async function getPostForEditor(id: number): Promise<BlogPost | null> {
  const db = await getDb();
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return post ?? null;
}

/** The post's old addresses that still redirect to it, newest first. */
export async function listOldSlugs(postId: number): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ oldSlug: blogSlugRedirects.oldSlug })
    .from(blogSlugRedirects)
    .where(eq(blogSlugRedirects.postId, postId))
    .orderBy(desc(blogSlugRedirects.createdAt));
  return rows.map((row) => row.oldSlug);
}
