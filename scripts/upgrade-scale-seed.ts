/**
 * Brings a scale seed made by an earlier Balcão up to what `npm run db:seed --
 * --scale` writes now, in place (DATA_DIR or DATABASE_URL, as db:seed), so
 * the copies of /tmp/load-data need not be seeded again (an hour). Each step
 * changes only the rows the earlier seed got wrong and is safe to repeat:
 *
 *   - crediário plans with the placeholder disclosure (every /cdc/:id
 *     answered 500 on them): recomputed from the plan's own terms.
 *
 * `npm run bench:load` runs it once per seeded folder / database.
 *
 *   DATA_DIR=/tmp/copy-of-the-seed npx tsx scripts/upgrade-scale-seed.ts
 */
import { closeDb } from "~/db/client.server";
import { upgradeScalePlanDisclosures } from "~/modules/demo/money-scale.server";

const plans = await upgradeScalePlanDisclosures();
console.log(`Semeadura de escala atualizada: ${plans} crediários com a declaração (art. 52) refeita.`);
await closeDb();
