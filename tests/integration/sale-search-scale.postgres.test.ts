import { defineSaleSearchScaleSuite } from "./sale-search-scale-suite";

defineSaleSearchScaleSuite("postgres");
