/**
 * The files of debtors that other modules may import (decision 0011): the
 * list and a customer's open items (credit-payments' settlement reads them),
 * the IOU core and the ageing rule.
 */
export const PUBLIC_FILES: readonly string[] = ["ageing.ts", "queries.server.ts", "mutations.server.ts"];
