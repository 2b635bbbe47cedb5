/**
 * The notes and coins of the real a drawer holds, in centavos, as the
 * closing form counts them. The 1-centavo coin is no longer minted and
 * shops round it away, so it is not counted.
 */
export const DENOMINATIONS = [
  { cents: 20_000, label: "R$ 200", kind: "note" },
  { cents: 10_000, label: "R$ 100", kind: "note" },
  { cents: 5_000, label: "R$ 50", kind: "note" },
  { cents: 2_000, label: "R$ 20", kind: "note" },
  { cents: 1_000, label: "R$ 10", kind: "note" },
  { cents: 500, label: "R$ 5", kind: "note" },
  { cents: 200, label: "R$ 2", kind: "note" },
  { cents: 100, label: "R$ 1", kind: "coin" },
  { cents: 50, label: "50 centavos", kind: "coin" },
  { cents: 25, label: "25 centavos", kind: "coin" },
  { cents: 10, label: "10 centavos", kind: "coin" },
  { cents: 5, label: "5 centavos", kind: "coin" },
] as const;

/** The form field of a denomination's count ("d20000"). */
export const denominationField = (cents: number) => `d${cents}`;

/** At most this many of one note or coin: keeps every total inside a PostgreSQL integer. */
export const MAX_DENOMINATION_COUNT = 100_000;

/** The cash a count by denomination adds up to, in centavos. */
export function denominationsTotalCents(counts: Readonly<Record<string, number>>): number {
  return DENOMINATIONS.reduce((total, { cents }) => total + cents * (counts[String(cents)] ?? 0), 0);
}
