import { and, asc, desc, eq, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { foldedContains } from "~/db/search-fold";
import { getDb, type Database, type Transaction } from "~/db/client.server";
import { productUnits, products, stockCountItems, stockCounts, stockMovements, type ProductKind } from "~/db/schema/inventory";
import { financeAccounts } from "~/db/schema/finance";
import { suppliers } from "~/db/schema/suppliers";
import { MAX_ID } from "~/lib/forms";
import { MIN_INDEXED_WORD, parseProductSearch, type ProductSearch } from "./search-terms";

export const PRODUCT_PAGE_SIZE = 25;
/** Beyond this a clerk refines the search; it also bounds the OFFSET a crafted URL can ask for. */
export const MAX_PRODUCT_PAGE = 400;
export const MOVEMENT_PAGE_SIZE = 30;

export type ProductFilters = {
  query: string;
  kind: ProductKind | null;
  category: string | null;
  isLowStock: boolean;
  isShownInShop: boolean;
  /** Archived items instead of the active ones. */
  isArchived: boolean;
};

export const NO_FILTERS: ProductFilters = {
  query: "",
  kind: null,
  category: null,
  isLowStock: false,
  isShownInShop: false,
  isArchived: false,
};

const LIST_COLUMNS = {
  id: products.id,
  kind: products.kind,
  sku: products.sku,
  barcode: products.barcode,
  name: products.name,
  category: products.category,
  brand: products.brand,
  priceCents: products.priceCents,
  averageCostCents: products.averageCostCents,
  stockQuantity: products.stockQuantity,
  reservedQuantity: products.reservedQuantity,
  minimumStock: products.minimumStock,
  location: products.location,
  shownInShop: products.shownInShop,
  isSerialised: products.isSerialised,
  archivedAt: products.archivedAt,
};

export type ProductListItem = {
  id: number;
  kind: ProductKind;
  sku: string;
  barcode: string | null;
  name: string;
  category: string;
  brand: string;
  priceCents: number;
  averageCostCents: number;
  stockQuantity: number;
  reservedQuantity: number;
  minimumStock: number;
  location: string;
  shownInShop: boolean;
  isSerialised: boolean;
  archivedAt: Date | null;
};

function searchCondition(search: ProductSearch): SQL {
  return or(
    eq(sql`lower(${products.sku})`, search.code),
    search.barcode ? eq(products.barcode, search.barcode) : undefined,
    and(...search.words.map((word) => foldedContains(products.name, word))),
  )!;
}

/**
 * The conditions of the filters. The low-stock one contains the partial
 * index products_low_stock_idx's own predicate, so the planner uses it.
 */
function filterConditions(filters: ProductFilters): SQL[] {
  const conditions: (SQL | undefined)[] = [
    filters.isArchived ? isNotNull(products.archivedAt) : isNull(products.archivedAt),
    filters.kind ? eq(products.kind, filters.kind) : undefined,
    filters.category !== null ? eq(products.category, filters.category) : undefined,
    filters.isShownInShop ? eq(products.shownInShop, true) : undefined,
    // A minimum of 0 means "not restocked": such an item is listed only once it is below zero.
    filters.isLowStock
      ? and(
          ne(products.kind, "service"),
          sql`${products.stockQuantity} <= ${products.minimumStock}`,
          sql`(${products.minimumStock} > 0 or ${products.stockQuantity} < 0)`,
        )
      : undefined,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** Alphabetical within a category or the low-stock list (an index gives that order); otherwise newest first. */
function isNameOrder(filters: ProductFilters) {
  return filters.isLowStock || filters.category !== null;
}

function selectPage(
  db: Database | Transaction,
  filters: ProductFilters,
  search: ProductSearch | null,
  limit: number,
  offset: number,
) {
  const condition = and(...filterConditions(filters), search ? searchCondition(search) : undefined);
  return db
    .select(LIST_COLUMNS)
    .from(products)
    .where(condition)
    .orderBy(...(isNameOrder(filters) ? [asc(products.name), asc(products.id)] : [desc(products.id)]))
    .limit(limit)
    .offset(offset);
}

/** The planner's guess of how many products a condition (or none) selects. */
async function estimatedRows(db: Database, condition?: SQL) {
  const where = condition ? sql` where ${condition}` : sql``;
  const result = await db.execute(sql`explain (format json) select 1 from ${products}${where}`);
  const cell: unknown = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === "string" ? JSON.parse(cell) : cell) as [{ Plan?: { "Plan Rows"?: number } }] | undefined;
  return plan?.[0]?.Plan?.["Plan Rows"] ?? 0;
}

/** One word with a digit and no space ("ESC0001234", "7891000315507"): most likely a whole SKU or barcode. */
function isCodeShaped(search: ProductSearch) {
  return search.words.length === 1 && /\d/.test(search.code);
}

/**
 * Without a search the page walks an index in the list's order (the primary
 * key backwards, or category/low-stock by name). A code-shaped search is
 * tried first as a whole SKU or barcode (unique indexes, a millisecond). A
 * name search is planned here, as the customers' list does (decision 0005):
 * the planner on PGlite prices ILIKE as cheap, so for a word few names
 * contain it would walk the whole table newest first; when its own estimate
 * says few rows match, the sequential scan and the ordered walk are turned
 * off for that one statement and the trigram index answers. A common word
 * ("capa": thousands of rows) walks the newest rows, which fill a page fast.
 */
async function findProducts(filters: ProductFilters, limit: number, offset: number) {
  const db = await getDb();
  const search = parseProductSearch(filters.query);
  if (search && isCodeShaped(search) && offset === 0) {
    const exact = await db
      .select(LIST_COLUMNS)
      .from(products)
      .where(
        and(
          ...filterConditions(filters),
          or(eq(sql`lower(${products.sku})`, search.code), search.barcode ? eq(products.barcode, search.barcode) : undefined),
        ),
      )
      .limit(limit);
    if (exact.length > 0) return exact;
  }
  if (!search || !search.words.some((word) => word.length >= MIN_INDEXED_WORD)) {
    return selectPage(db, filters, search, limit, offset);
  }
  // Words of a name go together ("capa silicone"): the planner multiplies their selectivities as if
  // independent and guesses a tenth of the matches. The rarest word alone is the closer guess.
  const indexedWords = search.words.filter((word) => word.length >= MIN_INDEXED_WORD);
  const [total, ...perWord] = await Promise.all([
    estimatedRows(db),
    ...indexedWords.map((word) => estimatedRows(db, foldedContains(products.name, word))),
  ]);
  const matching = Math.min(...perWord);
  // The walk reads about total × needed ÷ matching rows; the trigram index about `matching`, then sorts them.
  // Either way the planner is told, for this one statement: it would otherwise pick by its own guess.
  const isWalk = matching * matching >= total * (offset + limit);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(isWalk ? sql`set local enable_bitmapscan = off` : sql`set local enable_indexscan = off`);
    return selectPage(tx, filters, search, limit, offset);
  });
}

