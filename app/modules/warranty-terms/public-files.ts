/**
 * The files of warranty-terms that other modules and app/components may
 * import (decision 0011); routes may import any file. A warranty's terms
 * (its rules, the row that records them, the data its printed term reads)
 * sit below both service-orders, whose delivery records a repaired
 * device's warranty, and warranties, whose pages issue, list and claim
 * them: neither imports the other back.
 */
export const PUBLIC_FILES: readonly string[] = ["order-warranties.server.ts", "rules.ts", "term-data.ts"];
