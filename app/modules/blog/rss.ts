import { escapeXml } from "~/lib/xml";

/** One item of the feed: a visible post, as queries.server.ts lists it. */
export type FeedPost = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  tags: string[];
  publishedAt: Date | null;
  authorName: string;
};

/**
 * The blog as RSS 2.0: the shop's name, the newest posts with their
 * address, date (RFC 822, as RSS asks), summary and tags. Plain text only:
 * no HTML to sanitise twice. The guid is the address by the post's number
 * (/blog/{id} opens it whatever its slug), not by its slug: a reader keys
 * items on it, and a renamed slug must not show the post again as new.
 */
export function renderRssFeed({ origin, shopName, posts }: { origin: string; shopName: string; posts: readonly FeedPost[] }) {
  const blogUrl = `${origin}/blog`;
  const newest = posts.find((post) => post.publishedAt)?.publishedAt;
  const items = posts.map((post) => {
    const url = `${origin}/blog/${encodeURIComponent(post.slug)}`;
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(`${origin}/blog/${post.id}`)}</guid>`,
      post.publishedAt ? `      <pubDate>${post.publishedAt.toUTCString()}</pubDate>` : null,
      post.excerpt ? `      <description>${escapeXml(post.excerpt)}</description>` : null,
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      "    </item>",
    ]
      .filter((line) => line !== null)
      .join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(`Blog & Dicas — ${shopName}`)}</title>`,
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <atom:link href="${escapeXml(`${blogUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(`Dicas de ${shopName} sobre celulares, computadores, acessórios e gráfica.`)}</description>`,
    "    <language>pt-BR</language>",
    newest ? `    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : null,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ]
    .filter((line) => line !== null)
    .join("\n");
}
