/** The /blog list: six posts a page, `?pagina=2` onwards (page 1 has no parameter, one URL per page). */
export const BLOG_PAGE_SIZE = 6;
export const BLOG_PAGE_PARAM = "pagina";

export function blogPageHref(page: number) {
  return page === 1 ? "/blog" : `/blog?${BLOG_PAGE_PARAM}=${page}`;
}
