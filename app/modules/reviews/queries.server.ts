import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { reviews, type ReviewSource } from "~/db/schema/reviews";
import { shopToday } from "~/lib/dates";
import { readId } from "~/lib/forms";
import { escapeLike } from "~/lib/text-input";
import type { UploadedImage } from "~/lib/uploads/uploaded-image";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { getUploadedImage, getUploadedImages } from "~/modules/uploads/queries.server";
import { REVIEWS_PER_PAGE, type ReviewVisibility } from "./list-filters";
import { describeTimeAgo } from "./relative-time";

/** Spec §9: the carousel shows 75 reviews. */
export const REVIEWS_SHOWN = 75;

export type ReviewCardData = {
  id: number;
  authorName: string;
  rating: number;
  text: string;
  timeAgo: string;
  profilePhotoUrl: string | null;
  authorReviewCount: number;
  isLocalGuide: boolean;
  isVerified: boolean;
};

export type ReviewSummary = { average: number; total: number; satisfiedPercent: number };

/** The carousel's order: the staff's position, then newest first (the staff's list and its moves follow it too). */
export const CAROUSEL_ORDER = [asc(reviews.position), desc(reviews.reviewedAt), desc(reviews.id)];

/** The avatar is 40 CSS px: the 80 px file is sharp on a 2× screen. */
const AVATAR_FILE_WIDTH = 80;

function avatarUrlOf(image: UploadedImage | undefined): string | null {
  if (!image) return null;
  const webp = image.files.filter((file) => file.format === "webp");
  return (webp.find((file) => file.width >= AVATAR_FILE_WIDTH) ?? webp.at(-1) ?? image.share).url;
}

/** The published reviews in the staff's order, with "há 2 meses" worked out here so the page hydrates with the same text. */
export async function listPublishedReviews(now = new Date(), limit = REVIEWS_SHOWN): Promise<ReviewCardData[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.isPublished, true))
    .orderBy(...CAROUSEL_ORDER)
    .limit(limit);
  const photos = await getUploadedImages(rows.flatMap((row) => (row.photoUploadId ? [row.photoUploadId] : [])));
  return rows.map((row) => ({
    id: row.id,
    authorName: row.authorName,
    rating: row.rating,
    text: row.text,
    timeAgo: describeTimeAgo(row.reviewedAt, now),
    profilePhotoUrl: row.photoUploadId ? avatarUrlOf(photos.get(row.photoUploadId)) : row.profilePhotoUrl,
    authorReviewCount: row.authorReviewCount,
    isLocalGuide: row.isLocalGuide,
    isVerified: row.isVerified,
  }));
}

/**
 * Average rating, count, and satisfaction as the share of ratings of 4 or 5,
 * over EVERY review, hidden ones included: hiding takes a card off the
 * carousel, never a rating off the summary (CDC art. 37: leaving the bad
 * ones out would mislead).
 */
export async function getReviewSummary(): Promise<ReviewSummary> {
  const db = await getDb();
  const [row] = await db
    .select({
      average: sql<number>`coalesce(avg(${reviews.rating}), 0)::float`,
      total: sql<number>`count(*)::int`,
      satisfied: sql<number>`count(*) filter (where ${reviews.rating} >= 4)::int`,
    })
    .from(reviews);
  const total = row?.total ?? 0;
  return {
    average: row?.average ?? 0,
    total,
    satisfiedPercent: total ? Math.round(((row?.satisfied ?? 0) / total) * 100) : 0,
  };
}

export type StaffReviewRow = {
  id: number;
  authorName: string;
  rating: number;
  text: string;
  reviewedOn: string;
  isPublished: boolean;
  isVerified: boolean;
  source: ReviewSource;
  isDemo: boolean;
  photoUrl: string | null;
  /** Place in the carousel's order (1 = first), counting hidden ones. */
  place: number;
};

/** The staff's list: search by author or text, filter shown/hidden, pages of 20, in the carousel's order. */
export async function listReviewsForStaff(
  actor: Actor,
  { query, visibility, page }: { query: string; visibility: ReviewVisibility; page: number },
): Promise<{ rows: StaffReviewRow[]; page: number; pageCount: number; total: number; summary: ReviewSummary }> {
  assertStaffActor(actor);
  const db = await getDb();
  // The place is numbered over every review before filtering: "3º" means the same in any search.
  const ordered = db
    .select({
      id: reviews.id,
      authorName: reviews.authorName,
      rating: reviews.rating,
      text: reviews.text,
      reviewedAt: reviews.reviewedAt,
      isPublished: reviews.isPublished,
      isVerified: reviews.isVerified,
      source: reviews.source,
      isDemo: reviews.isDemo,
      photoUploadId: reviews.photoUploadId,
      profilePhotoUrl: reviews.profilePhotoUrl,
      place: sql<number>`(row_number() over (order by ${sql.join(CAROUSEL_ORDER, sql`, `)}))::int`.as("place"),
    })
    .from(reviews)
    .as("ordered");
  const conditions: SQL[] = [];
  if (query) {
    const pattern = `%${escapeLike(query)}%`;
    conditions.push(or(ilike(ordered.authorName, pattern), ilike(ordered.text, pattern))!);
  }
  if (visibility !== "all") conditions.push(eq(ordered.isPublished, visibility === "shown"));
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(ordered)
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / REVIEWS_PER_PAGE));
  const shownPage = Math.min(Math.max(1, page), pageCount);
  const pageRows = await db
    .select()
    .from(ordered)
    .where(where)
    .orderBy(asc(ordered.place))
    .limit(REVIEWS_PER_PAGE)
    .offset((shownPage - 1) * REVIEWS_PER_PAGE);
  const photos = await getUploadedImages(pageRows.flatMap((row) => (row.photoUploadId ? [row.photoUploadId] : [])));
  return {
    rows: pageRows.map((row) => ({
      id: row.id,
      authorName: row.authorName,
      rating: row.rating,
      text: row.text,
      reviewedOn: shopToday(row.reviewedAt),
      isPublished: row.isPublished,
      isVerified: row.isVerified,
      source: row.source,
      isDemo: row.isDemo,
      photoUrl: row.photoUploadId ? avatarUrlOf(photos.get(row.photoUploadId)) : row.profilePhotoUrl,
      place: row.place,
    })),
    page: shownPage,
    pageCount,
    total,
    summary: await getReviewSummary(),
  };
}

export type StaffReview = {
  id: number;
  authorName: string;
  rating: number;
  text: string;
  reviewedOn: string;
  isPublished: boolean;
  isVerified: boolean;
  source: ReviewSource;
  photo: UploadedImage | null;
  /** A demo review's picture of public/, shown until a photo is uploaded. */
  profilePhotoUrl: string | null;
};

export async function getReviewForStaff(actor: Actor, id: string): Promise<StaffReview | null> {
  assertStaffActor(actor);
  const reviewId = readId(id);
  if (reviewId === null) return null;
  const db = await getDb();
  const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  if (!row) return null;
  return {
    id: row.id,
    authorName: row.authorName,
    rating: row.rating,
    text: row.text,
    reviewedOn: shopToday(row.reviewedAt),
    isPublished: row.isPublished,
    isVerified: row.isVerified,
    source: row.source,
    photo: row.photoUploadId ? await getUploadedImage(row.photoUploadId) : null,
    profilePhotoUrl: row.profilePhotoUrl,
  };
}
