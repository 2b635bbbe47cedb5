import { describe, expect, it } from "vitest";
import { addDays, daysBetween, formatDate, shopTimestampForFileName, shopToday } from "./dates";

describe("dates", () => {
  it("writes calendar days as dd/mm/aaaa without shifting them", () => {
    expect(formatDate("2026-11-22")).toBe("22/11/2026");
  });

  it("uses the shop's day, not UTC's", () => {
    // 01:30 UTC on the 23rd is still the 22nd in São Paulo (UTC−3).
    expect(shopToday(new Date("2026-11-23T01:30:00Z"))).toBe("2026-11-22");
    expect(formatDate(new Date("2026-11-23T01:30:00Z"))).toBe("22/11/2026");
  });

  it("counts days across months and years", () => {
    expect(addDays("2026-11-22", 90)).toBe("2027-02-20");
    expect(daysBetween("2026-11-22", "2027-02-20")).toBe(90);
  });

  it("names files by the shop's clock, in 24-hour time, across midnight UTC", () => {
    expect(shopTimestampForFileName(new Date("2026-11-23T02:05:09Z"))).toBe("2026-11-22_23-05-09");
    expect(shopTimestampForFileName(new Date("2026-11-23T15:00:00Z"))).toBe("2026-11-23_12-00-00");
  });
});
