import { z } from "zod";
import { isIsoDate } from "~/lib/dates";
import { formText, requiredText } from "~/lib/forms";
import { basisPointsToPercentText, centsToInput, parseMoneyToCents, percentToBasisPoints } from "~/lib/money";
import type { LoyaltyLevel, LoyaltyRules } from "./rules";

/** The owner's form (fidelidade/programa): every field as typed, so a refusal shows it again. */
export type LoyaltyRulesFormValues = {
  enabled: boolean;
  effectiveFrom: string;
  pointsPerSpendStep: string;
  spendStep: string;
  referralPoints: string;
  cycleBonusPoints: string;
  cycleBonusMinRepairs: string;
  cycleStartDay: string;
  cycleStartMonth: string;
  validityYears: string;
  levels: { name: string; minPoints: string; discountPercent: string }[];
};

export const LEVEL_COUNT = 4;
export const LOYALTY_LIMITS = { levelName: 30, points: 1_000_000, spendStepCents: 100_000_00, repairs: 100, years: 10 } as const;

export function loyaltyRulesFormValues(rules: LoyaltyRules, effectiveFrom: string): LoyaltyRulesFormValues {
  return {
    enabled: rules.enabled,
    effectiveFrom,
    pointsPerSpendStep: String(rules.pointsPerSpendStep),
    spendStep: centsToInput(rules.spendStepCents),
    referralPoints: String(rules.referralPoints),
    cycleBonusPoints: String(rules.cycleBonusPoints),
    cycleBonusMinRepairs: String(rules.cycleBonusMinRepairs),
    cycleStartDay: String(rules.cycleStart.day),
    cycleStartMonth: String(rules.cycleStart.month),
    validityYears: String(rules.validityYears),
    levels: Array.from({ length: LEVEL_COUNT }, (_, index) => {
      const level = rules.levels[index];
      return level
        ? {
            name: level.name,
            minPoints: String(level.minPoints),
            discountPercent: basisPointsToPercentText(level.discountBasisPoints),
          }
        : { name: "", minPoints: "", discountPercent: "" };
    }),
  };
}

export function loyaltyRulesFormToInput(form: FormData): LoyaltyRulesFormValues {
  return {
    enabled: form.get("enabled") === "on",
    effectiveFrom: formText(form, "effectiveFrom"),
    pointsPerSpendStep: formText(form, "pointsPerSpendStep"),
    spendStep: formText(form, "spendStep"),
    referralPoints: formText(form, "referralPoints"),
    cycleBonusPoints: formText(form, "cycleBonusPoints"),
    cycleBonusMinRepairs: formText(form, "cycleBonusMinRepairs"),
    cycleStartDay: formText(form, "cycleStartDay"),
    cycleStartMonth: formText(form, "cycleStartMonth"),
    validityYears: formText(form, "validityYears"),
    levels: Array.from({ length: LEVEL_COUNT }, (_, index) => ({
      name: formText(form, `levels.${index}.name`),
      minPoints: formText(form, `levels.${index}.minPoints`),
      discountPercent: formText(form, `levels.${index}.discountPercent`),
    })),
  };
}

const wholeNumber = (what: string, { min, max }: { min: number; max: number }) =>
  z
    .string({ error: `Informe ${what}.` })
    .trim()
    .refine((text) => text !== "", `Informe ${what}.`)
    .refine((text) => text === "" || /^\d{1,9}$/.test(text), "Use um número inteiro, sem vírgula.")
    .transform(Number)
    .refine((value) => value >= min && value <= max, `Use um número de ${min} a ${max.toLocaleString("pt-BR")}.`);

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const LevelSchema = z.object({
  name: requiredText("o nome do nível", { max: LOYALTY_LIMITS.levelName }),
  minPoints: wholeNumber("os pontos do nível", { min: 1, max: LOYALTY_LIMITS.points }),
  discountPercent: z.string().transform((text, context) => {
    const basisPoints = percentToBasisPoints(text, null);
    if (basisPoints === null || basisPoints > 10_000) {
      context.addIssue({ code: "custom", message: "Informe um percentual de 0 a 100, como 15 ou 12,5." });
      return z.NEVER;
    }
    return basisPoints;
  }),
});

