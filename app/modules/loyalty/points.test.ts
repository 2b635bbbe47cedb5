import { describe, expect, it } from "vitest";
import { earnForPayment, expiryOf, pointsDueToExpire, reverseForRefund } from "./points";
import { cycleStartFor, DEFAULT_LOYALTY_RULES, levelForPoints } from "./rules";

const rules = DEFAULT_LOYALTY_RULES;

describe("points for money paid", () => {
  it("earns 10 points per R$ 200,00, the remainder carried to the next payment", () => {
    expect(earnForPayment(0, 65_000, rules)).toEqual({ points: 30, carryCents: 5_000 });
    const first = earnForPayment(0, 15_000, rules);
    expect(first).toEqual({ points: 0, carryCents: 15_000 });
    expect(earnForPayment(first.carryCents, 10_000, rules)).toEqual({ points: 10, carryCents: 5_000 });
  });

  it("partial crediário payments earn as paid: R$ 150 + R$ 50 of an instalment make one step", () => {
    const a = earnForPayment(0, 15_000, rules);
    const b = earnForPayment(a.carryCents, 5_000, rules);
    expect([a.points, b.points, b.carryCents]).toEqual([0, 10, 0]);
  });

  it("follows the rules in force: a step of R$ 100,00 for 5 points", () => {
    expect(earnForPayment(5_000, 25_000, { pointsPerSpendStep: 5, spendStepCents: 10_000 })).toEqual({
      points: 15,
      carryCents: 0,
    });
  });

  it("money given back takes off the carry first, then whole steps, leaving the customer where they would be had it never been paid", () => {
    // R$ 250 paid (10 points, R$ 50 carried), R$ 100 back: R$ 150 paid → 0 points, R$ 150 carried.
    expect(reverseForRefund(5_000, 10_000, rules)).toEqual({ points: -10, carryCents: 15_000 });
    expect(reverseForRefund(5_000, 5_000, rules)).toEqual({ points: 0, carryCents: 0 });
    // R$ 650 paid (30 points, R$ 50 carried), all back: 0 points, nothing carried.
    expect(reverseForRefund(5_000, 65_000, rules)).toEqual({ points: -30, carryCents: 0 });
  });
});

describe("expiry, oldest first", () => {
  it("a point is valid exactly one year from when it was earned", () => {
    expect(expiryOf(new Date("2025-03-10T15:30:00Z"), 1).toISOString()).toBe("2026-03-10T15:30:00.000Z");
  });

  it("lapsed points less what negative entries already took from the oldest", () => {
    // 400 (oldest, lapsed) + 300 (valid); a reversal of 100 took from the oldest lot: 300 lapse.
    expect(pointsDueToExpire({ sum: 600, lapsedPositive: 400, negatives: -100 })).toBe(300);
    // After the job wrote −300, nothing more is due (run twice: once).
    expect(pointsDueToExpire({ sum: 300, lapsedPositive: 400, negatives: -400 })).toBe(0);
    // Never more than the balance.
    expect(pointsDueToExpire({ sum: 50, lapsedPositive: 400, negatives: 0 })).toBe(50);
  });

  it("a level drops when its points expire", () => {
    const before = 1_200;
    const due = pointsDueToExpire({ sum: before, lapsedPositive: 400, negatives: 0 });
    expect(levelForPoints(before, rules.levels)?.name).toBe("Prata");
    expect(levelForPoints(before - due, rules.levels)?.name).toBe("Bronze");
  });
});

describe("the yearly cycle starts on 7 September, on the shop's calendar", () => {
  it("6 September late in São Paulo still belongs to the cycle before", () => {
    // 23:30 in São Paulo on the 6th is 02:30 UTC on the 7th.
    expect(cycleStartFor(new Date("2026-09-07T02:30:00Z"))).toBe("2025-09-07");
    expect(cycleStartFor(new Date("2026-09-07T03:00:00Z"))).toBe("2026-09-07");
    expect(cycleStartFor(new Date("2027-01-15T12:00:00Z"))).toBe("2026-09-07");
  });
});
