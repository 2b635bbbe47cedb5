/**
 * The /loja list's address: `?categoria=` (one category), `?busca=` (name or
 * brand), `?pagina=` (2 onwards). Page 1 has no parameter, so every page has
 * one URL; the page cache keeps the category and page addresses (not searches,
 * whose text is anyone's).
 */
export const SHOP_PAGE_SIZE = 24;
export const SHOP_PARAMS = { category: "categoria", search: "busca", page: "pagina" } as const;
export const SHOP_SEARCH_MAX_LENGTH = 80;
/** Longer than any real category; a longer value is not one. */
export const SHOP_CATEGORY_MAX_LENGTH = 80;

export type ShopListQuery = { category: string | null; search: string | null; page: number };

/**
 * What the address asks for, or null when it cannot be read (a page that is not
 * a positive safe integer, text with a NUL that PostgreSQL refuses): the
 * loader then redirects to the plain list.
 */
export function readShopListQuery(params: URLSearchParams): ShopListQuery | null {
  const rawPage = params.get(SHOP_PARAMS.page);
  const page = rawPage === null ? 1 : Number(rawPage);
  if (!Number.isSafeInteger(page) || page < 1 || rawPage === "1") return null;
  const category = params.get(SHOP_PARAMS.category)?.trim() || null;
  const search = params.get(SHOP_PARAMS.search)?.replace(/\s+/g, " ").trim() || null;
  for (const text of [category, search]) if (text?.includes("\0")) return null;
  if (category && category.length > SHOP_CATEGORY_MAX_LENGTH) return null;
  return { category, search: search ? search.slice(0, SHOP_SEARCH_MAX_LENGTH) : null, page };
}

/** The address of a list page; parameters in a fixed order, page 1 without its number. */
export function shopListHref({ category = null, search = null, page = 1 }: Partial<ShopListQuery>) {
  const params = new URLSearchParams();
  if (category) params.set(SHOP_PARAMS.category, category);
  if (search) params.set(SHOP_PARAMS.search, search);
  if (page > 1) params.set(SHOP_PARAMS.page, String(page));
  const query = params.toString();
  return query ? `/loja?${query}` : "/loja";
}

export function shopProductHref(slug: string) {
  return `/loja/${encodeURIComponent(slug)}`;
}
