import { defineShopSuite } from "./shop-suite";

defineShopSuite("pglite");
