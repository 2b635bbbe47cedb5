/**
 * `npm start`: builds when the build is missing or older than the code, then
 * runs the server bundle (app/server/start.server.ts, built by Vite with every
 * route into build/server/index.js). Plain Node, types stripped, and no app
 * module of its own: production is the one program the build holds, one copy
 * of each module (decision 0021). A deploy may build once (`npm run build`)
 * and drop the development dependencies: then this only starts the bundle.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { isBuildFresh, SERVER_BUNDLE } from "./scripts/support/build-freshness.ts";

const ROOT = import.meta.dirname;
/** Present only with the development dependencies, which a build needs. */
const BUILD_TOOL = path.join(ROOT, "node_modules", "@react-router", "dev");

/**
 * Why this folder is taken, when a server holds the PGlite folder: its lock
 * socket answers with its pid (decision 0013). With DATABASE_URL there is no lock.
 */
function dataDirInUse(): Promise<string | null> {
  if (process.env.DATABASE_URL) return Promise.resolve(null);
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  return new Promise((resolve) => {
    const socket = net.createConnection(path.join(dataDir, "pglite.lock"));
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (reply += chunk));
    socket.once("end", () => {
      const pid = reply.trim();
      resolve(`A pasta de dados ${dataDir} está em uso ${pid ? `pelo processo ${pid}` : "por outro processo"}.`);
    });
    socket.once("error", () => resolve(null));
  });
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if (!isBuildFresh(ROOT)) {
  // Rebuilding would replace the files a running server is serving.
  const busy = await dataDirInUse();
  if (busy) fail(`${busy} Pare o outro servidor ou use outro DATA_DIR.`);
  if (!fs.existsSync(BUILD_TOOL)) {
    fail(
      "O build está ausente ou mais antigo que o código, e as dependências de desenvolvimento não estão instaladas: rode `npm ci && npm run build`.",
    );
  }
  process.stdout.write("compilando o site (npm run build)…\n");
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) fail(`npm run build falhou (código ${build.status ?? build.signal}).`);
}

const { startServer } = (await import(path.join(ROOT, SERVER_BUNDLE))) as { startServer: () => Promise<void> };
await startServer();
