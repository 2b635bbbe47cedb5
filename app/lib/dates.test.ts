import * as fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  sameShopMomentYearsLater,
  addDays,
  addMonths,
  atShopTime,
  daysBetween,
  formatDate,
  formatDateTime,
  formatLongDate,
  isInTheFuture,
  isIsoDate,
  isIsoMonth,
  parseShopDateTimeInput,
  shopClockAtOffset,
  shopMonthOf,
  shopMonthRange,
  shopTimestampForFileName,
  shopToday,
  shopUtcOffsetMinutes,
  startOfShopDay,
  toShopDateTimeInput,
} from "./dates";

const HOUR_MS = 3_600_000;

/** Any calendar day from 1920 (São Paulo's clock left local mean time in 1914) to 2100. */
const isoDay = fc
  .date({ min: new Date("1920-01-01T12:00:00Z"), max: new Date("2100-12-31T12:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const wallTime = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([hour, minute]) => `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`);
const instantToTheMinute = fc
  .integer({ min: Date.parse("1920-01-01T00:00:00Z") / 60_000, max: Date.parse("2100-12-31T00:00:00Z") / 60_000 })
  .map((minutes) => new Date(minutes * 60_000));

describe("calendar days and months", () => {
  it.each(["2026-11-22", "2028-02-29", "2000-02-29", "2026-12-31", "0001-01-01"])("%s is a day", (text) => {
    expect(isIsoDate(text)).toBe(true);
  });

  it.each([
    "2026-02-29",
    "1900-02-29",
    "2026-13-01",
    "2026-00-10",
    "2026-04-31",
    "2026-11-22T10:00",
    "22/11/2026",
    "",
    "2026-1-5",
  ])("%s is no day", (text) => {
    expect(isIsoDate(text)).toBe(false);
  });

  it("knows months", () => {
    expect(isIsoMonth("2026-11")).toBe(true);
    expect(isIsoMonth("2026-13")).toBe(false);
    expect(isIsoMonth("2026-11-01")).toBe(false);
  });

  it("agrees with the calendar on every day", () => {
    fc.assert(
      fc.property(isoDay, (day) => {
        expect(isIsoDate(day)).toBe(true);
        expect(isIsoDate(addDays(day, 1))).toBe(true);
      }),
    );
  });

  it("counts days across months and years", () => {
    expect(addDays("2026-11-22", 90)).toBe("2027-02-20");
    expect(daysBetween("2026-11-22", "2027-02-20")).toBe(90);
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });
});

describe("addMonths", () => {
  it.each([
    ["2026-01-31", 1, "2026-02-28"],
    ["2028-01-31", 1, "2028-02-29"],
    ["2028-02-29", 12, "2029-02-28"],
    ["2028-02-29", 48, "2032-02-29"],
    ["2026-03-31", -1, "2026-02-28"],
    ["2026-11-22", 2, "2027-01-22"],
    ["2026-01-15", -13, "2024-12-15"],
    ["2026-08-31", 1, "2026-09-30"],
    ["2026-05-10", 0, "2026-05-10"],
  ])("%s + %i months → %s", (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });

  it("never leaves the month it reaches, and keeps the day when that month has it", () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: -240, max: 240 }), (day, months) => {
        const result = addMonths(day, months);
        expect(isIsoDate(result)).toBe(true);
        const [year, month] = day.split("-").map(Number) as [number, number];
        const monthIndex = year * 12 + month - 1 + months;
        expect(shopMonthOf(result)).toBe(
          `${String(Math.floor(monthIndex / 12)).padStart(4, "0")}-${String((monthIndex % 12) + 1).padStart(2, "0")}`,
        );
        const wanted = Number(day.slice(8));
        const got = Number(result.slice(8));
        expect(got === wanted || (got < wanted && addDays(result, 1).slice(8) === "01")).toBe(true);
      }),
    );
  });

  it("refuses what is no day or no whole month count", () => {
    expect(() => addMonths("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addMonths("2026-02-10", 1.5)).toThrow(RangeError);
  });
});

describe("the shop's clock from an offset (the browser's arithmetic)", () => {
  it("reads the same day, weekday and time as the time-zone database, summer time included", () => {
    const instant = fc.date({
      min: new Date("1990-01-01T00:00:00Z"),
      max: new Date("2040-01-01T00:00:00Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instant, (at) => {
        const clock = shopClockAtOffset(at, shopUtcOffsetMinutes(at));
        expect(clock.day).toBe(shopToday(at));
        const time = toShopDateTimeInput(at).slice(11);
        expect(clock.minutes).toBe(Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)));
        // 4 January 1970 was a Sunday.
        expect(clock.weekday).toBe(((daysBetween("1970-01-04", clock.day) % 7) + 7) % 7);
      }),
    );
  });

  it("Tuesday 01:00 UTC is Monday 22:00 in São Paulo", () => {
    expect(shopClockAtOffset(new Date("2025-06-10T01:00:00Z"), -180)).toEqual({ day: "2025-06-09", weekday: 1, minutes: 1320 });
  });
});

