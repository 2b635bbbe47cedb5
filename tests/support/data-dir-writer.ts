/**
 * A stand-in for the server in tests that kill it: a real process that
 * opens DATA_DIR the way server.ts does (getDb: the folder's lock, PGlite,
 * migrations), seeds an empty database, answers on DATA_DIR/admin.sock and
 * then writes one row after another, printing `pronto <rows>` once ready
 * and `gravada <n>` after each acknowledged write. It skips the build and
 * the web server, which these tests do not need. SIGTERM closes it as the
 * server closes.
 */
import { sql } from "drizzle-orm";
import { closeDb, getDb } from "~/db/client.server";
import { startAdminSocket } from "~/lib/admin-socket.server";
import { getEnv } from "~/lib/env.server";
import { runAdminCommand } from "~/modules/accounts/admin-commands.server";
import { isDatabaseEmpty, seedDemoData } from "~/modules/demo/seed.server";

const db = await getDb();
if (await isDatabaseEmpty()) await seedDemoData();
const adminSocket = startAdminSocket(getEnv().DATA_DIR, runAdminCommand);
const [counted] = (await db.execute(sql`select count(*)::int as rows from contact_messages`)).rows as { rows: number }[];
process.stdout.write(`pronto ${counted?.rows ?? 0}\n`);

const stopping = { isRequested: false };
async function writeUntilStopped() {
  for (let written = 1; !stopping.isRequested; written++) {
    await db.execute(
      sql`insert into contact_messages (name, email, subject, message) values ('Escrita', 'escrita@example.com', 'Teste de queda', ${`escrita ${written}`})`,
    );
    process.stdout.write(`gravada ${written}\n`);
    // A server's writes come from requests, between which its event loop answers sockets; so here.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
const writing = writeUntilStopped();

process.on("SIGTERM", async () => {
  stopping.isRequested = true;
  await writing;
  await adminSocket.close();
  await closeDb();
  process.exit(0);
});
