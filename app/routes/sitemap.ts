import { getEnv } from "~/lib/env.server";
import { escapeXml } from "~/lib/xml";
import { listPublishedPostsForSitemap } from "~/modules/blog/queries.server";
import { shopProductHref } from "~/modules/shop/catalogue-address";
import { listShopProductsForSitemap } from "~/modules/shop/queries.server";

/** The public pages a search engine should know, besides each blog post. */
const PUBLIC_PAGES = ["/", "/historia", "/contato", "/perguntas", "/blog", "/realidade-aumentada", "/privacidade", "/loja"];

function urlEntry(loc: string, lastmod?: Date) {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
  return `  <url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
}

export async function loader() {
  const origin = getEnv().PUBLIC_URL;
  const [posts, products] = await Promise.all([listPublishedPostsForSitemap(), listShopProductsForSitemap()]);
  const entries = [
    ...PUBLIC_PAGES.map((path) => urlEntry(`${origin}${path}`)),
    ...posts.map((post) => urlEntry(`${origin}/blog/${encodeURIComponent(post.slug)}`, post.updatedAt)),
    ...products.map((product) => urlEntry(`${origin}${shopProductHref(product.slug)}`, product.updatedAt)),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
