import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { folded, foldedContains, foldForSearch } from "~/db/search-fold";
import { getDb, inTransaction, type Database, type Transaction } from "~/db/client.server";
import { products, type PartOrigin, type ProductKind } from "~/db/schema/inventory";
import { formatCents } from "~/lib/money";
import type { UploadedImage } from "~/lib/uploads/uploaded-image";
import { getUploadedImages } from "~/modules/uploads/queries.server";
import { shopAvailability, type ShopAvailability } from "./availability";
import { SHOP_PAGE_SIZE, type ShopListQuery } from "./catalogue-address";

/**
 * The public catalogue's view of a product: only what a visitor may see.
 * Cost, stock counts, location, supplier and barcode never leave this file
 * except as `availability` (decision: never the exact count).
 */
/**
 * What a card or the product page needs of a photo: the files for `srcset`,
 * the space to reserve, and the JPEG for link previews and structured data.
 * Not the whole UploadedImage: 24 cards' file lists doubled the page's
 * hydration data, which the browser decodes on its main thread.
 */
export type ShopPhoto = { src: string; srcSet: string; width: number; height: number; shareUrl: string };

export type ShopProductCard = {
  id: number;
  slug: string;
  name: string;
  brand: string;
  category: string;
  kind: ProductKind;
  priceCents: number;
  /** "R$ 49,90", formatted here so no page formats money in the browser (decision 0006: no Intl on first load). */
  priceText: string;
  availability: ShopAvailability;
  photo: ShopPhoto | null;
};

export type ShopProduct = ShopProductCard & {
  sku: string;
  /** An EAN-13 (schema.org gtin13), when the barcode is one. */
  gtin13: string | null;
  description: string;
  partOrigin: PartOrigin | null;
  updatedAt: Date;
};

/** What the shop shows: the condition of the partial index products_shop_idx, so every list reads only it. */
const isShown = sql`${products.shownInShop} and ${products.archivedAt} is null`;

/**
 * In stock for a visitor: a serialised product when one of its units is on
 * the shelf (a reserved one is promised to an order); any other when what is
 * in stock exceeds what approved orders hold.
 */
const isInStock = sql<boolean>`case when ${products.isSerialised}
  then exists (select 1 from product_units as unit where unit.product_id = "products"."id" and unit.status = 'in-stock')
  else ${products.stockQuantity} - ${products.reservedQuantity} > 0 end`;
// The unit's columns are named by hand: drizzle writes a one-table query's columns without their table,
// and "id" inside the subquery would then be the unit's own.

const cardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  brand: products.brand,
  category: products.category,
  kind: products.kind,
  priceCents: products.priceCents,
  photoUploadId: products.photoUploadId,
  isInStock,
};

/** The text products_shop_folded_search_idx indexes (folded, trigrams): a condition must name it exactly so to use the index. */
const searchableText = sql`(${products.name} || ' ' || ${products.brand})`;

/** Words shorter than this give the trigram index nothing to look up. */
export const SHOP_SEARCH_MIN_WORD = 3;

/**
 * Every word typed must be in the name or the brand ("samsung a15" finds
 * "Galaxy A15" by Samsung). Words of 3+ letters go through the trigram
 * index; shorter ones ("13" in "iphone 13") only filter what those found,
 * written so the planner does not try the index with them (a trigram-less
 * pattern makes it read the whole index).
 */
function searchCondition(search: string): SQL | undefined {
  const words = search.split(" ").filter(Boolean).slice(0, 6);
  return and(
    ...words.map((word) =>
      word.length >= SHOP_SEARCH_MIN_WORD
        ? foldedContains(searchableText, word)
        : sql`strpos(${folded(searchableText)}, ${foldForSearch(word)}) > 0`,
    ),
  );
}

/** Whether a search has a word the index can look up (else the list asks for 3 letters). */
export function isSearchable(search: string) {
  return search.split(" ").some((word) => word.length >= SHOP_SEARCH_MIN_WORD);
}

/**
 * The categories that have something on show, in order. A loose index scan
 * (one index probe per category on products_shop_idx): `select distinct`
 * would read every shown product.
 */
