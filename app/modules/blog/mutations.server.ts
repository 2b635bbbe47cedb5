import { and, eq, ne } from "drizzle-orm";
import { afterCommit } from "~/db/committed-writes.server";
import { inTransaction, type Transaction } from "~/db/client.server";
import { blogPosts, blogSlugRedirects, type BlogPostStatus } from "~/db/schema/blog";
import { parseShopDateTimeInput } from "~/lib/dates";
import { MAX_ID, parseInput, tooLongMessage } from "~/lib/forms";
import { ImageUploadError } from "~/lib/uploads/image-upload-error";
import { processImage, type ProcessedImage } from "~/lib/uploads/process-image.server";
import { uploadedFileFrom, type UploadedFile } from "~/lib/uploads/read-upload-form.server";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { storeImageUpload, storeImageUploadInTx } from "~/modules/uploads/mutations.server";
import { hasSqlState } from "~/db/sql-state";
import { bodyImageMarkdown } from "./body-image";
import { BlogInputError, PostNotFoundError } from "./errors";
import { outsideImageUrls, outsideImagesMessage } from "./markdown.server";
import { slugWithSuffix } from "~/lib/slug";
import { slugFromTitle } from "./slug";
import { wakeScheduledPublishing } from "./scheduled-publishing.server";
import {
  BLOG_POST_LIMITS,
  BODY_IMAGE_ALT_MESSAGE,
  BODY_IMAGE_FIELD,
  BODY_IMAGE_MISSING_MESSAGE,
  COVER_ALT_MESSAGE,
  OUTSIDE_IMAGE_REMEDY,
  PostSchema,
  PUBLISH_AT_MESSAGE,
  PUBLISH_AT_PAST_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  type PostInput,
} from "./validation";

export const BLOG_POST_ENTITY = "blog_post";

/** What happens to the cover: kept, taken off, or replaced by a file sent with the form. */
export type CoverChange = { file: UploadedFile | null; remove: boolean };

export type SavedPost = { id: number; slug: string; title: string; status: BlogPostStatus; publishedAt: Date | null };

type StoredPost = typeof blogPosts.$inferSelect;

function assertPostId(id: number) {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw new PostNotFoundError(id);
}

/** The slug asked for, or the title's with "-2", "-3"… until no other post has it. */
async function chosenSlugInTx(tx: Transaction, values: PostInput, exceptId: number | null): Promise<string> {
  const other = exceptId === null ? undefined : ne(blogPosts.id, exceptId);
  const isTaken = async (slug: string) =>
    (
      await tx
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, slug), other))
        .limit(1)
    ).length > 0;
  if (values.slug !== "") {
    if (await isTaken(values.slug)) throw new BlogInputError({ slug: SLUG_TAKEN_MESSAGE }, 409);
    return values.slug;
  }
  const base = slugFromTitle(values.title);
  for (let suffix = 1; ; suffix++) {
    const slug = slugWithSuffix(base, suffix);
    if (!(await isTaken(slug))) return slug;
  }
}

/**
 * When the post appears: a scheduled post at its (future) time on the shop's
 * clock; a post published now keeps the date it first appeared, if it ever
 * did; a draft keeps whatever it had, so an unpublished post still knows it
 * was once public (its old slugs keep redirecting once it is back).
 */
function publishedAtFor(values: PostInput, previous: StoredPost | null, now: Date): Date | null {
  if (values.status === "scheduled") {
    const at = parseShopDateTimeInput(values.publishAt);
    if (!at) throw new BlogInputError({ publishAt: PUBLISH_AT_MESSAGE });
    if (at.getTime() <= now.getTime()) throw new BlogInputError({ publishAt: PUBLISH_AT_PAST_MESSAGE });
    return at;
  }
  const before = previous?.publishedAt ?? null;
  if (values.status === "published") return before && before.getTime() <= now.getTime() ? before : now;
  return before;
}

function wasEverPublic(post: StoredPost, now: Date) {
  return post.publishedAt !== null && post.publishedAt.getTime() <= now.getTime();
}

function isDuplicateSlug(error: unknown) {
  return hasSqlState(error, "23505");
}

