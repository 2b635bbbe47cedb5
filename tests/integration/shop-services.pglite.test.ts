import { defineShopServicesSuite } from "./shop-services-suite";

defineShopServicesSuite("pglite");
