import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, addMonths } from "~/lib/dates";
import {
  MIN_INSTALMENT_CENTS,
  allocatePayment,
  creditCet,
  futureValue,
  lateCharges,
  priceSchedule,
  settleFuture,
  yearlyRateBasisPoints,
  type FutureInstalment,
  type FutureSettlementItem,
  type FutureTerms,
  type Schedule,
} from "./price-table";

const CONTRACT = "2026-03-02";
/** The worked example: R$ 1.200,00 in 6 at 2,99% a.m., contract 02/03/2026, first due 01/04/2026 (then the 1st of each month). */
const example = priceSchedule({
  financedCents: 120_000,
  instalmentCount: 6,
  monthlyRateBasisPoints: 299,
  contractDate: CONTRACT,
  firstDueDate: "2026-04-01",
});

/** The schedule's instalments after the first `paid`, as `settleFuture` takes them (nothing paid of them yet). */
function futureRows(schedule: Schedule, contractDate: string, paid: number): FutureInstalment[] {
  return schedule.instalments.slice(paid).map((instalment) => ({
    id: instalment.number,
    periodStart: instalment.number === 1 ? contractDate : schedule.instalments[instalment.number - 2]!.dueDate,
    dueDate: instalment.dueDate,
    isFirst: instalment.number === 1,
    principalOutCents: instalment.principalCents,
    interestOutCents: instalment.interestCents,
  }));
}

function termsOn(schedule: Schedule, paid: number, paidOn: string, monthlyRateBasisPoints: number): FutureTerms {
  return {
    monthlyRateBasisPoints,
    paidOn,
    carriedInCents: paid > 0 ? schedule.instalments[paid - 1]!.carriedOutCents : 0,
    carriedOnCents: schedule.instalments[paid]?.carriedOutCents ?? 0,
  };
}

/** The rows after a payment's items were applied to them. */
function afterPayment(rows: readonly FutureInstalment[], items: readonly FutureSettlementItem[]): FutureInstalment[] {
  return rows
    .map((row, index) => {
      const item = items[index]!;
      return {
        ...row,
        principalOutCents: row.principalOutCents - item.principalCents,
        interestOutCents: row.interestOutCents - item.interestCents - item.waivedInterestCents,
      };
    })
    .filter((row) => row.principalOutCents + row.interestOutCents > 0);
}

