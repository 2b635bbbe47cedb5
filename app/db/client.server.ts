import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { Pool } from "pg";
import { secureDataDir } from "~/lib/data-dir.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { singleton } from "~/lib/singleton.server";
import * as accounts from "./schema/accounts";
import * as audit from "./schema/audit";
import * as auth from "./schema/auth";
import * as blog from "./schema/blog";
import * as cashRegister from "./schema/cash-register";
import * as contact from "./schema/contact";
import * as credit from "./schema/credit";
import * as customers from "./schema/customers";
import * as faq from "./schema/faq";
import * as finance from "./schema/finance";
import * as suppliers from "./schema/suppliers";
import * as idempotency from "./schema/idempotency";
import * as inventory from "./schema/inventory";
import * as jobs from "./schema/jobs";
import * as loyaltyProgramme from "./schema/loyalty-programme";
import * as loyalty from "./schema/loyalty";
import * as printDocuments from "./schema/print-documents";
import * as privacy from "./schema/privacy";
import * as reviews from "./schema/reviews";
import * as serviceOrders from "./schema/service-orders";
import * as shopSettings from "./schema/shop-settings";
import * as uploads from "./schema/uploads";
import * as traffic from "./schema/traffic";
import * as warranties from "./schema/warranties";
import { newTransactionState, runAfterCommit, watchWrites, type TransactionState } from "./committed-writes.server";
import { backUpBeforeMigrating } from "./backup/pre-migration-backup.server";
import { acquireDataDirLock, releaseDataDirLock } from "./data-dir-lock.server";
import { openPglite } from "./open-pglite.server";
import { hasSqlState } from "./sql-state";

export const schema = {
  ...auth,
  ...suppliers,
  ...accounts,
  ...audit,
  ...shopSettings,
  ...reviews,
  ...faq,
  ...blog,
  ...contact,
  ...customers,
  ...serviceOrders,
  ...inventory,
  ...cashRegister,
  ...finance,
  ...credit,
  ...idempotency,
  ...uploads,
  ...printDocuments,
  ...warranties,
  ...privacy,
  ...loyaltyProgramme,
  ...traffic,
  ...loyalty,
  ...jobs,
};
export type Schema = typeof schema;

/**
 * Both drivers produce the same query builder; the node-postgres type stands
 * for both so modules never care which one runs.
 */
export type Database = NodePgDatabase<Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * `ready`: the database once migrated (on PGlite, once its folder is this process's).
 * `holdingStartLock`: runs start-up work (migrations, the first seed) one server at a time.
 */
type Connection = {
  kind: "pglite" | "postgres";
  ready: Promise<Database>;
  close: () => Promise<void>;
  holdingStartLock: <T>(work: () => Promise<T>) => Promise<T>;
};

/** The session advisory lock servers on one PostgreSQL take to migrate and seed ("STRT" in ASCII). */
const START_LOCK = 0x53545254;

/**
 * Runs `work` while this process holds the start lock on a connection of its
 * own: several servers started at once on one PostgreSQL (a deploy restarting
 * every instance) migrate and seed one after the other. Without it, two
 * migrations ran the same statements at once (one failed on "already exists")
 * and two servers both found the database empty and both seeded it.
 */
async function holdingPostgresStartLock<T>(pool: Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [START_LOCK]);
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [START_LOCK]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}

/**
 * Marks the async work running inside a transaction of the database
 * handle. Kept with the connection across the development server's reloads
 * (the connection's guards hold this one).
 */
const transactionScope = singleton("database-transaction-scope", () => new AsyncLocalStorage<TransactionState>());

/**
 * Inside a transaction only its `tx` may be used: on PGlite the outer handle
 * waits for the transaction to end, which never comes (a hang), and on
 * PostgreSQL it takes another connection, outside the transaction (a silent
 * partial write). Both are refused at once instead.
 */
export class DatabaseUsedInsideTransactionError extends Error {
  override name = "DatabaseUsedInsideTransactionError";
  constructor() {
    super(
      "Banco de dados usado por fora de uma transação em andamento: dentro dela use só o `tx` recebido (as funções …InTx(tx, …) existem para isso).",
    );
  }
}

/** The outer handle's ways into the database, each refused inside a transaction. */
const GUARDED_METHODS = ["select", "selectDistinct", "selectDistinctOn", "insert", "update", "delete", "execute"] as const;

/**
 * Every transaction of this handle, however opened, marks its work; the
 * handle itself then refuses to run a query from inside one, whether it was
 * reached through getDb() or kept from before. Once it commits, what it
 * asked for runs (`afterCommit`, and the public page cache's invalidation
 * when it wrote public content: committed-writes.server.ts, decision 0016).
 */
