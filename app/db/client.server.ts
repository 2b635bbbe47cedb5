import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { Pool } from "pg";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { singleton } from "~/lib/singleton.server";
import * as accounts from "./schema/accounts";
import * as audit from "./schema/audit";
import * as auth from "./schema/auth";
import * as blog from "./schema/blog";
import * as contact from "./schema/contact";
import * as customers from "./schema/customers";
import * as faq from "./schema/faq";
import * as reviews from "./schema/reviews";
import * as serviceOrders from "./schema/service-orders";
import * as shopSettings from "./schema/shop-settings";
import { PGLITE_OPTIONS } from "./pglite-options";
import { acquireDataDirLock, releaseDataDirLock } from "./data-dir-lock.server";

export const schema = {
  ...auth,
  ...accounts,
  ...audit,
  ...shopSettings,
  ...reviews,
  ...faq,
  ...blog,
  ...contact,
  ...customers,
  ...serviceOrders,
};
export type Schema = typeof schema;

/**
 * Both drivers produce the same query builder; the node-postgres type stands
 * for both so modules never care which one runs.
 */
export type Database = NodePgDatabase<Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

type Connection = { db: Database; kind: "pglite" | "postgres"; ready: Promise<void>; close: () => Promise<void> };

export const MIGRATIONS_FOLDER = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

function connect(): Connection {
  const env = getEnv();
  if (env.DATABASE_URL) {
    const pool = new Pool({ connectionString: env.DATABASE_URL, max: 10 });
    // An idle connection the server drops (restart, failover, admin kill) is an
    // 'error' event on the pool: unhandled, it would crash the whole process.
    pool.on("error", (error) => logger.warn({ err: error }, "conexão ociosa com o PostgreSQL caiu"));
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      kind: "postgres",
      ready: migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  // PGlite has no cross-process lock: one process per data folder.
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  acquireDataDirLock(env.DATA_DIR);
  const client = new PGlite(path.join(env.DATA_DIR, "pglite"), PGLITE_OPTIONS);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    ready: migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      await client.close();
      releaseDataDirLock(env.DATA_DIR);
    },
  };
}

function connection() {
  return singleton("database", connect);
}

/** The database, migrated. Every server module goes through this. */
export async function getDb(): Promise<Database> {
  const { db, ready } = connection();
  await ready;
  return db;
}

export function databaseKind() {
  return connection().kind;
}

export async function closeDb() {
  const { close, ready } = connection();
  await ready.catch(() => undefined);
  await close();
}
