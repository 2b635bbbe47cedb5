import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { isRunnableDevEnvironment, type Plugin, type ViteDevServer } from "vite";

/**
 * The development server (`npm run dev`) with the production server's
 * protections. React Router's own dev handler renders pages without the
 * site's headers (CSP, frame, nosniff, Permissions-Policy), takes a form post
 * with no Origin, and puts an error's stack in the page; here each request
 * goes through the same Hono app `npm start` runs (app/server/app.server.ts),
 * loaded through Vite so edits still reload, with only the page cache off.
 * Vite's own files (modules, HMR) are served before it, by Vite.
 *
 * And it listens on this machine only: Vite also serves the source code and
 * files from the disk (/@fs/), which must not reach the network (`--host`
 * is refused).
 */
export const SERVER_BUILD_ID = "virtual:react-router/server-build";
const APP_MODULE = "/app/server/app.server.ts";
const ENV_MODULE = "/app/lib/env.server.ts";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/** Whether Vite's `server.host` listens beyond this machine (true and "0.0.0.0" mean every interface). */
export function listensBeyondLocalhost(host: string | boolean | undefined) {
  if (host === undefined || host === false) return false;
  if (host === true) return true;
  return !LOOPBACK_HOSTS.has(host) && !host.startsWith("127.");
}

export const BEYOND_LOCALHOST_MESSAGE =
  "O servidor de desenvolvimento (npm run dev) só escuta nesta máquina: ele serve o código-fonte e arquivos do disco. " +
  "Para abrir a loja na rede, use o servidor de produção (npm run build && npm start).";

type AppModule = typeof import("../../app/server/app.server.ts");
type EnvModule = typeof import("../../app/lib/env.server.ts");

async function handleWithApp(server: ViteDevServer, req: IncomingMessage, res: ServerResponse) {
  const ssr = server.environments.ssr;
  if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error("o ambiente SSR do Vite não executa módulos");
  const [appModule, envModule] = await Promise.all([
    ssr.runner.import<AppModule>(APP_MODULE),
    ssr.runner.import<EnvModule>(ENV_MODULE),
  ]);
  // The routes load only for a request that reaches React Router (not for one the app refuses), as edited last.
  const build = () => ssr.runner.import<ServerBuild>(SERVER_BUILD_ID);
  const app = appModule.createApp(build, envModule.getEnv(), path.join(server.config.root, "public"), { pageCache: false });
  await getRequestListener(app.fetch, { overrideGlobalObjects: false })(req, res);
}

export function productionProtectionsInDev(): Plugin {
  return {
    name: "balcao:production-protections-in-dev",
    apply: "serve",
    configResolved(config) {
      // `vite preview` serves the build through React Router's handler: not ours, and not for the network either.
      if (listensBeyondLocalhost(config.server.host) || listensBeyondLocalhost(config.preview.host)) {
        throw new Error(BEYOND_LOCALHOST_MESSAGE);
      }
    },
    configureServer(server) {
      // Returned: runs after Vite's own middlewares (modules, HMR, public files) and, this plugin being listed
      // before React Router's, in place of React Router's dev handler.
      return () => {
        server.middlewares.use((req, res, next) => {
          handleWithApp(server, req, res).catch((error: unknown) => next(error));
        });
      };
    },
  };
}
