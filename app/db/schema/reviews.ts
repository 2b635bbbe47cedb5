import { boolean, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/** Customer reviews shown in the testimonials block: data from the review service, kept here. */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    authorName: text("author_name").notNull(),
    rating: integer("rating").notNull(),
    text: text("text").notNull().default(""),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }).notNull(),
    profilePhotoUrl: text("profile_photo_url"),
    authorReviewCount: integer("author_review_count").notNull().default(1),
    authorPhotoCount: integer("author_photo_count").notNull().default(0),
    isLocalGuide: boolean("is_local_guide").notNull().default(false),
    isVerified: boolean("is_verified").notNull().default(true),
    isPublished: boolean("is_published").notNull().default(true),
    /** Created by the demo seed; "Apagar dados de demonstração" removes exactly these rows. */
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (table) => [
    check("reviews_rating_range", sql`${table.rating} between 1 and 5`),
    index("reviews_published_idx").on(table.isPublished, table.reviewedAt),
  ],
);
