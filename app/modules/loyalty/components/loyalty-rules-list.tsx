import { basisPointsToPercentText, formatCents } from "~/lib/money";
import type { LoyaltyRules } from "../rules";

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

/** The programme's rules as sentences, shared by the home block and the rules page. */
export function loyaltyRuleSentences(rules: LoyaltyRules) {
  const years = rules.validityYears === 1 ? "1 ano" : `${rules.validityYears} anos`;
  return [
    `A cada ${formatCents(rules.spendStepCents)} em serviços ou produtos, você ganha ${rules.pointsPerSpendStep} pontos.`,
    `Indicou um novo cliente que fez um serviço? Ganhe ${rules.referralPoints} pontos.`,
    `Fez ${rules.cycleBonusMinRepairs} ou mais consertos no ciclo anual? Ganhe um bônus de ${rules.cycleBonusPoints} pontos. O ciclo recomeça todo dia ${rules.cycleStart.day} de ${MONTHS[rules.cycleStart.month - 1]}.`,
    `Os pontos valem por ${years} a partir da data em que foram ganhos.`,
  ];
}

/** The levels as cards: name, points from, discount on complete services. */
export function LoyaltyLevelCards({ rules }: { rules: LoyaltyRules }) {
  return (
    <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
      {rules.levels.map((level) => (
        <li key={level.name} className="rounded-xl bg-white p-5 text-center text-slate-900 ring-1 ring-slate-200">
          <p className="text-lg font-bold">{level.name}</p>
          <p className="text-sm text-slate-700">a partir de {points.format(level.minPoints)} pontos</p>
          <p className="mt-2 text-2xl font-bold text-brand-700">{basisPointsToPercentText(level.discountBasisPoints)}%</p>
          <p className="text-sm text-slate-700">de desconto</p>
        </li>
      ))}
    </ul>
  );
}
