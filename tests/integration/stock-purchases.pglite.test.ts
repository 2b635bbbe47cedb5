import { defineStockPurchasesSuite } from "./stock-purchases-suite";

defineStockPurchasesSuite("pglite");
