import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocateCents,
  basisPointsToPercentText,
  centsToInput,
  formatCents,
  parseMoneyToCents,
  percentOfCents,
  percentToBasisPoints,
  roundCents,
  roundCentsTo,
  splitCents,
} from "./money";

/** Amounts a shop meets, up to R$ 100 million, refunds included. */
const cents = fc.integer({ min: -10_000_000_000, max: 10_000_000_000 });
const nonNegativeCents = fc.integer({ min: 0, max: 10_000_000_000 });
const weights = fc
  .array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 30 })
  .filter((list) => list.some((weight) => weight > 0));

describe("showing and reading money", () => {
  it("shows centavos as reais", () => {
    expect(formatCents(123456).replace(/\s/g, " ")).toBe("R$ 1.234,56");
    expect(formatCents(0).replace(/\s/g, " ")).toBe("R$ 0,00");
  });

  it("shows a negated zero as zero: the page's data reaches the browser as 0, and '-R$ 0,00' on the server broke hydration (React #418)", () => {
    expect(formatCents(-0)).toBe(formatCents(0));
  });

  it.each([
    ["1.234,56", 123456],
    ["1234,5", 123450],
    ["R$ 10", 1000],
    ["10.50", 1050],
    ["0,01", 1],
    ["1.000", 100000],
    ["1,10", 110],
    ["4,35", 435],
  ])("reads %s", (input, expected) => {
    expect(parseMoneyToCents(input)).toBe(expected);
  });

  it.each(["", "abc", "1,2,3", "-5", "12,345", "1e3", "999999999999999999"])("refuses %s", (input) => {
    expect(parseMoneyToCents(input)).toBeNull();
  });

  it("round-trips every amount through a form field", () => {
    fc.assert(
      fc.property(nonNegativeCents, (amount) => {
        expect(parseMoneyToCents(centsToInput(amount))).toBe(amount);
      }),
    );
  });
});

