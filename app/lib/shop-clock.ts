/**
 * The browser's half of the shop's calendar (app/lib/dates.ts is the whole):
 * a file of its own, without Intl, so the public frame that tells whether the
 * shop is open now does not carry dates.ts's formatters into every page's
 * JavaScript (site-frame.spec.ts holds that; decision 0006).
 */

/**
 * The shop's calendar day, weekday (0 = Sunday) and minutes since midnight at
 * `instant`, from the offset the server read for it (`shopUtcOffsetMinutes`)
 * and sent with the page: plain arithmetic, no Intl, so the browser can tell
 * whether the shop is open without paying for its first Intl.DateTimeFormat
 * (40–110 ms of main thread, decision 0006). Same day as `shopToday`.
 */
export function shopClockAtOffset(instant: Date, utcOffsetMinutes: number): { day: string; weekday: number; minutes: number } {
  const wall = new Date(instant.getTime() + utcOffsetMinutes * 60_000);
  return {
    day: `${String(wall.getUTCFullYear()).padStart(4, "0")}-${String(wall.getUTCMonth() + 1).padStart(2, "0")}-${String(wall.getUTCDate()).padStart(2, "0")}`,
    weekday: wall.getUTCDay(),
    minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
  };
}
