import { defineShopSettingsSuite } from "./shop-settings-suite";

defineShopSettingsSuite("pglite");
