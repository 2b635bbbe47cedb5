import {
  ClipboardCheck,
  HeartHandshake,
  Layers,
  MessageCircle,
  PackageCheck,
  ShieldCheck,
  Stethoscope,
  Tags,
  Wrench,
  Handshake,
} from "lucide-react";
import { Link } from "react-router";
import { useRootData } from "~/components/layout/root-data";
import { buttonClass } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { whatsappLink } from "~/lib/whatsapp";
import { GENERAL_GREETING } from "~/lib/whatsapp-messages";
import { listLatestPosts, type BlogPostSummary } from "~/modules/blog/queries.server";
import { LoyaltyProgrammeSection } from "~/modules/loyalty/components/loyalty-programme-section";
import { QuickQuoteForm } from "~/modules/quick-quote/components/quick-quote-form";
import { TestimonialsSection } from "~/modules/reviews/components/testimonials-section";
import { getReviewSummary, listPublishedReviews } from "~/modules/reviews/queries.server";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import { ServicesSection } from "~/modules/shop-services/components/services-section";
import type { Route } from "./+types/home";

export async function loader() {
  const [shop, reviews, reviewSummary, latestPosts] = await Promise.all([
    getShopSettings(),
    listPublishedReviews(),
    getReviewSummary(),
    listLatestPosts(3),
  ]);
  return { reviewUrl: shop.reviewUrl, reviews, reviewSummary, latestPosts };
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

const REASONS = [
  { icon: ShieldCheck, title: "Qualidade garantida", text: "Peças de qualidade e garantia em todos os serviços." },
  {
    icon: HeartHandshake,
    title: "Atendimento personalizado",
    text: "Explicamos o problema e o orçamento antes de qualquer reparo.",
  },
  { icon: Layers, title: "Soluções completas", text: "Conserto, venda, gráfica e serviços digitais num só lugar." },
  { icon: Tags, title: "Preços competitivos", text: "Preço justo, combinado antes, sem surpresas na retirada." },
];

const REPAIR_STEPS = [
  { icon: PackageCheck, title: "Entrega", text: "Traga o aparelho ao balcão e conte o que aconteceu." },
  { icon: Stethoscope, title: "Diagnóstico", text: "Avaliamos o defeito e preparamos o orçamento." },
  { icon: ClipboardCheck, title: "Aprovação do orçamento", text: "Você aprova o valor e o prazo antes de começarmos." },
  { icon: Wrench, title: "Conserto", text: "Reparamos com peças de qualidade e testamos tudo." },
  { icon: Handshake, title: "Retirada com garantia", text: "Você retira o aparelho com a garantia do serviço." },
];

const postDate = new Intl.DateTimeFormat("pt-BR", { dateStyle: "long", timeZone: "America/Sao_Paulo" });

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

      <section aria-labelledby="por-que-titulo" className="bg-slate-50 px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <h2 id="por-que-titulo" className="text-center text-3xl font-bold text-slate-900">
            Por que nos escolher
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {REASONS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl bg-white p-6 text-center shadow-sm">
                <Icon aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
                <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

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

      <ServicesSection shopWhatsapp={shop.whatsapp} />

      <LoyaltyProgrammeSection />

      <section aria-labelledby="como-funciona-titulo" className="px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <h2 id="como-funciona-titulo" className="text-center text-3xl font-bold text-slate-900">
            Como funciona o conserto
          </h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
            {REPAIR_STEPS.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="rounded-xl border border-slate-200 p-5">
                <div className="flex items-center gap-3">
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                    {index + 1}
                  </span>
                  <Icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
                </div>
                <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-700">{text}</p>
              </li>
            ))}
          </ol>
          <p className="mt-8 text-center">
            <Link to="/consultar" className="font-semibold text-brand-700 underline hover:text-brand-800">
              Já deixou seu aparelho? Consulte o andamento do conserto
            </Link>
          </p>
        </div>
      </section>

      <LatestPosts posts={loaderData.latestPosts} />

      <section aria-labelledby="contato-titulo" className="bg-slate-900 px-4 py-16 text-white">
        <div className="mx-auto max-w-3xl space-y-6 text-center">
          <h2 id="contato-titulo" className="text-3xl font-bold">
            Ficou com alguma dúvida?
          </h2>
          <p className="text-slate-200">Fale com a gente pelo WhatsApp ou venha nos visitar: {address}.</p>
          <div className="flex flex-wrap justify-center gap-4">
            <a
              href={whatsappLink(shop.whatsapp, GENERAL_GREETING)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({ variant: "accent" })}
            >
              <MessageCircle aria-hidden="true" className="h-5 w-5" />
              Chamar no WhatsApp
            </a>
            <Link to="/contato" className={buttonClass({ variant: "outline" })}>
              Página de contato
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}

function LatestPosts({ posts }: { posts: BlogPostSummary[] }) {
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
                  <time dateTime={new Date(post.publishedAt).toISOString()}>{postDate.format(new Date(post.publishedAt))}</time>
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
