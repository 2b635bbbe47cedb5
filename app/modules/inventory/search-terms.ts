import { normaliseBarcode } from "./ean13";

/**
 * What a clerk typed in the inventory's search box, read as the codes it may
 * be (decision 0005: each branch answered by an index): a whole SKU, a whole
 * barcode, and the words of a name.
 */
export type ProductSearch = { code: string; barcode: string | null; words: string[] };

/** Words shorter than this match too many names for the trigram index to help; they still filter. */
export const MIN_INDEXED_WORD = 3;

export function parseProductSearch(query: string): ProductSearch | null {
  const text = query.trim();
  if (text === "") return null;
  const barcode = normaliseBarcode(text);
  return {
    code: text.toLowerCase(),
    barcode: /^[0-9A-Za-z]{4,32}$/.test(barcode) ? barcode : null,
    words: text
      .split(/\s+/)
      .filter((word) => word.length > 0)
      .slice(0, 8),
  };
}
