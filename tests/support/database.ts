import { randomBytes } from "node:crypto";
import { describe, it } from "vitest";

/** Each integration suite runs once per database: its *.pglite.test.ts and *.postgres.test.ts files. */
export type TestDatabase = "pglite" | "postgres";

/** Where app/lib/singleton.server.ts keeps the process-wide instances (database, auth, logger…). */
const SINGLETON_STORE = "balcaoSingletons";

function singletonStore() {
  const store: unknown = Reflect.get(globalThis, SINGLETON_STORE);
  return store instanceof Map ? (store as Map<string, unknown>) : undefined;
}

export function forgetAppSingletons() {
  Reflect.deleteProperty(globalThis, SINGLETON_STORE);
}

/** Called once the app is loaded: a renamed store would otherwise leave databases open unnoticed. */
export function assertSingletonStoreFound() {
  if (!singletonStore()) throw new Error(`globalThis.${SINGLETON_STORE} não existe: atualize tests/support/database.ts`);
}

/**
 * Closes the database this test file opened, if any; without this check
 * closeDb() would open a connection only to close it.
 */
export async function closeOpenDatabase() {
  const store = singletonStore();
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
  const { Client } = await import("pg");
  const name = `balcao_test_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
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
    /** Call after closeDb(): pool.end() resolves before its sockets close, so the drop waits for them. */
    drop: async () => {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (error) {
            const isInUse = (error as { code?: string }).code === "55006";
            if (!isInUse || attempt === 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * The title of a test that sends writes at once. On PGlite transactions run
 * one at a time, so there it checks the outcome of both orders, not an
 * interleaving; only the PostgreSQL run races for real. The title says which.
 */
export function raceTitle(database: TestDatabase, title: string) {
  return database === "postgres"
    ? `${title} (a real race on PostgreSQL)`
    : `${title} (PGlite runs one transaction at a time: the outcome, not a race)`;
}

/**
 * `describe(title)` for one database. Without TEST_DATABASE_URL the
 * PostgreSQL run is a skip that prints why, never a silent pass.
 */
export function describeOnDatabase(database: TestDatabase, title: string, body: () => void) {
  if (database === "postgres" && !process.env.TEST_DATABASE_URL) {
    describe.skip(POSTGRES_SKIP_REASON, () => {
      it(`${title} contra o PostgreSQL`, () => undefined);
    });
    return;
  }
  describe(`${title} (${database})`, body);
}

/**
 * Points the app at a database of its own for this test file, before its
 * modules load: a new database on TEST_DATABASE_URL's server (DATABASE_URL),
 * or a copy of the migrated PGlite template in DATA_DIR. Returns what drops
 * it, to call after closeOpenDatabase().
 */
export async function openTestDatabase(database: TestDatabase): Promise<() => Promise<void>> {
  if (database === "pglite") {
    const { copyPgliteTemplate } = await import("./pglite-template");
    await copyPgliteTemplate(process.env.DATA_DIR ?? "");
    return async () => undefined;
  }
  const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? "");
  process.env.DATABASE_URL = created.url;
  return created.drop;
}
