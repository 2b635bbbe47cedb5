import { daysBetween } from "~/lib/dates";

/**
 * Ageing of what a customer owes: the overdue part falls in the bucket of
 * its oldest overdue due date. An item is overdue from the day after its due
 * date (an instalment due today is not late yet), so the first bucket holds
 * 1 to 30 days in practice; it keeps the "0–30" name the shop reads on
 * collection reports.
 */
export const AGEING_BUCKETS = ["0-30", "31-60", "61-90", "90+"] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = {
  "0-30": "0–30 dias",
  "31-60": "31–60 dias",
  "61-90": "61–90 dias",
  "90+": "Mais de 90 dias",
};

/** The upper bound in days of each bucket but the last; SQL and the page read the same numbers. */
export const AGEING_BUCKET_LIMITS = [30, 60, 90] as const;

export function isAgeingBucket(value: unknown): value is AgeingBucket {
  return typeof value === "string" && (AGEING_BUCKETS as readonly string[]).includes(value);
}

export function ageingBucketOfDays(days: number): AgeingBucket {
  if (days <= AGEING_BUCKET_LIMITS[0]) return "0-30";
  if (days <= AGEING_BUCKET_LIMITS[1]) return "31-60";
  if (days <= AGEING_BUCKET_LIMITS[2]) return "61-90";
  return "90+";
}

/** Whole days an item is late on `today` (0 when it is not due yet or due today). */
export function daysOverdue(dueDate: string, today: string): number {
  return Math.max(0, daysBetween(dueDate, today));
}
