/**
 * Shared by scripts/bench.ts and scripts/lighthouse.ts: starts a production
 * Balcão (`npm start`) on loopback with a fresh temporary DATA_DIR, waits
 * until it is ready, and signs up a verified user through the outbox.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
const SERVER_BUILD = path.join(ROOT, "build", "server", "index.js");
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  /** The last lines the server wrote, for error messages. */
  output(): string;
  /** SIGTERM, wait for the exit (SIGKILL after 15 s), then delete the DATA_DIR (unless it was given). */
  stop(): Promise<void>;
  /** The pid of `npm start` (the server is its child). */
  pid: number | undefined;
};

export type SignedInUser = { email: string; password: string; cookie: string };

/** A TCP port nobody listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("sem porta"))));
    });
  });
}

/** `npm run build` when there is no server build yet (server.ts itself rebuilds a stale one). */
export function buildWhenMissing() {
  if (fs.existsSync(SERVER_BUILD)) return;
  console.error("build/server/index.js não existe: npm run build…");
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`npm run build falhou (código ${result.status ?? result.signal})`);
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** A measured production server's settings: on `port`, PGlite in `dataDir`, limits off, the demo shop. */
export function benchServerEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    // As `npm start` runs it (package.json): glibc's arenas set before the process starts.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
    // Measured on the demo shop's pages and data, whatever the shell says.
    DEMO_DATA: "on",
  };
  // PGlite in the data folder, e-mail into its outbox: nothing outside this run is touched.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.TRUST_PROXY;
  return env;
}

/** A kept-alive socket the server closed as it was reused (fetch's pool): setting up accounts, not measured. */
export async function withRetries<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`  nova tentativa (${(error as Error).message})`);
    }
  }
}

export type ServerOptions = {
  /** Seed the demo data with the shop's details set before the start (a real shop's public pages, for Lighthouse). */
  isShopConfirmed?: boolean;
  /** Settings of the run that differ from the defaults below (the bench's beacon target turns the limits on). */
  env?: NodeJS.ProcessEnv;
  /** A DATA_DIR filled beforehand (a scale seed): used as it is and kept after the stop. */
  dataDir?: string;
};

/** Starts `npm start` and resolves once /readyz answers 200. */
export async function startServer({
  isShopConfirmed = false,
  env: extraEnv = {},
  dataDir: keptDataDir,
}: ServerOptions = {}): Promise<RunningServer> {
  buildWhenMissing();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = keptDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "balcao-bench-"));
  const env = { ...benchServerEnv(port, dataDir), ...extraEnv };
  if (isShopConfirmed) {
    const seeded = spawnSync(path.join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/support/seed-confirmed-shop.ts"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "inherit", "inherit"],
    });
    if (seeded.status !== 0) throw new Error(`a loja de teste não foi preparada (código ${seeded.status ?? seeded.signal})`);
  }

  const child = spawn("npm", ["start", "--silent"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const output = () => lines.join("\n");

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        console.error("o servidor não terminou em 15 s após SIGTERM: SIGKILL");
        // The group holds npm and the server it started; both were started here.
        if (child.pid) process.kill(-child.pid, "SIGKILL");
        await waitForExit(child, 5_000);
      }
    }
    if (!keptDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`o servidor saiu antes de ficar pronto (código ${child.exitCode ?? child.signalCode})`);
      if (Date.now() > deadline) throw new Error(`o servidor não ficou pronto em ${READY_TIMEOUT_MS / 1000} s`);
      try {
        const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) break;
      } catch {
        // Not listening yet.
      }
      await sleep(250);
    }
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- saída do servidor ---\n${output()}`, { cause: error });
  }
  return { baseUrl, dataDir, output, stop, pid: child.pid };
}

/** Decodes a quoted-printable body: soft line breaks and =XX bytes. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

async function waitForVerificationLink(server: RunningServer, email: string): Promise<string> {
  const outbox = path.join(server.dataDir, "outbox");
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith(".eml")) : [];
    for (const name of files) {
      const message = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, name), "utf8"));
      if (!message.includes(email)) continue;
      const link = message.match(/https?:\/\/[^\s"'<>]*\/verify-email\?[^\s"'<>]+/)?.[0];
      if (link) return link.replaceAll("&amp;", "&");
    }
    await sleep(100);
  }
  throw new Error(`nenhum e-mail de verificação para ${email} em ${outbox}`);
}

/** Sign-up → verification link from the outbox → sign-in; returns the session cookie header. */
export async function createSignedInUser(server: RunningServer): Promise<SignedInUser> {
  const { baseUrl } = server;
  const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
  const password = `Bench-${randomBytes(6).toString("hex")}!9aZ`;
  const json = { "content-type": "application/json", origin: baseUrl };

  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ name: "Benchmark", email, password, callbackURL: "/dashboard" }),
  });
  if (!signUp.ok) throw new Error(`sign-up: HTTP ${signUp.status} ${await signUp.text()}`);

  const link = await waitForVerificationLink(server, email);
  if (!link.startsWith(baseUrl)) throw new Error(`link de verificação fora do servidor: ${link}`);
  const verify = await fetch(link, { redirect: "manual" });
  if (verify.status >= 400) throw new Error(`verificação: HTTP ${verify.status} ${await verify.text()}`);

  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in: HTTP ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
  if (!/(^|; )balcao\.session_token=/.test(cookie)) throw new Error(`sign-in sem cookie de sessão: ${cookie || "(nenhum)"}`);

  const dashboard = await fetch(`${baseUrl}/dashboard`, { headers: { cookie }, redirect: "manual" });
  if (dashboard.status !== 200) throw new Error(`/dashboard com a sessão: HTTP ${dashboard.status}`);
  return { email, password, cookie };
}

/** Runs `work` against a fresh server and always stops it, also on Ctrl-C. */
export async function withServer<T>(work: (server: RunningServer) => Promise<T>, options: ServerOptions = {}): Promise<T> {
  const server = await startServer(options);
  const onSignal = (signal: NodeJS.Signals) => {
    void server.stop().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    return await work(server);
  } catch (error) {
    console.error(`--- últimas linhas do servidor ---\n${server.output()}`);
    throw error;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await server.stop();
  }
}
