/** npm run db:seed — fictional demo data (shop settings, a few customers); safe to run twice. */
import { closeDb } from "~/db/client.server";
import { seedDemoData } from "~/modules/demo/seed.server";

await seedDemoData();
console.log("Dados de demonstração criados.");
await closeDb();
