import type { Database, Transaction } from "~/db/client.server";
import { readRulesInForce } from "./programme-settings.server";
import { levelForPoints, type LoyaltyLevel, type LoyaltyRules } from "./rules";

/**
 * The seam between the programme's two halves (issue "Loyalty that works"):
 * the rules in force (owned by the settings: `loyalty_rule_versions`, changed
 * forward only, with an effective date) and a customer's standing (owned by
 * the points ledger: `loyalty_entries`, balance = the ledger's sum).
 * Both bodies are placeholders until their halves land.
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

/** A customer's valid points and level on `day`, under the rules in force then. */
export async function loyaltyStanding(db: Database | Transaction, _customerId: number, day: string): Promise<LoyaltyStanding> {
  const rules = await rulesInForce(db, day);
  const points = 0;
  return { points, level: rules.enabled ? levelForPoints(points, rules.levels) : null, rules };
}
