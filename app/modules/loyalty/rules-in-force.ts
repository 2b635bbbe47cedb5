import { DEFAULT_LOYALTY_RULES, type LoyaltyRules } from "./rules";

/** A saved version of the rules as the selection reads it: its id orders versions saved for the same day. */
export type SavedRulesVersion = { id: number; rules: LoyaltyRules & { effectiveFrom: string } };

/**
 * The rules in force on `day` (YYYY-MM-DD): the version with the latest
 * effective date on or before the day, the last saved when several start the
 * same day; the defaults (spec point 9) before the first version.
 */
export function selectRulesInForce(versions: readonly SavedRulesVersion[], day: string): LoyaltyRules {
  let chosen: SavedRulesVersion | null = null;
  for (const version of versions) {
    if (version.rules.effectiveFrom > day) continue;
    if (
      !chosen ||
      version.rules.effectiveFrom > chosen.rules.effectiveFrom ||
      (version.rules.effectiveFrom === chosen.rules.effectiveFrom && version.id > chosen.id)
    ) {
      chosen = version;
    }
  }
  return chosen?.rules ?? DEFAULT_LOYALTY_RULES;
}
