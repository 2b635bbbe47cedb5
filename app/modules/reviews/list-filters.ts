/** The staff list's filter and pages, shared by the query and the page's controls. */
export const REVIEW_VISIBILITIES = ["all", "shown", "hidden"] as const;
export type ReviewVisibility = (typeof REVIEW_VISIBILITIES)[number];
export const REVIEWS_PER_PAGE = 20;
/** Deep enough for any real shop; an address asking further is answered with the last page. */
export const MAX_REVIEW_PAGE = 1000;
