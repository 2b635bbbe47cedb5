import type { Transaction } from "~/db/client.server";
import { shopSettings } from "~/db/schema/shop-settings";
import { DEMO_SHOP_SETTINGS } from "~/modules/shop-settings/demo-settings";

/** After the seed wrote demo rows: the staff banner and the removal page read this flag, not the tables. */
export async function markShopHasDemoDataInTx(tx: Transaction) {
  await tx
    .insert(shopSettings)
    .values({ ...DEMO_SHOP_SETTINGS, hasDemoData: true })
    .onConflictDoUpdate({ target: shopSettings.id, set: { hasDemoData: true } });
}
