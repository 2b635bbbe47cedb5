import { afterEach, describe, expect, it } from "vitest";
import type { WeeklyHours } from "~/db/schema/shop-settings";
import { atShopTime, shopClockAtOffset, shopUtcOffsetMinutes } from "~/lib/dates";
import { DEFAULT_WEEKLY_HOURS, describeClosure, describeWeeklyHours, isShopOpen as isShopOpenAt } from "./opening-hours";
import { upcomingClosures } from "./upcoming-closures";

/** "2025-06-10T10:00" on the shop's clock. */
const saoPaulo = (isoLocal: string) => atShopTime(isoLocal.slice(0, 10), isoLocal.slice(11, 16));
/** As the browser calls it: with the offset the server read for that instant. */
const isShopOpen = (hours: WeeklyHours, instant: Date) => isShopOpenAt(hours, instant, shopUtcOffsetMinutes(instant));

describe("isShopOpen with the default hours", () => {
  it.each([
    ["Tuesday 10:00", "2025-06-10T10:00:00", true],
    ["Monday 09:00 (opening minute)", "2025-06-09T09:00:00", true],
    ["Monday 08:59", "2025-06-09T08:59:00", false],
    ["Friday 18:59", "2025-06-13T18:59:00", true],
    ["Friday 19:00 (closing is exclusive)", "2025-06-13T19:00:00", false],
    ["Wednesday 19:00", "2025-06-11T19:00:00", false],
    ["Saturday 17:59", "2025-06-14T17:59:00", true],
    ["Saturday 18:00", "2025-06-14T18:00:00", false],
    ["Sunday 10:00", "2025-06-15T10:00:00", false],
    ["Tuesday 03:00", "2025-06-10T03:00:00", false],
  ])("%s in São Paulo → %s", (_, local, expected) => {
    expect(isShopOpen(DEFAULT_WEEKLY_HOURS, saoPaulo(local))).toBe(expected);
  });

  it("reads the day in São Paulo, not in UTC: Monday 23:30 UTC is Monday 20:30 there, closed", () => {
    const instant = new Date("2025-06-09T23:30:00Z");
    expect(shopClockAtOffset(instant, -180)).toMatchObject({ weekday: 1, minutes: 20 * 60 + 30 });
    expect(isShopOpen(DEFAULT_WEEKLY_HOURS, instant)).toBe(false);
  });

  it("Tuesday 01:00 UTC is still Monday 22:00 in São Paulo", () => {
    expect(shopClockAtOffset(new Date("2025-06-10T01:00:00Z"), -180)).toEqual({
      day: "2025-06-09",
      weekday: 1,
      minutes: 22 * 60,
    });
  });
});

describe("isShopOpen whatever the process time zone", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it.each(["UTC", "Asia/Tokyo", "America/Los_Angeles", "America/Sao_Paulo"])("gives the same answers under TZ=%s", (tz) => {
    process.env.TZ = tz;
    expect(isShopOpen(DEFAULT_WEEKLY_HOURS, saoPaulo("2025-06-10T10:00:00"))).toBe(true);
    expect(isShopOpen(DEFAULT_WEEKLY_HOURS, saoPaulo("2025-06-15T10:00:00"))).toBe(false);
    expect(isShopOpen(DEFAULT_WEEKLY_HOURS, new Date("2025-06-09T23:30:00Z"))).toBe(false);
    expect(isShopOpen(DEFAULT_WEEKLY_HOURS, new Date("2025-06-10T12:00:00Z"))).toBe(true);
  });
});

describe("isShopOpen with other schedules", () => {
  it("reads summer time's hours with summer time's offset (before 2019)", () => {
    expect(isShopOpen(DEFAULT_WEEKLY_HOURS, saoPaulo("2018-12-04T09:00:00"))).toBe(true);
    expect(isShopOpen(DEFAULT_WEEKLY_HOURS, saoPaulo("2018-12-04T08:59:00"))).toBe(false);
  });

  it("handles half hours and days the shop opens on Sunday", () => {
    const hours: WeeklyHours = [{ open: "10:30", close: "14:00" }, null, null, null, null, null, null];
    expect(isShopOpen(hours, saoPaulo("2025-06-15T10:29:00"))).toBe(false);
    expect(isShopOpen(hours, saoPaulo("2025-06-15T10:30:00"))).toBe(true);
    expect(isShopOpen(hours, saoPaulo("2025-06-16T11:00:00"))).toBe(false);
  });
});

describe("describeWeeklyHours", () => {
  it("groups the default week from Monday, Sunday last", () => {
    expect(describeWeeklyHours(DEFAULT_WEEKLY_HOURS)).toEqual(["Seg–Sex: 9h–19h", "Sáb: 9h–18h", "Dom: fechado"]);
  });

  it("writes minutes when they are not zero and does not group different days", () => {
    const hours: WeeklyHours = [
      null,
      { open: "08:30", close: "17:45" },
      { open: "09:00", close: "18:00" },
      { open: "09:00", close: "18:00" },
      null,
      { open: "09:00", close: "18:00" },
      null,
    ];
    expect(describeWeeklyHours(hours)).toEqual([
      "Seg: 8h30–17h45",
      "Ter–Qua: 9h–18h",
      "Qui: fechado",
      "Sex: 9h–18h",
      "Sáb–Dom: fechado",
    ]);
  });

  it("says a week with the same hours every day in one line", () => {
    const day = { open: "00:00", close: "23:59" };
    expect(describeWeeklyHours([day, day, day, day, day, day, day])).toEqual(["Seg–Dom: 0h–23h59"]);
  });
});

describe("dated closures (holidays) close the shop for the whole day", () => {
  const christmas = [{ date: "2025-12-25", reason: "Natal" }];
  it.each([
    ["Christmas at 10:00, within Thursday's hours", "2025-12-25T10:00:00", false],
    ["the day before at 10:00", "2025-12-24T10:00:00", true],
    ["the day after at 10:00", "2025-12-26T10:00:00", true],
  ])("%s → open: %s", (_, local, expected) => {
    const instant = saoPaulo(local);
    expect(isShopOpenAt(DEFAULT_WEEKLY_HOURS, instant, shopUtcOffsetMinutes(instant), christmas)).toBe(expected);
  });

  it("reads the closure's day on the shop's calendar, not UTC's", () => {
    // 24 Dec 22:30 in São Paulo is 25 Dec 01:30 UTC: still the 24th at the shop (closed by the hours, not by Natal).
    const instant = new Date("2025-12-25T01:30:00Z");
    expect(shopClockAtOffset(instant, -180).day).toBe("2025-12-24");
    expect(shopClockAtOffset(new Date("2025-12-25T03:00:00Z"), -180).day).toBe("2025-12-25");
  });

  it("lists the closures from today on, within the window, in date order", () => {
    const closures = [
      { date: "2025-12-25", reason: "Natal" },
      { date: "2025-11-20", reason: "Consciência Negra" },
      { date: "2026-01-01", reason: "Ano-Novo" },
      { date: "2026-04-03", reason: "Sexta-feira Santa" },
    ];
    expect(upcomingClosures(closures, "2025-12-25", 60)).toEqual([
      { date: "2025-12-25", reason: "Natal" },
      { date: "2026-01-01", reason: "Ano-Novo" },
    ]);
  });

  it("says a closure as the footer prints it", () => {
    expect(describeClosure({ date: "2025-12-25", reason: "Natal" })).toBe("25/12: fechado (Natal)");
  });
});
