/**
 * The files of accounts that other modules and app/components may import
 * (decision 0011); routes may import any file.
 *
 * auth.server.ts (better-auth's set-up), the account e-mails and the owner's command-line tools stay inside.
 */
export const PUBLIC_FILES: readonly string[] = [
  "auth-client.ts",
  // The owner's account on the first run; shop-settings/owner-setup.server.ts saves the shop's details beside it.
  "owner-setup.server.ts",
  "person-name.server.ts",
  "profiles.server.ts",
  "roles.ts",
  "session.server.ts",
  "user-roles.server.ts",
];
