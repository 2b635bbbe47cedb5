import { Smartphone } from "lucide-react";
import { Link } from "react-router";
import { PageIntro } from "~/components/layout/page-intro";
import { cx } from "~/lib/class-names";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { ModelViewer } from "~/modules/augmented-reality/components/model-viewer";
import { findShowroomModel, SHOWROOM_MODELS } from "~/modules/augmented-reality/models";
import type { Route } from "./+types/augmented-reality";

const MODEL_PARAM = "modelo";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({
    title: "Realidade Aumentada — veja os aparelhos no seu espaço",
    description:
      "Gire os aparelhos em 3D e, no celular, toque em “Ver no seu espaço” para vê-los em tamanho real sobre a sua mesa pela câmera.",
    path: "/realidade-aumentada",
    origin: siteOrigin(matches),
  });
}

export function loader({ request }: Route.LoaderArgs) {
  const model = findShowroomModel(new URL(request.url).searchParams.get(MODEL_PARAM));
  return { modelSlug: model.slug };
}

export default function AugmentedReality({ loaderData }: Route.ComponentProps) {
  const model = findShowroomModel(loaderData.modelSlug);
  return (
    <main id="conteudo">
      <PageIntro title="Realidade Aumentada">
        <p>Veja os aparelhos em 3D, em tamanho real, antes de escolher o seu.</p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-[1.6fr_1fr]">
        <section aria-labelledby="modelo-atual" className="space-y-4">
          <h2 id="modelo-atual" className="text-2xl font-bold text-slate-900">
            {model.name}
          </h2>
          <ModelViewer model={model} />
          <p className="text-slate-700">{model.description}</p>
        </section>
        <div className="space-y-8">
          <nav aria-labelledby="outros-modelos">
            <h2 id="outros-modelos" className="mb-3 text-xl font-bold text-slate-900">
              Modelos
            </h2>
            <ul className="space-y-2">
              {SHOWROOM_MODELS.map((entry) => {
                const isCurrent = entry.slug === model.slug;
                return (
                  <li key={entry.slug}>
                    <Link
                      to={`/realidade-aumentada?${MODEL_PARAM}=${entry.slug}`}
                      aria-current={isCurrent ? "page" : undefined}
                      preventScrollReset
                      className={cx(
                        "flex items-center gap-3 rounded-lg border px-4 py-3 font-medium",
                        isCurrent
                          ? "border-brand-600 bg-brand-50 text-brand-800"
                          : "border-slate-200 text-slate-800 hover:bg-slate-50",
                      )}
                    >
                      <Smartphone aria-hidden="true" className="size-5" />
                      {entry.name}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <section aria-labelledby="como-usar" className="rounded-xl bg-slate-50 p-5">
            <h2 id="como-usar" className="mb-3 text-xl font-bold text-slate-900">
              Como usar
            </h2>
            <ol className="list-decimal space-y-2 pl-5 text-slate-700">
              <li>Arraste o modelo para girar e use dois dedos (ou a roda do mouse) para aproximar.</li>
              <li>
                No celular, toque em <strong>Ver no seu espaço</strong> e aponte a câmera para uma mesa ou para o chão.
              </li>
              <li>O aparelho aparece em tamanho real: dê a volta nele para ver todos os lados.</li>
            </ol>
            <p className="mt-3 text-sm text-slate-600">
              A realidade aumentada funciona em celulares Android com ARCore e em iPhones com iOS 12 ou mais novo. No computador,
              você pode girar e aproximar o modelo em 3D.
            </p>
          </section>
        </div>
      </div>
    </main>
  );
}
