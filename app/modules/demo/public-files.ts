/**
 * The files of demo that other modules and app/components may import
 * (decision 0011); routes may import any file.
 */
export const PUBLIC_FILES: readonly string[] = [
  "demo-data-page.ts",
  "demo-service-orders.server.ts",
  "large-catalogue.server.ts",
  "seed.server.ts",
  "test-records.server.ts",
];