/** The /inventory list: a page of PRODUCT_PAGE_SIZE and whether there is a next one (never a count of 100 000 rows). */
export async function searchProducts(filters: ProductFilters, page = 1, pageSize = PRODUCT_PAGE_SIZE) {
  const safePage = Number.isSafeInteger(page) ? Math.min(Math.max(page, 1), MAX_PRODUCT_PAGE) : 1;
  const rows = await findProducts(filters, pageSize + 1, (safePage - 1) * pageSize);
  return {
    products: rows.slice(0, pageSize) as ProductListItem[],
    page: safePage,
    hasNextPage: rows.length > pageSize && safePage < MAX_PRODUCT_PAGE,
  };
}

/**
 * The categories in use, for the filter: a skip scan over the
 * (category, name) index, one probe per category instead of reading every row.
 */
export async function listProductCategories(): Promise<string[]> {
  const db = await getDb();
  const result = await db.execute(
    sql`${CATEGORIES_CTE} select category from found where category is not null and category <> '' limit 300`,
  );
  return (result.rows as { category: string }[]).map((row) => row.category);
}

/** The distinct categories, read from the index one step per category (a skip scan), in its order. */
const CATEGORIES_CTE = sql`
    with recursive found as (
      (select category from ${products} order by category limit 1)
      union all
      select (select p.category from ${products} p where p.category > found.category order by p.category limit 1)
      from found where found.category is not null
    )`;

type MovementRow = Awaited<ReturnType<typeof listProductMovements>>["movements"][number];

/**
 * What a product's page lists besides the product, in one round trip (on
 * PGlite each round trip costs the server's one thread): the categories as
 * listProductCategories gives them, a page of its statement as
 * listProductMovements, and the purchase form's options: the first
 * `supplierLimit` suppliers by name (finance's supplierOptions) and the
 * active finance accounts (finance's activeAccountOptions).
 */
