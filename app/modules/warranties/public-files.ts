/**
 * The files of warranties that other modules may import (decision 0011);
 * routes may import any file. Its terms, rules and rows are warranty-terms',
 * which service-orders' delivery uses: nothing outside imports this module.
 */
export const PUBLIC_FILES: readonly string[] = [];
