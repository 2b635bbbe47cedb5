import { addMonths, daysBetween } from "~/lib/dates";
import { allocateCents, roundCents } from "~/lib/money";

/**
 * The crediário's arithmetic, pure (the plan form runs it live in the
 * browser; the server runs it again and keeps its own result). Rates are
 * integers in hundredths of a percent (299 = 2,99% a.m.); money in centavos.
 * A month of interest is 30 days: a period of d days carries (1 + i)^(d/30).
 */
export const DAYS_PER_MONTH = 30;
/** The smallest instalment a plan may have (R$ 10,00): below it, rounding to centavos distorts the schedule and collecting costs more than it brings. */
export const MIN_INSTALMENT_CENTS = 1_000;
const WHOLE = 10_000;

function rateOf(basisPoints: number) {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) throw new RangeError(`Taxa inválida: ${basisPoints}`);
  return basisPoints / WHOLE;
}

/** `cents` × `basisPoints`, rounded half up to the centavo, in integers (no float error). */
function basisPointsOf(cents: number, basisPoints: number) {
  return Number((BigInt(cents) * BigInt(basisPoints) * 2n + BigInt(WHOLE)) / (2n * BigInt(WHOLE)));
}

export type ScheduleInput = {
  financedCents: number;
  instalmentCount: number;
  monthlyRateBasisPoints: number;
  /** The day the credit is granted. */
  contractDate: string;
  /** The first instalment's due date; the others fall on the same day of the following months. */
  firstDueDate: string;
};

export type ScheduledInstalment = {
  number: number;
  dueDate: string;
  amountCents: number;
  principalCents: number;
  interestCents: number;
  /** What is still owed after this instalment is paid on its day. */
  balanceAfterCents: number;
};

export type Schedule = {
  /** The fixed instalment; the last one may differ by a few centavos. */
  instalmentCents: number;
  instalments: ScheduledInstalment[];
  totalCents: number;
  interestCents: number;
};

/**
 * Tabela Price: PMT = P·i / (1 − (1+i)^−n), rounded to the centavo, with
 * the first period's interest pro rata by its days, (1+i)^(d/30) − 1, and P
 * carried to a 30-day first period before the formula. Each period's
 * interest is the balance × i rounded half up; the last instalment is the
 * balance left plus its interest, so the schedule adds up exactly.
 * R$ 1.200,00 in 6 at 2,99% a.m., first due in 30 days: 5 × 221,44 + 221,46.
 */
export function priceSchedule(input: ScheduleInput): Schedule {
  const { financedCents, instalmentCount: count } = input;
  if (!Number.isSafeInteger(financedCents) || financedCents <= 0)
    throw new RangeError(`Valor financiado inválido: ${financedCents}`);
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`Número de parcelas inválido: ${count}`);
  const rate = rateOf(input.monthlyRateBasisPoints);
  const firstPeriodDays = daysBetween(input.contractDate, input.firstDueDate);
  if (firstPeriodDays < 1) throw new RangeError("O primeiro vencimento deve ser depois da data do contrato.");

  const carried = financedCents * (1 + rate) ** ((firstPeriodDays - DAYS_PER_MONTH) / DAYS_PER_MONTH);
  const instalmentCents =
    rate === 0 ? roundCents(financedCents / count) : roundCents((carried * rate) / (1 - (1 + rate) ** -count));

  const instalments: ScheduledInstalment[] = [];
  let balance = financedCents;
  let carriedInterest = 0;
  for (let number = 1; number <= count; number++) {
    const accrued =
      carriedInterest +
      (number === 1
        ? roundCents(financedCents * ((1 + rate) ** (firstPeriodDays / DAYS_PER_MONTH) - 1))
        : basisPointsOf(balance + carriedInterest, input.monthlyRateBasisPoints));
    const isLast = number === count;
    // At a high rate a long first period can accrue more than an instalment: the excess is paid with the next one, earning interest meanwhile as the formula assumes.
    const interestCents = isLast ? accrued : Math.min(accrued, instalmentCents);
    carriedInterest = accrued - interestCents;
    // An instalment never pays back more than is owed; the last pays back all of it.
    const principalCents = isLast ? balance : Math.min(balance, instalmentCents - interestCents);
    balance -= principalCents;
    instalments.push({
      number,
      dueDate: addMonths(input.firstDueDate, number - 1),
      amountCents: principalCents + interestCents,
      principalCents,
      interestCents,
      balanceAfterCents: balance,
    });
  }
  const totalCents = instalments.reduce((sum, instalment) => sum + instalment.amountCents, 0);
  return { instalmentCents, instalments, totalCents, interestCents: totalCents - financedCents };
}

