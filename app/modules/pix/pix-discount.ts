import { basisPointsToPercentText, formatCents, percentOfCents } from "~/lib/money";

/**
 * The optional "% de desconto no PIX" the owner sets in /configuracoes. Lei
 * 13.455/2017 lets a shop charge less for one means of payment, and Lei
 * 10.962/2004 art. 5-A (added by it) asks that the customer be told of the
 * difference before paying: the sale screen shows the line
 * `pixDiscountDisclosure` writes, next to the price, before the PIX code.
 */

/** What the PIX price is and how it was reached; null when the shop gives no discount. */
export type PixDiscount = {
  basisPoints: number;
  /** The price before the discount (what other payment methods pay). */
  fullCents: number;
  discountCents: number;
  /** What PIX pays. */
  pixCents: number;
};

/** The discount on an amount, rounded by lib/money's one rule (half away from zero on the centavo). */
export function pixDiscountCents(amountCents: number, basisPoints: number): number {
  if (basisPoints <= 0) return 0;
  return percentOfCents(amountCents, basisPoints);
}

/** The PIX price of an amount under the shop's discount, or null when there is no discount to show. */
export function pixDiscountFor(amountCents: number, basisPoints: number): PixDiscount | null {
  const discountCents = pixDiscountCents(amountCents, basisPoints);
  if (discountCents <= 0) return null;
  return { basisPoints, fullCents: amountCents, discountCents, pixCents: amountCents - discountCents };
}

/** "Pagando com PIX: 5% de desconto — de R$ 100,00 por R$ 95,00" */
export function pixDiscountDisclosure(discount: PixDiscount) {
  return `Pagando com PIX: ${basisPointsToPercentText(discount.basisPoints)}% de desconto — de ${formatCents(discount.fullCents)} por ${formatCents(discount.pixCents)}`;
}
