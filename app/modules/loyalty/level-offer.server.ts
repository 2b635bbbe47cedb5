import { getDb } from "~/db/client.server";
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
