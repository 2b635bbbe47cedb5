import { getDb } from "~/db/client.server";
import { shopSettings } from "~/db/schema/shop-settings";
import { singleton } from "~/lib/singleton.server";
import { DEMO_SHOP_SETTINGS } from "./demo-settings";

export type ShopSettings = typeof shopSettings.$inferSelect;

/**
 * Every page reads the settings, so they are kept in memory and reloaded
 * only after a change made through this process (see docs/architecture.md
 * for several instances).
 */
const cache = singleton("shop-settings-cache", () => ({ current: null as Promise<ShopSettings> | null }));

async function loadShopSettings(): Promise<ShopSettings> {
  const db = await getDb();
  const [row] = await db.select().from(shopSettings).limit(1);
  if (row) return row;
  const [created] = await db.insert(shopSettings).values(DEMO_SHOP_SETTINGS).onConflictDoNothing().returning();
  return created ?? (await db.select().from(shopSettings).limit(1))[0]!;
}

export function getShopSettings(): Promise<ShopSettings> {
  cache.current ??= loadShopSettings().catch((error: unknown) => {
    cache.current = null;
    throw error;
  });
  return cache.current;
}

export function forgetCachedShopSettings() {
  cache.current = null;
}