/** A monthly rate as a yearly one, compounded: 2,99% a.m. → (1,0299)^12 − 1 = 42,41% a.a. */
export function yearlyRateBasisPoints(monthlyRateBasisPoints: number): number {
  return toBasisPoints((1 + rateOf(monthlyRateBasisPoints)) ** 12 - 1);
}

/** A rate as a fraction (0.5571) → hundredths of a percent, rounded half up (5571). */
function toBasisPoints(rate: number): number {
  return Math.round(Number((rate * WHOLE).toPrecision(12)));
}

export type CetInput = {
  financedCents: number;
  /** Paid by the consumer up front (a registration fee): they receive the amount financed less it. */
  feeCents: number;
  contractDate: string;
  instalments: readonly { dueDate: string; amountCents: number }[];
};

/**
 * Custo Efetivo Total: the monthly internal rate of return of what the
 * consumer receives (financed − fee, at the contract) against what they pay
 * (each instalment, at its days/30), compounded to a year, each rounded
 * half up to hundredths of a percent. R$ 1.200,00 in 6 × 221,44/221,46 with a
 * R$ 30,00 fee: 55,71% a.a.
 */
export function creditCet(input: CetInput): { monthlyBasisPoints: number; yearlyBasisPoints: number } {
  const received = input.financedCents - input.feeCents;
  if (received <= 0) throw new RangeError("A tarifa não pode ser maior que o valor financiado.");
  const flows = input.instalments.map((instalment) => ({
    months: daysBetween(input.contractDate, instalment.dueDate) / DAYS_PER_MONTH,
    cents: instalment.amountCents,
  }));
  const presentValue = (rate: number) => flows.reduce((sum, flow) => sum + flow.cents / (1 + rate) ** flow.months, 0);
  // The present value falls as the rate rises: bisect between a rate that leaves too much and one that leaves too little.
  let low = -0.99;
  let high = 1;
  while (presentValue(high) > received && high < 1e6) high *= 2;
  for (let step = 0; step < 200; step++) {
    const middle = (low + high) / 2;
    if (presentValue(middle) > received) low = middle;
    else high = middle;
  }
  const monthly = (low + high) / 2;
  return { monthlyBasisPoints: toBasisPoints(monthly), yearlyBasisPoints: toBasisPoints((1 + monthly) ** 12 - 1) };
}

export type LateChargesInput = {
  /** What is still owed of the instalment. */
  amountCents: number;
  dueDate: string;
  /** The day it is paid. */
  paidOn: string;
  lateFeeBasisPoints: number;
  lateInterestMonthlyBasisPoints: number;
  /** Late interest runs from here when part was already paid late (its interest was paid then); the due date otherwise. */
  interestFrom?: string;
  /** False when the late fee was already charged on this instalment (a second partial payment). */
  includeFee?: boolean;
};

/**
 * On a late instalment, on the day it is paid: the late fee (at most 2%,
 * CDC art. 52 §1) and late interest per month, simple and pro rata by day
 * over 30-day months. R$ 221,44 paid 10 days late at 2% + 1% a.m.: 4,43 +
 * 0,74 = R$ 226,61 in all. Nothing before or on the due date.
 */
