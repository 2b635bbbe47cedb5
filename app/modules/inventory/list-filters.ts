import { searchTextOf } from "~/lib/text-input";
import { PRODUCT_KINDS, type ProductKind } from "~/db/schema/inventory";
import type { ProductFilters } from "./queries.server";

/**
 * The /inventory list's address: every filter is a query parameter in
 * Portuguese (a list has its URL, works without JavaScript and can be
 * bookmarked), read back leniently: an unknown value is no filter.
 */
export const LIST_PARAMS = {
  query: "q",
  kind: "tipo",
  category: "categoria",
  lowStock: "estoque",
  shop: "loja",
  archived: "arquivados",
  page: "pagina",
} as const;

export const MAX_QUERY_LENGTH = 100;

export function filtersFromSearchParams(params: URLSearchParams): ProductFilters {
  const kind = params.get(LIST_PARAMS.kind);
  const category = params.get(LIST_PARAMS.category);
  return {
    query: searchTextOf(params.get(LIST_PARAMS.query), MAX_QUERY_LENGTH),
    kind: (PRODUCT_KINDS as readonly string[]).includes(kind ?? "") ? (kind as ProductKind) : null,
    category: searchTextOf(category, 60) || null,
    isLowStock: params.get(LIST_PARAMS.lowStock) === "baixo",
    isShownInShop: params.get(LIST_PARAMS.shop) === "sim",
    isArchived: params.get(LIST_PARAMS.archived) === "sim",
  };
}

export function listHref(filters: ProductFilters, page = 1) {
  const params = new URLSearchParams();
  if (filters.query) params.set(LIST_PARAMS.query, filters.query);
  if (filters.kind) params.set(LIST_PARAMS.kind, filters.kind);
  if (filters.category) params.set(LIST_PARAMS.category, filters.category);
  if (filters.isLowStock) params.set(LIST_PARAMS.lowStock, "baixo");
  if (filters.isShownInShop) params.set(LIST_PARAMS.shop, "sim");
  if (filters.isArchived) params.set(LIST_PARAMS.archived, "sim");
  if (page > 1) params.set(LIST_PARAMS.page, String(page));
  const search = params.toString();
  return search ? `/inventory?${search}` : "/inventory";
}
