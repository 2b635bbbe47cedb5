/**
 * The files of shop-settings that other modules and app/components may import
 * (decision 0011); routes may import any file.
 */
export const PUBLIC_FILES: readonly string[] = [
  "demo-settings.ts",
  "local-business.ts",
  "mutations.server.ts",
  "opening-hours.ts",
  "queries.server.ts",
  "upcoming-closures.ts",
  "validation.ts",
];
