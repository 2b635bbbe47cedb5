import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { blogPageHref } from "../blog-pages";
import { formatLongDate } from "~/lib/dates";
import type { BlogPostSummary, PostCoverImage } from "../queries.server";
import { PostCover } from "./post-cover";

/** One page of the /blog list, with the links to the pages around it. */
export function PostList({
  posts,
  covers,
  page,
  pageCount,
}: {
  posts: BlogPostSummary[];
  /** Each post's cover by id (getPostCovers); a post without one gets the placeholder. */
  covers: Record<number, PostCoverImage>;
  page: number;
  pageCount: number;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      {posts.length === 0 ? (
        <EmptyState title="Nenhum post ainda">Volte em breve: estamos escrevendo as primeiras dicas.</EmptyState>
      ) : (
        <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, index) => (
            <li key={post.id}>
              <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                <PostCover
                  image={covers[post.id] ?? null}
                  sizes="(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw"
                  isDecorative
                  // The first card's cover is on screen at once (the page's largest paint on a phone): not lazy.
                  isEager={index === 0}
                />
                <div className="flex flex-1 flex-col gap-2 p-5">
                  {post.publishedAt ? (
                    <p className="text-sm text-slate-600">
                      <time dateTime={new Date(post.publishedAt).toISOString()}>{formatLongDate(post.publishedAt)}</time>
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
            <Link to={blogPageHref(page - 1)} rel="prev" className={buttonClass({ variant: "outline" })}>
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
            <Link to={blogPageHref(page + 1)} rel="next" className={buttonClass({ variant: "outline" })}>
              Posts anteriores
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
