import { randomBytes } from "node:crypto";
import pg from "pg";

/** The process-wide store of app/lib/singleton.server.ts. */
type BalcaoGlobal = { __balcao?: Map<string, unknown> };

export function forgetAppSingletons() {
  delete (globalThis as BalcaoGlobal).__balcao;
}

/**
 * Closes the database this test file opened, if any; without this check
 * closeDb() would open a connection only to close it.
 */
export async function closeOpenDatabase() {
  const store = (globalThis as BalcaoGlobal).__balcao;
  if (!store?.has("database")) return;
  const { closeDb } = await import("~/db/client.server");
  await closeDb();
  store.delete("database");
  store.delete("auth");
}

export const POSTGRES_SKIP_REASON = "PostgreSQL: TEST_DATABASE_URL não definido";

/**
 * A database of its own for one test file on the server of TEST_DATABASE_URL
 * (whose role needs CREATEDB), so files running in parallel never meet.
 */
export async function createPostgresDatabase(serverUrl: string) {
  const name = `balcao_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
