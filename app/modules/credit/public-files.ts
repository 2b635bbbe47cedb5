/**
 * The files of credit that other modules may import (decision 0011): the
 * crediário arithmetic (the sale screen shows a plan's terms before paying),
 * a plan's and a debt's payment cores, and a customer's settlement with
 * the list of what they owe (debtors).
 */
export const PUBLIC_FILES: readonly string[] = [
  "price-table.ts",
  "payments.server.ts",
  "debt-payments.server.ts",
  "settlement.server.ts",
  "payment-validation.ts",
];
