import type { Database, Transaction } from "~/db/client.server";
import { addDays, shopToday, startOfShopDay } from "~/lib/dates";
import { validPointsAt } from "./balance.server";
import { readRulesInForce } from "./programme-settings.server";
import { levelForPoints, type LoyaltyLevel, type LoyaltyRules } from "./rules";

/**
 * The seam between the programme's two halves (issue "Loyalty that works"):
 * the rules in force (owned by the settings: `loyalty_rule_versions`, changed
 * forward only, with an effective date) and a customer's standing (owned by
 * the points ledger: `loyalty_entries`, balance = the ledger's sum).
 */

/** The rules in force on `day` (YYYY-MM-DD, the shop's calendar). */
export async function rulesInForce(db: Database | Transaction, day: string): Promise<LoyaltyRules> {
  return readRulesInForce(db, day);
}

export type LoyaltyStanding = {
  /** Valid points on the day: the ledger's sum (expired points already left it). */
  points: number;
  level: LoyaltyLevel | null;
  rules: LoyaltyRules;
};

/**
 * A customer's valid points and level on `day`, under the rules in force
 * then: the ledger's sum less what has lapsed by then (today: by now;
 * another day: by its end), whether or not the expiry job has run yet.
 */
export async function loyaltyStanding(db: Database | Transaction, customerId: number, day: string): Promise<LoyaltyStanding> {
  const rules = await rulesInForce(db, day);
  const at = day === shopToday() ? new Date() : new Date(startOfShopDay(addDays(day, 1)).getTime() - 1);
  const points = await validPointsAt(db, customerId, at);
  return { points, level: rules.enabled ? levelForPoints(points, rules.levels) : null, rules };
}
