import type { blogPosts } from "~/db/schema/blog";

/** A few published posts for a fresh database (issue 3 fills this in). */
export const DEMO_BLOG_POSTS: (typeof blogPosts.$inferInsert)[] = [];
