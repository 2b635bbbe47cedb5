import { MONEY_NOW_METHODS } from "~/lib/payment-methods";
import { z } from "zod";
import { addDays, daysBetween, isIsoDate } from "~/lib/dates";
import { formatCents, percentToBasisPoints } from "~/lib/money";
import { creditCet, MIN_INSTALMENT_CENTS, priceSchedule, yearlyRateBasisPoints, type ScheduledInstalment } from "./price-table";

/**
 * A crediário's terms as the plan form and the sale screen post them, and
 * the disclosure (CDC art. 52 and 54-B) they give, checked the same way in
 * the browser (shown live) and on the server (which computes again and keeps
 * its own result). Pure: no I/O.
 */
export const CREDIT_LIMITS = {
  minInstalments: 1,
  maxInstalments: 24,
  /** First due date: 30 days after the contract by default; 15 to 45 allowed. */
  minFirstDueDays: 15,
  maxFirstDueDays: 45,
  defaultFirstDueDays: 30,
  /** The offer stays valid at least 2 days (CDC art. 54-B, V). */
  offerValidityDays: 2,
  /** CDC art. 52 §1: the late fee may not pass 2%. */
  maxLateFeeBasisPoints: 200,
  /** Far above any plan a shop may make; keeps typing errors out of the arithmetic. */
  maxRateBasisPoints: 5_000,
  maxAmountCents: 100_000_000,
  cancelReason: 500,
} as const;

/** Methods a down payment may be paid with: money that arrives now. */
export const DOWN_PAYMENT_METHODS = MONEY_NOW_METHODS;
export type DownPaymentMethod = keyof typeof DOWN_PAYMENT_METHODS;

const INSTALMENTS_MESSAGE = `Informe de ${CREDIT_LIMITS.minInstalments} a ${CREDIT_LIMITS.maxInstalments} parcelas.`;
const RATE_MESSAGE = "Informe a taxa ao mês com até duas casas decimais, como 0 ou 2,99.";
const FIRST_DUE_MESSAGE = `O primeiro vencimento deve ficar entre ${CREDIT_LIMITS.minFirstDueDays} e ${CREDIT_LIMITS.maxFirstDueDays} dias depois de hoje.`;

/** 299 → "2,99%": a rate as the disclosure prints it, always two decimals as the contract states it (no Intl: the same text on server and browser). */
export function formatRate(basisPoints: number) {
  return `${Math.trunc(basisPoints / 100)},${String(basisPoints % 100).padStart(2, "0")}%`;
}

export function rateField(message = RATE_MESSAGE) {
  return z
    .string({ error: message })
    .trim()
    .max(10, message)
    .default("")
    .transform((typed, context) => {
      const basisPoints = percentToBasisPoints(typed, 0);
      if (basisPoints === null || basisPoints > CREDIT_LIMITS.maxRateBasisPoints) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return basisPoints;
    });
}

/** The terms of a plan: what the shop and the customer agree on, beyond the amount. */
export const CreditTermsSchema = z
  .object({
    instalmentCount: z
      .string({ error: INSTALMENTS_MESSAGE })
      .trim()
      .regex(/^\d{1,2}$/, INSTALMENTS_MESSAGE)
      .transform(Number)
      .refine((count) => count >= CREDIT_LIMITS.minInstalments && count <= CREDIT_LIMITS.maxInstalments, INSTALMENTS_MESSAGE),
    monthlyRate: rateField(),
    firstDueDate: z
      .string({ error: "Informe a data do primeiro vencimento." })
      .trim()
      .refine(isIsoDate, "Informe a data do primeiro vencimento."),
  })
  .transform(({ monthlyRate, ...terms }) => ({ ...terms, monthlyRateBasisPoints: monthlyRate }));
export type CreditTerms = z.output<typeof CreditTermsSchema>;
/** The terms as the form posts them (each input's name is the key of its message). */
export type CreditTermsForm = Record<"instalmentCount" | "monthlyRate" | "firstDueDate", string>;

