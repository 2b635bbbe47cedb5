import fs from "node:fs";
import path from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { Pool } from "pg";
import type { Database } from "~/db/client.server";
import { acquireDataDirLock, releaseDataDirLock } from "~/db/data-dir-lock.server";
import { openPglite } from "~/db/open-pglite.server";
import { secureDataDir } from "~/lib/data-dir.server";
import { BackupError } from "./backup-format";

export type DatabaseTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };
export type MaintenanceDatabase = { db: Database; kind: DatabaseTarget["kind"]; close: () => Promise<void> };

export function pgliteFolder(dataDir: string) {
  return path.join(dataDir, "pglite");
}

/**
 * A connection of its own, not the app's getDb(): that one migrates as it
 * opens, and a backup must not change the database it copies, nor a restore
 * migrate past the backup's level. PGlite's folder is locked like the
 * server locks it (DataDirBusyError when a server holds it).
 */
export async function openMaintenanceDatabase(
  target: DatabaseTarget,
  { create }: { create: boolean },
): Promise<MaintenanceDatabase> {
  if (target.kind === "postgres") {
    const pool = new Pool({ connectionString: target.url, max: 2 });
    // An idle connection dropped by the server is an 'error' event: unhandled, it would end the process.
    pool.on("error", () => undefined);
    return { db: drizzlePg({ client: pool }) as unknown as Database, kind: "postgres", close: () => pool.end() };
  }
  const folder = pgliteFolder(target.dataDir);
  if (!create && !fs.existsSync(folder)) throw new BackupError(`Não há banco de dados em ${folder}.`);
  secureDataDir(target.dataDir);
  await acquireDataDirLock(target.dataDir);
  try {
    const client = openPglite(folder);
    await client.waitReady;
    return {
      db: drizzlePglite({ client }) as unknown as Database,
      kind: "pglite",
      close: async () => {
        await client.close();
        await releaseDataDirLock(target.dataDir);
      },
    };
  } catch (error) {
    await releaseDataDirLock(target.dataDir);
    throw error;
  }
}
