/**
 * The files of credit that other modules may import (decision 0011): the
 * crediário arithmetic and terms (the sale screen shows a plan's terms and
 * disclosure before paying), the core the sale opens its plan with, a
 * plan's and a debt's payment cores, and a customer's settlement with the
 * list of what they owe (debtors).
 */
export const PUBLIC_FILES: readonly string[] = [
  "components/credit-disclosure.tsx",
  "components/sale-credit-terms.tsx",
  "debt-payments.server.ts",
  "payment-validation.ts",
  "payments.server.ts",
  "plan-terms.ts",
  "plans.server.ts",
  "price-table.ts",
  // The Painel counts the instalments due today as /cdc lists them.
  "queries.server.ts",
  "settlement.server.ts",
];
