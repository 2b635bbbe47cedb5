import { defineSalesSuite } from "./sales-suite";

defineSalesSuite("pglite");
