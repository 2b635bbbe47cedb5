import type { DatedClosure } from "~/db/schema/shop-settings";
import { addDays } from "~/lib/dates";

// Apart from opening-hours.ts, which the public frame's chunk carries to every
// page: this one reads lib/dates (its Intl formatters), and only loaders call it.

/**
 * The closures from `today` (the shop's day) to `days` later, by date: what
 * the public pages carry, so a page kept open past midnight still knows the
 * next holiday, and the footer tells visitors ahead of time.
 */
export function upcomingClosures(closures: readonly DatedClosure[], today: string, days = 60): DatedClosure[] {
  const last = addDays(today, days);
  return closures
    .filter((closure) => closure.date >= today && closure.date <= last)
    .toSorted((a, b) => a.date.localeCompare(b.date));
}
