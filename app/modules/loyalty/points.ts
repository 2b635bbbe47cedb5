/**
 * The points ledger's arithmetic, pure (no database): what a payment earns
 * with the carried remainder, what money given back takes away, and how
 * many points have expired, oldest first. ledger.server.ts applies them.
 */
import { sameShopMomentYearsLater } from "~/lib/dates";
import type { LoyaltyRules } from "./rules";

export type SpendStep = Pick<LoyaltyRules, "pointsPerSpendStep" | "spendStepCents">;

/**
 * A payment of `paidCents` on top of what the customer had already paid
 * towards the next step (`carryCents`): the points it earns and the new
 * remainder. R$ 150 then R$ 100 earn 0 then 10, and R$ 50 is carried.
 */
export function earnForPayment(carryCents: number, paidCents: number, rules: SpendStep) {
  const total = Math.max(0, carryCents) + Math.max(0, paidCents);
  const steps = Math.floor(total / rules.spendStepCents);
  return { points: steps * rules.pointsPerSpendStep, carryCents: total - steps * rules.spendStepCents };
}

/**
 * Money given back (`backCents`): the customer ends where they would be had
 * it never been paid. It comes off the carried remainder first; past it,
 * whole steps go back and the rest of the last step is carried again.
 * R$ 250 paid (10 points, R$ 50 carried), R$ 100 given back: −10 points, R$ 150 carried.
 */
export function reverseForRefund(carryCents: number, backCents: number, rules: SpendStep) {
  const carry = Math.max(0, carryCents);
  const back = Math.max(0, backCents);
  if (back <= carry) return { points: 0, carryCents: carry - back };
  const missing = back - carry;
  const steps = Math.ceil(missing / rules.spendStepCents);
  return { points: -steps * rules.pointsPerSpendStep, carryCents: steps * rules.spendStepCents - missing };
}

export type LedgerTotals = {
  /** The ledger's sum. */
  sum: number;
  /** Points of positive entries whose validity ended at or before the moment. */
  lapsedPositive: number;
  /** Every negative entry (expired, reversed, negative adjustments), as a negative number. */
  negatives: number;
};

/**
 * Points that have lapsed and are not yet written off, oldest first.
 * Every negative entry (a reversal, an adjustment, an earlier expiry) took
 * from the oldest points, so what is left to expire is what lapsed less
 * what was already taken. ledger.server.ts writes the due expiry before
 * any other negative entry, so a reversal never takes points that had
 * already lapsed. Never more than the balance.
 */
export function pointsDueToExpire(totals: LedgerTotals) {
  return Math.max(0, Math.min(totals.sum, totals.lapsedPositive + totals.negatives));
}

/** When points earned at `earnedAt` stop counting: the same instant `validityYears` later. */
export function expiryOf(earnedAt: Date, validityYears: number) {
  return sameShopMomentYearsLater(earnedAt, validityYears);
}
