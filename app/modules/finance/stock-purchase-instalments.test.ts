import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stockPurchaseInstalments } from "./stock-purchase-instalments";

describe("stockPurchaseInstalments", () => {
  it("splits R$ 100,03 in 3 as 33,34 + 33,34 + 33,35", () => {
    expect(stockPurchaseInstalments(10_003, 3)).toEqual([3334, 3334, 3335]);
  });

  it("adds up to the total to the centavo, every part but the last equal, the last taking the remainder", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 1, max: 24 }), (total, count) => {
        const parts = stockPurchaseInstalments(total, count);
        expect(parts).toHaveLength(count);
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
        const first = parts[0]!;
        expect(parts.slice(0, -1).every((part) => part === first)).toBe(true);
        expect(parts.at(-1)! - first).toBeGreaterThanOrEqual(0);
        expect(parts.at(-1)! - first).toBeLessThan(count);
      }),
    );
  });

  it("refuses a count below one", () => {
    expect(() => stockPurchaseInstalments(100, 0)).toThrow(RangeError);
  });
});
