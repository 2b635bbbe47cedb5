import { SHOP_TIME_ZONE } from "./opening-hours";

const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: SHOP_TIME_ZONE, timeZoneName: "longOffset" });

/**
 * São Paulo's offset from UTC at `instant`, in minutes (−180 since Brazil
 * dropped daylight saving time in 2019), from the time-zone database: pages
 * carry it so the browser can read the shop's clock without Intl.
 */
export function shopUtcOffsetMinutes(instant: Date = new Date()): number {
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!match) return 0;
  const [, sign, hours, minutes] = match;
  return (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}