/** The default first due date: 30 days after `today`. */
export function defaultFirstDueDate(today: string) {
  return addDays(today, CREDIT_LIMITS.defaultFirstDueDays);
}

/** What the shop's settings add to every plan (CDC art. 52: the late charges are stated before the contract). */
export type CreditSettings = {
  maxMonthlyRateBasisPoints: number;
  lateFeeBasisPoints: number;
  lateInterestMonthlyBasisPoints: number;
};

/** The shop as the disclosure names it (CDC art. 54-B: the supplier's name, address and e-mail). */
export type CreditSupplier = { name: string; legalName: string; document: string; address: string; email: string };

export type PlanAmounts = {
  cashPriceCents: number;
  downPaymentCents: number;
  feeCents: number;
  /** The fee added to the amount financed (paid with the instalments) rather than paid at the contract. */
  feeFinanced?: boolean;
};

/** How the registration fee may be paid: now, by a method through the register, or financed with the instalments. */
export const FEE_PAID_WITH = { ...DOWN_PAYMENT_METHODS, financed: "Financiada nas parcelas" } as const;
export type FeePaidWith = keyof typeof FEE_PAID_WITH;

/** What the instalments finance: the price less the down payment, plus the fee when it is financed. */
export function financedOf(amounts: PlanAmounts) {
  return amounts.cashPriceCents - amounts.downPaymentCents + (amounts.feeFinanced ? amounts.feeCents : 0);
}

/** Every item of CDC art. 52 and 54-B, as the page shows it before saving and the contract prints it. */
export type CreditDisclosure = {
  contractDate: string;
  offerValidUntil: string;
  cashPriceCents: number;
  downPaymentCents: number;
  financedCents: number;
  feeCents: number;
  /** The fee is part of the amount financed. */
  feeFinanced: boolean;
  monthlyRateBasisPoints: number;
  yearlyRateBasisPoints: number;
  cetMonthlyBasisPoints: number;
  cetYearlyBasisPoints: number;
  interestCents: number;
  instalmentCount: number;
  instalmentCents: number;
  instalments: ScheduledInstalment[];
  /** Instalments only. */
  instalmentsTotalCents: number;
  /** What the customer pays in all: down payment + fee + instalments (CDC art. 52, V). */
  totalWithFinancingCents: number;
  /** The cash price. */
  totalWithoutFinancingCents: number;
  lateFeeBasisPoints: number;
  lateInterestMonthlyBasisPoints: number;
  supplier: CreditSupplier;
};

export type TermsProblem = { field: string; message: string };

/**
 * The problems of a plan's numbers against the law and the shop's settings,
 * each next to its field; none means `computeDisclosure` may run.
 */
export function termsProblems(amounts: PlanAmounts, terms: CreditTerms, settings: CreditSettings, today: string): TermsProblem[] {
  const problems: TermsProblem[] = [];
  const financed = amounts.cashPriceCents - amounts.downPaymentCents;
  if (amounts.cashPriceCents <= 0) problems.push({ field: "form", message: "Não há valor a financiar." });
  else if (amounts.downPaymentCents >= amounts.cashPriceCents)
    problems.push({ field: "downPayment", message: "A entrada deve ser menor que o preço à vista: sobra algo a financiar." });
  if (terms.monthlyRateBasisPoints > settings.maxMonthlyRateBasisPoints) {
    problems.push({
      field: "monthlyRate",
      message: `A taxa de ${formatRate(terms.monthlyRateBasisPoints)} a.m. passa do máximo da loja, ${formatRate(settings.maxMonthlyRateBasisPoints)} a.m. (Configurações, crediário).`,
    });
  }
  const days = daysBetween(today, terms.firstDueDate);
  if (!Number.isFinite(days) || days < CREDIT_LIMITS.minFirstDueDays || days > CREDIT_LIMITS.maxFirstDueDays) {
    problems.push({ field: "firstDueDate", message: FIRST_DUE_MESSAGE });
  }
  if (financed > 0 && amounts.feeCents >= financed) {
    problems.push({ field: "fee", message: "A tarifa deve ser menor que o valor financiado." });
  }
  if (problems.length === 0) {
    const schedule = scheduleOf(financedOf(amounts), terms, today);
    const smallest = Math.min(...schedule.instalments.map((instalment) => instalment.amountCents));
    if (smallest < MIN_INSTALMENT_CENTS) {
      problems.push({
        field: "instalmentCount",
        message: `Em ${terms.instalmentCount} parcelas, cada uma ficaria em ${formatCents(smallest)}, abaixo do mínimo de ${formatCents(MIN_INSTALMENT_CENTS)}. Use menos parcelas.`,
      });
    }
  }
  return problems;
}

