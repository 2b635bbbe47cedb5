/** The status filter of /blog-management; "published" includes scheduled posts whose time has come. */
export const STAFF_POST_FILTERS = ["all", "draft", "scheduled", "published"] as const;
export type StaffPostFilter = (typeof STAFF_POST_FILTERS)[number];
export const STAFF_POSTS_PAGE_SIZE = 20;
