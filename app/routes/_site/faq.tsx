import { ChevronDown } from "lucide-react";
import { Link } from "react-router";
import { PageIntro } from "~/components/layout/page-intro";
import { StructuredData } from "~/components/structured-data";
import { EmptyState } from "~/components/ui/empty-state";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { faqPageData } from "~/modules/faq/faq-page-data";
import { listPublishedFaq } from "~/modules/faq/queries.server";
import { PostBody } from "~/modules/blog/components/post-body";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/faq";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({
    title: `Perguntas frequentes — ${loaderData.shopName}`,
    description:
      "Prazos de conserto, garantia de 90 dias, formas de pagamento, seus dados e a retirada do aparelho: as respostas às dúvidas mais comuns.",
    path: "/perguntas",
    origin: siteOrigin(matches),
  });
}

export async function loader() {
  const [entries, shop] = await Promise.all([listPublishedFaq(), getShopSettings()]);
  return { shopName: shop.name, entries };
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { entries } = loaderData;
  return (
    <main id="conteudo">
      <PageIntro title="Perguntas frequentes">
        <p>As dúvidas que mais ouvimos no balcão, respondidas.</p>
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-12">
        {entries.length === 0 ? (
          <EmptyState title="Nenhuma pergunta publicada ainda">
            Fale com a gente pela <Link to="/contato">página de contato</Link>.
          </EmptyState>
        ) : (
          <>
            <StructuredData data={faqPageData(entries)} />
            {/* Native details/summary: the accordion opens and closes without JavaScript. */}
            <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {entries.map((entry) => (
                <details key={entry.id} className="group px-5">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                    {entry.question}
                    <ChevronDown
                      aria-hidden="true"
                      className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                    />
                  </summary>
                  {/* Markdown rendered by the blog's sanitiser: raw HTML shows as text, no script or javascript: link. */}
                  <div className="pb-5 [&>div]:mt-0 [&>div]:text-base [&>div>:first-child]:mt-0 [&>div>:last-child]:mb-0">
                    <PostBody html={entry.answerHtml} />
                  </div>
                </details>
              ))}
            </div>
          </>
        )}
        <p className="mt-8 text-slate-700">
          Não encontrou o que procurava?{" "}
          <Link to="/contato" className="font-medium text-brand-700 underline underline-offset-2">
            Mande sua pergunta
          </Link>
          .
        </p>
      </div>
    </main>
  );
}
