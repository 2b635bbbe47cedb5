import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, addMonths } from "~/lib/dates";
import {
  MIN_INSTALMENT_CENTS,
  allocatePayment,
  creditCet,
  lateCharges,
  payoffQuote,
  priceSchedule,
  yearlyRateBasisPoints,
} from "./price-table";

const CONTRACT = "2026-03-02";
/** The worked example: R$ 1.200,00 in 6 at 2,99% a.m., first due 30 days out. */
const example = priceSchedule({
  financedCents: 120_000,
  instalmentCount: 6,
  monthlyRateBasisPoints: 299,
  contractDate: CONTRACT,
  firstDueDate: addDays(CONTRACT, 30),
});
/** Its instalments on 30-day periods, as the example counts them. */
const every30Days = example.instalments.map((instalment) => ({
  ...instalment,
  dueDate: addDays(CONTRACT, 30 * instalment.number),
}));

describe("the worked example", () => {
  it("is five instalments of R$ 221,44 and a sixth of R$ 221,46, R$ 1.328,66 in all", () => {
    expect(example.instalmentCents).toBe(22_144);
    expect(example.instalments.map((instalment) => instalment.amountCents)).toEqual([
      22_144, 22_144, 22_144, 22_144, 22_144, 22_146,
    ]);
    expect(example.totalCents).toBe(132_866);
    expect(example.interestCents).toBe(12_866);
    expect(example.instalments.at(-1)!.balanceAfterCents).toBe(0);
  });

  it("has a yearly rate of 42,41% a.a.", () => {
    expect(yearlyRateBasisPoints(299)).toBe(4_241);
  });

  it("has a CET of 55,71% a.a. with a R$ 30,00 fee paid up front", () => {
    expect(creditCet({ financedCents: 120_000, feeCents: 3_000, contractDate: CONTRACT, instalments: every30Days })).toEqual({
      monthlyBasisPoints: 376,
      yearlyBasisPoints: 5_571,
    });
  });

  it("without a fee, the CET is the contract's own rate", () => {
    const cet = creditCet({ financedCents: 120_000, feeCents: 0, contractDate: CONTRACT, instalments: every30Days });
    expect(cet.monthlyBasisPoints).toBe(299);
    expect(cet.yearlyBasisPoints).toBe(4_241);
  });

  it("is paid off right after the second instalment for the balance still owed, R$ 823,33", () => {
    const open = every30Days.slice(2);
    const quote = payoffQuote({
      instalments: open.map((instalment) => ({
        id: instalment.number,
        dueDate: instalment.dueDate,
        outstandingCents: instalment.amountCents,
      })),
      monthlyRateBasisPoints: 299,
      paidOn: every30Days[1]!.dueDate,
    });
    expect(quote.totalCents).toBe(82_333);
    expect(example.instalments[1]!.balanceAfterCents).toBe(82_333);
    expect(open.reduce((sum, instalment) => sum + instalment.amountCents, 0)).toBe(88_578);
    expect(quote.items.reduce((sum, item) => sum + item.payCents, 0)).toBe(82_333);
    expect(quote.items.reduce((sum, item) => sum + item.waivedCents, 0)).toBe(88_578 - 82_333);
  });

  it("charges R$ 226,61 for a R$ 221,44 instalment paid 10 days late (2% + 1% a.m.)", () => {
    const dueDate = every30Days[0]!.dueDate;
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
