/** The blog's RSS 2.0 feed (routes/blog-rss.ts), linked from /blog. */
export const BLOG_FEED_PATH = "/blog/rss.xml";
/** Items in the feed: readers poll it, and the newest posts are what they want. */
export const BLOG_FEED_SIZE = 20;
