import { basisPointsToPercentText, formatCents } from "~/lib/money";
import { levelDiscountCents, type LoyaltyLevel } from "./rules";

/** How the discount is named on the screen and the receipt: "Desconto Ouro 15%". */
export function levelDiscountLabel(level: Pick<LoyaltyLevel, "name" | "discountBasisPoints">) {
  return `Desconto ${level.name} ${basisPointsToPercentText(level.discountBasisPoints)}%`;
}

/** A manual discount on top of the level's is the owner's decision (spec point 9): staff's refusal. */
export const MANUAL_ON_TOP_OF_LEVEL_MESSAGE =
  "Um desconto manual somado ao desconto de fidelidade precisa da permissão do proprietário: peça a ele que aplique.";

/** What the customer's level offers on a complete service of `serviceCents`; null without a level. */
export type LevelDiscountOffer = { levelName: string; basisPoints: number; label: string; cents: number };

export function levelDiscountOffer(level: LoyaltyLevel | null, serviceCents: number): LevelDiscountOffer | null {
  if (!level || level.discountBasisPoints <= 0) return null;
  return {
    levelName: level.name,
    basisPoints: level.discountBasisPoints,
    label: levelDiscountLabel(level),
    cents: levelDiscountCents(level, Math.max(0, serviceCents)),
  };
}

/**
 * Checks a posted level discount (the percentage the staff's tap sent)
 * against the customer's level on the server: Portuguese refusal when the
 * customer has no level or the posted percentage is above it. Returns the
 * offer recomputed from the level, never the posted amount.
 */
export function checkPostedLevelDiscount(
  level: LoyaltyLevel | null,
  postedBasisPoints: number,
  serviceCents: number,
): { ok: true; offer: LevelDiscountOffer } | { ok: false; message: string } {
  const offer = levelDiscountOffer(level, serviceCents);
  if (!offer)
    return { ok: false, message: "Este cliente ainda não tem nível no programa de fidelidade: não há desconto de nível." };
  if (!Number.isInteger(postedBasisPoints) || postedBasisPoints <= 0 || postedBasisPoints > offer.basisPoints) {
    return {
      ok: false,
      message: `O desconto pedido passa do nível do cliente: o máximo é ${offer.label} (${formatCents(offer.cents)}).`,
    };
  }
  if (postedBasisPoints < offer.basisPoints) {
    // A smaller percentage than the level's is the level's discount no longer: staff apply the level as it is.
    return { ok: false, message: `O desconto de fidelidade é o do nível do cliente: ${offer.label}.` };
  }
  return { ok: true, offer };
}
