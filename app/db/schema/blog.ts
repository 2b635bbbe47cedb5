import { boolean, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

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
    coverImageUrl: text("cover_image_url"),
    tags: text("tags").array().notNull().default([]),
    status: text("status").$type<BlogPostStatus>().notNull().default("draft"),
    authorName: text("author_name").notNull().default(""),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Created by the demo seed; "Apagar dados de demonstração" removes exactly these rows. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("blog_posts_listing_idx").on(table.status, table.publishedAt)],
);
