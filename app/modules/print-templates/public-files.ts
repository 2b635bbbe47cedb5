/**
 * The files of print-templates that other modules and app/components may
 * import (decision 0011); routes may import any file. The engine, its
 * filters and the default templates stay inside: a module renders through
 * render.server.ts.
 */
export const PUBLIC_FILES: readonly string[] = [
  // A customer's own issued documents (their 2ª via), listed and linked from "Minha conta" and its warranties.
  "account-documents.server.ts",
  "issued-documents.server.ts",
  "kinds.ts",
  "margins.ts",
  "papers.ts",
  "render.server.ts",
  // The shop as every printed document heads it (`loja`): service orders, sales, crediário, warranties, debtors' letters.
  "shop-header.server.ts",
];
