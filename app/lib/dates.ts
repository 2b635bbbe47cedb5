import { SHOP_TIME_ZONE } from "~/modules/shop-settings/opening-hours";

/** Business time is the shop's (America/Sao_Paulo), on the server and in the browser alike. */
const day = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: SHOP_TIME_ZONE });
const dayAndTime = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: SHOP_TIME_ZONE });
const isoDay = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: SHOP_TIME_ZONE });
const isoDayAndTime = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZone: SHOP_TIME_ZONE,
});

/** "22/11/2026"; a "2026-11-22" date column is a calendar day, not an instant. */
export function formatDate(value: Date | string) {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split("-").reverse().join("/");
  return day.format(new Date(value));
}

/** "22/11/2026, 14:05" */
export function formatDateTime(value: Date | string) {
  return dayAndTime.format(new Date(value));
}

/** Today in the shop, as "2026-11-22". */
export function shopToday(now = new Date()) {
  return isoDay.format(now);
}

/** "2026-11-22" + 90 → "2027-02-20" (calendar arithmetic, no time zone involved). */
export function addDays(isoDate: string, days: number) {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one calendar day to another. */
export function daysBetween(fromIsoDate: string, toIsoDate: string) {
  return Math.round((Date.parse(`${toIsoDate}T12:00:00Z`) - Date.parse(`${fromIsoDate}T12:00:00Z`)) / 86_400_000);
}

/** The shop's clock as "2026-11-22_14-05-33", for file names that sort by date. */
export function shopTimestampForFileName(now = new Date()) {
  const parts = Object.fromEntries(isoDayAndTime.formatToParts(now).map(({ type, value }) => [type, value]));
  return `${parts.year}-${parts.month}-${parts.day}_${parts.hour}-${parts.minute}-${parts.second}`;
}