type PreparedCover = { kind: "keep" } | { kind: "remove" } | { kind: "replace"; image: ProcessedImage; originalName: string };

/** The cover through the pipeline (purpose blog-cover) before any transaction opens: re-encoding takes CPU. */
async function prepareCover(cover: CoverChange): Promise<PreparedCover> {
  if (cover.file)
    return { kind: "replace", image: await processImage(cover.file.bytes, "blog-cover"), originalName: cover.file.originalName };
  return cover.remove ? { kind: "remove" } : { kind: "keep" };
}

/**
 * Creates (id null) or updates a post with its cover, in one transaction:
 * the slug checked unique, a renamed slug of a post that was ever public
 * kept as a redirect, the audit entry. The public pages drop their cache
 * when it commits (blog_posts is public content) and the publishing timer
 * re-arms for a new schedule.
 */
export async function savePost(
  actor: Actor,
  id: number | null,
  input: unknown,
  cover: CoverChange = { file: null, remove: false },
  now: Date = new Date(),
): Promise<SavedPost> {
  assertStaffActor(actor);
  if (id !== null) assertPostId(id);
  const values = parseInput(PostSchema, input, (fieldErrors) => new BlogInputError(fieldErrors));
  const outside = outsideImageUrls(values.bodyMarkdown);
  if (outside.length > 0) throw new BlogInputError({ bodyMarkdown: outsideImagesMessage(outside, OUTSIDE_IMAGE_REMEDY) });
  const prepared = await prepareCover(cover);
  try {
    return await inTransaction((tx) => savePostInTx(tx, actor, id, values, prepared, now));
  } catch (error) {
    // Two saves taking the same slug at once: the unique index refuses the second.
    if (isDuplicateSlug(error)) throw new BlogInputError({ slug: SLUG_TAKEN_MESSAGE }, 409);
    throw error;
  }
}

async function savePostInTx(
  tx: Transaction,
  actor: Actor,
  id: number | null,
  values: PostInput,
  cover: PreparedCover,
  now: Date,
): Promise<SavedPost> {
  assertStaffActor(actor);
  let previous: StoredPost | null = null;
  if (id !== null) {
    [previous = null] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
    if (!previous) throw new PostNotFoundError(id);
  }
  const slug = await chosenSlugInTx(tx, values, id);
  const publishedAt = publishedAtFor(values, previous, now);
  let coverUploadId = previous?.coverUploadId ?? null;
  if (cover.kind === "remove") coverUploadId = null;
  if (cover.kind === "replace") coverUploadId = (await storeImageUploadInTx(tx, actor, cover)).id;
  // A demo post's picture (a file of public/) counts as its cover until one is uploaded or it is removed.
  const coverImageUrl = cover.kind === "keep" ? (previous?.coverImageUrl ?? null) : null;
  if ((coverUploadId !== null || coverImageUrl !== null) && values.coverAlt === "")
    throw new BlogInputError({ coverAlt: COVER_ALT_MESSAGE });

  const row = {
    slug,
    title: values.title,
    excerpt: values.excerpt,
    bodyMarkdown: values.bodyMarkdown,
    coverUploadId,
    coverImageUrl,
    coverAlt: values.coverAlt,
    tags: values.tags,
    status: values.status,
    seoTitle: values.seoTitle,
    seoDescription: values.seoDescription,
    publishedAt,
    updatedByUserId: actor.userId,
    updatedAt: now,
  };
  let saved: { id: number };
  if (previous === null) {
    [saved] = (await tx
      .insert(blogPosts)
      .values({ ...row, authorName: actor.label, createdAt: now })
      .returning({ id: blogPosts.id })) as [{ id: number }];
  } else {
    saved = { id: previous.id };
    await tx.update(blogPosts).set(row).where(eq(blogPosts.id, previous.id));
    // The slug it takes is no longer anyone's old address; the one it leaves keeps pointing here if readers may have it.
    await tx.delete(blogSlugRedirects).where(eq(blogSlugRedirects.oldSlug, slug));
    if (previous.slug !== slug && wasEverPublic(previous, now)) {
      await tx
        .insert(blogSlugRedirects)
        .values({ oldSlug: previous.slug, postId: previous.id, createdAt: now })
        .onConflictDoUpdate({ target: blogSlugRedirects.oldSlug, set: { postId: previous.id, createdAt: now } });
    }
  }
  if (previous === null) await tx.delete(blogSlugRedirects).where(eq(blogSlugRedirects.oldSlug, slug));

  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: previous === null ? "blog_post.create" : "blog_post.update",
    entity: BLOG_POST_ENTITY,
    entityId: String(saved.id),
    details: {
      title: values.title,
      slug,
      ...(previous && previous.slug !== slug ? { previousSlug: previous.slug } : {}),
      status: values.status,
      ...(previous && previous.status !== values.status ? { previousStatus: previous.status } : {}),
      publishedAt: publishedAt?.toISOString() ?? null,
      cover: cover.kind,
    },
  });
  if (values.status === "scheduled") afterCommit(tx, wakeScheduledPublishing);
  return { id: saved.id, slug, title: values.title, status: values.status, publishedAt };
}

