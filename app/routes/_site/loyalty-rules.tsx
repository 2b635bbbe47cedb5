import { PageIntro } from "~/components/layout/page-intro";
import { ButtonLink } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { LoyaltyLevelCards, loyaltyRuleSentences } from "~/modules/loyalty/components/loyalty-rules-list";
import { getPublicLoyaltyRules } from "~/modules/loyalty/programme-settings.server";
import type { Route } from "./+types/loyalty-rules";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Regulamento do Programa de Fidelidade",
    description: "As regras em vigor do programa de fidelidade: pontos, validade, bônus, indicação, níveis e descontos.",
    path: "/programa-de-fidelidade",
    origin: siteOrigin(matches),
  });
}

export async function loader() {
  return { rules: await getPublicLoyaltyRules() };
}

/** The programme's rules in force and since when (linked from the home block); says so when the programme is off. */
export default function LoyaltyRulesPage({ loaderData }: Route.ComponentProps) {
  const { rules } = loaderData;
  return (
    <main id="conteudo">
      <PageIntro title="Regulamento do Programa de Fidelidade" />
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-12">
        {rules.enabled ? (
          <>
            <p className="text-slate-800" data-testid="rules-since">
              {rules.effectiveFrom
                ? `Regras em vigor desde ${formatDate(rules.effectiveFrom)}.`
                : "Regras em vigor desde o lançamento do programa."}{" "}
              Uma mudança nas regras vale só daqui para a frente: os pontos já ganhos não mudam.
            </p>
            <ul className="list-disc space-y-2 pl-6 text-slate-800">
              {loyaltyRuleSentences(rules).map((sentence) => (
                <li key={sentence}>{sentence}</li>
              ))}
              <li>Os níveis são calculados pelos pontos válidos; os pontos não são gastos ao usar o desconto.</li>
              <li>
                O desconto do nível vale para serviços completos (mão de obra e peças), não para produtos vendidos sozinhos.
              </li>
            </ul>
            <h2 className="text-xl font-semibold text-slate-900">Níveis e descontos em serviços completos</h2>
            <LoyaltyLevelCards rules={rules} />
            <ButtonLink to="/fidelidade" variant="accent">
              Ver meus pontos
            </ButtonLink>
          </>
        ) : (
          <p className="text-slate-800" data-testid="rules-since">
            O programa de fidelidade está suspenso no momento.
          </p>
        )}
      </div>
    </main>
  );
}
