/**
 * The files of loyalty that other modules and app/components may import
 * (decision 0011); routes may import any file.
 */
export const PUBLIC_FILES: readonly string[] = [
  "rules.ts",
  "programme.server.ts",
  "level-discount.ts",
  "level-offer.server.ts",
  "ledger.server.ts",
];
