/**
 * The files of customers that other modules and app/components may import
 * (decision 0011); routes may import any file.
 */
export const PUBLIC_FILES: readonly string[] = [
  "components/customer-picker.tsx",
  "account-links.server.ts",
  "account-profile.server.ts",
  "account-profile-validation.ts",
  "document.ts",
  "states.ts",
  "mutations.server.ts",
  "queries.server.ts",
];
