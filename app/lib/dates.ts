/**
 * Business time is the shop's, on the server and in the browser alike: every
 * conversion between an instant and São Paulo's calendar or clock lives in
 * this file. Offsets come from the time-zone database through Intl, never
 * from a fixed "-03:00": Brazil kept daylight saving time until 2019, and an
 * order or a payment from 2018 must still read as it did then.
 *
 * Calendar days travel as "2026-11-22", months as "2026-11", wall-clock times
 * as "14:05". Days and months are compared as text, which sorts correctly.
 */
export const SHOP_TIME_ZONE = "America/Sao_Paulo";

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

type Formats = {
  day: Intl.DateTimeFormat;
  dayAndTime: Intl.DateTimeFormat;
  longDay: Intl.DateTimeFormat;
  parts: Intl.DateTimeFormat;
};

let formats: Formats | undefined;

/**
 * Made on first use, not when the file loads: the browser's first
 * Intl.DateTimeFormat costs 40–110 ms of main thread (decision 0006), and the
 * public frame imports this file for SHOP_TIME_ZONE alone.
 */
function shopFormats(): Formats {
  formats ??= {
    day: new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: SHOP_TIME_ZONE }),
    dayAndTime: new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: SHOP_TIME_ZONE }),
    longDay: new Intl.DateTimeFormat("pt-BR", { day: "numeric", month: "long", year: "numeric", timeZone: SHOP_TIME_ZONE }),
    parts: new Intl.DateTimeFormat("en-US", {
      timeZone: SHOP_TIME_ZONE,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    }),
  };
  return formats;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;
const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

function pad(value: number, length = 2) {
  return String(value).padStart(length, "0");
}

