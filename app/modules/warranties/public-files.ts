/**
 * The files of warranties that other modules may import (decision 0011);
 * routes may import any file. service-orders' delivery creates an order's
 * warranty in its own transaction through order-warranties.server.ts.
 */
export const PUBLIC_FILES: readonly string[] = ["order-warranties.server.ts", "rules.ts", "term-data.ts"];