describe("the rounding rule: half away from zero", () => {
  it.each([
    [0.5, 1],
    [1.5, 2],
    [2.5, 3],
    [2.4999, 2],
    [-0.5, -1],
    [-2.5, -3],
    [-2.4, -2],
    [0, 0],
    // 1.005 × 100 is 100.49999999999999 in floating point: still the half it stands for.
    [1.005 * 100, 101],
    [1234.5000000000002, 1235],
  ])("roundCents(%d) → %i", (value, expected) => {
    expect(roundCents(value)).toBe(expected);
  });

  it("refuses what is no amount", () => {
    expect(() => roundCents(Number.NaN)).toThrow(RangeError);
    expect(() => roundCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("gives whole amounts back unchanged and moves any value by at most half a centavo", () => {
    fc.assert(
      fc.property(cents, (amount) => {
        expect(roundCents(amount)).toBe(amount);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (value) => {
        expect(Math.abs(roundCents(value) - value)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it("rounds prices to a step the same way", () => {
    expect(roundCentsTo(12_499, 1000)).toBe(12_000);
    expect(roundCentsTo(12_500, 1000)).toBe(13_000);
    expect(roundCentsTo(-12_500, 1000)).toBe(-13_000);
    expect(() => roundCentsTo(100, 0)).toThrow(RangeError);
  });
});

describe("percentOfCents (basis points: 500 = 5%)", () => {
  it.each([
    [20_000, 500, 1_000],
    [19_990, 500, 1_000], // 999,5 centavos
    [19_989, 500, 999], // 999,45 centavos
    [10_001, 1_250, 1_250], // 1250,125 centavos
    [100, 1, 0], // 0,01 centavo
    [-19_990, 500, -1_000],
    [12_345, 10_000, 12_345],
    [12_345, 0, 0],
  ])("%i × %i bp → %i", (amount, basisPoints, expected) => {
    expect(percentOfCents(amount, basisPoints)).toBe(expected);
  });

  it("is the identity at 100% and zero at 0%", () => {
    fc.assert(
      fc.property(cents, (amount) => {
        expect(percentOfCents(amount, 10_000)).toBe(amount);
        expect(percentOfCents(amount, 0)).toBe(0);
      }),
    );
  });

  it("is within half a centavo of the exact value, never above the amount up to 100%, and symmetric in sign", () => {
    fc.assert(
      fc.property(nonNegativeCents, fc.integer({ min: 0, max: 10_000 }), (amount, basisPoints) => {
        const part = percentOfCents(amount, basisPoints);
        // Compared in whole numbers: |part·10000 − amount·bp| ≤ 5000.
        expect(Math.abs(part * 10_000 - amount * basisPoints)).toBeLessThanOrEqual(5_000);
        expect(part).toBeGreaterThanOrEqual(0);
        expect(part).toBeLessThanOrEqual(amount);
        expect(percentOfCents(-amount, basisPoints) + part).toBe(0);
      }),
    );
  });

  it("refuses fractions of a centavo or of a basis point", () => {
    expect(() => percentOfCents(10.5, 500)).toThrow(RangeError);
    expect(() => percentOfCents(1000, 2.5)).toThrow(RangeError);
  });
});

describe("reading and showing a percentage (basis points)", () => {
  it.each([
    ["2,99", 299],
    ["2.99", 299],
    ["3%", 300],
    [" 0,99 % ", 99],
    ["2,5", 250],
    ["100", 10_000],
    ["0", 0],
  ])("reads %j as %i bp", (typed, basisPoints) => {
    expect(percentToBasisPoints(typed)).toBe(basisPoints);
  });

  it.each(["1,234", "-1", "+1", "1e2", "abc", "1.000,5", ",5", "1000"])("refuses %j", (typed) => {
    expect(percentToBasisPoints(typed)).toBeNull();
    expect(percentToBasisPoints(typed, 0)).toBeNull();
  });

  it("gives the caller's value for a blank field", () => {
    expect(percentToBasisPoints("")).toBeNull();
    expect(percentToBasisPoints(" % ", 0)).toBe(0);
    expect(percentToBasisPoints("  ", 150)).toBe(150);
  });

  it.each([
    [299, "2,99"],
    [250, "2,5"],
    [500, "5"],
    [5, "0,05"],
    [0, "0"],
    [2_000, "20"],
    [-250, "-2,5"],
    [-50, "-0,5"],
  ])("shows %i bp as %j", (basisPoints, text) => {
    expect(basisPointsToPercentText(basisPoints)).toBe(text);
  });

  it("refuses a fraction of a basis point", () => {
    expect(() => basisPointsToPercentText(2.5)).toThrow(RangeError);
  });

  it("reads back what it shows, with or without a % and spaces", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.constantFrom("", "%", " %"), (basisPoints, suffix) => {
        expect(percentToBasisPoints(`${basisPointsToPercentText(basisPoints)}${suffix}`)).toBe(basisPoints);
      }),
    );
  });

  it("shows again what it reads, in the shop's short form (comma, no trailing zeros)", () => {
    const typed = fc
      .tuple(fc.integer({ min: 0, max: 999 }), fc.option(fc.stringMatching(/^\d{1,2}$/)), fc.constantFrom(",", "."))
      .map(([whole, decimals, separator]) => (decimals === null ? String(whole) : `${whole}${separator}${decimals}`));
    fc.assert(
      fc.property(typed, (text) => {
        const basisPoints = percentToBasisPoints(text);
        expect(basisPoints).not.toBeNull();
        expect(percentToBasisPoints(basisPointsToPercentText(basisPoints!))).toBe(basisPoints);
        expect(basisPointsToPercentText(basisPoints!)).not.toMatch(/[.]|,\d?0$/);
      }),
    );
  });
});

describe("splitCents and allocateCents", () => {
  it("puts the extra centavos on the first parts", () => {
    expect(splitCents(10_000, 3)).toEqual([3_334, 3_333, 3_333]);
    expect(splitCents(10_001, 3)).toEqual([3_334, 3_334, 3_333]);
    expect(splitCents(2, 5)).toEqual([1, 1, 0, 0, 0]);
    expect(splitCents(-10_000, 3)).toEqual([-3_334, -3_333, -3_333]);
    expect(splitCents(0, 4)).toEqual([0, 0, 0, 0]);
  });

  it("gives the extra centavo to the share that lost most, then to the earlier part", () => {
    // Shares of 100 by 1:1:1:7 are 10, 10, 10 and 70: exact.
    expect(allocateCents(100, [1, 1, 1, 7])).toEqual([10, 10, 10, 70]);
    // A R$ 10,00 discount over lines of 33,33 / 33,33 / 33,34: exact shares 333.3, 333.3, 333.4.
    expect(allocateCents(1_000, [3_333, 3_333, 3_334])).toEqual([333, 333, 334]);
    // 5 by 1:1:1 → 1.67 each: two parts get the extra centavo, the first two.
    expect(allocateCents(5, [1, 1, 1])).toEqual([2, 2, 1]);
    // Shares 0.5, 1.5 → remainders equal: the earlier one gets it.
    expect(allocateCents(2, [1, 3])).toEqual([1, 1]);
    expect(allocateCents(100, [0, 1])).toEqual([0, 100]);
  });

  it("refuses parts that cannot be allocated", () => {
    expect(() => splitCents(100, 0)).toThrow(RangeError);
    expect(() => allocateCents(100, [])).toThrow(RangeError);
    expect(() => allocateCents(100, [0, 0])).toThrow(RangeError);
    expect(() => allocateCents(100, [1, -1])).toThrow(RangeError);
    expect(() => allocateCents(100.5, [1])).toThrow(RangeError);
  });

  it("always adds up to the total, each part within one centavo of its exact share", () => {
    fc.assert(
      fc.property(cents, weights, (total, parts) => {
        const allocated = allocateCents(total, parts);
        const weightSum = parts.reduce((sum, weight) => sum + weight, 0);
        expect(allocated).toHaveLength(parts.length);
        expect(allocated.reduce((sum, part) => sum + part, 0)).toBe(total);
        allocated.forEach((part, index) => {
          expect(Number.isSafeInteger(part)).toBe(true);
          // |part − total·w/W| < 1, compared exactly in whole numbers.
          const error = BigInt(part) * BigInt(weightSum) - BigInt(total) * BigInt(parts[index]!);
          expect(error < 0n ? -error : error).toBeLessThan(BigInt(weightSum));
          if (parts[index] === 0) expect(part).toBe(0);
        });
      }),
    );
  });

  it("never gives a negative part of a non-negative total, and gives the same parts every time", () => {
    fc.assert(
      fc.property(nonNegativeCents, weights, (total, parts) => {
        const allocated = allocateCents(total, parts);
        expect(allocated.every((part) => part >= 0)).toBe(true);
        expect(allocateCents(total, parts)).toEqual(allocated);
      }),
    );
  });

  it("splits in parts at most one centavo apart, larger ones first", () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 48 }), (total, count) => {
        const parts = splitCents(total, count);
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        const magnitudes = parts.map(Math.abs);
        expect([...magnitudes].sort((a, b) => b - a)).toEqual(magnitudes);
      }),
    );
  });
});