export async function getProductPageLists(productId: number, page: number, { supplierLimit }: { supplierLimit: number }) {
  const safePage = Number.isSafeInteger(page) ? Math.min(Math.max(page, 1), 10_000) : 1;
  const db = await getDb();
  const result = await db.execute(sql`select
    (${CATEGORIES_CTE}
      select coalesce(json_agg(listed.category order by listed.category), '[]'::json)
      from (select category from found where category is not null and category <> '' limit 300) as listed) as "categories",
    (select coalesce(json_agg(json_build_object(
        'id', movement.id, 'kind', movement.kind, 'quantity', movement.quantity, 'unitCostCents', movement.unit_cost_cents,
        'balanceAfter', movement.balance_after, 'averageCostAfterCents', movement.average_cost_after_cents,
        'supplier', movement.supplier, 'reason', movement.reason, 'origin', movement.origin,
        'actorLabel', movement.actor_label, 'createdAt', movement.created_at, 'serial', movement.serial
      ) order by movement.created_at desc, movement.id desc), '[]'::json)
      from (
        select ${stockMovements.id} as id, ${stockMovements.kind} as kind, ${stockMovements.quantity} as quantity,
          ${stockMovements.unitCostCents} as unit_cost_cents, ${stockMovements.balanceAfter} as balance_after,
          ${stockMovements.averageCostAfterCents} as average_cost_after_cents, ${stockMovements.supplier} as supplier,
          ${stockMovements.reason} as reason, ${stockMovements.origin} as origin, ${stockMovements.actorLabel} as actor_label,
          ${stockMovements.createdAt} as created_at, ${productUnits.serial} as serial
        from ${stockMovements} left join ${productUnits} on ${productUnits.id} = ${stockMovements.unitId}
        where ${stockMovements.productId} = ${productId}
        order by ${stockMovements.createdAt} desc, ${stockMovements.id} desc
        limit ${MOVEMENT_PAGE_SIZE + 1} offset ${(safePage - 1) * MOVEMENT_PAGE_SIZE}
      ) as movement) as "movements",
    (select coalesce(json_agg(json_build_object('id', first_suppliers.id, 'name', first_suppliers.name)
        order by lower(first_suppliers.name), first_suppliers.id), '[]'::json)
      from (select ${suppliers.id} as id, ${suppliers.name} as name from ${suppliers}
        order by lower(${suppliers.name}), ${suppliers.id} limit ${supplierLimit}) as first_suppliers) as "suppliers",
    (select coalesce(json_agg(json_build_object('id', ${financeAccounts.id}, 'name', ${financeAccounts.name})
        order by ${financeAccounts.position}, ${financeAccounts.id}), '[]'::json)
      from ${financeAccounts} where ${financeAccounts.archivedAt} is null) as "accounts"`);
  const row = result.rows[0] as {
    categories: string[];
    movements: (Omit<MovementRow, "createdAt"> & { createdAt: string })[];
    suppliers: { id: number; name: string }[];
    accounts: { id: number; name: string }[];
  };
  const movements: MovementRow[] = row.movements.map((movement) => ({ ...movement, createdAt: new Date(movement.createdAt) }));
  return {
    categories: row.categories,
    ledger: {
      movements: movements.slice(0, MOVEMENT_PAGE_SIZE),
      page: safePage,
      hasNextPage: movements.length > MOVEMENT_PAGE_SIZE,
    },
    suppliers: row.suppliers,
    accounts: row.accounts,
  };
}

function isProductId(id: number) {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID;
}

/** Everything the product's page shows; null for an unknown id. */
export async function getProduct(id: number) {
  if (!isProductId(id)) return null;
  const db = await getDb();
  const [product] = await db.select().from(products).where(eq(products.id, id));
  return product ?? null;
}

export type ProductDetails = NonNullable<Awaited<ReturnType<typeof getProduct>>>;