export function lateCharges(input: LateChargesInput): { feeCents: number; interestCents: number; totalCents: number } {
  const daysLate = daysBetween(input.dueDate, input.paidOn);
  if (daysLate <= 0 || input.amountCents <= 0) return { feeCents: 0, interestCents: 0, totalCents: 0 };
  const feeCents = input.includeFee === false ? 0 : basisPointsOf(input.amountCents, input.lateFeeBasisPoints);
  const interestDays = Math.max(0, daysBetween(input.interestFrom ?? input.dueDate, input.paidOn));
  const interestCents = Number(
    (BigInt(input.amountCents) * BigInt(input.lateInterestMonthlyBasisPoints) * BigInt(interestDays) * 2n +
      BigInt(WHOLE * DAYS_PER_MONTH)) /
      (2n * BigInt(WHOLE * DAYS_PER_MONTH)),
  );
  return { feeCents, interestCents, totalCents: feeCents + interestCents };
}

export type PayoffInstalment = {
  id: number;
  dueDate: string;
  /** What is still owed of it (amount − paid − waived). */
  outstandingCents: number;
};

/**
 * Paying instalments before they are due, with interest reduced (CDC art.
 * 52 §2): each instalment brought to its present value at the contract's
 * rate over the days/30 from the day paid to its due date; one already due
 * is owed in full (its late charges are computed apart). The total is
 * rounded once and spread over the instalments in proportion to their exact
 * present values, so the parts add up to it. Paying off R$ 1.200,00 in 6 at
 * 2,99% right after the second instalment: R$ 823,33, not the nominal 885,78.
 */
export function payoffQuote(input: {
  instalments: readonly PayoffInstalment[];
  monthlyRateBasisPoints: number;
  paidOn: string;
}): { totalCents: number; items: { id: number; payCents: number; waivedCents: number }[] } {
  const rate = rateOf(input.monthlyRateBasisPoints);
  if (input.instalments.length === 0) return { totalCents: 0, items: [] };
  const exact = input.instalments.map((instalment) => {
    const days = Math.max(0, daysBetween(input.paidOn, instalment.dueDate));
    return instalment.outstandingCents / (1 + rate) ** (days / DAYS_PER_MONTH);
  });
  const totalCents = roundCents(exact.reduce((sum, value) => sum + value, 0));
  // Weights in millionths of a centavo: exact enough for the spread, whole numbers for allocateCents.
  const weights = exact.map((value) => Math.round(value * 1_000_000));
  const shares = weights.some((weight) => weight > 0) ? allocateCents(totalCents, weights) : input.instalments.map(() => 0);
  return {
    totalCents,
    items: input.instalments.map((instalment, index) => {
      const payCents = Math.min(shares[index]!, instalment.outstandingCents);
      return { id: instalment.id, payCents, waivedCents: instalment.outstandingCents - payCents };
    }),
  };
}

export type PaymentDue = {
  id: number;
  /** Late fee and late interest owed today. */
  chargesCents: number;
  /** Contract interest still owed. */
  interestCents: number;
  principalCents: number;
};

/**
 * A payment spread over what is owed, oldest instalment first; within each,
 * charges, then interest, then principal (Código Civil art. 354). What is
 * left after every due is paid is `unallocatedCents` (the caller refuses it).
 */
export function allocatePayment(
  amountCents: number,
  dues: readonly PaymentDue[],
): { items: (PaymentDue & { settles: boolean })[]; unallocatedCents: number } {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`Pagamento inválido: ${amountCents}`);
  let left = amountCents;
  const take = (owed: number) => {
    const paid = Math.min(left, Math.max(0, owed));
    left -= paid;
    return paid;
  };
  const items = [];
  for (const due of dues) {
    if (left === 0) break;
    const chargesCents = take(due.chargesCents);
    const interestCents = take(due.interestCents);
    const principalCents = take(due.principalCents);
    const settles =
      chargesCents === Math.max(0, due.chargesCents) &&
      interestCents === Math.max(0, due.interestCents) &&
      principalCents === Math.max(0, due.principalCents);
    items.push({ id: due.id, chargesCents, interestCents, principalCents, settles });
  }
  return { items, unallocatedCents: left };
}
