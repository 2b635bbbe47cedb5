/**
 * The files of service-orders that other modules and app/components may import
 * (decision 0011); routes may import any file.
 *
 * unlock-code.server.ts (the only reader of the encrypted column) stays inside.
 */
export const PUBLIC_FILES: readonly string[] = [
  "account-orders.server.ts",
  "device-name.ts",
  "mutations.server.ts",
  "pickups.server.ts",
  "print-documents.server.ts",
  "public-tracking.server.ts",
  "queries.server.ts",
  "status.ts",
  "tracking-code.ts",
  "validation.ts",
];
