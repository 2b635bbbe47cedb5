import { getDb, type Database, type Transaction } from "~/db/client.server";
import { shopSettings } from "~/db/schema/shop-settings";
import { invalidatePublicPages } from "~/lib/page-cache.server";
import { onSharedChange } from "~/lib/shared-cache.server";
import type { UploadedImage } from "~/lib/uploads/uploaded-image";
import { getUploadedImage, readUploadedImagesInTx } from "~/modules/uploads/queries.server";
import { DEMO_SHOP_SETTINGS } from "./demo-settings";

export type ShopSettings = typeof shopSettings.$inferSelect;

/**
 * Every page reads the settings, so they are kept in memory: dropped at once
 * by a change made through this process, within a few seconds by a change
 * made through another instance on the same PostgreSQL
 * (lib/shared-cache.server.ts), and re-read after a minute in any case.
 */
const CACHE_TTL_MS = 60_000;
const cache = { value: null as Promise<ShopSettings> | null, loadedAt: 0 };

onSharedChange(() => {
  cache.value = null;
});

/** The row; a database that has none yet gets the fictional defaults. */
async function readOrCreateShopSettings(db: Database | Transaction): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).limit(1);
  if (row) return row;
  const [created] = await db.insert(shopSettings).values(DEMO_SHOP_SETTINGS).onConflictDoNothing().returning();
  return created ?? (await db.select().from(shopSettings).limit(1))[0]!;
}

async function loadShopSettings(): Promise<ShopSettings> {
  return readOrCreateShopSettings(await getDb());
}

export function getShopSettings(): Promise<ShopSettings> {
  if (!cache.value || Date.now() - cache.loadedAt > CACHE_TTL_MS) {
    cache.loadedAt = Date.now();
    cache.value = loadShopSettings().catch((error: unknown) => {
      cache.value = null;
      throw error;
    });
  }
  return cache.value;
}

/**
 * The settings as the caller's transaction sees them, for a write that
 * depends on them (the cache cannot be read there: it may need the database).
 */
export function readShopSettingsInTx(tx: Transaction): Promise<ShopSettings> {
  return readOrCreateShopSettings(tx);
}

/** An upload never changes under its id, so the logo's view is kept as long as the settings name it. */
const logoCache = {
  id: null as string | null,
  value: null as Promise<UploadedImage | null> | null,
};

/** The shop's logo (header, printed documents), or null when none was uploaded. */
export async function getShopLogo(): Promise<UploadedImage | null> {
  const { logoUploadId } = await getShopSettings();
  if (!logoUploadId) return null;
  if (logoCache.id !== logoUploadId || !logoCache.value) {
    logoCache.id = logoUploadId;
    logoCache.value = getUploadedImage(logoUploadId).catch((error: unknown) => {
      logoCache.value = null;
      throw error;
    });
  }
  return logoCache.value;
}

/** The logo as the caller's transaction sees it (a document issued inside it). */
export async function readShopLogoInTx(tx: Transaction, settings: ShopSettings): Promise<UploadedImage | null> {
  if (!settings.logoUploadId) return null;
  return (await readUploadedImagesInTx(tx, [settings.logoUploadId])).get(settings.logoUploadId) ?? null;
}

/** After a change to the settings: every public page shows them (name, hours, contacts); other instances hear of it. */
export function forgetCachedShopSettings() {
  cache.value = null;
  invalidatePublicPages();
}
