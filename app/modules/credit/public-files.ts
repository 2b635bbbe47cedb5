/**
 * The files of credit that other modules may import (decision 0011): the
 * crediário arithmetic and terms (the sale screen shows a plan's terms and
 * disclosure before paying), and the core the sale opens its plan with.
 */
export const PUBLIC_FILES: readonly string[] = [
  "components/credit-disclosure.tsx",
  "components/sale-credit-terms.tsx",
  "plan-terms.ts",
  "plans.server.ts",
  "price-table.ts",
];
