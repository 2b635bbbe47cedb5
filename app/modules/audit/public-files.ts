/**
 * The files of audit that other modules and app/components may import
 * (decision 0011); routes may import any file.
 */
export const PUBLIC_FILES: readonly string[] = [
  "record-audit.server.ts",
  // The LGPD anonymiser redacts personal data inside entries, the one change the log allows.
  "redaction.server.ts",
];
