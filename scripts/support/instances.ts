/**
 * Several Balcão servers on one PostgreSQL behind a round-robin proxy, as a
 * shop that outgrew one process runs them (README, "Várias instâncias"):
 * every instance is `npm start`'s own command line on one build, with a data
 * folder of its own (as on another machine) and the same secrets. Used by
 * `npm run proof:instances` (scripts/proof-instances.ts) and by its reduced
 * form in the journeys (tests/e2e/instances.spec.ts).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Pool, type QueryResultRow } from "pg";
import { isBuildFresh } from "./build-freshness.ts";
import { createScratchDatabase } from "./scratch-database.ts";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
const START_COMMAND = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } })
  .scripts.start;
const READY_TIMEOUT_MS = 180_000;

/** A header the proxy reads and drops: send this request to instance N instead of the next one. */
export const PIN_HEADER = "x-proof-instance";

export async function freePort() {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** One build for every instance, made before any starts (two launchers would otherwise both rebuild it). */
export function ensureFreshBuild() {
  if (isBuildFresh(ROOT)) return;
  console.error("build ausente ou antigo: npm run build…");
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`npm run build falhou (código ${result.status ?? result.signal})`);
}

export type Instance = {
  index: number;
  url: string;
  dataDir: string;
  output: () => string;
  /** SIGTERM, then `npm start` again on the same port and folder, answered once /readyz is. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
};

function startInstance(index: number, port: number, env: NodeJS.ProcessEnv) {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `balcao-instance-${index}-`));
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 300) lines.splice(0, lines.length - 300);
  };
  const output = () => lines.join("\n");
  let child!: ChildProcess;
  let exited!: Promise<unknown>;

  function spawnServer() {
    child = spawn("sh", ["-c", START_COMMAND], {
      cwd: ROOT,
      env: {
        ...env,
        PATH: `${path.join(ROOT, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
        PORT: String(port),
        DATA_DIR: dataDir,
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    exited = once(child, "exit");
    const current = child;
    return (async () => {
      const deadline = Date.now() + READY_TIMEOUT_MS;
      while (current.exitCode === null && current.signalCode === null) {
        if (Date.now() > deadline) throw new Error(`instância ${index} não ficou pronta em ${READY_TIMEOUT_MS / 1000} s`);
        const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
        if (response?.ok) return;
        await sleep(200);
      }
      throw new Error(
        `instância ${index} terminou antes de ficar pronta (código ${current.exitCode ?? current.signalCode})\n${output()}`,
      );
    })();
  }

  async function stopServer() {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const pid = child.pid;
    const timer = setTimeout(() => pid && process.kill(-pid, "SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  }

  const ready = spawnServer();
  const instance: Instance = {
    index,
    url,
    dataDir,
    output,
    restart: async () => {
      await stopServer();
      await spawnServer();
    },
    stop: async () => {
      await stopServer();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return { ...instance, ready };
}

export type Proxy = {
  url: string;
  /** How many requests each instance got through the proxy. */
  hits: number[];
  close: () => Promise<void>;
};

/**
 * The reverse proxy in front of the instances: each request to the next one
 * in turn (or to the one PIN_HEADER names), its body streamed both ways, the
 * client's X-Forwarded-For passed on (the instances run with
 * TRUST_PROXY=x-forwarded-for, so a test can speak as several clients).
 */
export async function startRoundRobinProxy(targets: string[], port = 0): Promise<Proxy> {
  const hits = targets.map(() => 0);
  let next = 0;
  const server = http.createServer((request, response) => {
    const pinned = request.headers[PIN_HEADER];
    const index = typeof pinned === "string" ? Number(pinned) % targets.length : next++ % targets.length;
    hits[index] = (hits[index] ?? 0) + 1;
    const target = new URL(targets[index]!);
    const headers = { ...request.headers };
    delete headers[PIN_HEADER];
    headers["x-forwarded-for"] ??= request.socket.remoteAddress ?? "127.0.0.1";
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type Cluster = {
  proxy: Proxy;
  instances: Instance[];
  databaseUrl: string;
  /** The environment every instance got (secrets included), for another process acting as one. */
  env: NodeJS.ProcessEnv;
  /** SQL on the shared database, for the checks. */
  query: <T extends QueryResultRow>(text: string, values?: unknown[]) => Promise<T[]>;
  /** Milliseconds from the first spawn until every instance answered /readyz. */
  startedInMs: number;
  stop: () => Promise<void>;
};

/**
 * `count` instances started at once on a fresh database of `serverUrl`
 * (so they race to migrate and seed it, as a deploy restarting every
 * instance does), then the proxy. Stop drops the database.
 */
export async function startCluster({
  serverUrl,
  count = 2,
  env = {},
}: {
  serverUrl: string;
  count?: number;
  env?: NodeJS.ProcessEnv;
}) {
  ensureFreshBuild();
  const database = await createScratchDatabase(serverUrl, "balcao_instances");
  const proxyPort = await freePort();
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    // The proxy's address: a form's Origin is checked against it, as behind nginx.
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "x-forwarded-for",
    // The secrets every instance must share (README): sessions, address hashes, unlock codes.
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    UNLOCK_CODE_KEY: randomBytes(32).toString("base64"),
    RATE_LIMIT: "on",
    DEMO_DATA: "on",
    LOG_LEVEL: "warn",
    SMTP_URL: "",
    ...env,
  };
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const started = Date.now();
  const instances = ports.map((port, index) => startInstance(index, port, shared));
  const stopAll = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.drop();
  };
  try {
    await Promise.all(instances.map((instance) => instance.ready));
  } catch (error) {
    for (const instance of instances) console.error(`--- instância ${instance.index} ---\n${instance.output()}`);
    await stopAll();
    throw error;
  }
  const startedInMs = Date.now() - started;
  const proxy = await startRoundRobinProxy(
    instances.map((instance) => instance.url),
    proxyPort,
  );
  const pool = new Pool({ connectionString: database.url, max: 2 });
  return {
    proxy,
    instances,
    databaseUrl: database.url,
    env: shared,
    startedInMs,
    query: async <T extends QueryResultRow>(text: string, values: unknown[] = []) => (await pool.query<T>(text, values)).rows,
    stop: async () => {
      await proxy.close();
      await pool.end();
      await stopAll();
    },
  } satisfies Cluster;
}

/** Decodes a quoted-printable body: soft line breaks and =XX bytes. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The verification link sent to `email`, from whichever instance's outbox holds it. */
export async function verificationLinkFor(instances: Instance[], email: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const instance of instances) {
      const outbox = path.join(instance.dataDir, "outbox");
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith(".eml")) : [];
      for (const name of files) {
        const message = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, name), "utf8"));
        if (!message.includes(email)) continue;
        const link = /https?:\/\/[^\s"'<>]*\/verify-email\?[^\s"'<>]+/.exec(message)?.[0];
        if (link) return link.replaceAll("&amp;", "&");
      }
    }
    await sleep(100);
  }
  throw new Error(`nenhum e-mail de verificação para ${email}`);
}
