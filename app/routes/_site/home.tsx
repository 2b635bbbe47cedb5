import { Link } from "react-router";
import { useRootData } from "~/components/layout/root-data";
import { buttonClass } from "~/components/ui/button";
import { staticSection } from "~/components/ui/static-section";
import { pageMeta } from "~/lib/seo";
import { listLatestPosts } from "~/modules/blog/queries.server";
import { QuickQuoteForm } from "~/modules/quick-quote/components/quick-quote-form";
import { TestimonialsSection } from "~/modules/reviews/components/testimonials-section";
import { getReviewSummary, listPublishedReviews } from "~/modules/reviews/queries.server";
import { getPublicLoyaltyRules } from "~/modules/loyalty/programme-settings.server";
import { listShopServices } from "~/modules/shop-services/queries.server";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/home";

export async function loader() {
  const [shop, reviews, reviewSummary, latestPosts, services, loyaltyRules] = await Promise.all([
    getShopSettings(),
    listPublishedReviews(),
    getReviewSummary(),
    listLatestPosts(3),
    listShopServices("home"),
    getPublicLoyaltyRules(),
  ]);
  return { reviewUrl: shop.reviewUrl, reviews, reviewSummary, latestPosts, services, loyaltyRules };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const shopName = root?.shop.name ?? "Balcão";
  return pageMeta({
    title: `${shopName} — conserto de celulares e computadores, acessórios e gráfica rápida`,
    description:
      "Assistência técnica de celulares e computadores com garantia, venda de celulares, notebooks e acessórios, gráfica rápida e serviços digitais. Peça seu orçamento pelo WhatsApp.",
    path: "/",
    origin: root?.origin ?? "",
  });
}

// Sections with nothing to interact with: the browser keeps the server's HTML and loads none of their code (static-section.tsx).
const StaticWhyChooseUs = staticSection(() =>
  import("~/modules/shop-services/components/why-choose-us-section").then((module) => module.WhyChooseUsSection),
);
const StaticServices = staticSection(() =>
  import("~/modules/shop-services/components/services-section").then((module) => module.ServicesSection),
);
const StaticLoyaltyProgramme = staticSection(() =>
  import("~/modules/loyalty/components/loyalty-programme-section").then((module) => module.LoyaltyProgrammeSection),
);
const StaticRepairSteps = staticSection(() =>
  import("~/modules/shop-services/components/repair-steps-section").then((module) => module.RepairStepsSection),
);
const StaticLatestPosts = staticSection(() =>
  import("~/modules/blog/components/latest-posts-section").then((module) => module.LatestPostsSection),
);
const StaticContactCall = staticSection(() =>
  import("~/modules/contact/components/contact-call-section").then((module) => module.ContactCallSection),
);

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  if (!root) return null;
  const { shop } = root;
  const address = `${shop.address}, ${shop.city} – ${shop.state}`;
  return (
    <main id="conteudo">
      <section className="bg-gradient-to-b from-brand-800 to-brand-700 px-4 py-20 text-white">
        <div className="mx-auto max-w-4xl space-y-6 text-center">
          <h1 className="text-4xl font-bold sm:text-5xl">{shop.name}</h1>
          <p className="text-lg text-brand-50">
            Conserto de celulares e computadores com garantia, acessórios, celulares e gráfica rápida — tudo num só balcão.
          </p>
          <Link to="/consultar" className={buttonClass({ variant: "accent" }, "text-lg")}>
            Consultar Meu Conserto
          </Link>
        </div>
      </section>

      <TestimonialsSection
        reviews={loaderData.reviews}
        summary={loaderData.reviewSummary}
        address={address}
        reviewUrl={loaderData.reviewUrl}
      />

      <StaticWhyChooseUs />

      <section id="orcamento" aria-labelledby="orcamento-titulo" className="px-4 py-16">
        <div className="mx-auto max-w-3xl">
          <h2 id="orcamento-titulo" className="text-3xl font-bold text-slate-900">
            Orçamento rápido
          </h2>
          <p className="mt-2 mb-8 text-slate-700">
            Conte o modelo e o problema: a mensagem chega pronta no nosso WhatsApp e respondemos com o orçamento.
          </p>
          <QuickQuoteForm shopWhatsapp={shop.whatsapp} />
        </div>
      </section>

      <StaticServices services={loaderData.services} shopWhatsapp={shop.whatsapp} />
      {loaderData.loyaltyRules.enabled ? <StaticLoyaltyProgramme rules={loaderData.loyaltyRules} /> : null}
      <StaticRepairSteps />
      <StaticLatestPosts posts={loaderData.latestPosts} />
      <StaticContactCall whatsapp={shop.whatsapp} address={address} />
    </main>
  );
}
