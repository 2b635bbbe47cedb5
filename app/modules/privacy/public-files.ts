/**
 * The files of privacy that other modules and app/components may import
 * (decision 0011); routes may import any file. Only routes use it.
 */
export const PUBLIC_FILES: readonly string[] = [];
