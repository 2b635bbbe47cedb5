import { data, redirect } from "react-router";
import { readId } from "./forms";

/**
 * A row's id from the address (`/cdc/:id`), or the 404 page: a route reads
 * `parseIdParam(params.id)` first thing, so a hostile or mistyped segment
 * ("abc", "0", "1%00", a number past PostgreSQL's integer) never reaches a
 * query and never becomes a 500.
 */
export function parseIdParam(param: string | undefined): number {
  const id = readId(param ?? "");
  if (id === null) throw data({ reason: "not-found" }, { status: 404 });
  return id;
}

/** The query parameter that carries a list's page number ("?pagina=2"). */
export const PAGE_PARAM = "pagina";

/** The page the address asks for: 1 when absent or not a page number. */
export function requestedPage(request: Request): number {
  const raw = new URL(request.url).searchParams.get(PAGE_PARAM);
  return raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
}

/**
 * Sends a list to its page's own address when the address asked for
 * something else: past the last page (an old link, an edited address) to the
 * first page, a page number out of range or not a number to the page served,
 * and page 1 to the address without a number. `hrefFor` builds a page's address.
 */
export function redirectToOwnPageAddress(
  request: Request,
  list: { page: number; isEmpty: boolean },
  hrefFor: (page: number) => string,
): void {
  const raw = new URL(request.url).searchParams.get(PAGE_PARAM);
  if (list.page > 1 && list.isEmpty) throw redirect(hrefFor(1));
  if (raw !== (list.page === 1 ? null : String(list.page))) throw redirect(hrefFor(list.page));
}
