/**
 * Prepares the DATA_DIR of `npm run lighthouse`: the demo data with the
 * shop's details taken as set, so the pages measured are a real shop's
 * (indexable, with LocalBusiness data), not the demo's noindex ones.
 */
import { sql } from "drizzle-orm";
import { closeDb, getDb } from "~/db/client.server";
import { seedDemoData } from "~/modules/demo/seed.server";

await seedDemoData();
await (await getDb()).execute(sql`update shop_settings set details_confirmed_at = now()`);
await closeDb();
