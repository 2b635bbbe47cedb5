import { describe, expect, it } from "vitest";
import { parseShopDateTimeInput, toShopDateTimeInput } from "./pickups.server";

describe("the contact form's date and time (the shop's wall clock)", () => {
  it("reads a datetime-local value as America/Sao_Paulo time", () => {
    expect(parseShopDateTimeInput("2026-11-22T14:05")?.toISOString()).toBe("2026-11-22T17:05:00.000Z");
    expect(parseShopDateTimeInput("2026-11-22T14:05:30")?.toISOString()).toBe("2026-11-22T17:05:00.000Z");
  });

  it("writes an instant back the same way", () => {
    expect(toShopDateTimeInput(new Date("2026-11-22T17:05:00Z"))).toBe("2026-11-22T14:05");
    expect(toShopDateTimeInput(new Date("2026-01-01T02:30:00Z"))).toBe("2025-12-31T23:30");
  });

  it("refuses what is no time", () => {
    for (const value of ["", "amanhã", "2026-02-30T10:00", "2026-11-22T25:00", "2026-11-22", "22/11/2026 14:05"]) {
      expect(parseShopDateTimeInput(value), value).toBeNull();
    }
  });
});
