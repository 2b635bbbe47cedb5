import { Link } from "react-router";
import { PageIntro } from "~/components/layout/page-intro";
import { buttonClass } from "~/components/ui/button";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/historia";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({
    title: `Nossa História — ${loaderData.shop.name}`,
    description: `De um balcão de consertos a assistência técnica, loja e gráfica rápida: conheça a história da ${loaderData.shop.name} em ${loaderData.shop.city}.`,
    path: "/historia",
    origin: siteOrigin(matches),
  });
}

export async function loader() {
  const shop = await getShopSettings();
  return { shop: { name: shop.name, city: shop.city } };
}

const MILESTONES = [
  {
    year: "2014",
    title: "Um balcão e uma bancada",
    text: "Tudo começou num espaço de três metros no centro da cidade: um balcão, uma bancada e um técnico que consertava celulares de vizinhos e amigos. O nome veio daí — era no balcão que a gente conversava com cada cliente e explicava o defeito antes de abrir o aparelho.",
  },
  {
    year: "2016",
    title: "Acessórios e os primeiros celulares à venda",
    text: "Os clientes pediam capinhas, películas e carregadores de confiança. Passamos a vender acessórios testados por nós e, logo depois, celulares novos e seminovos revisados, com garantia.",
  },
  {
    year: "2018",
    title: "A gráfica rápida",
    text: "Uma impressora profissional no fundo da loja virou a gráfica rápida: documentos, cartões de visita, panfletos e adesivos para os comerciantes do bairro, muitas vezes prontos no mesmo dia.",
  },
  {
    year: "2020",
    title: "Computadores, notebooks e reparo de placa",
    text: "Com o trabalho e o estudo em casa, chegaram os notebooks. Montamos um laboratório de micro-soldagem para reparos de placa que muitas assistências recusam, e começamos a vender notebooks.",
  },
  {
    year: "2022",
    title: "Do balcão para o digital",
    text: "Nossa equipe de design passou a criar sites, aplicativos e campanhas de tráfego pago para pequenas empresas — os mesmos clientes que já imprimiam conosco.",
  },
  {
    year: "Hoje",
    title: "O conserto acompanhado de perto",
    text: "Cada aparelho recebe uma ordem de serviço que você consulta pela internet, com orçamento aprovado antes do reparo e garantia mínima de 90 dias. Mudou muita coisa desde o primeiro balcão, mas o jeito de atender continua o mesmo.",
  },
];

const VALUES = [
  { title: "Transparência", text: "Orçamento antes do serviço, peça explicada e nada cobrado sem a sua aprovação." },
  { title: "Garantia de verdade", text: "Mínimo de 90 dias em todo conserto, com termo por escrito." },
  { title: "Gente que explica", text: "Você entende o que aconteceu com o seu aparelho e como evitar que aconteça de novo." },
];

export default function History({ loaderData }: Route.ComponentProps) {
  const { shop } = loaderData;
  return (
    <main id="conteudo">
      <PageIntro title="Nossa História">
        <p>
          A {shop.name} nasceu de um balcão pequeno e de uma ideia simples: consertar bem, explicar direito e cumprir o prazo
          combinado.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-4xl space-y-14 px-4 py-12">
        <section aria-labelledby="linha-do-tempo">
          <h2 id="linha-do-tempo" className="mb-6 text-2xl font-bold text-slate-900">
            Mais de dez anos de balcão
          </h2>
          <ol className="relative space-y-8 border-l-2 border-brand-100 pl-6">
            {MILESTONES.map((milestone) => (
              <li key={milestone.year} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[33px] size-4 rounded-full border-4 border-white bg-brand-700"
                />
                <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{milestone.year}</p>
                <h3 className="text-lg font-semibold text-slate-900">{milestone.title}</h3>
                <p className="mt-1 leading-relaxed text-slate-700">{milestone.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="no-que-acreditamos">
          <h2 id="no-que-acreditamos" className="mb-6 text-2xl font-bold text-slate-900">
            No que acreditamos
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3">
            {VALUES.map((value) => (
              <li key={value.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <h3 className="font-semibold text-slate-900">{value.title}</h3>
                <p className="mt-1 text-slate-700">{value.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="venha-conhecer" className="rounded-xl bg-slate-50 p-6 text-center">
          <h2 id="venha-conhecer" className="text-xl font-bold text-slate-900">
            Venha nos conhecer em {shop.city}
          </h2>
          <p className="mt-2 text-slate-700">O café é por nossa conta enquanto avaliamos o seu aparelho.</p>
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
