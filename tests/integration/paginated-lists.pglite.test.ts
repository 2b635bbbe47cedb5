import { definePaginatedListsSuite } from "./paginated-lists-suite";

definePaginatedListsSuite("pglite");
