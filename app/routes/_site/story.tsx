import { Link } from "react-router";
import { PageIntro } from "~/components/layout/page-intro";
import { buttonClass } from "~/components/ui/button";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { PostBody } from "~/modules/blog/components/post-body";
import { getStoryHtml } from "~/modules/faq/queries.server";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/story";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({
    title: `Nossa História — ${loaderData.shop.name}`,
    description: `Conheça a história da ${loaderData.shop.name}, em ${loaderData.shop.city}.`,
    path: "/historia",
    origin: siteOrigin(matches),
  });
}

export async function loader() {
  const [shop, storyHtml] = await Promise.all([getShopSettings(), getStoryHtml()]);
  return { shop: { name: shop.name, address: shop.address, city: shop.city, state: shop.state }, storyHtml };
}

export default function History({ loaderData }: Route.ComponentProps) {
  const { shop, storyHtml } = loaderData;
  return (
    <main id="conteudo">
      <PageIntro title="Nossa História" />
      <div className="mx-auto max-w-4xl space-y-14 px-4 py-12">
        {storyHtml ? (
          // The shop's own text (/blog-management/historia), rendered by the blog's sanitiser.
          <div className="[&>div]:mt-0 [&>div>:first-child]:mt-0">
            <PostBody html={storyHtml} />
          </div>
        ) : (
          // No story written yet: only what the settings say, never an invented past.
          <p className="text-lg leading-relaxed text-slate-800">
            A {shop.name} atende em {shop.city} ({shop.state}), no endereço {shop.address}. Fale com a gente ou venha nos visitar.
          </p>
        )}

        <section aria-labelledby="venha-conhecer" className="rounded-xl bg-slate-50 p-6 text-center">
          <h2 id="venha-conhecer" className="text-xl font-bold text-slate-900">
            Venha nos conhecer em {shop.city}
          </h2>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <Link to="/contato" className={buttonClass()}>
              Endereço e horários
            </Link>
            <Link to="/consultar" className={buttonClass({ variant: "outline" })}>
              Consultar Meu Conserto
            </Link>
          </div>
        </section>
      </div>
    </main>
  );
}