/** Back to draft: off /blog, the feed and the sitemap; its text, cover and old addresses kept. */
export async function unpublishPost(actor: Actor, id: number, now: Date = new Date()): Promise<SavedPost> {
  assertStaffActor(actor);
  assertPostId(id);
  return inTransaction(async (tx) => {
    const [post] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
    if (!post) throw new PostNotFoundError(id);
    // A scheduled post that never appeared forgets its time: publishing it later starts afresh.
    const publishedAt = wasEverPublic(post, now) ? post.publishedAt : null;
    await tx
      .update(blogPosts)
      .set({ status: "draft", publishedAt, updatedAt: now, updatedByUserId: actor.userId })
      .where(eq(blogPosts.id, id));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "blog_post.unpublish",
      entity: BLOG_POST_ENTITY,
      entityId: String(id),
      details: { title: post.title, slug: post.slug, previousStatus: post.status },
    });
    return { id, slug: post.slug, title: post.title, status: "draft" as const, publishedAt };
  });
}

/** Removes a post and its old addresses (cascade); /blog/{slug} answers 404 from then on. */
export async function deletePost(actor: Actor, id: number): Promise<{ title: string }> {
  assertStaffActor(actor);
  assertPostId(id);
  return inTransaction(async (tx) => {
    const [post] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
    if (!post) throw new PostNotFoundError(id);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "blog_post.delete",
      entity: BLOG_POST_ENTITY,
      entityId: String(id),
      details: { title: post.title, slug: post.slug, status: post.status, isDemo: post.isDemo },
    });
    return { title: post.title };
  });
}

/**
 * An image for a post's text ("Inserir imagem no texto"): through the upload
 * pipeline (type by content, re-encoded, sized variants, purpose blog-image)
 * and stored on its own, since the post may not be saved yet; its
 * description is required. Answers the Markdown the editor inserts. Refusals
 * name the insert's own fields, not the cover's.
 */
export async function storeBodyImage(actor: Actor, form: FormData) {
  assertStaffActor(actor);
  const alt = form.get("bodyImageAlt");
  // oxlint-disable-next-line no-control-regex -- a NUL (which PostgreSQL refuses) counts as a blank.
  const description = typeof alt === "string" ? alt.replace(/[\s\u0000]+/g, " ").trim() : "";
  try {
    const file = await uploadedFileFrom(form, BODY_IMAGE_FIELD);
    const errors: Record<string, string> = {};
    if (!file) errors[BODY_IMAGE_FIELD] = BODY_IMAGE_MISSING_MESSAGE;
    if (description === "") errors.bodyImageAlt = BODY_IMAGE_ALT_MESSAGE;
    else if (description.length > BLOG_POST_LIMITS.bodyImageAlt)
      errors.bodyImageAlt = tooLongMessage(BLOG_POST_LIMITS.bodyImageAlt);
    if (!file || Object.keys(errors).length > 0) throw new BlogInputError(errors);
    const image = await storeImageUpload(actor, { bytes: file.bytes, purpose: "blog-image", originalName: file.originalName });
    return { markdown: bodyImageMarkdown(image, description) };
  } catch (error) {
    if (error instanceof ImageUploadError) throw new BlogInputError({ [BODY_IMAGE_FIELD]: error.message });
    throw error;
  }
}
