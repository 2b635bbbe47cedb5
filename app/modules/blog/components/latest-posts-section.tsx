import { Link } from "react-router";
import { formatLongDate } from "~/lib/dates";
import type { BlogPostSummary } from "../queries.server";

/** The home page's latest blog posts; nothing when none is published. */
export function LatestPostsSection({ posts }: { posts: BlogPostSummary[] }) {
  if (!posts.length) return null;
  return (
    <section aria-labelledby="blog-titulo" className="bg-slate-50 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="blog-titulo" className="text-3xl font-bold text-slate-900">
          Dicas do nosso blog
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id} className="rounded-xl border border-slate-200 bg-white p-6">
              <h3 className="text-lg font-semibold">
                <Link to={`/blog/${post.slug}`} className="text-slate-900 hover:text-brand-700 hover:underline">
                  {post.title}
                </Link>
              </h3>
              {post.publishedAt ? (
                <p className="mt-1 text-sm text-slate-600">
                  <time dateTime={new Date(post.publishedAt).toISOString()}>{formatLongDate(post.publishedAt)}</time>
                </p>
              ) : null}
              {post.excerpt ? <p className="mt-3 text-slate-700">{post.excerpt}</p> : null}
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <Link to="/blog" className="font-semibold text-brand-700 underline hover:text-brand-800">
            Ver todas as dicas do blog
          </Link>
        </p>
      </div>
    </section>
  );
}
