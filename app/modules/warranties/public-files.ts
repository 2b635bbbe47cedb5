/**
 * The files of warranties that other modules may import (decision 0011);
 * routes may import any file. Its terms, rules and rows are warranty-terms',
 * which service-orders' delivery uses; the Painel (dashboard) reads the
 * month's claims per technician through queries.server.ts.
 */
export const PUBLIC_FILES: readonly string[] = ["queries.server.ts"];