function isLeapYear(year: number) {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number) {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

/** Milliseconds since the epoch of a wall-clock reading taken as UTC (Date.UTC reads years 0–99 as 1900–1999). */
function wallClockAsUtc({ year, month, day, hour, minute, second }: WallClock) {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** What the shop's clock showed at `instant`. */
function shopWallClock(instant: Date): WallClock {
  const values: Record<string, string> = {};
  for (const part of shopFormats().parts.formatToParts(instant)) values[part.type] = part.value;
  return {
    year: Number(values.year),
    month: Number(values.month),
    day: Number(values.day),
    hour: Number(values.hour),
    minute: Number(values.minute),
    second: Number(values.second),
  };
}

/** São Paulo's offset from UTC at an instant, in milliseconds (negative: west of Greenwich). */
function shopOffsetMs(instantMs: number) {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  return wallClockAsUtc(shopWallClock(new Date(wholeSecond))) - wholeSecond;
}

function parseIsoDate(isoDate: string) {
  const match = ISO_DATE.exec(isoDate);
  if (!match || !isIsoDate(isoDate)) throw new RangeError(`Não é uma data (aaaa-mm-dd): ${JSON.stringify(isoDate)}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** "2026-11-22" names a day that exists (no 30 February, 29 February only in leap years). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** "2026-11" names a month. */
export function isIsoMonth(text: string): boolean {
  const match = ISO_MONTH.exec(text);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

/**
 * São Paulo's offset from UTC at `instant`, in minutes (−180 since Brazil
 * dropped daylight saving time in 2019, −120 in its summers before). Pages
 * carry it so the browser can read the shop's clock without Intl.
 */
export function shopUtcOffsetMinutes(instant: Date = new Date()): number {
  return shopOffsetMs(instant.getTime()) / MINUTE_MS;
}

// The browser's half of the calendar, re-exported for the server's callers (see shop-clock.ts).
export { shopClockAtOffset } from "./shop-clock.ts";

/**
 * The instant when the shop's clock shows `time` on `isoDate`:
 * ("2026-11-22", "12:00") → 2026-11-22T15:00:00Z. At a clock change it
 * answers as a person at the counter would: a time the clock skipped (the
 * summer-time midnights until 2019) is read with the offset in force before
 * the jump, so it lands just after it; a time shown twice (the hour repeated
 * when summer time ended) is its first occurrence.
 */
export function atShopTime(isoDate: string, time = "00:00"): Date {
  const { year, month, day } = parseIsoDate(isoDate);
  const clock = WALL_TIME.exec(time);
  if (!clock) throw new RangeError(`Não é um horário (hh:mm): ${JSON.stringify(time)}`);
  const wallMs = wallClockAsUtc({ year, month, day, hour: Number(clock[1]), minute: Number(clock[2]), second: 0 });
  // São Paulo's clock changes at most once in any two days: the offsets a day
  // either side are the only ones this wall time can have been read with.
  const offsetBefore = shopOffsetMs(wallMs - DAY_MS);
  const offsetAfter = shopOffsetMs(wallMs + DAY_MS);
  const readings = [offsetBefore, offsetAfter]
    .map((offset) => wallMs - offset)
    .filter((instantMs) => shopOffsetMs(instantMs) === wallMs - instantMs)
    .sort((a, b) => a - b);
  return new Date(readings[0] ?? wallMs - offsetBefore);
}

/** The first instant of a calendar day at the shop. */
export function startOfShopDay(isoDate: string): Date {
  return atShopTime(isoDate, "00:00");
}

/** The shop's calendar day at `now`, as "2026-11-22". */
export function shopToday(now: Date = new Date()): string {
  const { year, month, day } = shopWallClock(now);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The shop's clock at `instant` as the value of a datetime-local field: "2026-11-22T14:05". */
export function toShopDateTimeInput(instant: Date): string {
  const { hour, minute } = shopWallClock(instant);
  return `${shopToday(instant)}T${pad(hour)}:${pad(minute)}`;
}

/** The shop's clock as "2026-11-22_14-05-33", for file names that sort by date (backups). */
export function shopTimestampForFileName(instant = new Date()): string {
  const { hour, minute, second } = shopWallClock(instant);
  return `${shopToday(instant)}_${pad(hour)}-${pad(minute)}-${pad(second)}`;
}

/**
 * A datetime-local value ("2026-11-22T14:05", seconds ignored) read on the
 * shop's clock, whatever the browser's zone; null when it is no time, or a
 * time the clock skipped.
 */
export function parseShopDateTimeInput(value: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/.exec(value);
  if (!match || !isIsoDate(match[1]!) || !WALL_TIME.test(match[2]!)) return null;
  const instant = atShopTime(match[1]!, match[2]!);
  return toShopDateTimeInput(instant) === `${match[1]}T${match[2]}` ? instant : null;
}

/** A few minutes of tolerance for a browser clock a little ahead of the server's. */
const AHEAD_OF_CLOCK_TOLERANCE_MS = 5 * 60_000;

/** Whether a time someone typed as already past (a contact made) is still to come, beyond that tolerance. */
export function isInTheFuture(instant: Date, now: Date = new Date()): boolean {
  return instant.getTime() > now.getTime() + AHEAD_OF_CLOCK_TOLERANCE_MS;
}

/** The shop's month of an instant, or of a calendar day: "2026-11". */
export function shopMonthOf(value: Date | string): string {
  if (typeof value === "string") {
    parseIsoDate(value);
    return value.slice(0, 7);
  }
  return shopToday(value).slice(0, 7);
}

/**
 * A month of the shop: its first and last calendar days, and the instants
 * `from` (inclusive) and `to` (exclusive) that bound it, for a query
 * `at >= from and at < to`.
 */
export function shopMonthRange(isoMonth: string): { from: Date; to: Date; firstDay: string; lastDay: string } {
  if (!isIsoMonth(isoMonth)) throw new RangeError(`Não é um mês (aaaa-mm): ${JSON.stringify(isoMonth)}`);
  const [year, month] = isoMonth.split("-").map(Number) as [number, number];
  const firstDay = `${isoMonth}-01`;
  const lastDay = `${isoMonth}-${pad(daysInMonth(year, month))}`;
  return { from: startOfShopDay(firstDay), to: startOfShopDay(addDays(lastDay, 1)), firstDay, lastDay };
}

/**
 * Calendar months later (or earlier, with a negative n), kept inside the
 * month reached: "2026-01-31" + 1 → "2026-02-28"; "2028-01-31" + 1 →
 * "2028-02-29". A monthly due date drifts no further than that month's end.
 */
export function addMonths(isoDate: string, months: number): string {
  if (!Number.isInteger(months)) throw new RangeError(`Meses devem ser inteiros: ${months}`);
  const { year, month, day } = parseIsoDate(isoDate);
  const monthIndex = year * 12 + (month - 1) + months;
  const newYear = Math.floor(monthIndex / 12);
  const newMonth = monthIndex - newYear * 12 + 1;
  return `${pad(newYear, 4)}-${pad(newMonth)}-${pad(Math.min(day, daysInMonth(newYear, newMonth)))}`;
}

/** "2026-11-22" + 90 → "2027-02-20" (calendar arithmetic, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The same moment of the shop's day, `years` later on the shop's calendar
 * (a 29 February becomes the 28th): when a point earned at `instant` lapses.
 */
export function sameShopMomentYearsLater(instant: Date, years: number): Date {
  const day = shopToday(instant);
  const sinceMidnight = instant.getTime() - startOfShopDay(day).getTime();
  return new Date(startOfShopDay(addMonths(day, 12 * years)).getTime() + sinceMidnight);
}

/** Whole days from one calendar day to another. */
export function daysBetween(fromIsoDate: string, toIsoDate: string): number {
  return Math.round((Date.parse(`${toIsoDate}T12:00:00Z`) - Date.parse(`${fromIsoDate}T12:00:00Z`)) / DAY_MS);
}

/** "22/11/2026"; a "2026-11-22" date column is a calendar day, not an instant. */
export function formatDate(value: Date | string): string {
  if (typeof value === "string" && ISO_DATE.test(value)) return value.split("-").reverse().join("/");
  return shopFormats().day.format(new Date(value));
}

/** "22/11/2026, 14:05" */
export function formatDateTime(value: Date | string): string {
  return shopFormats().dayAndTime.format(new Date(value));
}

/** "4 de março de 2025" */
export function formatLongDate(value: Date | string): string {
  return shopFormats().longDay.format(new Date(value));
}
