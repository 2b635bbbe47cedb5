import { defineSiteContentSuite } from "./site-content-suite";

defineSiteContentSuite("pglite");
