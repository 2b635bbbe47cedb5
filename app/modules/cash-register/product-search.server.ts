import { and, asc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { folded, foldedContains, foldForSearch } from "~/db/search-fold";
import { getDb, type Database, type Transaction } from "~/db/client.server";
import { productUnits, products, type ProductKind } from "~/db/schema/inventory";
import { hasNoNul } from "~/lib/text-input";

export type SaleProductUnit = { id: number; serial: string };

/** A product as the sale screen lists it: enough to add it to the cart and show the price and stock. */
export type SaleProductHit = {
  id: number;
  kind: ProductKind;
  name: string;
  sku: string;
  barcode: string | null;
  priceCents: number;
  stockQuantity: number;
  isSerialised: boolean;
  /** Serialised products: the units in stock to choose from (the one scanned first). */
  units: SaleProductUnit[];
};

export type SaleProductSearch = {
  hits: SaleProductHit[];
  /** The one product whose barcode, SKU or unit serial is exactly what was typed (a scanner's code): the screen adds it at once. */
  exact: { productId: number; unitId: number | null } | null;
};

const MAX_HITS = 12;
const MAX_UNITS_LISTED = 20;
const MAX_QUERY_LENGTH = 100;
export const MIN_WORD_LENGTH = 3;

type Reader = Database | Transaction;

const columns = {
  id: products.id,
  kind: products.kind,
  name: products.name,
  sku: products.sku,
  barcode: products.barcode,
  priceCents: products.priceCents,
  stockQuantity: products.stockQuantity,
  isSerialised: products.isSerialised,
};

/**
 * The register's product search (decision 0005's shapes, ≤ 30 ms p95 at
 * 100 000 products): what a scanner or a clerk types is first tried as an
 * exact barcode, SKU (unique lower(sku) index) or unit serial; then each word
 * must be in the name (trigram index products_name_folded_trgm_idx). Archived
 * products are never offered.
 */
export async function searchSaleProducts(query: string, reader?: Reader): Promise<SaleProductSearch> {
  const text = query.trim().slice(0, MAX_QUERY_LENGTH);
  if (text === "" || !hasNoNul(text)) return { hits: [], exact: null };
  const db = reader ?? (await getDb());
  const active = isNull(products.archivedAt);

  const code = text.replace(/\s+/g, "");
  const exactRows = await db
    .select(columns)
    .from(products)
    .where(and(active, or(eq(products.barcode, code), sql`lower(${products.sku}) = lower(${code})`)))
    .limit(2);
  let exact: SaleProductSearch["exact"] = exactRows.length === 1 ? { productId: exactRows[0]!.id, unitId: null } : null;
  let hits = exactRows;

  if (exactRows.length === 0 && /^[0-9A-Za-z]{6,}$/.test(code)) {
    const unitRows = await db
      .select({ unitId: productUnits.id, serial: productUnits.serial, ...columns })
      .from(productUnits)
      .innerJoin(products, eq(products.id, productUnits.productId))
      .where(and(eq(productUnits.serial, code.toUpperCase()), eq(productUnits.status, "in-stock"), active))
      .limit(2);
    if (unitRows.length === 1) {
      const { unitId, serial, ...product } = unitRows[0]!;
      return { hits: [{ ...product, units: [{ id: unitId, serial }] }], exact: { productId: product.id, unitId } };
    }
  }

  const words = text
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 5);
  // A trigram index needs three characters: a name search on "ca" alone would read every product.
  // A code that matched needs no name search; nor does a long run of digits that did not (a barcode not registered).
  const isCode = exact !== null || /^\d{8,}$/.test(code);
  if (!isCode && words.some((word) => word.length >= MIN_WORD_LENGTH)) {
    // Only words of three or more characters go to the trigram index: "%13%" has no trigram, and as an
    // index condition it read the whole index (140 ms); a short word only filters the rows found.
    const nameMatches: SQL[] = words.map((word) =>
      word.length >= MIN_WORD_LENGTH
        ? foldedContains(products.name, word)
        : sql`strpos(${folded(products.name)}, ${foldForSearch(word)}) > 0`,
    );
    const byName = await db
      .select(columns)
      .from(products)
      .where(and(active, ...nameMatches))
      // No ORDER BY: a common word ("capa") matches thousands of products, and sorting them all
      // cost 20–50 ms on PGlite; the first matches are read off the trigram bitmap and sorted here.
      .limit(MAX_HITS)
      .then((rows) => rows.sort((a, b) => a.name.localeCompare(b.name, "pt-BR")));
    const seen = new Set(hits.map((hit) => hit.id));
    hits = [...hits, ...byName.filter((hit) => !seen.has(hit.id))].slice(0, MAX_HITS);
  }
  if (exact && hits.length === 0) exact = null;
  return { hits: await withUnits(db, hits), exact };
}

async function withUnits(db: Reader, rows: Omit<SaleProductHit, "units">[]): Promise<SaleProductHit[]> {
  const serialised = rows.filter((row) => row.isSerialised).map((row) => row.id);
  const units =
    serialised.length === 0
      ? []
      : await db
          .select({ id: productUnits.id, productId: productUnits.productId, serial: productUnits.serial })
          .from(productUnits)
          .where(and(inArray(productUnits.productId, serialised), eq(productUnits.status, "in-stock")))
          .orderBy(asc(productUnits.serial))
          .limit(MAX_UNITS_LISTED * serialised.length);
  return rows.map((row) => ({
    ...row,
    units: units
      .filter((unit) => unit.productId === row.id)
      .slice(0, MAX_UNITS_LISTED)
      .map(({ id, serial }) => ({ id, serial })),
  }));
}
