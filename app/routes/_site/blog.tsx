import { ChevronLeft, ChevronRight } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { PageIntro } from "~/components/layout/page-intro";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { PostCover } from "~/modules/blog/components/post-cover";
import { formatPostDate } from "~/modules/blog/post-date";
import { listPublishedPosts } from "~/modules/blog/queries.server";
import type { Route } from "./+types/blog";

const PAGE_SIZE = 6;
const PAGE_PARAM = "pagina";

const pageHref = (page: number) => (page === 1 ? "/blog" : `/blog?${PAGE_PARAM}=${page}`);

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page } = loaderData;
  return pageMeta({
    title: page === 1 ? "Blog & Dicas — Balcão" : `Blog & Dicas, página ${page} — Balcão`,
    description:
      "Dicas de cuidado com o celular e o computador, segurança digital, acessórios e gráfica, escritas por quem conserta todo dia.",
    path: pageHref(page),
    origin: siteOrigin(matches),
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get(PAGE_PARAM);
  const page = raw === null ? 1 : Number(raw);
  if (!Number.isInteger(page) || page < 1) throw redirect("/blog");
  if (raw === "1") throw redirect("/blog");
  const { posts, total } = await listPublishedPosts({ page, pageSize: PAGE_SIZE });
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (page > pageCount) throw data(null, { status: 404 });
  return { posts, page, pageCount };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, page, pageCount } = loaderData;
  return (
    <main id="conteudo">
      <PageIntro title="Blog & Dicas">
        <p>Como cuidar do celular e do computador, proteger seus dados e aproveitar melhor seus aparelhos.</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-12">
        {posts.length === 0 ? (
          <EmptyState title="Nenhum post publicado ainda">Volte em breve: estamos escrevendo as primeiras dicas.</EmptyState>
        ) : (
          <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id}>
                <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                  <PostCover src={post.coverImageUrl} />
                  <div className="flex flex-1 flex-col gap-2 p-5">
                    {post.publishedAt ? (
                      <p className="text-sm text-slate-600">
                        <time dateTime={new Date(post.publishedAt).toISOString()}>{formatPostDate(post.publishedAt)}</time>
                      </p>
                    ) : null}
                    <h2 className="text-lg font-semibold text-slate-900">
                      <Link to={`/blog/${post.slug}`} className="hover:text-brand-700 hover:underline">
                        {post.title}
                      </Link>
                    </h2>
                    <p className="text-slate-700">{post.excerpt}</p>
                    {post.tags.length ? (
                      <ul className="mt-auto flex flex-wrap gap-2 pt-2" aria-label="Assuntos">
                        {post.tags.map((tag) => (
                          <li key={tag} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                            {tag}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        {pageCount > 1 ? (
          <nav aria-label="Páginas do blog" className="mt-10 flex items-center justify-between gap-4">
            {page > 1 ? (
              <Link to={pageHref(page - 1)} rel="prev" className={buttonClass({ variant: "outline" })}>
                <ChevronLeft aria-hidden="true" className="size-4" />
                Posts mais recentes
              </Link>
            ) : (
              <span />
            )}
            <p className="text-sm text-slate-700">
              Página {page} de {pageCount}
            </p>
            {page < pageCount ? (
              <Link to={pageHref(page + 1)} rel="next" className={buttonClass({ variant: "outline" })}>
                Posts anteriores
                <ChevronRight aria-hidden="true" className="size-4" />
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </main>
  );
}
