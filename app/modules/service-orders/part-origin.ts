import type { PartOrigin } from "~/db/schema/inventory";
import { PART_ORIGIN_LABELS } from "~/modules/inventory/labels";

/**
 * A part's origin as the quote discloses it (inventory's wording): the
 * consumer code (CDC art. 21) makes the shop use new original parts unless
 * the customer agrees otherwise.
 */
export function partOriginLabel(origin: string | null | undefined) {
  return origin ? (PART_ORIGIN_LABELS[origin as PartOrigin] ?? origin) : "";
}

/** A part the customer must consent to before approving the quote. */
export function needsPartsConsent(origin: string | null | undefined) {
  return origin === "new-compatible" || origin === "used";
}

/** Where a quoted part is in stock, as staff read it on the order. */
export const PART_STOCK_LABELS: Record<string, string> = {
  pending: "Orçada (não reservada)",
  reserved: "Reservada no estoque",
  awaiting: "Em falta no estoque",
  taken: "Retirada do estoque",
};

/** A quote line's description as printed and shown to the customer: a part that is not new original says so (CDC art. 21). */
export function describedWithOrigin(description: string, origin: string | null | undefined) {
  return needsPartsConsent(origin) ? `${description} — peça ${partOriginLabel(origin).toLowerCase()}` : description;
}
