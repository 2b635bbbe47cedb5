import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { useRootData } from "~/components/layout/root-data";
import { StructuredData } from "~/components/structured-data";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { PostBody } from "~/modules/blog/components/post-body";
import { PostCover } from "~/modules/blog/components/post-cover";
import { renderMarkdownWithUploads } from "~/modules/blog/markdown.server";
import { formatLongDate } from "~/lib/dates";
import { findPublishedPost, findRenamedPostSlug, getPostCovers } from "~/modules/blog/queries.server";
import type { Route } from "./+types/blog-post";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { post } = loaderData;
  return pageMeta({
    // The SEO fields when the staff wrote them, else the title and the excerpt.
    title: post.seoTitle || `${post.title} — Blog & Dicas`,
    description: post.seoDescription || post.excerpt || post.title,
    // One address per post, whether it was opened by id or by slug.
    path: `/blog/${post.slug}`,
    origin: siteOrigin(matches),
    // The JPEG variant: link previews (WhatsApp, Facebook) may not read WebP.
    image: loaderData.cover?.share,
    type: "article",
  });
}

export async function loader({ params }: Route.LoaderArgs) {
  const post = await findPublishedPost(params.id);
  if (!post) {
    // A renamed post: links shared before the rename move for good to its current address.
    const slug = await findRenamedPostSlug(params.id);
    if (slug) throw redirect(`/blog/${encodeURIComponent(slug)}`, 301);
    throw data(null, { status: 404 });
  }
  const covers = await getPostCovers([post]);
  return {
    post: {
      id: post.id,
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      tags: post.tags,
      seoTitle: post.seoTitle,
      seoDescription: post.seoDescription,
      authorName: post.authorName,
      publishedAt: post.publishedAt,
      // A scheduled post changed when it appeared, even if the timer has not written yet (as in the sitemap).
      updatedAt: post.publishedAt && post.publishedAt > post.updatedAt ? post.publishedAt : post.updatedAt,
    },
    cover: covers[post.id] ?? null,
    html: await renderMarkdownWithUploads(post.bodyMarkdown),
  };
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, cover, html } = loaderData;
  const origin = useRootData()?.origin ?? "";
  const published = post.publishedAt ? new Date(post.publishedAt) : null;
  return (
    <main id="conteudo" className="px-4 py-10">
      <StructuredData
        data={{
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.seoDescription || post.excerpt,
          url: `${origin}/blog/${post.slug}`,
          datePublished: published?.toISOString(),
          dateModified: new Date(post.updatedAt).toISOString(),
          author: { "@type": "Organization", name: post.authorName || "Balcão" },
          ...(cover ? { image: `${origin}${cover.share}` } : {}),
        }}
      />
      <article className="mx-auto max-w-3xl">
        <Link to="/blog" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Blog & Dicas
        </Link>
        <header className="mt-4 space-y-3">
          <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{post.title}</h1>
          <p className="text-slate-600">
            {published ? <time dateTime={published.toISOString()}>{formatLongDate(published)}</time> : null}
            {post.authorName ? <> · {post.authorName}</> : null}
          </p>
        </header>
        {cover ? (
          <PostCover image={cover} sizes="(min-width: 800px) 768px, calc(100vw - 2rem)" isEager className="mt-6 rounded-xl" />
        ) : null}
        <PostBody html={html} />
        {post.tags.length ? (
          <ul className="mt-10 flex flex-wrap gap-2" aria-label="Assuntos">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
      </article>
    </main>
  );
}
