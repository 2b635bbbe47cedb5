import type { PartOrigin, ProductKind } from "~/db/schema/inventory";

/**
 * What the shop says about stock: never the count (a visitor needs to know
 * whether to come today, not how many are left), only whether it is on the
 * shelf or has to be ordered. A service has no stock: it is done on demand.
 */
export type ShopAvailability = "in-stock" | "to-order" | "service";

export const AVAILABILITY_LABELS: Record<ShopAvailability, string> = {
  "in-stock": "Em estoque",
  "to-order": "Sob encomenda",
  service: "Serviço sob demanda",
};

/** schema.org's ItemAvailability for each (a service can be bought now: InStock). */
export const AVAILABILITY_SCHEMA: Record<ShopAvailability, string> = {
  "in-stock": "https://schema.org/InStock",
  "to-order": "https://schema.org/BackOrder",
  service: "https://schema.org/InStock",
};

export function shopAvailability(kind: ProductKind, isInStock: boolean): ShopAvailability {
  if (kind === "service") return "service";
  return isInStock ? "in-stock" : "to-order";
}

/** schema.org's OfferItemCondition for each origin. */
export const PART_ORIGIN_CONDITION: Record<PartOrigin, string> = {
  "new-original": "https://schema.org/NewCondition",
  "new-compatible": "https://schema.org/NewCondition",
  used: "https://schema.org/RefurbishedCondition",
};
