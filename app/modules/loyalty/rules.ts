import { shopToday } from "~/lib/dates";
import { percentOfCents } from "~/lib/money";

/**
 * The loyalty programme's public rules (spec §4 and §9), shown on the home
 * page and applied by the loyalty module. Pure constants and arithmetic only.
 */

/** Every R$200.00 spent on services or products earns 10 points. */
export const POINTS_PER_SPEND_STEP = 10;
export const SPEND_STEP_CENTS = 20_000;

/** Referring a new client who then has a service done. */
export const REFERRAL_POINTS = 100;

/** Three or more repairs within one yearly cycle earn a one-off bonus. */
export const CYCLE_BONUS_POINTS = 100;
export const CYCLE_BONUS_MIN_REPAIRS = 3;

/** The yearly cycle starts (and the bonus resets) on 7 September. */
export const CYCLE_START = { month: 9, day: 7 } as const;

/** Points expire one year after they were earned. */
export const POINTS_VALIDITY_YEARS = 1;

/** The discount in basis points (500 = 5%), as lib/money.ts takes percentages. */
export type LoyaltyLevel = { name: string; minPoints: number; discountBasisPoints: number };

/** Discounts apply to complete services, from the lowest level up. */
export const LOYALTY_LEVELS: readonly LoyaltyLevel[] = [
  { name: "Bronze", minPoints: 500, discountBasisPoints: 500 },
  { name: "Prata", minPoints: 1000, discountBasisPoints: 1000 },
  { name: "Ouro", minPoints: 2000, discountBasisPoints: 1500 },
  { name: "Diamante", minPoints: 5000, discountBasisPoints: 2000 },
];

export function pointsForSpend(spentCents: number) {
  return Math.floor(Math.max(0, spentCents) / SPEND_STEP_CENTS) * POINTS_PER_SPEND_STEP;
}

/** What a level takes off a complete service, rounded as all money is (lib/money.ts). */
export function levelDiscountCents(level: LoyaltyLevel, serviceCents: number) {
  return percentOfCents(serviceCents, level.discountBasisPoints);
}

/** The highest level reached with these points, or null below the first level. */
export function levelForPoints(points: number, levels: readonly LoyaltyLevel[] = LOYALTY_LEVELS): LoyaltyLevel | null {
  let reached: LoyaltyLevel | null = null;
  for (const level of levels) if (points >= level.minPoints) reached = level;
  return reached;
}

/** One version of the programme's rules; the owner's change starts a new one on its effective date. */
export type LoyaltyRules = {
  enabled: boolean;
  /** The first day (YYYY-MM-DD) these rules apply; null for the defaults nobody has changed. */
  effectiveFrom: string | null;
  pointsPerSpendStep: number;
  spendStepCents: number;
  referralPoints: number;
  cycleBonusPoints: number;
  cycleBonusMinRepairs: number;
  cycleStart: { month: number; day: number };
  validityYears: number;
  levels: readonly LoyaltyLevel[];
};

/** Spec point 9, as the home page has always advertised it. */
export const DEFAULT_LOYALTY_RULES: LoyaltyRules = {
  enabled: true,
  effectiveFrom: null,
  pointsPerSpendStep: POINTS_PER_SPEND_STEP,
  spendStepCents: SPEND_STEP_CENTS,
  referralPoints: REFERRAL_POINTS,
  cycleBonusPoints: CYCLE_BONUS_POINTS,
  cycleBonusMinRepairs: CYCLE_BONUS_MIN_REPAIRS,
  cycleStart: CYCLE_START,
  validityYears: POINTS_VALIDITY_YEARS,
  levels: LOYALTY_LEVELS,
};

/**
 * The first day ("2025-09-07") of the yearly cycle that contains `instant`,
 * on the shop's calendar: late on 6 September in São Paulo is already the 7th
 * in UTC, and still belongs to the cycle before.
 */
export function cycleStartFor(instant: Date): string {
  const today = shopToday(instant);
  const year = Number(today.slice(0, 4));
  return today >= cycleStartIn(year) ? cycleStartIn(year) : cycleStartIn(year - 1);
}

function cycleStartIn(year: number) {
  return `${String(year).padStart(4, "0")}-${String(CYCLE_START.month).padStart(2, "0")}-${String(CYCLE_START.day).padStart(2, "0")}`;
}
