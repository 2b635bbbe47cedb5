import { Decimal } from "decimal.js";
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { creditCet, futureValue, priceSchedule, settleFuture, type FutureInstalment, type Schedule } from "./price-table";

/**
 * Issue 23 §5: the crediário's arithmetic against a separate implementation
 * in 34-digit decimals (decimal.js, not the app's helpers: its own calendar,
 * rounding and root finding), over thousands of random plans with real
 * calendar due dates (monthly on the first due date's day, clamped to the
 * month's end), not 30-day periods.
 */
const D = Decimal.clone({ precision: 34, rounding: Decimal.ROUND_HALF_UP });
const ONE = new D(1);
const THIRTY = new D(30);

/** Half up to a whole centavo. */
const cents = (value: Decimal) => value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

// The reference calendar: days since 0000-03-01 (proleptic Gregorian), by its own arithmetic.
function dayNumber(iso: string) {
  let [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  if (month <= 2) {
    year -= 1;
    month += 12;
  }
  return (
    365 * year +
    Math.floor(year / 4) -
    Math.floor(year / 100) +
    Math.floor(year / 400) +
    Math.floor((153 * (month - 3) + 2) / 5) +
    day
  );
}
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const monthLength = (year: number, month: number) =>
  [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
function fromDayNumber(target: number) {
  // Search from a year below: simple and independent of the app's Date arithmetic.
  let year = Math.floor(target / 365.2425) - 1;
  while (dayNumber(iso(year + 1, 1, 1)) <= target) year++;
  let month = 1;
  while (month < 12 && dayNumber(iso(year, month + 1, 1)) <= target) month++;
  return iso(year, month, target - dayNumber(iso(year, month, 1)) + 1);
}
const plusDays = (date: string, days: number) => fromDayNumber(dayNumber(date) + days);
const days = (from: string, to: string) => dayNumber(to) - dayNumber(from);
/** The n-th monthly due date after the first, on its day or the month's last. */
function monthlyDue(first: string, months: number) {
  const [year, month, day] = first.split("-").map(Number) as [number, number, number];
  const index = year * 12 + month - 1 + months;
  const newYear = Math.floor(index / 12);
  const newMonth = (index % 12) + 1;
  return iso(newYear, newMonth, Math.min(day, monthLength(newYear, newMonth)));
}

type Plan = { financed: number; count: number; bp: number; contract: string; firstDue: string };

type RefRow = { dueDate: string; amount: number; principal: number; interest: number; balance: number; carried: number };

/** Tabela Price as the contract states it, in decimals: PMT on P carried to a 30-day first period, interest per period. */
function referenceSchedule(plan: Plan): RefRow[] {
  const i = new D(plan.bp).div(10_000);
  const firstDays = days(plan.contract, plan.firstDue);
  const P = new D(plan.financed);
  const pmt = i.isZero()
    ? cents(P.div(plan.count))
    : cents(
        P.mul(i.plus(1).pow(new D(firstDays - 30).div(THIRTY)))
          .mul(i)
          .div(ONE.minus(i.plus(1).pow(-plan.count))),
      );
  const rows: RefRow[] = [];
  let balance = plan.financed;
  let carried = 0;
  for (let n = 1; n <= plan.count; n++) {
    const accrued =
      carried +
      (n === 1 ? cents(P.mul(i.plus(1).pow(new D(firstDays).div(THIRTY)).minus(1))) : cents(new D(balance + carried).mul(i)));
    const last = n === plan.count;
    const interest = last ? accrued : Math.min(accrued, pmt);
    carried = accrued - interest;
    const principal = last ? balance : Math.min(balance, pmt - interest);
    balance -= principal;
    rows.push({
      dueDate: monthlyDue(plan.firstDue, n - 1),
      amount: principal + interest,
      principal,
      interest,
      balance: balance + carried,
      carried,
    });
  }
  return rows;
}

/** The payoff on `paidOn` with every instalment due by then paid: the balance after the last due date plus interest pro rata die since. */
function referencePayoff(plan: Plan, rows: RefRow[], paidOn: string) {
  const passed = rows.filter((row) => row.dueDate <= paidOn).length;
  if (passed === rows.length) return 0;
  const start = passed === 0 ? plan.contract : rows[passed - 1]!.dueDate;
  const balance = passed === 0 ? plan.financed : rows[passed - 1]!.balance;
  const i = new D(plan.bp).div(10_000);
  const periodDays = days(start, rows[passed]!.dueDate);
  const periodRate = passed === 0 ? i.plus(1).pow(new D(periodDays).div(THIRTY)).minus(1) : i;
  return balance + cents(new D(balance).mul(periodRate).mul(days(start, paidOn)).div(periodDays));
}

/** CMN 4.881/2020 art. 4º: the yearly rate discounting each flow over (dⱼ − d₀)/365, to hundredths of a percent, by Newton's method in decimals. */
function referenceCet(received: number, contract: string, rows: { dueDate: string; amount: number }[]) {
  const flows = rows.map((row) => {
    const elapsed = days(contract, row.dueDate);
    return { days: elapsed, years: new D(elapsed).div(365), amount: new D(row.amount) };
  });
  // v^tⱼ = (v^(1/365))^dⱼ: one logarithm and one exponential per v, then whole powers, rather than a fractional
  // power (a logarithm and an exponential) per flow, which made this test take half a minute.
  const discounted = (at: Decimal) => {
    const perDay = at.ln().div(365).exp();
    return flows.map((flow) => flow.amount.mul(perDay.pow(flow.days)));
  };
  // f(v) = Σ aⱼ·v^tⱼ − received over v = 1/(1 + rate) rises with v, below 0 near v = 0 and at least 0 at v = 1 (no negative CET):
  // Newton's method, kept inside that bracket (a step out of it halves the bracket instead).
  const f = (at: Decimal) => discounted(at).reduce((sum, term) => sum.plus(term), new D(-received));
  let high = new D(1);
  if (f(high).isZero()) return 0;
  let low = new D(0.5);
  while (!f(low).isNeg()) low = low.div(4);
  // Newton from the bracket's end where f is nearer a line: v = 1 for a CET under 100% a.a.
  let v = high;
  for (let step = 0; step < 200; step++) {
    let value = new D(-received);
    let slope = new D(0);
    for (const [index, term] of discounted(v).entries()) {
      value = value.plus(term);
      slope = slope.plus(term.mul(flows[index]!.years).div(v));
    }
    if (value.isNeg()) low = v;
    else high = v;
    let next = v.minus(value.div(slope));
    if (next.lte(low) || next.gte(high)) next = low.plus(high).div(2);
    if (next.minus(v).abs().lt("1e-20")) break;
    v = next;
  }
  return ONE.div(v).minus(1).mul(10_000).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber() + 0;
}

/** Random plans as the form allows them: a contract day from 2024 to 2031, first due 15 to 45 days later, 1 to 24 instalments of R$ 10,00 or more. */
const plans = fc
  .record({
    contractDay: fc.integer({ min: dayNumber("2024-01-01"), max: dayNumber("2031-12-31") }),
    firstPeriod: fc.integer({ min: 15, max: 45 }),
    count: fc.integer({ min: 1, max: 24 }),
    bp: fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.constantFrom(0, 100, 299, 499, 1_000)),
    perInstalment: fc.integer({ min: 1_500, max: 2_000_000 }),
  })
  .map(({ contractDay, firstPeriod, count, bp, perInstalment }): Plan => {
    const contract = fromDayNumber(contractDay);
    return { financed: perInstalment * count, count, bp, contract, firstDue: plusDays(contract, firstPeriod) };
  });

function appSchedule(plan: Plan): Schedule {
  return priceSchedule({
    financedCents: plan.financed,
    instalmentCount: plan.count,
    monthlyRateBasisPoints: plan.bp,
    contractDate: plan.contract,
    firstDueDate: plan.firstDue,
  });
}

function appFuture(plan: Plan, schedule: Schedule, paidOn: string) {
  const passed = schedule.instalments.filter((row) => row.dueDate <= paidOn).length;
  const rows: FutureInstalment[] = schedule.instalments.slice(passed).map((row) => ({
    id: row.number,
    periodStart: row.number === 1 ? plan.contract : schedule.instalments[row.number - 2]!.dueDate,
    dueDate: row.dueDate,
    isFirst: row.number === 1,
    principalOutCents: row.principalCents,
    interestOutCents: row.interestCents,
  }));
  const terms = {
    monthlyRateBasisPoints: plan.bp,
    paidOn,
    carriedInCents: passed > 0 ? schedule.instalments[passed - 1]!.carriedOutCents : 0,
    carriedOnCents: schedule.instalments[passed]?.carriedOutCents ?? 0,
  };
  return { rows, terms };
}

describe("against a decimal reference, on real calendar dates", () => {
  it("the reference calendar agrees with known dates", () => {
    expect(days("2026-03-02", "2026-04-01")).toBe(30);
    expect(monthlyDue("2026-01-31", 1)).toBe("2026-02-28");
    expect(monthlyDue("2028-01-31", 1)).toBe("2028-02-29");
    expect(monthlyDue("2026-01-31", 2)).toBe("2026-03-31");
    expect(plusDays("2026-12-20", 15)).toBe("2027-01-04");
  });

  it("the Price table, instalment by instalment, with its Saldo", () => {
    fc.assert(
      fc.property(plans, (plan) => {
        const schedule = appSchedule(plan);
        const reference = referenceSchedule(plan);
        expect(
          schedule.instalments.map((row) => ({
            dueDate: row.dueDate,
            amount: row.amountCents,
            principal: row.principalCents,
            interest: row.interestCents,
            balance: row.balanceAfterCents,
            carried: row.carriedOutCents,
          })),
        ).toEqual(reference);
        expect(schedule.totalCents).toBe(reference.reduce((sum, row) => sum + row.amount, 0));
        expect(reference.reduce((sum, row) => sum + row.principal, 0)).toBe(plan.financed);
      }),
      {
        numRuns: 2_000,
        // Found by a run of this test: a whole month's interest ending in exactly half a centavo (168,995), which the
        // power minus 1 brought to 168,99 instead of 169,00.
        examples: [[{ financed: 1_351_960, count: 1, bp: 125, contract: "2024-01-01", firstDue: "2024-01-31" }]],
      },
    );
  });

  it("the CET, with and without a fee", () => {
    fc.assert(
      // A registration fee up to a fifth of the amount financed (beyond it the CET runs to millions of percent).
      fc.property(plans, fc.double({ min: 0, max: 0.2, noNaN: true }), (plan, feeShare) => {
        const fee = Math.floor(plan.financed * feeShare);
        const schedule = appSchedule(plan);
        const cet = creditCet({
          financedCents: plan.financed,
          feeCents: fee,
          contractDate: plan.contract,
          instalments: schedule.instalments,
        });
        const reference = referenceCet(
          plan.financed - fee,
          plan.contract,
          schedule.instalments.map((row) => ({ dueDate: row.dueDate, amount: row.amountCents })),
        );
        expect(cet.yearlyBasisPoints).toBe(reference);
      }),
      { numRuns: 1_000 },
    );
  }, 60_000);

  it("the payoff on any day: balance after the last due date plus interest pro rata die, adding up to the centavo", () => {
    fc.assert(
      fc.property(plans, fc.double({ min: 0, max: 1, noNaN: true }), (plan, where) => {
        const schedule = appSchedule(plan);
        const reference = referenceSchedule(plan);
        const span = days(plan.contract, reference.at(-1)!.dueDate);
        const paidOn = plusDays(plan.contract, Math.min(span - 1, Math.floor(where * span)));
        const { rows, terms } = appFuture(plan, schedule, paidOn);
        const payoff = settleFuture(rows, terms, { lastCount: rows.length });
        expect(payoff.amountCents).toBe(referencePayoff(plan, reference, paidOn));
        expect(futureValue(rows, terms).totalCents).toBe(payoff.amountCents);
        // Every instalment settled: principal paid in full, interest paid + waived = its interest, nothing of principal waived.
        for (const [index, item] of payoff.items.entries()) {
          expect(item.principalCents).toBe(rows[index]!.principalOutCents);
          expect(item.interestCents + item.waivedInterestCents).toBe(rows[index]!.interestOutCents);
          expect(item.waivedInterestCents).toBeGreaterThanOrEqual(0);
        }
        const interest = payoff.items.reduce((sum, item) => sum + item.interestCents + item.waivedInterestCents, 0);
        const waived = payoff.items.reduce((sum, item) => sum + item.waivedInterestCents, 0);
        const principal = payoff.items.reduce((sum, item) => sum + item.principalCents, 0);
        expect(interest + principal - waived).toBe(payoff.amountCents);
      }),
      { numRuns: 2_000 },
    );
  });

  it("a payoff on a due date is that row's Saldo; on the contract day, the amount financed", () => {
    fc.assert(
      fc.property(plans, fc.nat(), (plan, pick) => {
        const schedule = appSchedule(plan);
        const contractDay = appFuture(plan, schedule, plan.contract);
        expect(futureValue(contractDay.rows, contractDay.terms).totalCents).toBe(plan.financed);
        const row = schedule.instalments[pick % plan.count]!;
        const onDue = appFuture(plan, schedule, row.dueDate);
        expect(futureValue(onDue.rows, onDue.terms).totalCents).toBe(row.balanceAfterCents);
      }),
      { numRuns: 2_000 },
    );
  });

  it("a partial prepayment pays only the interest run, reduces principal by the rest, and leaves the payoff that much lower", () => {
    fc.assert(
      fc.property(
        plans,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (plan, where, share) => {
          const schedule = appSchedule(plan);
          const reference = referenceSchedule(plan);
          const span = days(plan.contract, reference.at(-1)!.dueDate);
          const paidOn = plusDays(plan.contract, Math.min(span - 1, Math.floor(where * span)));
          const { rows, terms } = appFuture(plan, schedule, paidOn);
          const before = referencePayoff(plan, reference, paidOn);
          const amount = Math.floor(share * before);
          const payment = settleFuture(rows, terms, { amountCents: amount });
          expect(payment.excessCents).toBe(0);
          expect(payment.amountCents).toBe(amount);
          const interestPaid = payment.items.reduce((sum, item) => sum + item.interestCents, 0);
          // No more interest than has run since the last due date (and the carried interest of a long first period).
          const passed = reference.length - rows.length;
          const carriedIn = passed > 0 ? reference[passed - 1]!.carried : 0;
          expect(interestPaid).toBeLessThanOrEqual(
            before - (passed === 0 ? plan.financed : reference[passed - 1]!.balance) + carriedIn,
          );
          for (const [index, item] of payment.items.entries()) {
            expect(item.principalCents).toBeLessThanOrEqual(rows[index]!.principalOutCents);
            expect(item.interestCents + item.waivedInterestCents).toBeLessThanOrEqual(rows[index]!.interestOutCents);
          }
          // What is left is worth the payoff less the payment, give or take the rounding of each period's waiver.
          const after = rows
            .map((row, index) => ({
              ...row,
              principalOutCents: row.principalOutCents - payment.items[index]!.principalCents,
              interestOutCents:
                row.interestOutCents - payment.items[index]!.interestCents - payment.items[index]!.waivedInterestCents,
            }))
            .filter((row) => row.principalOutCents + row.interestOutCents > 0);
          // Exact but where a long first period at a high rate carried interest past its instalment (then the waivers are approximate).
          if (reference.every((row) => row.carried === 0)) expect(futureValue(after, terms).totalCents).toBe(before - amount);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
