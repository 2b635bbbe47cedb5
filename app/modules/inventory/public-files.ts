/**
 * What other modules may import from this one (decision 0011).
 */
export const PUBLIC_FILES: readonly string[] = ["stock-ledger.server.ts", "average-cost.ts", "order-parts.server.ts"];
