import type { DatedClosure, DayHours, WeeklyHours } from "~/db/schema/shop-settings";
import { shopClockAtOffset } from "~/lib/shop-clock";

// The shapes of the week and of a closure, as the settings row stores them: components take them from here, never from app/db.
export type { DatedClosure, DayHours, WeeklyHours };

/**
 * The shop's weekly schedule (its shape: WeeklyHours, beside the settings
 * table) and its dated closures (holidays), the one source for the footer,
 * the WhatsApp widget and the offline modal (BRIEF §3).
 */
export const DEFAULT_WEEKLY_HOURS: WeeklyHours = [
  null,
  { open: "09:00", close: "19:00" },
  { open: "09:00", close: "19:00" },
  { open: "09:00", close: "19:00" },
  { open: "09:00", close: "19:00" },
  { open: "09:00", close: "19:00" },
  { open: "09:00", close: "18:00" },
];

function toMinutes(hhmm: string) {
  const [hours = 0, minutes = 0] = hhmm.split(":").map(Number);
  return hours * 60 + minutes;
}

/**
 * Open by the weekly hours, and the day is not one of the dated closures.
 * `utcOffsetMinutes` is São Paulo's offset at `instant`, which the server
 * reads (lib/dates.ts) and sends with the page: the browser needs no Intl.
 */
export function isShopOpen(
  hours: WeeklyHours,
  instant: Date,
  utcOffsetMinutes: number,
  closures: readonly DatedClosure[] = [],
): boolean {
  const { day: today, weekday, minutes } = shopClockAtOffset(instant, utcOffsetMinutes);
  const day = hours[weekday];
  if (day == null || minutes < toMinutes(day.open) || minutes >= toMinutes(day.close)) return false;
  return !closures.some((closure) => closure.date === today);
}

/** "25/12: fechado (Natal)": a date column is a calendar day, written without Intl (decision 0006). */
export function describeClosure(closure: DatedClosure): string {
  return `${closure.date.slice(8, 10)}/${closure.date.slice(5, 7)}: fechado (${closure.reason})`;
}

const DAY_NAMES = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"];

function formatTime(hhmm: string) {
  const [hours, minutes] = hhmm.split(":");
  return minutes === "00" ? `${Number(hours)}h` : `${Number(hours)}h${minutes}`;
}

function describeDay(day: DayHours) {
  return day ? `${formatTime(day.open)}–${formatTime(day.close)}` : "fechado";
}

/** Groups consecutive days with the same hours: ["Seg–Sex: 9h–19h", "Sáb: 9h–18h", "Dom: fechado"]. */
export function describeWeeklyHours(hours: WeeklyHours): string[] {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const groups: { first: number; last: number; text: string }[] = [];
  for (const weekday of order) {
    const text = describeDay(hours[weekday] ?? null);
    const previous = groups.at(-1);
    if (previous && previous.text === text) previous.last = weekday;
    else groups.push({ first: weekday, last: weekday, text });
  }
  return groups.map(({ first, last, text }) =>
    first === last ? `${DAY_NAMES[first]}: ${text}` : `${DAY_NAMES[first]}–${DAY_NAMES[last]}: ${text}`,
  );
}
