import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { uploads } from "./uploads";

export const BLOG_POST_STATUSES = ["draft", "published", "scheduled"] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

/** Posts of /blog; a scheduled post appears once its published_at has passed. */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    bodyMarkdown: text("body_markdown").notNull().default(""),
    /** A demo post's cover (a file of public/); a post of the shop has `coverUploadId` instead. */
    coverImageUrl: text("cover_image_url"),
    /** The cover sent through the upload pipeline (purpose "blog-cover"): its variants give srcset, width and height. */
    coverUploadId: text("cover_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    coverAlt: text("cover_alt").notNull().default(""),
    tags: text("tags").array().notNull().default([]),
    status: text("status").$type<BlogPostStatus>().notNull().default("draft"),
    authorName: text("author_name").notNull().default(""),
    /** For search engines and link previews; blank means the title and the excerpt. */
    seoTitle: text("seo_title").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    updatedByUserId: text("updated_by_user_id").references(() => user.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Created by the demo seed; "Apagar dados de demonstração" removes exactly these rows. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("blog_posts_listing_idx").on(table.status, table.publishedAt)],
);

/**
 * A slug a post had before: /blog/{old slug} answers 301 to the post's
 * current address, so links shared before a rename keep working. A slug in
 * use by a post is never here (the editor moves it out when a post takes it).
 */
export const blogSlugRedirects = pgTable("blog_slug_redirects", {
  oldSlug: text("old_slug").primaryKey(),
  postId: integer("post_id")
    .notNull()
    .references(() => blogPosts.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});
