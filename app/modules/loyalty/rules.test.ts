import { describe, expect, it } from "vitest";
import { atShopTime } from "~/lib/dates";
import { cycleStartFor, levelDiscountCents, levelForPoints, pointsForSpend } from "./rules";

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
    expect(levelForPoints(5000)).toMatchObject({ name: "Diamante", discountBasisPoints: 2000 });
  });

  it("takes the level's discount off a service, rounded half away from zero", () => {
    const bronze = levelForPoints(500)!;
    expect(levelDiscountCents(bronze, 20_000)).toBe(1_000);
    // 5% of R$ 199,90 is R$ 9,995: R$ 10,00.
    expect(levelDiscountCents(bronze, 19_990)).toBe(1_000);
    expect(levelDiscountCents(levelForPoints(5000)!, 12_345)).toBe(2_469);
  });

  it("starts the cycle on 7 September of the shop's calendar", () => {
    expect(cycleStartFor(atShopTime("2026-09-06", "12:00"))).toBe("2025-09-07");
    expect(cycleStartFor(atShopTime("2026-09-07", "00:00"))).toBe("2026-09-07");
    expect(cycleStartFor(atShopTime("2027-01-15", "10:00"))).toBe("2026-09-07");
    expect(cycleStartFor(atShopTime("2027-09-06", "23:59"))).toBe("2026-09-07");
  });

  it("reads 6 September 22:30 in São Paulo (already the 7th in UTC) as the cycle before", () => {
    const lateOnTheSixth = new Date("2026-09-07T01:30:00Z");
    expect(lateOnTheSixth.toISOString().slice(0, 10)).toBe("2026-09-07");
    expect(cycleStartFor(lateOnTheSixth)).toBe("2025-09-07");
  });

  it("gives the same cycle whatever the server's time zone", () => {
    const originalTz = process.env.TZ;
    try {
      for (const tz of ["UTC", "Asia/Tokyo", "America/Los_Angeles", "America/Sao_Paulo"]) {
        process.env.TZ = tz;
        expect(cycleStartFor(new Date("2026-09-07T01:30:00Z")), tz).toBe("2025-09-07");
        expect(cycleStartFor(new Date("2026-09-07T03:00:00Z")), tz).toBe("2026-09-07");
      }
    } finally {
      if (originalTz === undefined) delete process.env.TZ;
      else process.env.TZ = originalTz;
    }
  });
});