describe("the worked example", () => {
  it("is five instalments of R$ 221,44 and a sixth of R$ 221,46, R$ 1.328,66 in all", () => {
    expect(example.instalmentCents).toBe(22_144);
    expect(example.instalments.map((instalment) => instalment.amountCents)).toEqual([
      22_144, 22_144, 22_144, 22_144, 22_144, 22_146,
    ]);
    expect(example.instalments.map((instalment) => instalment.dueDate)).toEqual([
      "2026-04-01",
      "2026-05-01",
      "2026-06-01",
      "2026-07-01",
      "2026-08-01",
      "2026-09-01",
    ]);
    expect(example.totalCents).toBe(132_866);
    expect(example.interestCents).toBe(12_866);
    expect(example.instalments.at(-1)!.balanceAfterCents).toBe(0);
  });

  it("has a yearly rate of 42,41% a.a.", () => {
    expect(yearlyRateBasisPoints(299)).toBe(4_241);
  });

  it("has a CET of 55,92% a.a. with a R$ 30,00 fee paid up front (CMN 4.881/2020: real dates, days ÷ 365)", () => {
    expect(
      creditCet({ financedCents: 120_000, feeCents: 3_000, contractDate: CONTRACT, instalments: example.instalments })
        .yearlyBasisPoints,
    ).toBe(5_592);
  });

  it("without a fee, has a CET of 42,56% a.a., never below the 42,41% nominal yearly rate", () => {
    const cet = creditCet({ financedCents: 120_000, feeCents: 0, contractDate: CONTRACT, instalments: example.instalments });
    expect(cet.yearlyBasisPoints).toBe(4_256);
    expect(cet.yearlyBasisPoints).toBeGreaterThanOrEqual(yearlyRateBasisPoints(299));
    // Its monthly equivalent: (1,4256)^(1/12) − 1.
    expect(cet.monthlyBasisPoints).toBe(300);
  });

  it("is paid off on the second due date for that row's Saldo, R$ 823,33, not the discounted 821,94", () => {
    const paidOn = example.instalments[1]!.dueDate;
    const quote = settleFuture(futureRows(example, CONTRACT, 2), termsOn(example, 2, paidOn, 299), { lastCount: 4 });
    expect(example.instalments[1]!.balanceAfterCents).toBe(82_333);
    expect(quote.amountCents).toBe(82_333);
    // Nothing of the balance is interest: it is all principal, and the four instalments' interest is waived.
    expect(quote.items.reduce((sum, item) => sum + item.interestCents, 0)).toBe(0);
    expect(quote.items.reduce((sum, item) => sum + item.principalCents, 0)).toBe(82_333);
    expect(quote.items.reduce((sum, item) => sum + item.waivedInterestCents, 0)).toBe(88_578 - 82_333);
  });

  it("is paid off on the contract day for the amount financed, R$ 1.200,00", () => {
    expect(futureValue(futureRows(example, CONTRACT, 0), termsOn(example, 0, CONTRACT, 299)).totalCents).toBe(120_000);
  });

  it("is paid off between due dates for the balance plus the interest run since, pro rata die", () => {
    // 15 of the 31 days from 01/05 to 01/06 after the second instalment: 823,33 + 823,33 × 2,99% × 15/31 = 823,33 + 11,91.
    const value = futureValue(futureRows(example, CONTRACT, 2), termsOn(example, 2, "2026-05-16", 299));
    expect(value).toEqual({ principalCents: 82_333, accruedCents: 1_191, totalCents: 83_524 });
  });

  it("books R$ 100,00 paid thirty days before the first due date as principal, with no interest that has not run", () => {
    const rows = futureRows(example, CONTRACT, 0);
    const payment = settleFuture(rows, termsOn(example, 0, CONTRACT, 299), { amountCents: 10_000 });
    expect(payment.items[0]).toEqual({ id: 1, interestCents: 0, principalCents: 10_000, waivedInterestCents: 299 });
    expect(
      payment.items.slice(1).every((item) => item.principalCents + item.interestCents + item.waivedInterestCents === 0),
    ).toBe(true);
    // What is owed is R$ 1.100,00 that day, and the first instalment's interest is 2,99% of it.
    const after = afterPayment(rows, payment.items);
    expect(futureValue(after, termsOn(example, 0, CONTRACT, 299)).totalCents).toBe(110_000);
    expect(after[0]!.interestOutCents).toBe(3_289);
  });

  it("then pays off without recording principal as waived interest: juros + amortização − juros abatidos = total", () => {
    const rows = afterPayment(
      futureRows(example, CONTRACT, 0),
      settleFuture(futureRows(example, CONTRACT, 0), termsOn(example, 0, CONTRACT, 299), { amountCents: 10_000 }).items,
    );
    const paidOn = "2026-03-20";
    const payoff = settleFuture(rows, termsOn(example, 0, paidOn, 299), { lastCount: rows.length });
    const sum = (pick: (item: FutureSettlementItem) => number) => payoff.items.reduce((total, item) => total + pick(item), 0);
    const interestLeft = rows.reduce((total, row) => total + row.interestOutCents, 0);
    // 18 days of 30 on R$ 1.100,00 at 2,99%: R$ 19,73 of interest run.
    expect(sum((item) => item.interestCents)).toBe(1_973);
    expect(sum((item) => item.principalCents)).toBe(110_000);
    expect(payoff.amountCents).toBe(111_973);
    expect(sum((item) => item.waivedInterestCents)).toBe(interestLeft - 1_973);
    expect(
      sum((item) => item.interestCents + item.waivedInterestCents) +
        sum((item) => item.principalCents) -
        sum((item) => item.waivedInterestCents),
    ).toBe(payoff.amountCents);
    for (const [index, item] of payoff.items.entries()) {
      expect(item.waivedInterestCents).toBeLessThanOrEqual(rows[index]!.interestOutCents);
      expect(item.principalCents).toBe(rows[index]!.principalOutCents);
    }
  });

  it("counts interest a former-rule prepayment paid ahead of its time as principal, not as owed again", () => {
    // Before issue 23, R$ 100,00 on the contract day was booked R$ 35,88 of interest + R$ 64,12 of principal.
    const rows = futureRows(example, CONTRACT, 0);
    rows[0] = { ...rows[0]!, principalOutCents: rows[0]!.principalOutCents - 6_412, interestOutCents: 0 };
    const payoff = settleFuture(rows, termsOn(example, 0, CONTRACT, 299), { lastCount: rows.length });
    // R$ 1.135,88 of principal less the R$ 33,96 of the month's interest on it already paid: R$ 1.101,92. (Exactly R$ 1.100,00
    // would need the balance the former payment left; correcting those plans is the report of issue 23, apart.)
    expect(payoff.amountCents).toBe(110_192);
    expect(payoff.items.reduce((sum, item) => sum + item.interestCents, 0)).toBe(0);
    for (const [index, item] of payoff.items.entries()) {
      expect(item.principalCents + item.interestCents + item.waivedInterestCents).toBe(
        rows[index]!.principalOutCents + rows[index]!.interestOutCents,
      );
    }
  });

  it("charges R$ 226,61 for a R$ 221,44 instalment paid 10 days late (2% + 1% a.m.)", () => {
    const dueDate = example.instalments[0]!.dueDate;
    const charges = lateCharges({
      amountCents: 22_144,
      dueDate,
      paidOn: addDays(dueDate, 10),
      lateFeeBasisPoints: 200,
      lateInterestMonthlyBasisPoints: 100,
    });
    expect(charges).toEqual({ feeCents: 443, interestCents: 74, totalCents: 517 });
    expect(22_144 + charges.totalCents).toBe(22_661);
  });
});

