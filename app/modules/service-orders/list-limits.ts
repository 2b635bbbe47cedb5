/** Rows per page of /service-orders. */
export const SERVICE_ORDERS_PAGE_SIZE = 25;
/** At most this many orders answer the search box, newest first. */
export const SEARCH_RESULT_LIMIT = 50;