export async function listShopCategories(): Promise<string[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    with recursive shown(category) as (
      (select ${products.category} from ${products} where ${isShown} order by ${products.category} limit 1)
      union all
      select (select ${products.category} from ${products}
              where ${isShown} and ${products.category} > shown.category order by ${products.category} limit 1)
      from shown where shown.category is not null
    )
    select category from shown where category is not null and category <> ''`);
  return (result.rows as { category: string }[]).map((row) => row.category);
}

export type ShopProductPage = {
  products: ShopProductCard[];
  hasNextPage: boolean;
  /** A search matched more than SHOP_SEARCH_MATCH_CAP products: only those are listed, and the visitor is asked to refine it. */
  isSearchCapped: boolean;
};

/**
 * One page of the catalogue, by category and name (the order of
 * products_shop_idx, so a page is read from the index, not sorted), with the
 * photos in one more query. It reads one row more than the page to know
 * whether a next page exists instead of counting every match.
 */
export async function listShopProducts(query: ShopListQuery): Promise<ShopProductPage> {
  const { rows, isSearchCapped } = query.search
    ? await searchShopPage(query, query.search)
    : { rows: await selectShopPage(await getDb(), query), isSearchCapped: false };
  const shown = rows.slice(0, SHOP_PAGE_SIZE);
  const photos = await getUploadedImages(shown.flatMap((row) => (row.photoUploadId ? [row.photoUploadId] : [])));
  return {
    products: shown.map((row) => toCard(row, photos)),
    hasNextPage: rows.length > SHOP_PAGE_SIZE,
    isSearchCapped,
  };
}

function shopPageCondition({ category, search }: Pick<ShopListQuery, "category" | "search">) {
  return and(isShown, category ? eq(products.category, category) : undefined, search ? searchCondition(search) : undefined);
}

function selectShopPage(db: Database | Transaction, query: ShopListQuery) {
  return db
    .select(cardColumns)
    .from(products)
    .where(shopPageCondition(query))
    .orderBy(asc(products.category), asc(products.name), asc(products.id))
    .limit(SHOP_PAGE_SIZE + 1)
    .offset((query.page - 1) * SHOP_PAGE_SIZE);
}

/**
 * The most matches a search sorts. A word in a quarter of 100 000 products
 * ("galaxy") costs ~35 ms on PostgreSQL just to fetch and sort its matches; past this many
 * the visitor gets the first ones found and is asked to add a word.
 */
export const SHOP_SEARCH_MATCH_CAP = 1_000;

/**
 * A search: the matches come only from the trigram index (the planner cannot
 * estimate trigram matches: it guessed 8 rows for 6 700 and 3 000 for none,
 * and walked the whole catalogue in page order for a rare word, 100–450 ms),
 * at most SHOP_SEARCH_MATCH_CAP of them, then sorted into pages.
 * `set_config(…, true)` holds only inside this transaction.
 */
async function searchShopPage(query: ShopListQuery, search: string) {
  if (!isSearchable(search)) return { rows: [], isSearchCapped: false };
  return inTransaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`);
    const found = await tx.execute(sql`
      with matched as (
        select ${products.id} as id, ${products.category} as category, ${products.name} as name
        from ${products} where ${shopPageCondition({ category: query.category, search })}
        limit ${SHOP_SEARCH_MATCH_CAP}
      )
      select id, count(*) over () as "matches" from matched
      order by category, name, id
      limit ${SHOP_PAGE_SIZE + 1} offset ${(query.page - 1) * SHOP_PAGE_SIZE}`);
    const page = found.rows as { id: number; matches: number | string }[];
    if (page.length === 0) return { rows: [], isSearchCapped: false };
    const ids = page.map((row) => Number(row.id));
    const rows = await tx
      .select(cardColumns)
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.category), asc(products.name), asc(products.id));
    return { rows, isSearchCapped: Number(page[0]!.matches) >= SHOP_SEARCH_MATCH_CAP };
  });
}

/** A product's public page, or null when it is not on show (hidden, archived, unknown). */
export async function findShopProduct(slug: string): Promise<ShopProduct | null> {
  if (slug.length > 200 || slug.includes("\0")) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      ...cardColumns,
      sku: products.sku,
      barcode: products.barcode,
      description: products.description,
      partOrigin: products.partOrigin,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(and(eq(products.slug, slug), isShown));
  if (!row) return null;
  const photos = await getUploadedImages(row.photoUploadId ? [row.photoUploadId] : []);
  return {
    ...toCard(row, photos),
    sku: row.sku,
    gtin13: row.barcode && /^\d{13}$/.test(row.barcode) ? row.barcode : null,
    description: row.description,
    partOrigin: row.kind === "part" ? row.partOrigin : null,
    updatedAt: row.updatedAt,
  };
}

/** Every product on show, for the sitemap: address and last change. */
export async function listShopProductsForSitemap(): Promise<{ slug: string; updatedAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(isShown)
    .orderBy(asc(products.category), asc(products.name), asc(products.id))
    .limit(50_000);
}

type CardRow = {
  id: number;
  slug: string;
  name: string;
  brand: string;
  category: string;
  kind: ProductKind;
  priceCents: number;
  photoUploadId: string | null;
  isInStock: boolean;
};

function toCard(row: CardRow, photos: Map<string, UploadedImage>): ShopProductCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    category: row.category,
    kind: row.kind,
    priceCents: row.priceCents,
    priceText: formatCents(row.priceCents),
    availability: shopAvailability(row.kind, row.isInStock),
    photo: toShopPhoto((row.photoUploadId && photos.get(row.photoUploadId)) || null),
  };
}

function toShopPhoto(image: UploadedImage | null): ShopPhoto | null {
  if (!image) return null;
  return { src: image.src, srcSet: image.srcSet, width: image.width, height: image.height, shareUrl: image.share.url };
}
