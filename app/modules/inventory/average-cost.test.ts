import { describe, expect, it } from "vitest";
import { averageCostAfter } from "./average-cost";

describe("averageCostAfter", () => {
  it("weighs an entry against what is in stock", () => {
    // 10 at R$ 5,00 and 10 more at R$ 7,00: R$ 6,00 each.
    expect(averageCostAfter(10, 500, { quantity: 10, unitCostCents: 700 })).toBe(600);
    // 3 at R$ 10,00 and 1 at R$ 20,00: R$ 12,50.
    expect(averageCostAfter(3, 1000, { quantity: 1, unitCostCents: 2000 })).toBe(1250);
  });

  it("rounds to the cent, half away from zero", () => {
    // (2 × 100 + 1 × 101) / 3 = 100,33…
    expect(averageCostAfter(2, 100, { quantity: 1, unitCostCents: 101 })).toBe(100);
    // (1 × 100 + 1 × 101) / 2 = 100,5 → 101
    expect(averageCostAfter(1, 100, { quantity: 1, unitCostCents: 101 })).toBe(101);
  });

  it("takes the entry's cost when the stock was empty or negative", () => {
    expect(averageCostAfter(0, 0, { quantity: 5, unitCostCents: 990 })).toBe(990);
    expect(averageCostAfter(-2, 500, { quantity: 5, unitCostCents: 990 })).toBe(990);
  });

  it("keeps the average when something leaves or nothing comes in at a cost", () => {
    expect(averageCostAfter(10, 600, null)).toBe(600);
    expect(averageCostAfter(10, 600, { quantity: 0, unitCostCents: 9999 })).toBe(600);
    expect(averageCostAfter(10, 600, { quantity: -3, unitCostCents: 9999 })).toBe(600);
  });

  it("a free entry (a gift from the supplier) lowers the average", () => {
    expect(averageCostAfter(4, 1000, { quantity: 4, unitCostCents: 0 })).toBe(500);
  });
});
