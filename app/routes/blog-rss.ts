import { getEnv } from "~/lib/env.server";
import { BLOG_FEED_SIZE } from "~/modules/blog/feed";
import { listPostsForFeed } from "~/modules/blog/queries.server";
import { renderRssFeed } from "~/modules/blog/rss";
import { getShopSettings } from "~/modules/shop-settings/queries.server";

/** /blog/rss.xml: the newest visible posts as RSS 2.0, at PUBLIC_URL's addresses (like the sitemap). */
export async function loader() {
  const [posts, shop] = await Promise.all([listPostsForFeed(BLOG_FEED_SIZE), getShopSettings()]);
  const xml = renderRssFeed({ origin: getEnv().PUBLIC_URL, shopName: shop.name, posts });
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
