import { defineBlogSuite } from "./blog-suite";

defineBlogSuite("pglite");
