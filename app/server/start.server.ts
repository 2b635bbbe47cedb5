/**
 * The server bundle's entry (vite.config.ts builds it, with every route,
 * into build/server/index.js): validates the configuration, takes the port
 * and the database, seeds an empty one, serves, and stops cleanly. server.ts
 * only builds when needed and calls `startServer`, so production is one
 * program with one copy of each module (decision 0021).
 */
import net from "node:net";
import path from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import * as build from "virtual:react-router/server-build";
import { closeDb, databaseKind, getDb, withStartLock } from "~/db/client.server";
import { DataDirBusyError } from "~/db/data-dir-lock.server";
import { startAdminSocket } from "~/lib/admin-socket.server";
import { settleBackgroundTasks } from "~/lib/background-tasks.server";
import { getEnv, InvalidEnvError, type Env } from "~/lib/env.server";
import { dataFolderStartProblem } from "~/lib/job-alerts.server";
import { startSharedCacheWatch } from "~/lib/shared-cache.server";
import { flushLogs, logger, printToOutput } from "~/lib/logger.server";
import { runAdminCommand } from "~/modules/accounts/admin-commands.server";
import { createOwnerSetupToken } from "~/modules/accounts/owner-setup.server";
import { correctFormerRulePayoffs } from "~/modules/credit/corrections.server";
import { isDatabaseEmpty, seedDemoData, seedEmptyShop } from "~/modules/demo/seed.server";
import { renderPool } from "~/modules/print-templates/render-pool.server";
import { createApp } from "./app.server";
import { startServerJobs } from "./scheduled-jobs.server";

/** How long in-flight requests, e-mails and the database get to finish after SIGTERM before the process exits anyway. */
const STOP_TIMEOUT_MS = 10_000;

/** The browser build beside this bundle (build/client). */
const CLIENT_DIR = path.resolve(import.meta.dirname, "..", "client");

async function refuseToStart(message: string): Promise<never> {
  // Read by a person at a terminal; the process ends right after.
  process.stderr.write(`${message}\n`);
  await flushLogs();
  process.exit(1);
}

/** Free, or the reason it is not, in Portuguese: checked before the database is touched or seeded. */
function portProblem(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === "EADDRINUSE"
          ? `A porta ${port} já está em uso por outro programa. Pare-o ou escolha outra porta (PORT=${port + 1} npm start).`
          : `Não foi possível usar a porta ${port} (${error.code ?? error.message}).`,
      ),
    );
    probe.listen(port, () => probe.close(() => resolve(null)));
  });
}

function readEnv(): Env | string {
  try {
    return getEnv();
  } catch (error) {
    if (error instanceof InvalidEnvError) return error.message;
    throw error;
  }
}

async function prepareDatabase(env: Env) {
  try {
    await getDb();
  } catch (error) {
    if (error instanceof DataDirBusyError) return `${error.message} Pare o outro servidor ou use outro DATA_DIR.`;
    const folderProblem = dataFolderStartProblem(error, env.DATA_DIR);
    if (folderProblem) return folderProblem;
    throw error;
  }
  // Several servers started at once on one PostgreSQL: one seeds, the others then find the shop.
  await withStartLock(async () => {
    if (!(await isDatabaseEmpty())) return;
    if (env.DEMO_DATA === "on") {
      await seedDemoData();
      logger.info("banco vazio: dados de demonstração criados");
    } else {
      await seedEmptyShop();
      logger.info("banco vazio: loja criada sem dados de demonstração (DEMO_DATA=off)");
    }
  });
  await correctPayoffsOnce();
  return null;
}

/**
 * Plans paid off under the former payoff rule are corrected once per
 * database, before the server listens (decision 0027). A failure is logged
 * and the server starts all the same: nothing of it stays, and the next
 * start tries again.
 */
async function correctPayoffsOnce() {
  try {
    const result = await correctFormerRulePayoffs();
    if (result.outcome === "ran" && result.examined > 0) logger.info(result, "crediário: quitações da regra antiga corrigidas");
    if (result.outcome === "busy") logger.info("crediário: outra instância está corrigindo as quitações da regra antiga");
  } catch (error) {
    logger.error({ err: error }, "crediário: a correção das quitações da regra antiga falhou (tenta de novo no próximo início)");
  }
}

export async function startServer() {
  const env = readEnv();
  if (typeof env === "string") return refuseToStart(env);
  const busyPort = await portProblem(env.PORT);
  if (busyPort) return refuseToStart(busyPort);
  const databaseProblem = await prepareDatabase(env);
  if (databaseProblem) return refuseToStart(databaseProblem);

  const setupToken = await createOwnerSetupToken();
  if (setupToken) {
    // Printed, not logged: the link is a one-time secret for whoever started the server.
    printToOutput(
      `\n  A loja ainda não tem proprietário. Abra este link (uso único) para criar a conta:\n  ${env.PUBLIC_URL}/auth/configurar?token=${setupToken}\n\n`,
    );
  }

  const app = createApp(build, env, CLIENT_DIR);
  const server = createAdaptorServer({ fetch: app.fetch });
  // Another program may take the port between the check above and here.
  server.on(
    "error",
    (error: NodeJS.ErrnoException) =>
      void refuseToStart(
        error.code === "EADDRINUSE"
          ? `A porta ${env.PORT} já está em uso por outro programa.`
          : `Falha no servidor: ${error.message}`,
      ),
  );
  const adminSocket = databaseKind() === "pglite" ? startAdminSocket(env.DATA_DIR, runAdminCommand) : null;
  // Several servers on one PostgreSQL: a change made through another one drops this one's caches within seconds.
  const sharedCacheWatch = databaseKind() === "postgres" ? startSharedCacheWatch(await getDb()) : null;
  // Scheduled posts, traffic rollup, loyalty expiry, recurring entries, purges and (PGlite) VACUUM: at start when
  // due (catching up after downtime), then on their intervals, once across instances (scheduled-jobs.server.ts).
  const jobs = startServerJobs();
  // The template workers load now, so the first print does not wait for them (decision 0022).
  renderPool.warm();
  server.listen(env.PORT, () => logger.info({ port: env.PORT, url: env.PUBLIC_URL, database: databaseKind() }, "Balcão no ar"));

  let isStopping = false;
  async function stop(signal: string) {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, "encerrando: terminando as requisições em andamento");
    const forceExit = setTimeout(() => {
      logger.warn(`o encerramento não terminou em ${STOP_TIMEOUT_MS / 1000} s: encerrando à força`);
      void flushLogs().finally(() => process.exit(1));
    }, STOP_TIMEOUT_MS);
    forceExit.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ("closeIdleConnections" in server) server.closeIdleConnections();
    });
    await adminSocket?.close();
    sharedCacheWatch?.stop();
    await sharedCacheWatch?.settled();
    await jobs.stop();
    // An e-mail sent after its answer (a reset link) still needs the database.
    await settleBackgroundTasks();
    await closeDb();
    logger.info("encerrado");
    await flushLogs();
    process.exit(0);
  }
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