describe("the shop's clock", () => {
  it("reads São Paulo's offset from the time-zone database", () => {
    expect(shopUtcOffsetMinutes(new Date("2025-06-10T12:00:00Z"))).toBe(-180);
    expect(shopUtcOffsetMinutes(new Date("2026-01-10T12:00:00Z"))).toBe(-180);
    // Summer time until 2019: UTC−2 in December 2018 and in January 1966.
    expect(shopUtcOffsetMinutes(new Date("2018-12-01T12:00:00Z"))).toBe(-120);
    expect(shopUtcOffsetMinutes(new Date("1966-01-10T12:00:00Z"))).toBe(-120);
  });

  it("puts a day and a time of the shop at the right instant", () => {
    expect(atShopTime("2026-11-22", "12:00").toISOString()).toBe("2026-11-22T15:00:00.000Z");
    expect(atShopTime("2026-11-22").toISOString()).toBe("2026-11-22T03:00:00.000Z");
    expect(startOfShopDay("2026-01-01").toISOString()).toBe("2026-01-01T03:00:00.000Z");
  });

  it("uses summer time's offset for days that had it", () => {
    expect(atShopTime("2018-12-01", "12:00").toISOString()).toBe("2018-12-01T14:00:00.000Z");
    expect(atShopTime("2019-01-15", "09:30").toISOString()).toBe("2019-01-15T11:30:00.000Z");
    expect(atShopTime("2019-11-15", "12:00").toISOString()).toBe("2019-11-15T15:00:00.000Z");
  });

  it("starts a summer-time day at 01:00, the midnight the clock skipped", () => {
    // 4 November 2018: at 00:00 the clocks jumped to 01:00.
    expect(startOfShopDay("2018-11-04").toISOString()).toBe("2018-11-04T03:00:00.000Z");
    expect(toShopDateTimeInput(startOfShopDay("2018-11-04"))).toBe("2018-11-04T01:00");
    expect(atShopTime("2018-11-04", "00:30").toISOString()).toBe("2018-11-04T03:30:00.000Z");
    expect(shopToday(new Date("2018-11-04T02:59:59Z"))).toBe("2018-11-03");
  });

  it("reads the hour shown twice when summer time ended as its first occurrence", () => {
    // 17 February 2019: at 00:00 the clocks went back to 23:00 of the 16th.
    expect(atShopTime("2019-02-16", "23:30").toISOString()).toBe("2019-02-17T01:30:00.000Z");
    expect(startOfShopDay("2019-02-17").toISOString()).toBe("2019-02-17T03:00:00.000Z");
  });

  it("gives the shop's day, not UTC's", () => {
    // 01:30 UTC on the 23rd is still the 22nd in São Paulo.
    expect(shopToday(new Date("2026-11-23T01:30:00Z"))).toBe("2026-11-22");
    expect(shopToday(new Date("2026-11-23T03:00:00Z"))).toBe("2026-11-23");
  });

  it("finds the day again from any time of it", () => {
    fc.assert(
      fc.property(isoDay, wallTime, (day, time) => {
        expect(shopToday(atShopTime(day, time))).toBe(day);
      }),
    );
  });

  it("turns every instant into a wall clock and back (the repeated hour gives its first instant)", () => {
    fc.assert(
      fc.property(instantToTheMinute, (instant) => {
        const wall = toShopDateTimeInput(instant);
        const back = atShopTime(wall.slice(0, 10), wall.slice(11));
        expect([instant.getTime(), instant.getTime() - HOUR_MS]).toContain(back.getTime());
        expect(toShopDateTimeInput(back)).toBe(wall);
      }),
    );
  });

  it("starts each day after the previous one, 23 to 25 hours apart", () => {
    fc.assert(
      fc.property(isoDay, (day) => {
        const length = startOfShopDay(addDays(day, 1)).getTime() - startOfShopDay(day).getTime();
        expect(length).toBeGreaterThanOrEqual(23 * HOUR_MS);
        expect(length).toBeLessThanOrEqual(25 * HOUR_MS);
      }),
    );
  });

  it("refuses what is no day or no time", () => {
    expect(() => atShopTime("2026-02-30")).toThrow(RangeError);
    expect(() => atShopTime("2026-11-22", "24:00")).toThrow(RangeError);
    expect(() => atShopTime("2026-11-22", "9:00")).toThrow(RangeError);
  });
});

