import { describe, expect, it } from "vitest";
import { createRandom, pickWeighted, randomDigits } from "./random";

function draws(seed: number) {
  const random = createRandom(seed);
  return Array.from({ length: 20 }, () => random.next());
}

describe("the seeded generator", () => {
  it("gives the same draws for the same seed and others for another", () => {
    expect(draws(7)).toEqual(draws(7));
    expect(draws(7)).not.toEqual(draws(8));
    expect(draws(7).every((draw) => draw >= 0 && draw < 1)).toBe(true);
  });

  it("keeps int() within its bounds, both included", () => {
    const random = createRandom(1);
    const seen = new Set(Array.from({ length: 500 }, () => random.int(2, 5)));
    expect([...seen].sort()).toEqual([2, 3, 4, 5]);
  });

  it("picks by weight, never an item of weight zero", () => {
    const random = createRandom(3);
    const picks = Array.from({ length: 4000 }, () =>
      pickWeighted(random, [
        ["rare", 1],
        ["never", 0],
        ["common", 3],
      ] as const),
    );
    expect(picks).not.toContain("never");
    const common = picks.filter((pick) => pick === "common").length / picks.length;
    expect(common).toBeGreaterThan(0.7);
    expect(common).toBeLessThan(0.8);
  });

  it("writes digits with their leading zeros", () => {
    const random = createRandom(2);
    for (let index = 0; index < 200; index++) expect(randomDigits(random, 6)).toMatch(/^\d{6}$/);
  });
});
