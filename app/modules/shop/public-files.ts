/**
 * What other modules may import from this one (decision 0011): the public
 * shop's reads are used by its routes only.
 */
export const PUBLIC_FILES: readonly string[] = [];