describe("datetime-local fields", () => {
  it("reads a value on the shop's clock and writes it back", () => {
    expect(parseShopDateTimeInput("2026-11-22T14:05")?.toISOString()).toBe("2026-11-22T17:05:00.000Z");
    expect(parseShopDateTimeInput("2026-11-22T14:05:30")?.toISOString()).toBe("2026-11-22T17:05:00.000Z");
    expect(toShopDateTimeInput(new Date("2026-01-01T02:30:00Z"))).toBe("2025-12-31T23:30");
  });

  it("refuses what is no time, and a time the clock skipped", () => {
    for (const value of [
      "",
      "amanhã",
      "2026-02-30T10:00",
      "2026-11-22T25:00",
      "2026-11-22",
      "22/11/2026 14:05",
      "2018-11-04T00:30",
    ]) {
      expect(parseShopDateTimeInput(value), value).toBeNull();
    }
  });
});

describe("months of the shop", () => {
  it("names the month of an instant on the shop's calendar", () => {
    expect(shopMonthOf(new Date("2026-12-01T02:00:00Z"))).toBe("2026-11");
    expect(shopMonthOf(new Date("2026-12-01T03:00:00Z"))).toBe("2026-12");
    expect(shopMonthOf("2026-11-22")).toBe("2026-11");
  });

  it("bounds a month by its first instant and the next month's", () => {
    expect(shopMonthRange("2026-11")).toEqual({
      from: new Date("2026-11-01T03:00:00.000Z"),
      to: new Date("2026-12-01T03:00:00.000Z"),
      firstDay: "2026-11-01",
      lastDay: "2026-11-30",
    });
    expect(shopMonthRange("2028-02").lastDay).toBe("2028-02-29");
    expect(shopMonthRange("2026-12").to).toEqual(new Date("2027-01-01T03:00:00.000Z"));
    // December 2018 began in summer time (UTC−2).
    expect(shopMonthRange("2018-12").from).toEqual(new Date("2018-12-01T02:00:00.000Z"));
  });

  it("puts every instant in the range of its own month", () => {
    fc.assert(
      fc.property(instantToTheMinute, (instant) => {
        const range = shopMonthRange(shopMonthOf(instant));
        expect(instant.getTime()).toBeGreaterThanOrEqual(range.from.getTime());
        expect(instant.getTime()).toBeLessThan(range.to.getTime());
        expect(shopToday(instant) >= range.firstDay && shopToday(instant) <= range.lastDay).toBe(true);
      }),
    );
  });

  it("refuses what is no month", () => {
    expect(() => shopMonthRange("2026-13")).toThrow(RangeError);
    expect(() => shopMonthOf("2026-11-31")).toThrow(RangeError);
  });
});

describe("showing dates", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it("writes calendar days as dd/mm/aaaa without shifting them", () => {
    expect(formatDate("2026-11-22")).toBe("22/11/2026");
  });

  it.each(["UTC", "Asia/Tokyo", "America/Sao_Paulo"])("writes instants on the shop's clock under TZ=%s", (tz) => {
    process.env.TZ = tz;
    expect(formatDate(new Date("2026-11-23T01:30:00Z"))).toBe("22/11/2026");
    expect(formatDateTime(new Date("2026-11-23T01:30:00Z"))).toBe("22/11/2026, 22:30");
    expect(formatLongDate(new Date("2025-03-04T12:00:00Z"))).toBe("4 de março de 2025");
  });

  it("names backup files by the shop's clock, in 24-hour time, across midnight UTC", () => {
    expect(shopTimestampForFileName(new Date("2026-11-23T02:05:09Z"))).toBe("2026-11-22_23-05-09");
    expect(shopTimestampForFileName(new Date("2026-11-23T15:00:00Z"))).toBe("2026-11-23_12-00-00");
  });
});

describe("a typed time still to come", () => {
  it("allows a browser clock up to five minutes ahead of the server's", () => {
    const now = new Date("2026-11-26T12:00:00.000Z");
    expect(isInTheFuture(new Date("2026-11-26T12:05:00.000Z"), now)).toBe(false);
    expect(isInTheFuture(new Date("2026-11-26T12:05:00.001Z"), now)).toBe(true);
    expect(isInTheFuture(new Date("2026-11-25T09:00:00.000Z"), now)).toBe(false);
  });
});

describe("sameShopMomentYearsLater", () => {
  it("keeps the shop's day and time a year later, a 29 February landing on the 28th", () => {
    // 23:30 on 6 September in São Paulo is already the 7th in UTC: still the 6th a year later.
    expect(sameShopMomentYearsLater(new Date("2026-09-07T02:30:00.000Z"), 1).toISOString()).toBe("2027-09-07T02:30:00.000Z");
    expect(sameShopMomentYearsLater(new Date("2028-02-29T15:00:12.345Z"), 1).toISOString()).toBe("2029-02-28T15:00:12.345Z");
    expect(sameShopMomentYearsLater(new Date("2026-01-10T15:00:00.000Z"), 2).toISOString()).toBe("2028-01-10T15:00:00.000Z");
  });
});
