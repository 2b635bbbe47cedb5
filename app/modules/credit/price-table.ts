import { addMonths, daysBetween } from "~/lib/dates";
import { roundCents } from "~/lib/money";

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

/**
 * (1 + rate)^periods − 1, as e^(periods·ln(1 + rate)) − 1 by expm1 and log1p:
 * subtracting 1 from the power lost the last digits, so a 30-day first
 * period at 1,25% a.m. on R$ 13.519,60 came to 168,994999… and rounded to
 * 168,99 instead of the exact 169,00 (half up).
 */
function growth(rate: number, periods: number) {
  return Math.expm1(periods * Math.log1p(rate));
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
  /** What is still owed after this instalment is paid on its day: the principal left and any interest carried to the next. */
  balanceAfterCents: number;
  /** Interest run up to this due date that did not fit in this instalment: the next one pays it (long first period, high rate). */
  carriedOutCents: number;
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
  const instalmentCents = rate === 0 ? roundCents(financedCents / count) : roundCents((carried * rate) / -growth(rate, -count));

  const instalments: ScheduledInstalment[] = [];
  let balance = financedCents;
  let carriedInterest = 0;
  for (let number = 1; number <= count; number++) {
    const accrued =
      carriedInterest +
      (number === 1
        ? roundCents(financedCents * growth(rate, firstPeriodDays / DAYS_PER_MONTH))
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
      balanceAfterCents: balance + carriedInterest,
      carriedOutCents: carriedInterest,
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
  // `+ 0`: a rate of −0 (a rounding residue) is 0.
  return Math.round(Number((rate * WHOLE).toPrecision(12))) + 0;
}

export type CetInput = {
  financedCents: number;
  /** Paid by the consumer up front (a registration fee): they receive the amount financed less it. */
  feeCents: number;
  contractDate: string;
  /** Each instalment on its real due date. */
  instalments: readonly { dueDate: string; amountCents: number }[];
};

/** Days in the CET's year (Resolução CMN 4.881/2020, art. 4º: each flow at (dⱼ − d₀)/365). */
export const CET_DAYS_PER_YEAR = 365;

/**
 * Custo Efetivo Total as Resolução CMN 4.881/2020, art. 4º (formerly CMN
 * 3.517) defines it: the yearly rate that makes what the consumer receives
 * (financed − fee, on the contract day d₀) equal the instalments, each
 * discounted over (dⱼ − d₀)/365 years on its real due date; shown as a
 * percentage with two decimals, rounded half up. The monthly figure is that
 * yearly rate as its monthly equivalent, (1 + CET)^(1/12) − 1. Contract
 * 02/03/2026, R$ 1.200,00 in 6 at 2,99% a.m., first due 01/04/2026: 55,92%
 * a.a. with a R$ 30,00 fee, 42,56% a.a. without.
 */
export function creditCet(input: CetInput): { monthlyBasisPoints: number; yearlyBasisPoints: number } {
  const received = input.financedCents - input.feeCents;
  if (received <= 0) throw new RangeError("A tarifa não pode ser maior que o valor financiado.");
  const flows = input.instalments.map((instalment) => ({
    years: daysBetween(input.contractDate, instalment.dueDate) / CET_DAYS_PER_YEAR,
    cents: instalment.amountCents,
  }));
  const presentValue = (rate: number) => flows.reduce((sum, flow) => sum + flow.cents / (1 + rate) ** flow.years, 0);
  // The present value falls as the rate rises: bisect between a rate that leaves too much and one that leaves too little.
  let low = -0.99;
  let high = 1;
  while (presentValue(high) > received && high < 1e9) high *= 2;
  for (let step = 0; step < 200; step++) {
    const middle = (low + high) / 2;
    if (presentValue(middle) > received) low = middle;
    else high = middle;
  }
  const yearly = (low + high) / 2;
  return { monthlyBasisPoints: toBasisPoints((1 + yearly) ** (1 / 12) - 1), yearlyBasisPoints: toBasisPoints(yearly) };
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

export type FutureInstalment = {
  id: number;
  /** The day its period begins: the previous instalment's due date, or the contract's for the first. */
  periodStart: string;
  dueDate: string;
  /** The first instalment's period earns (1 + i)^(days/30) − 1, as the schedule charged it; every later one i. */
  isFirst: boolean;
  /** Of the contract's principal in it, still owed. */
  principalOutCents: number;
  /** Of the contract's interest in it, still owed (not paid, not waived). */
  interestOutCents: number;
};

export type FutureTerms = {
  monthlyRateBasisPoints: number;
  /** The day paid: after the last due date passed, before the first instalment given. */
  paidOn: string;
  /** Interest run before the current period that the schedule carried into these instalments (0 but for a long first period at a high rate). */
  carriedInCents: number;
  /** Interest of the current period that the schedule carried past its instalment into the next ones. */
  carriedOnCents: number;
};

/**
 * Interest a period earns on `cents` over `days` of its days (all of them by
 * default), pro rata die: the period's rate × the share of its days,
 * rounded half up; over all its days exactly what the schedule charged.
 */
export function periodInterestCents(
  cents: number,
  row: Pick<FutureInstalment, "periodStart" | "dueDate" | "isFirst">,
  monthlyRateBasisPoints: number,
  days?: number,
): number {
  const periodDays = daysBetween(row.periodStart, row.dueDate);
  const counted = Math.max(0, Math.min(periodDays, days ?? periodDays));
  if (cents <= 0 || periodDays <= 0 || counted === 0) return 0;
  if (row.isFirst) {
    const rate = rateOf(monthlyRateBasisPoints);
    const interest = cents * growth(rate, periodDays / DAYS_PER_MONTH);
    return roundCents(counted === periodDays ? interest : (interest * counted) / periodDays);
  }
  const denominator = BigInt(WHOLE) * BigInt(periodDays);
  return Number((BigInt(cents) * BigInt(monthlyRateBasisPoints) * BigInt(counted) * 2n + denominator) / (2n * denominator));
}

/**
 * What the instalments not yet due are worth on the day paid (CDC art. 52
 * §2): the balance after the last due date passed (their principal, with
 * interest the schedule carried) plus the interest run since then, pro rata
 * die at the contract's rate. Paid on a due date, it is the schedule's
 * "Saldo" after that instalment; on the contract day, the amount financed.
 */
export function futureValue(rows: readonly FutureInstalment[], terms: FutureTerms) {
  if (rows.length === 0) return { principalCents: 0, accruedCents: 0, totalCents: 0 };
  const first = rows[0]!;
  const principalCents = rows.reduce((sum, row) => sum + row.principalOutCents, 0);
  const interestOut = rows.reduce((sum, row) => sum + row.interestOutCents, 0);
  const elapsed = Math.max(0, daysBetween(first.periodStart, terms.paidOn));
  // The current period's interest still owed, less what it would earn in full on the balance, plus what it earned on it so far:
  // interest carried in from earlier periods and the days run of this one.
  const earning = principalCents + terms.carriedInCents;
  const rate = terms.monthlyRateBasisPoints;
  // Below 0 only where interest was paid ahead of its time (under the rule before issue 23, a payment before the due date paid
  // the month's interest first): that money counts as principal paid.
  const accruedCents = Math.max(
    -principalCents,
    Math.min(
      interestOut,
      first.interestOutCents +
        terms.carriedOnCents -
        periodInterestCents(earning, first, rate) +
        periodInterestCents(earning, first, rate, elapsed),
    ),
  );
  return { principalCents, accruedCents, totalCents: principalCents + accruedCents };
}

export type FutureSettlementItem = {
  id: number;
  interestCents: number;
  principalCents: number;
  waivedInterestCents: number;
};

/**
 * Money paid before instalments fall due, on the instalments not yet due,
 * oldest first:
 * - `{ amountCents }`: a partial prepayment. It pays the interest run so far
 *   (Código Civil art. 354), then principal; the interest that principal
 *   would have earned until each later due date is waived (CDC art. 52 §2),
 *   so no month of interest that has not run is booked. The whole
 *   `futureValue` settles every instalment; more is refused (`excessCents`).
 * - `{ lastCount }`: the last N instalments paid off: their principal plus
 *   the interest it earned since the period began; their interest and the
 *   interest their principal would have earned in the instalments before
 *   them are waived.
 * Waivers only ever take interest: principal paid + interest paid + waived
 * = what each instalment owed for those it settles.
 */
export function settleFuture(
  rows: readonly FutureInstalment[],
  terms: FutureTerms,
  asked: { amountCents: number } | { lastCount: number },
): { items: FutureSettlementItem[]; amountCents: number; excessCents: number; value: ReturnType<typeof futureValue> } {
  const value = futureValue(rows, terms);
  // Paying off every instalment is paying what they are worth.
  const payment = "lastCount" in asked && asked.lastCount >= rows.length ? { amountCents: value.totalCents } : asked;
  const first = rows[0];
  const elapsed = first ? Math.max(0, daysBetween(first.periodStart, terms.paidOn)) : 0;
  const interestPaid = rows.map(() => 0);
  const principalPaid = rows.map(() => 0);
  const settles = rows.map(() => false);
  let excessCents = 0;
  let interestBudget: number;
  if ("amountCents" in payment) {
    const amount = Math.min(payment.amountCents, value.totalCents);
    excessCents = payment.amountCents - amount;
    interestBudget = Math.max(0, Math.min(amount, value.accruedCents));
    let principalLeft = amount - interestBudget;
    rows.forEach((row, index) => {
      principalPaid[index] = Math.min(principalLeft, row.principalOutCents);
      principalLeft -= principalPaid[index]!;
    });
    if (amount === value.totalCents) settles.fill(true);
  } else {
    const from = Math.max(0, rows.length - payment.lastCount);
    rows.forEach((row, index) => {
      if (index >= from) {
        principalPaid[index] = row.principalOutCents;
        settles[index] = true;
      }
    });
    const paidPrincipal = principalPaid.reduce((sum, cents) => sum + cents, 0);
    interestBudget =
      from === 0 || !first
        ? value.accruedCents
        : Math.max(
            0,
            Math.min(value.accruedCents, periodInterestCents(paidPrincipal, first, terms.monthlyRateBasisPoints, elapsed)),
          );
  }
  // The interest run is owed by the oldest instalments first (the current period's is in the next one due).
  rows.forEach((row, index) => {
    interestPaid[index] = Math.min(interestBudget, row.interestOutCents);
    interestBudget -= interestPaid[index]!;
  });
  const items = rows.map((row, index) => {
    const interestLeft = row.interestOutCents - interestPaid[index]!;
    let waivedInterestCents: number;
    // Settled: what it owed and this payment does not pay is waived (only interest, but for interest paid ahead under the former rule).
    if (settles[index]) waivedInterestCents = interestLeft + row.principalOutCents - principalPaid[index]!;
    else {
      // The principal paid of this and later instalments no longer earns this period's interest (from today, for the current
      // one): what the period has still to earn on the balance before, less on the balance after, so a later payoff is worth
      // exactly what this payment took off.
      const owedFrom =
        rows.slice(index).reduce((sum, later) => sum + later.principalOutCents, 0) + (index === 0 ? terms.carriedInCents : 0);
      const prepaidAfter = principalPaid.slice(index).reduce((sum, cents) => sum + cents, 0);
      const toEarn = (balance: number) =>
        periodInterestCents(balance, row, terms.monthlyRateBasisPoints) -
        (index === 0 ? periodInterestCents(balance, row, terms.monthlyRateBasisPoints, elapsed) : 0);
      const saved = Math.max(0, toEarn(owedFrom) - toEarn(owedFrom - prepaidAfter));
      waivedInterestCents = Math.min(interestLeft, saved);
    }
    return { id: row.id, interestCents: interestPaid[index]!, principalCents: principalPaid[index]!, waivedInterestCents };
  });
  const amountCents = items.reduce((sum, item) => sum + item.interestCents + item.principalCents, 0);
  return { items, amountCents, excessCents, value };
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
