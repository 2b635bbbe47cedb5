/**
 * The files of finance that other modules may import (decision 0011): the
 * register entries and posting cores every money-moving module calls in its
 * own transaction (decision 0019), and the revenue split they describe their
 * money with.
 */
export const PUBLIC_FILES: readonly string[] = [
  "ledger.server.ts",
  // Money through the register (the sale, an order's or a crediário's payment), with its postings.
  "register-entries.server.ts",
  "register-postings.server.ts",
  "revenue-parts.ts",
  // Balances on a day: the month report's balance line, any page that shows where the money is.
  "balances.server.ts",
  // The demo seed writes its recurring expenses and generates their entries the way the owner's are.
  "recurring.server.ts",
  // A stock entry says how it was bought (paid or owed) and names its supplier record.
  "stock-purchases.server.ts",
  "suppliers.server.ts",
  "validation.ts",
  // What customers paid through the register ("recebido"): the Painel's figures and the register's list of a day's takings.
  "takings.server.ts",
  "components/supplier-select.tsx",
  "components/payment-fields.tsx",
];
