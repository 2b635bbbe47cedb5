import { redirect } from "react-router";
import { PageIntro } from "~/components/layout/page-intro";
import { staticSection } from "~/components/ui/static-section";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { BLOG_PAGE_PARAM, BLOG_PAGE_SIZE, blogPageHref } from "~/modules/blog/blog-pages";
import { BLOG_FEED_PATH } from "~/modules/blog/feed";
import { countPublishedPosts, getPostCovers, listPublishedPosts } from "~/modules/blog/queries.server";
import type { Route } from "./+types/blog";

// Nothing in the list reacts: the browser keeps the server's HTML and loads none of its code (static-section.tsx).
const StaticPostList = staticSection(() => import("~/modules/blog/components/post-list").then((module) => module.PostList));

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page } = loaderData;
  return [
    ...pageMeta({
      title: page === 1 ? "Blog & Dicas — Balcão" : `Blog & Dicas, página ${page} — Balcão`,
      description:
        "Dicas de cuidado com o celular e o computador, segurança digital, acessórios e gráfica, escritas por quem conserta todo dia.",
      path: blogPageHref(page),
      origin: siteOrigin(matches),
    }),
    // Feed readers find the RSS feed from the blog's address.
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "Blog & Dicas (RSS)", href: BLOG_FEED_PATH },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get(BLOG_PAGE_PARAM);
  const page = raw === null ? 1 : Number(raw);
  // A safe integer keeps the page's offset inside PostgreSQL's bigint ("?pagina=99999999999999999999" failed the query).
  if (!Number.isSafeInteger(page) || page < 1) throw redirect("/blog");
  if (raw === "1") throw redirect("/blog");
  const pageCount = Math.max(1, Math.ceil((await countPublishedPosts()) / BLOG_PAGE_SIZE));
  // Past the last page (an old link, a post unpublished): the last page, at its own address.
  if (page > pageCount) throw redirect(blogPageHref(pageCount));
  const posts = await listPublishedPosts({ page, pageSize: BLOG_PAGE_SIZE });
  return { posts, covers: await getPostCovers(posts), page, pageCount };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, covers, page, pageCount } = loaderData;
  return (
    <main id="conteudo">
      <PageIntro title="Blog & Dicas">
        <p>Como cuidar do celular e do computador, proteger seus dados e aproveitar melhor seus aparelhos.</p>
        <p className="mt-2 text-base">
          <a href={BLOG_FEED_PATH} className="font-medium text-white underline underline-offset-2">
            Assine o blog por RSS
          </a>
        </p>
      </PageIntro>
      <StaticPostList posts={posts} covers={covers} page={page} pageCount={pageCount} />
    </main>
  );
}