/** The product's statement: its movements newest first, each with the balance and average cost right after it. */
export async function listProductMovements(productId: number, page = 1) {
  if (!isProductId(productId)) return { movements: [], page: 1, hasNextPage: false };
  const safePage = Number.isSafeInteger(page) ? Math.min(Math.max(page, 1), 10_000) : 1;
  const db = await getDb();
  const rows = await db
    .select({
      id: stockMovements.id,
      kind: stockMovements.kind,
      quantity: stockMovements.quantity,
      unitCostCents: stockMovements.unitCostCents,
      balanceAfter: stockMovements.balanceAfter,
      averageCostAfterCents: stockMovements.averageCostAfterCents,
      supplier: stockMovements.supplier,
      reason: stockMovements.reason,
      origin: stockMovements.origin,
      actorLabel: stockMovements.actorLabel,
      createdAt: stockMovements.createdAt,
      serial: productUnits.serial,
    })
    .from(stockMovements)
    .leftJoin(productUnits, eq(productUnits.id, stockMovements.unitId))
    .where(eq(stockMovements.productId, productId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(MOVEMENT_PAGE_SIZE + 1)
    .offset((safePage - 1) * MOVEMENT_PAGE_SIZE);
  return { movements: rows.slice(0, MOVEMENT_PAGE_SIZE), page: safePage, hasNextPage: rows.length > MOVEMENT_PAGE_SIZE };
}

/** A serialised product's units in the shop (in stock or reserved), oldest first. */
export async function listUnitsInShop(productId: number) {
  if (!isProductId(productId)) return [];
  const db = await getDb();
  return db
    .select({ id: productUnits.id, serial: productUnits.serial, costCents: productUnits.costCents, status: productUnits.status })
    .from(productUnits)
    .where(and(eq(productUnits.productId, productId), sql`${productUnits.status} in ('in-stock', 'reserved')`))
    .orderBy(asc(productUnits.createdAt), asc(productUnits.id))
    .limit(500);
}

/** Stock counts, newest first. */
export async function listStockCounts() {
  const db = await getDb();
  return db
    .select({
      id: stockCounts.id,
      note: stockCounts.note,
      startedByLabel: stockCounts.startedByLabel,
      startedAt: stockCounts.startedAt,
      closedAt: stockCounts.closedAt,
      closedByLabel: stockCounts.closedByLabel,
      items: sql<number>`(select count(*)::int from ${stockCountItems} where ${stockCountItems.countId} = ${stockCounts.id})`,
    })
    .from(stockCounts)
    .orderBy(desc(stockCounts.id))
    .limit(100);
}

/** How many counted items a count's page lists at a time (a full count of a large catalogue has thousands). */
export const STOCK_COUNT_ITEMS_PAGE_SIZE = 100;

/**
 * A count and one page of what was counted in it (by product name, with
 * each product's SKU), with how many items were counted and how many differ
 * over the whole count, added up by the database.
 */
export async function getStockCount(id: number, page = 1) {
  if (!isProductId(id)) return null;
  const safePage = Number.isSafeInteger(page) ? Math.min(Math.max(page, 1), 10_000) : 1;
  const db = await getDb();
  const [count] = await db.select().from(stockCounts).where(eq(stockCounts.id, id));
  if (!count) return null;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        productId: stockCountItems.productId,
        name: products.name,
        sku: products.sku,
        expectedQuantity: stockCountItems.expectedQuantity,
        countedQuantity: stockCountItems.countedQuantity,
        countedAt: stockCountItems.countedAt,
      })
      .from(stockCountItems)
      .innerJoin(products, eq(products.id, stockCountItems.productId))
      .where(eq(stockCountItems.countId, id))
      .orderBy(asc(products.name), asc(stockCountItems.productId))
      .limit(STOCK_COUNT_ITEMS_PAGE_SIZE + 1)
      .offset((safePage - 1) * STOCK_COUNT_ITEMS_PAGE_SIZE),
    db
      .select({
        itemCount: sql<number>`count(*)::int`,
        differenceCount: sql<number>`(count(*) filter (where ${stockCountItems.countedQuantity} <> ${stockCountItems.expectedQuantity}))::int`,
      })
      .from(stockCountItems)
      .where(eq(stockCountItems.countId, id)),
  ]);
  return {
    ...count,
    items: rows.slice(0, STOCK_COUNT_ITEMS_PAGE_SIZE),
    itemCount: Number(totals?.itemCount ?? 0),
    differenceCount: Number(totals?.differenceCount ?? 0),
    page: safePage,
    hasNextPage: rows.length > STOCK_COUNT_ITEMS_PAGE_SIZE,
  };
}

/** Every active product, in SKU order, for the CSV export (read in pages so 100 000 rows never sit in one result). */
export async function* productsForExport(batchSize = 2000) {
  const db = await getDb();
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({
        ...LIST_COLUMNS,
        description: products.description,
        partOrigin: products.partOrigin,
        revenueSource: products.revenueSource,
      })
      .from(products)
      .where(and(isNull(products.archivedAt), sql`${products.id} > ${afterId}`))
      .orderBy(asc(products.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    afterId = rows.at(-1)!.id;
  }
}
