import { describe, expect, it } from "vitest";
import { cycleStartFor, levelForPoints, pointsForSpend } from "./rules";

describe("loyalty rules", () => {
  it("gives 10 points per whole R$200.00", () => {
    expect(pointsForSpend(19_999)).toBe(0);
    expect(pointsForSpend(20_000)).toBe(10);
    expect(pointsForSpend(59_990)).toBe(20);
  });

  it("finds the level reached", () => {
    expect(levelForPoints(499)).toBeNull();
    expect(levelForPoints(500)?.name).toBe("Bronze");
    expect(levelForPoints(1999)?.name).toBe("Prata");
    expect(levelForPoints(5000)).toMatchObject({ name: "Diamante", discountPercent: 20 });
  });

  it("starts the cycle on 7 September", () => {
    expect(cycleStartFor(new Date(2026, 8, 6))).toEqual(new Date(2025, 8, 7));
    expect(cycleStartFor(new Date(2026, 8, 7))).toEqual(new Date(2026, 8, 7));
  });
});
