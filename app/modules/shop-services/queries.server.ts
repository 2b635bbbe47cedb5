import { asc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { shopServices, type ServicePlacement } from "~/db/schema/shop-services";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import type { ShopService } from "./validation";

/**
 * The footer's lines are read by every page (the root loader), so both lists
 * are kept in memory: dropped at once by a change made through this process,
 * re-read after a minute so other instances see it too (as the shop's settings).
 */
const CACHE_TTL_MS = 60_000;
const cache = new Map<ServicePlacement, { value: Promise<ShopService[]>; loadedAt: number }>();

async function readShopServices(placement: ServicePlacement): Promise<ShopService[]> {
  const db = await getDb();
  return db
    .select({
      id: shopServices.id,
      icon: shopServices.icon,
      title: shopServices.title,
      description: shopServices.description,
      details: shopServices.details,
    })
    .from(shopServices)
    .where(eq(shopServices.placement, placement))
    .orderBy(asc(shopServices.position), asc(shopServices.id));
}

/** The services of the home's cards or the footer's lines, in the shop's order. */
export function listShopServices(placement: ServicePlacement): Promise<ShopService[]> {
  const cached = cache.get(placement);
  if (cached && Date.now() - cached.loadedAt <= CACHE_TTL_MS) return cached.value;
  const value = readShopServices(placement).catch((error: unknown) => {
    cache.delete(placement);
    throw error;
  });
  cache.set(placement, { value, loadedAt: Date.now() });
  return value;
}

export function forgetCachedShopServices() {
  cache.clear();
}

/** Both lists for the staff's page, read fresh. */
export async function listShopServicesForStaff(actor: Actor) {
  assertStaffActor(actor);
  const [home, footer] = await Promise.all([readShopServices("home"), readShopServices("footer")]);
  return { home, footer };
}