function scheduleOf(financedCents: number, terms: CreditTerms, today: string) {
  return priceSchedule({
    financedCents,
    instalmentCount: terms.instalmentCount,
    monthlyRateBasisPoints: terms.monthlyRateBasisPoints,
    contractDate: today,
    firstDueDate: terms.firstDueDate,
  });
}

/**
 * The disclosure of a plan made today: the schedule (Tabela Price), the
 * yearly rate, the CET with its components, the totals and the late
 * charges. Call only when `termsProblems` found none.
 */
export function computeDisclosure(
  amounts: PlanAmounts,
  terms: CreditTerms,
  settings: CreditSettings,
  supplier: CreditSupplier,
  today: string,
): CreditDisclosure {
  const financedCents = financedOf(amounts);
  const schedule = scheduleOf(financedCents, terms, today);
  // The CET on the real due dates, over days ÷ 365 (Resolução CMN 4.881/2020, art. 4º).
  const cet = creditCet({ financedCents, feeCents: amounts.feeCents, contractDate: today, instalments: schedule.instalments });
  return {
    contractDate: today,
    offerValidUntil: addDays(today, CREDIT_LIMITS.offerValidityDays),
    cashPriceCents: amounts.cashPriceCents,
    downPaymentCents: amounts.downPaymentCents,
    financedCents,
    feeCents: amounts.feeCents,
    feeFinanced: Boolean(amounts.feeFinanced),
    monthlyRateBasisPoints: terms.monthlyRateBasisPoints,
    yearlyRateBasisPoints: yearlyRateBasisPoints(terms.monthlyRateBasisPoints),
    cetMonthlyBasisPoints: cet.monthlyBasisPoints,
    cetYearlyBasisPoints: cet.yearlyBasisPoints,
    interestCents: schedule.interestCents,
    instalmentCount: terms.instalmentCount,
    instalmentCents: schedule.instalmentCents,
    instalments: schedule.instalments,
    instalmentsTotalCents: schedule.totalCents,
    // A financed fee is inside the instalments: counted once.
    totalWithFinancingCents: amounts.downPaymentCents + (amounts.feeFinanced ? 0 : amounts.feeCents) + schedule.totalCents,
    totalWithoutFinancingCents: amounts.cashPriceCents,
    lateFeeBasisPoints: settings.lateFeeBasisPoints,
    lateInterestMonthlyBasisPoints: settings.lateInterestMonthlyBasisPoints,
    supplier,
  };
}

/** The disclosure, or the problems that keep it from being computed (the form shows either). */
export function disclosureOrProblems(
  amounts: PlanAmounts,
  terms: CreditTerms,
  settings: CreditSettings,
  supplier: CreditSupplier,
  today: string,
): { disclosure: CreditDisclosure; problems: [] } | { disclosure: null; problems: TermsProblem[] } {
  const problems = termsProblems(amounts, terms, settings, today);
  if (problems.length > 0) return { disclosure: null, problems };
  return { disclosure: computeDisclosure(amounts, terms, settings, supplier, today), problems: [] };
}
