/**
 * The files of print-templates that other modules and app/components may
 * import (decision 0011); routes may import any file. The engine, its
 * filters and the default templates stay inside: a module renders through
 * render.server.ts.
 */
export const PUBLIC_FILES: readonly string[] = [
  "issued-documents.server.ts",
  "kinds.ts",
  "margins.ts",
  "papers.ts",
  "render.server.ts",
  // The shop as every printed document heads it (`loja`): service orders, sales, crediário, warranties, debtors' letters.
  "shop-header.server.ts",
];
