/** npm run db:migrate — applies the committed migrations (the server also does it at start). */
import { closeDb, databaseKind, getDb } from "~/db/client.server";

await getDb();
console.log(`Migrações aplicadas (${databaseKind()}).`);
await closeDb();