describe("priceSchedule", () => {
  it("shows in the Saldo the interest a long first period carries (R$ 1.000,00 × 24 at 10% a.m., first due in 45 days)", () => {
    const schedule = priceSchedule({
      financedCents: 100_000,
      instalmentCount: 24,
      monthlyRateBasisPoints: 1_000,
      contractDate: CONTRACT,
      firstDueDate: addDays(CONTRACT, 45),
    });
    // 1.000 × 1,1^1,5 = 1.153,69 owed on the first due date; 116,73 paid: R$ 1.036,96 still owed, not R$ 1.000,00.
    expect(schedule.instalments.slice(0, 4).map((instalment) => instalment.balanceAfterCents)).toEqual([
      103_696, 102_393, 100_959, 99_382,
    ]);
    expect(schedule.instalments.slice(0, 3).every((instalment) => instalment.principalCents === 0)).toBe(true);
    // Paid off on each of those due dates, the plan costs exactly that Saldo.
    for (const paid of [1, 2, 3, 10]) {
      const paidOn = schedule.instalments[paid - 1]!.dueDate;
      expect(futureValue(futureRows(schedule, CONTRACT, paid), termsOn(schedule, paid, paidOn, 1_000)).totalCents).toBe(
        schedule.instalments[paid - 1]!.balanceAfterCents,
      );
    }
  });

  it("at 0% splits the amount, the last instalment taking the remainder", () => {
    const schedule = priceSchedule({
      financedCents: 10_000,
      instalmentCount: 3,
      monthlyRateBasisPoints: 0,
      contractDate: CONTRACT,
      firstDueDate: addDays(CONTRACT, 30),
    });
    expect(schedule.instalments.map((instalment) => instalment.amountCents)).toEqual([3_333, 3_333, 3_334]);
    expect(schedule.interestCents).toBe(0);
  });

  it("charges a longer first period more interest, pro rata by its days", () => {
    const base = { financedCents: 100_000, instalmentCount: 3, monthlyRateBasisPoints: 100, contractDate: CONTRACT };
    const short = priceSchedule({ ...base, firstDueDate: addDays(CONTRACT, 15) });
    const long = priceSchedule({ ...base, firstDueDate: addDays(CONTRACT, 45) });
    expect(short.instalments[0]!.interestCents).toBe(499); // 1000 × (1,01^0,5 − 1)
    expect(long.instalments[0]!.interestCents).toBe(1_504); // 1000 × (1,01^1,5 − 1)
    expect(long.totalCents).toBeGreaterThan(short.totalCents);
    expect(short.instalments.map((instalment) => instalment.dueDate)).toEqual([
      addDays(CONTRACT, 15),
      addMonths(addDays(CONTRACT, 15), 1),
      addMonths(addDays(CONTRACT, 15), 2),
    ]);
  });

  it("always adds up to the amount financed plus its interest, with fixed instalments but the last", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 24 })
          .chain((count) => fc.tuple(fc.integer({ min: MIN_INSTALMENT_CENTS * count, max: 50_000_000 }), fc.constant(count))),
        // Up to 5% a.m., five times the usury ceiling the settings default to.
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 15, max: 45 }),
        ([financedCents, instalmentCount], monthlyRateBasisPoints, firstPeriodDays) => {
          const schedule = priceSchedule({
            financedCents,
            instalmentCount,
            monthlyRateBasisPoints,
            contractDate: CONTRACT,
            firstDueDate: addDays(CONTRACT, firstPeriodDays),
          });
          const principal = schedule.instalments.reduce((sum, instalment) => sum + instalment.principalCents, 0);
          expect(principal).toBe(financedCents);
          expect(schedule.totalCents).toBe(schedule.instalments.reduce((sum, instalment) => sum + instalment.amountCents, 0));
          expect(schedule.instalments).toHaveLength(instalmentCount);
          for (const instalment of schedule.instalments) {
            expect(instalment.amountCents).toBe(instalment.principalCents + instalment.interestCents);
            expect(instalment.principalCents).toBeGreaterThanOrEqual(0);
            expect(instalment.interestCents).toBeGreaterThanOrEqual(0);
          }
          for (const instalment of schedule.instalments.slice(0, -1)) {
            if (instalment.principalCents > 0) expect(instalment.amountCents).toBe(schedule.instalmentCents);
          }
          // The last absorbs only rounding: half a centavo of the fixed instalment and of each period's interest, compounded.
          const rate = monthlyRateBasisPoints / 10_000;
          const compounded = rate === 0 ? instalmentCount : ((1 + rate) ** instalmentCount - 1) / rate;
          expect(Math.abs(schedule.instalments.at(-1)!.amountCents - schedule.instalmentCents)).toBeLessThanOrEqual(
            Math.ceil(2 * compounded) + 1,
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("allocatePayment", () => {
  const dues = [
    { id: 1, chargesCents: 517, interestCents: 3_588, principalCents: 18_556 },
    { id: 2, chargesCents: 0, interestCents: 3_033, principalCents: 19_111 },
  ];

  it("pays charges, then interest, then principal, oldest instalment first (CC art. 354)", () => {
    expect(allocatePayment(3_000, dues)).toEqual({
      items: [{ id: 1, chargesCents: 517, interestCents: 2_483, principalCents: 0, settles: false }],
      unallocatedCents: 0,
    });
    const more = allocatePayment(25_000, dues);
    expect(more.items).toEqual([
      { id: 1, chargesCents: 517, interestCents: 3_588, principalCents: 18_556, settles: true },
      { id: 2, chargesCents: 0, interestCents: 2_339, principalCents: 0, settles: false },
    ]);
  });

  it("leaves what exceeds every due unallocated", () => {
    expect(allocatePayment(50_000, dues).unallocatedCents).toBe(50_000 - 517 - 3_588 - 18_556 - 3_033 - 19_111);
  });

  it("never allocates more than the payment", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(
          fc.record({
            id: fc.nat(),
            chargesCents: fc.nat({ max: 10_000 }),
            interestCents: fc.nat({ max: 100_000 }),
            principalCents: fc.nat({ max: 500_000 }),
          }),
          { maxLength: 24 },
        ),
        (amount, generated) => {
          const result = allocatePayment(amount, generated);
          const allocated = result.items.reduce(
            (sum, item) => sum + item.chargesCents + item.interestCents + item.principalCents,
            0,
          );
          expect(allocated + result.unallocatedCents).toBe(amount);
        },
      ),
    );
  });
});

describe("lateCharges", () => {
  it("is nothing on the due date", () => {
    expect(
      lateCharges({
        amountCents: 22_144,
        dueDate: CONTRACT,
        paidOn: CONTRACT,
        lateFeeBasisPoints: 200,
        lateInterestMonthlyBasisPoints: 100,
      }).totalCents,
    ).toBe(0);
  });

  it("charges no second fee and runs interest from the last late payment", () => {
    expect(
      lateCharges({
        amountCents: 10_000,
        dueDate: CONTRACT,
        paidOn: addDays(CONTRACT, 60),
        interestFrom: addDays(CONTRACT, 30),
        includeFee: false,
        lateFeeBasisPoints: 200,
        lateInterestMonthlyBasisPoints: 100,
      }),
    ).toEqual({ feeCents: 0, interestCents: 100, totalCents: 100 });
  });
});
