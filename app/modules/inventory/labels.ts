import type { PartOrigin, ProductKind, RevenueSource } from "~/db/schema/inventory";

/**
 * The one wording of inventory's value lists, for every screen, print,
 * spreadsheet and module that shows them (the CSV import also reads these
 * words back, product-csv.ts). Plain data: runs in the browser too.
 */

export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  product: "Produto",
  part: "Peça",
  service: "Serviço",
};

/**
 * A part's origin as the consumer code makes the shop disclose it (CDC art.
 * 21: new original parts unless the customer agrees otherwise). "Não
 * original" is what the customer understands; the trade's "paralela" is not.
 * Where the word "peça" is not already said, write `peça ${label.toLowerCase()}`.
 */
export const PART_ORIGIN_LABELS: Record<PartOrigin, string> = {
  "new-original": "Nova original",
  "new-compatible": "Nova compatível (não original)",
  used: "Usada / recondicionada",
};

/** Which revenue line of the finance reports an item's (or an IOU's) money goes to. */
export const REVENUE_SOURCE_LABELS: Record<RevenueSource, string> = {
  services: "Serviços",
  products: "Produtos",
  "printing-design": "Impressão e design",
};
