import { Gift } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";
import type { LoyaltyRules } from "../rules";
import { LoyaltyLevelCards, loyaltyRuleSentences } from "./loyalty-rules-list";

/**
 * The programme's public rules on the home page (the rules in force today),
 * with the way to one's own points and to the full rules; nothing when the
 * owner turned the programme off (an offer shown binds the shop, CDC art. 30).
 */
export function LoyaltyProgrammeSection({ rules: inForce }: { rules: LoyaltyRules }) {
  if (!inForce.enabled) return null;
  const rules = loyaltyRuleSentences(inForce);
  return (
    <section id="fidelidade" aria-labelledby="fidelidade-titulo" className="bg-brand-800 px-4 py-16 text-white">
      <div className="mx-auto max-w-6xl">
        <div className="flex items-center gap-3">
          <Gift aria-hidden="true" className="h-8 w-8 text-accent-500" />
          <h2 id="fidelidade-titulo" className="text-3xl font-bold">
            Programa de Fidelidade
          </h2>
        </div>
        <p className="mt-3 max-w-2xl text-brand-50">
          Cliente fiel ganha pontos e desconto nos serviços completos. Veja como funciona:
        </p>
        <ul className="mt-6 grid gap-3 md:grid-cols-2">
          {rules.map((rule) => (
            <li key={rule} className="rounded-lg bg-white/10 p-4 text-brand-50">
              {rule}
            </li>
          ))}
        </ul>
        <h3 className="mt-10 text-xl font-semibold">Níveis e descontos em serviços completos</h3>
        <LoyaltyLevelCards rules={inForce} />
        <ButtonLink to="/fidelidade" variant="accent" className="mt-8">
          Ver meus pontos
        </ButtonLink>
        <a href="/programa-de-fidelidade" className="mt-8 ml-6 inline-block font-medium text-white underline underline-offset-4">
          Regulamento do programa
        </a>
      </div>
    </section>
  );
}
