import type { ProductKind } from "~/db/schema/inventory";

/**
 * The one rule of "estoque baixo", for the product page, the inventory list
 * (its filter and partial index products_low_stock_idx: stock <= minimum) and
 * the dashboard: an item is low when its stock is AT or below its minimum (the
 * minimum is the level at which to buy again); a minimum of 0 counts only
 * below zero. Its words say the same thing everywhere. Plain data: runs in the
 * browser too.
 */
export function isLowStock(item: { kind: ProductKind; stockQuantity: number; minimumStock: number }) {
  if (item.kind === "service") return false;
  return item.stockQuantity <= item.minimumStock && (item.minimumStock > 0 || item.stockQuantity < 0);
}

/** The help text of the "Estoque mínimo" field. */
export const MINIMUM_STOCK_HINT =
  "Quando o estoque chega a esse número (ou fica abaixo dele), o item entra na lista de estoque baixo.";

/** The product page's notice of a low item: says whether it is at its minimum or below it. */
export function lowStockNotice(stockQuantity: number, minimumStock: number) {
  return stockQuantity === minimumStock
    ? `Estoque baixo: ${stockQuantity}, no mínimo definido (${minimumStock}).`
    : `Estoque baixo: ${stockQuantity}, abaixo do mínimo de ${minimumStock}.`;
}

/** The dashboard's line when no item is low. */
export const NO_LOW_STOCK = "Nenhum item no mínimo ou abaixo dele.";
