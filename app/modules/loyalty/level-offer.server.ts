import type { SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { addDays, startOfShopDay } from "~/lib/dates";
import { ledgerTotalsQuery, validPointsOf } from "./balance.server";
import { ruleVersionsRead } from "./programme-settings.server";
import { selectRulesInForce } from "./rules-in-force";
import { levelForPoints } from "./rules";
import { shopToday } from "~/lib/dates";
import { levelDiscountLabel, levelDiscountOffer, type LevelDiscountOffer } from "./level-discount";
import { loyaltyStanding } from "./programme.server";

/**
 * What a customer's level offers on a complete service of `serviceCents`
 * today, for the staff's one-tap button: null when the programme is off or
 * the customer has no level yet.
 */
export async function getLevelDiscountOffer(
  customerId: number,
  serviceCents: number,
  day = shopToday(),
): Promise<(LevelDiscountOffer & { points: number }) | null> {
  const standing = await loyaltyStanding(await getDb(), customerId, day);
  if (!standing.rules.enabled) return null;
  const offer = levelDiscountOffer(standing.level, serviceCents);
  return offer ? { ...offer, points: standing.points } : null;
}

/**
 * getLevelDiscountOffer for a customer given as SQL (an order's customer),
 * as two queries that ride in the page's other read (readTogether): the
 * rules' versions and the customer's ledger sums, today. `offerOf` gives what
 * getLevelDiscountOffer gives for `serviceCents`.
 */
export async function levelDiscountOfferRead(customerId: SQL, day = shopToday()) {
  const versions = ruleVersionsRead(await getDb());
  // As loyaltyStanding counts today: the points valid now (another day: at its end).
  const at = day === shopToday() ? new Date() : new Date(startOfShopDay(addDays(day, 1)).getTime() - 1);
  return {
    queries: { loyaltyVersions: versions.query, loyaltyLedger: ledgerTotalsQuery(customerId, at) },
    offerOf(
      rows: { loyaltyVersions?: readonly Record<string, unknown>[]; loyaltyLedger?: readonly Record<string, unknown>[] },
      serviceCents: number,
    ): (LevelDiscountOffer & { points: number }) | null {
      const rules = selectRulesInForce(versions.versionsOf(rows.loyaltyVersions ?? []), day);
      if (!rules.enabled) return null;
      const points = validPointsOf(rows.loyaltyLedger ?? []);
      const offer = levelDiscountOffer(levelForPoints(points, rules.levels), serviceCents);
      return offer ? { ...offer, points } : null;
    },
  };
}

/**
 * The level whose discount a customer's service items get today at the
 * register, for the sale screen (it computes the amount on the cart with the
 * same arithmetic the server runs again): null when the programme is off or
 * the customer has no level with a discount.
 */
export async function getDiscountLevel(customerId: number, day = shopToday()) {
  const standing = await loyaltyStanding(await getDb(), customerId, day);
  const level = standing.rules.enabled ? standing.level : null;
  if (!level || level.discountBasisPoints <= 0) return null;
  return { ...level, label: levelDiscountLabel(level), points: standing.points };
}