function guardTransactions(db: Database): Database {
  for (const method of GUARDED_METHODS) {
    const original = (db[method] as (...args: unknown[]) => unknown).bind(db);
    Object.assign(db, {
      [method]: (...args: unknown[]) => {
        assertOutsideTransaction();
        return original(...args);
      },
    });
  }
  const open = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    assertOutsideTransaction();
    for (let attempt = 1; ; attempt++) {
      const state = newTransactionState();
      try {
        const result = await open((tx) => transactionScope.run(state, () => work(watchWrites(tx, state))), config);
        runAfterCommit(state);
        return result;
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !hasSqlState(error, ...RETRIED_SQL_STATES)) throw error;
        logger.warn({ attempt }, "transação desfeita pelo PostgreSQL (impasse ou conflito de serialização): feita de novo");
        await sleep(attempt * (5 + Math.random() * 20));
      }
    }
  }) as Database["transaction"];
  return db;
}

/**
 * What PostgreSQL rolls a transaction back with so that another can go on: a
 * deadlock (40P01) or a serialization failure (40001). Run again, it goes
 * through. Two writers can meet so, e.g. a sale and a crediário payment that
 * post to the same day's finance totals in different orders (stop 36's
 * soak; decision 12). On PGlite, one connection, neither happens. Every
 * transaction's work writes only to the database before its commit, so
 * running it again is safe; what it asked for after the commit runs once.
 */
const RETRIED_SQL_STATES = ["40P01", "40001"];
const TRANSACTION_ATTEMPTS = 4;

function assertOutsideTransaction() {
  if (transactionScope.getStore()) throw new DatabaseUsedInsideTransactionError();
}

/**
 * Whether the caller runs inside a transaction of the database handle: slow
 * work that must wait for the commit (filling a print template) refuses to
 * run there, since the transaction keeps its locks, and on PGlite the only
 * connection, until it ends.
 */
export function isInsideTransaction() {
  return transactionScope.getStore() !== undefined;
}

export const MIGRATIONS_FOLDER = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

function connect(): Connection {
  const env = getEnv();
  // With either database DATA_DIR keeps secrets, e-mails and backups: it is made (or repaired) owner-only first.
  secureDataDir(env.DATA_DIR);
  if (env.DATABASE_URL) {
    // A database server that is down or unreachable refuses within seconds (503), never holds a request for good.
    const pool = new Pool({ connectionString: env.DATABASE_URL, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle connection the server drops (restart, failover, admin kill) is an
    // 'error' event on the pool: unhandled, it would crash the whole process.
    pool.on("error", (error) => logger.warn({ err: error }, "conexão ociosa com o PostgreSQL caiu"));
    const db = guardTransactions(drizzlePg({ client: pool, schema }));
    const holdingStartLock = <T>(work: () => Promise<T>) => holdingPostgresStartLock(pool, work);
    return {
      kind: "postgres",
      // Under the start lock: two instances starting together back up and migrate once.
      ready: holdingStartLock(async () => {
        await backUpBeforeMigrating(db, { database: "postgres", dataDir: env.DATA_DIR, migrationsFolder: MIGRATIONS_FOLDER });
        await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      }).then(() => db),
      close: () => pool.end(),
      holdingStartLock,
    };
  }
  // PGlite has no cross-process lock: one process per data folder, and the folder is taken before it opens.
  const opening = openLockedPglite(env.DATA_DIR);
  return {
    kind: "pglite",
    ready: opening.then(async (client) => {
      const db = guardTransactions(drizzlePglite({ client, schema }) as unknown as Database);
      await backUpBeforeMigrating(db, { database: "pglite", dataDir: env.DATA_DIR, migrationsFolder: MIGRATIONS_FOLDER });
      // All pending migrations run in one transaction: a failure leaves the database as it was.
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      return db;
    }),
    // One process per data folder (decision 13): nothing to wait for.
    holdingStartLock: (work) => work(),
    close: async () => {
      const client = await opening.catch(() => null);
      if (!client) return;
      await client.close();
      await releaseDataDirLock(env.DATA_DIR);
    },
  };
}

async function openLockedPglite(dataDir: string) {
  await acquireDataDirLock(dataDir);
  try {
    const client = openPglite(path.join(dataDir, "pglite"));
    await client.waitReady;
    return client;
  } catch (error) {
    await releaseDataDirLock(dataDir);
    throw error;
  }
}

function connection() {
  return singleton("database", connect);
}

/** The database, migrated. Every server module goes through this; never inside a transaction. */
export async function getDb(): Promise<Database> {
  assertOutsideTransaction();
  return connection().ready;
}

/**
 * Runs `work` in one transaction: committed when it returns, rolled back when
 * it throws. The one way a public use case opens a transaction; its core
 * takes `tx` (`addServiceOrderPaymentInTx(tx, …)`) so another module's write
 * can run it inside its own (decision 0012). Nested calls are refused:
 * pass the `tx` down instead.
 */
export async function inTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(work);
}

/**
 * Runs start-up work that must not run on two servers at once (the first
 * seed): on PostgreSQL under a session advisory lock, on PGlite as it is.
 */
export async function withStartLock<T>(work: () => Promise<T>): Promise<T> {
  await getDb();
  return connection().holdingStartLock(work);
}

export function databaseKind() {
  return connection().kind;
}

export async function closeDb() {
  const { close, ready } = connection();
  await ready.catch(() => undefined);
  await close();
}
