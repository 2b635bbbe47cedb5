/**
 * npm run user:role -- <email> <owner|staff|customer>
 *
 * Sets an existing account's role with the server's own environment. With
 * PGlite only one process may open DATA_DIR: when the server is running the
 * command is sent to it through DATA_DIR/admin.sock; otherwise this process
 * opens the data folder itself (holding its lock) and closes it cleanly.
 */
import { closeDb } from "~/db/client.server";
import { dataDirHolder } from "~/db/data-dir-lock.server";
import { sendAdminCommand, type AdminCommand, type AdminReply } from "~/lib/admin-socket.server";
import { getEnv, InvalidEnvError } from "~/lib/env.server";
import { runAdminCommand } from "~/modules/accounts/admin-commands.server";
import { ROLES } from "~/modules/accounts/roles";

async function run(command: AdminCommand): Promise<AdminReply> {
  const env = getEnv();
  if (!env.DATABASE_URL && (await dataDirHolder(env.DATA_DIR)) !== null) return sendAdminCommand(env.DATA_DIR, command);
  try {
    return await runAdminCommand(command);
  } finally {
    await closeDb();
  }
}

const [email, role] = process.argv.slice(2);
if (!email || !role) {
  console.error(`Uso: npm run user:role -- <email> <${ROLES.join("|")}>`);
  process.exit(2);
}
try {
  const reply = await run({ command: "set-role", email, role });
  (reply.ok ? console.log : console.error)(reply.message);
  process.exit(reply.ok ? 0 : 1);
} catch (error) {
  console.error(error instanceof InvalidEnvError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
