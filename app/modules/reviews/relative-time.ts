const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

const format = new Intl.RelativeTimeFormat("pt-BR", { numeric: "always" });

/** How long ago, the way review sites say it: "há 2 meses", "há 1 ano". */
export function describeTimeAgo(date: Date, now: Date) {
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  }
  return "agora mesmo";
}
