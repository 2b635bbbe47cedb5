/**
 * What other modules may import from this one (decision 0011).
 */
export const PUBLIC_FILES: readonly string[] = [
  "stock-ledger.server.ts",
  "average-cost.ts",
  "order-parts.server.ts",
  // Pure rules the demo's scale catalogue builds its codes with (and a sale screen may check a scanned code with).
  "ean13.ts",
  // The one wording of kinds, part origins and revenue sources (service orders, the shop, debtors show them).
  "labels.ts",
  // The one rule and wording of "estoque baixo" (the dashboard's panel uses them).
  "low-stock.ts",
];
