/** The staff's first page; only its route reads it (decision 0011). */
export const PUBLIC_FILES: readonly string[] = [];
