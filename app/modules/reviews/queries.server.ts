import { desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { reviews } from "~/db/schema/reviews";
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

/** The newest published reviews, with "há 2 meses" worked out here so the page hydrates with the same text. */
export async function listPublishedReviews(now = new Date(), limit = REVIEWS_SHOWN): Promise<ReviewCardData[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.isPublished, true))
    .orderBy(desc(reviews.reviewedAt), desc(reviews.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    authorName: row.authorName,
    rating: row.rating,
    text: row.text,
    timeAgo: describeTimeAgo(row.reviewedAt, now),
    profilePhotoUrl: row.profilePhotoUrl,
    authorReviewCount: row.authorReviewCount,
    isLocalGuide: row.isLocalGuide,
    isVerified: row.isVerified,
  }));
}

/** Average rating, count, and satisfaction as the share of ratings of 4 or 5. */
export async function getReviewSummary(): Promise<ReviewSummary> {
  const db = await getDb();
  const [row] = await db
    .select({
      average: sql<number>`coalesce(avg(${reviews.rating}), 0)::float`,
      total: sql<number>`count(*)::int`,
      satisfied: sql<number>`count(*) filter (where ${reviews.rating} >= 4)::int`,
    })
    .from(reviews)
    .where(eq(reviews.isPublished, true));
  const total = row?.total ?? 0;
  return {
    average: row?.average ?? 0,
    total,
    satisfiedPercent: total ? Math.round(((row?.satisfied ?? 0) / total) * 100) : 0,
  };
}
