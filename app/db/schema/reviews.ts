import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { uploads } from "./uploads";

/** Where a review came from: typed by the staff, imported from the review service's export, or the demo. */
export const REVIEW_SOURCES = ["manual", "import", "demo"] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/**
 * The shop's reviews: typed by the staff or imported from the review
 * service's export. `isPublished` false hides the card only: the summary
 * (average, total, satisfaction) counts every review, hidden ones included
 * (CDC art. 37: leaving bad ratings out would mislead).
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    authorName: text("author_name").notNull(),
    rating: integer("rating").notNull(),
    text: text("text").notNull().default(""),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }).notNull(),
    /** A demo review's photo (a file of public/); the shop's reviews use `photoUploadId`, never a URL fetched from elsewhere. */
    profilePhotoUrl: text("profile_photo_url"),
    photoUploadId: text("photo_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    authorReviewCount: integer("author_review_count").notNull().default(1),
    authorPhotoCount: integer("author_photo_count").notNull().default(0),
    isLocalGuide: boolean("is_local_guide").notNull().default(false),
    /**
     * "Avaliação verificada" on the card: only a review imported from a review
     * service's export, whose authors the service knows, may carry it (the
     * staff can take it off); one typed by the staff never does (CDC art. 37:
     * misleading advertising). The check below holds it whatever writes the row.
     */
    isVerified: boolean("is_verified").notNull().default(false),
    isPublished: boolean("is_published").notNull().default(true),
    /** The staff's order in the carousel, ascending; ties newest first. */
    position: integer("position").notNull().default(0),
    source: text("source").$type<ReviewSource>().notNull().default("manual"),
    /** An imported review's fingerprint (author, date, rating, text): importing the same export twice adds nothing. */
    importKey: text("import_key"),
    /** Created by the demo seed; "Apagar dados de demonstração" removes exactly these rows. */
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (table) => [
    check("reviews_rating_range", sql`${table.rating} between 1 and 5`),
    check("reviews_verified_only_imported", sql`not ${table.isVerified} or ${table.source} = 'import'`),
    index("reviews_published_idx").on(table.isPublished, table.reviewedAt),
    index("reviews_position_idx").on(table.position, table.reviewedAt),
    uniqueIndex("reviews_import_key_idx").on(table.importKey),
  ],
);
