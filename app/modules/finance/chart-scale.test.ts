import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chartScale, shortReais, yOf } from "./chart-scale";

describe("chart scale", () => {
  it("rounds to round amounts and keeps zero in view", () => {
    expect(chartScale([12_345, 80_000])).toEqual({ minCents: 0, maxCents: 80_000, ticks: [0, 20_000, 40_000, 60_000, 80_000] });
    expect(chartScale([-30_000, 90_000])).toEqual({
      minCents: -50_000,
      maxCents: 100_000,
      ticks: [-50_000, 0, 50_000, 100_000],
    });
    expect(chartScale([])).toEqual({ minCents: 0, maxCents: 100, ticks: [0, 100] });
  });

  it("holds every value, whatever they are", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), { maxLength: 31 }), (values) => {
        const scale = chartScale(values);
        for (const value of values) {
          expect(value).toBeGreaterThanOrEqual(scale.minCents);
          expect(value).toBeLessThanOrEqual(scale.maxCents);
          const y = yOf(scale, value, 10, 100);
          expect(y).toBeGreaterThanOrEqual(10);
          expect(y).toBeLessThanOrEqual(110);
        }
        expect(scale.ticks.length).toBeLessThanOrEqual(12);
      }),
    );
  });

  it("writes short amounts for the axis", () => {
    expect(shortReais(95_000)).toBe("R$ 950");
    expect(shortReais(1_234_500)).toBe("R$ 12,3 mil");
    expect(shortReais(-150_000_000)).toBe("−R$ 1,5 mi");
    expect(shortReais(0)).toBe("R$ 0");
  });
});