/** The schema the server checks the owner's form with; `today` bounds the effective date (rules change only forward). */
export function loyaltyRulesSchema(today: string) {
  return z
    .object({
      enabled: z.boolean(),
      effectiveFrom: z
        .string()
        .trim()
        .refine((text) => text !== "", "Informe a partir de quando as regras valem.")
        .refine((text) => text === "" || isIsoDate(text), "Informe uma data válida.")
        .refine(
          (text) => !isIsoDate(text) || text >= today,
          "As regras mudam só daqui para a frente: escolha hoje ou uma data futura.",
        ),
      pointsPerSpendStep: wholeNumber("os pontos por faixa de gasto", { min: 0, max: LOYALTY_LIMITS.points }),
      spendStep: z.string().transform((text, context) => {
        const cents = parseMoneyToCents(text.trim());
        if (cents === null || cents <= 0 || cents > LOYALTY_LIMITS.spendStepCents) {
          context.addIssue({ code: "custom", message: "Informe o valor de cada faixa de gasto, como 200,00." });
          return z.NEVER;
        }
        return cents;
      }),
      referralPoints: wholeNumber("os pontos por indicação", { min: 0, max: LOYALTY_LIMITS.points }),
      cycleBonusPoints: wholeNumber("os pontos do bônus do ciclo", { min: 0, max: LOYALTY_LIMITS.points }),
      cycleBonusMinRepairs: wholeNumber("quantos consertos dão o bônus", { min: 1, max: LOYALTY_LIMITS.repairs }),
      cycleStartDay: wholeNumber("o dia em que o ciclo começa", { min: 1, max: 31 }),
      cycleStartMonth: wholeNumber("o mês em que o ciclo começa", { min: 1, max: 12 }),
      validityYears: wholeNumber("por quantos anos os pontos valem", { min: 1, max: LOYALTY_LIMITS.years }),
      levels: z.array(LevelSchema).length(LEVEL_COUNT),
    })
    .superRefine((rules, context) => {
      if (
        rules.cycleStartDay > (DAYS_IN_MONTH[rules.cycleStartMonth - 1] ?? 31) ||
        (rules.cycleStartMonth === 2 && rules.cycleStartDay === 29)
      ) {
        context.addIssue({ code: "custom", path: ["cycleStartDay"], message: "Este dia não existe em todos os anos nesse mês." });
      }
      const names = new Set<string>();
      rules.levels.forEach((level, index) => {
        const key = level.name.toLocaleLowerCase("pt-BR");
        if (names.has(key))
          context.addIssue({
            code: "custom",
            path: ["levels", index, "name"],
            message: "Cada nível precisa de um nome diferente.",
          });
        names.add(key);
        const previous = rules.levels[index - 1];
        if (!previous) return;
        if (level.minPoints <= previous.minPoints) {
          context.addIssue({
            code: "custom",
            path: ["levels", index, "minPoints"],
            message: "Cada nível pede mais pontos que o anterior.",
          });
        }
        if (level.discountPercent < previous.discountPercent) {
          context.addIssue({
            code: "custom",
            path: ["levels", index, "discountPercent"],
            message: "O desconto de um nível não pode ser menor que o do nível anterior.",
          });
        }
      });
    });
}

export type ParsedLoyaltyRules = z.output<ReturnType<typeof loyaltyRulesSchema>>;

/** The parsed form as the rules it sets. */
export function rulesOfParsed(parsed: ParsedLoyaltyRules): LoyaltyRules & { effectiveFrom: string } {
  return {
    enabled: parsed.enabled,
    effectiveFrom: parsed.effectiveFrom,
    pointsPerSpendStep: parsed.pointsPerSpendStep,
    spendStepCents: parsed.spendStep,
    referralPoints: parsed.referralPoints,
    cycleBonusPoints: parsed.cycleBonusPoints,
    cycleBonusMinRepairs: parsed.cycleBonusMinRepairs,
    cycleStart: { month: parsed.cycleStartMonth, day: parsed.cycleStartDay },
    validityYears: parsed.validityYears,
    levels: parsed.levels.map((level): LoyaltyLevel => ({
      name: level.name,
      minPoints: level.minPoints,
      discountBasisPoints: level.discountPercent,
    })),
  };
}
