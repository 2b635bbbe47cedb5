import { Gift } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";
import { basisPointsToPercentText, formatCents } from "~/lib/money";
import {
  CYCLE_BONUS_MIN_REPAIRS,
  CYCLE_BONUS_POINTS,
  CYCLE_START,
  LOYALTY_LEVELS,
  POINTS_PER_SPEND_STEP,
  POINTS_VALIDITY_YEARS,
  REFERRAL_POINTS,
  SPEND_STEP_CENTS,
} from "../rules";

const points = new Intl.NumberFormat("pt-BR");
const MONTHS = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];

/** The programme's public rules on the home page, with the way to one's own points. */
export function LoyaltyProgrammeSection() {
  const rules = [
    `A cada ${formatCents(SPEND_STEP_CENTS)} em serviços ou produtos, você ganha ${POINTS_PER_SPEND_STEP} pontos.`,
    `Indicou um novo cliente que fez um serviço? Ganhe ${REFERRAL_POINTS} pontos.`,
    `Fez ${CYCLE_BONUS_MIN_REPAIRS} ou mais consertos no ciclo anual? Ganhe um bônus de ${CYCLE_BONUS_POINTS} pontos. O ciclo recomeça todo dia ${CYCLE_START.day} de ${MONTHS[CYCLE_START.month - 1]}.`,
    `Os pontos valem por ${POINTS_VALIDITY_YEARS} ano a partir da data em que foram ganhos.`,
  ];
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
        <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
          {LOYALTY_LEVELS.map((level) => (
            <li key={level.name} className="rounded-xl bg-white p-5 text-center text-slate-900">
              <p className="text-lg font-bold">{level.name}</p>
              <p className="text-sm text-slate-700">a partir de {points.format(level.minPoints)} pontos</p>
              <p className="mt-2 text-2xl font-bold text-brand-700">{basisPointsToPercentText(level.discountBasisPoints)}%</p>
              <p className="text-sm text-slate-700">de desconto</p>
            </li>
          ))}
        </ul>
        <ButtonLink to="/fidelidade" variant="accent" className="mt-8">
          Ver meus pontos
        </ButtonLink>
      </div>
    </section>
  );
}
