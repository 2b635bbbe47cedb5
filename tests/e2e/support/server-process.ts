import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const PACKAGE = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } };
/** What `npm start` runs. */
export const START_COMMAND = PACKAGE.scripts.start;

type ServerOptions = {
  port: number;
  dataDir: string;
  /** What the server is told its public address is; http://localhost:<port> when it is not behind a proxy. */
  publicUrl: string;
  /** Settings of a deployment (TRUST_PROXY…), over the defaults below. */
  env?: Record<string, string>;
  stdio?: StdioOptions;
};

/**
 * `npm start`'s own command line (package.json), run by the shell as npm runs
 * it, with node_modules/.bin first on the PATH; its `exec` makes the shell
 * become the server, so signals reach it directly. The build is fresh (the
 * config built it). On a fresh data folder: the journeys' server and the
 * ones a spec starts with the settings of another deployment.
 */
export function spawnServer({ port, dataDir, publicUrl, env = {}, stdio = ["ignore", "pipe", "inherit"] }: ServerOptions) {
  return spawn("sh", ["-c", START_COMMAND], {
    env: {
      ...process.env,
      PATH: `${path.resolve("node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`,
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      // Many sign-ins from one address in a minute; the limiter has its own tests.
      RATE_LIMIT: "off",
      // The journeys read the demo shop, whatever the shell says.
      DEMO_DATA: "on",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      // Empty means unset (env.server.ts): PGlite in DATA_DIR, e-mails to DATA_DIR/outbox, whatever CI exports.
      DATABASE_URL: "",
      SMTP_URL: "",
      ...env,
    },
    stdio,
  });
}

/** The one-time link server.ts prints while the shop has no owner. */
export const OWNER_SETUP_LINK = /https?:\/\/\S+\/auth\/configurar\?token=\S+/;

export async function freePort() {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitUntilReady(server: ChildProcess, readyUrl: string) {
  let isReady = false;
  const exited = once(server, "exit").then(([code]) => {
    if (!isReady) throw new Error(`o servidor terminou antes de ficar pronto (código ${String(code)})`);
  });
  const ready = (async () => {
    while (server.exitCode === null) {
      const response = await fetch(readyUrl).catch(() => null);
      if (response?.ok) {
        isReady = true;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  await Promise.race([ready, exited]);
}

export type RunningServer = {
  /** Where a client (or a proxy) reaches it: plain http on the loopback. */
  url: string;
  pid: number;
  /** The one-time owner-setup link the server printed at start (a database without an owner), if any. */
  ownerSetupLink: string | null;
  stop: () => Promise<void>;
};

/**
 * A second server for a spec, on a free port and its own data folder (a
 * migrated database copied from the tests' template), answered once /readyz is.
 * Without `publicUrl` it is its own address (a browser posts forms to it);
 * `keepData` starts it again on the folder a previous one left.
 */
export async function startExtraServer(options: {
  dataDir: string;
  publicUrl?: string;
  env?: Record<string, string>;
  keepData?: boolean;
}) {
  if (!options.keepData) {
    fs.rmSync(options.dataDir, { recursive: true, force: true });
    fs.mkdirSync(options.dataDir, { recursive: true });
    // Loaded here, not at the top: the journeys' own server (start-server.ts) has no use for PGlite in its launcher.
    const { copyPgliteTemplate } = await import("../../support/pglite-template");
    await copyPgliteTemplate(options.dataDir);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawnServer({
    dataDir: options.dataDir,
    publicUrl: options.publicUrl ?? url,
    env: options.env,
    port,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let printed = "";
  server.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    printed += chunk;
  });
  try {
    await waitUntilReady(server, `${url}/readyz`);
  } catch (error) {
    server.kill("SIGKILL");
    throw error;
  }
  const running: RunningServer = {
    url,
    pid: server.pid ?? 0,
    // Printed before the server listens, so it is there once /readyz answers.
    ownerSetupLink: OWNER_SETUP_LINK.exec(printed)?.[0] ?? null,
    stop: async () => {
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      await exited;
    },
  };
  return running;
}
