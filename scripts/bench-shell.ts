/**
 * `npm run bench:shell` (issue 26, "every staff page ≤ 50 ms p95"): what the
 * staff shell costs, as the light staff pages show it (a form, no list: the
 * page's own loader is small, so what is left is the session, the signed-in
 * layout's loader and the shell's render). Two server builds on the same data,
 * taking turns: the build of an older commit (`--before`: a checkout of it
 * with its build/ and a link to node_modules; the print renderer's worker is
 * found from the bundle's folder) and this checkout's (`--after`). Each page is asked alone by 4
 * connections; CPU per request (from /proc), p95 and the HTML's size are
 * printed per build, and the ratio after/before. Ratios from one run, on one
 * machine, are what compare: the machine's load changes between runs.
 *
 *   mkdir /tmp/before && git archive <commit> app drizzle package.json | tar -x -C /tmp/before
 *   cp -a build /tmp/before/build && ln -s "$PWD/node_modules" /tmp/before/node_modules   (build of <commit>)
 *   cp -a /tmp/load-data/pglite /tmp/shell-scale
 *   npm run bench:shell -- --before /tmp/before --data /tmp/shell-scale [--rounds 3] [--requests 200]
 *
 * `--save-html DIR` keeps each page's HTML as each build answered it.
 * `--cpu-prof DIR` writes a V8 CPU profile of each server (node --cpu-prof) into DIR.
 * The data folder is used as it is (PGlite) and kept; one staff account is added to it.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { percentile } from "./support/query-bench";
import { benchServerEnv, createSignedInUser, freePort, ROOT, withRetries, type RunningServer } from "./support/server";

const { values: args } = parseArgs({
  options: {
    before: { type: "string" },
    after: { type: "string", default: ROOT },
    data: { type: "string" },
    rounds: { type: "string", default: "3" },
    requests: { type: "string", default: "200" },
    "cpu-prof": { type: "string" },
    pages: { type: "string" },
    "save-html": { type: "string" },
  },
});
if (!args.before || !args.data) {
  console.error(
    "Uso: npm run bench:shell -- --before <checkout antigo, com build/> --data <pasta PGlite> [--after checkout] [--rounds 3] [--requests 200]",
  );
  process.exit(2);
}
const BUILDS = [
  { name: "antes", dir: path.resolve(args.before) },
  { name: "depois", dir: path.resolve(args.after!) },
];
const DATA_DIR = path.resolve(args.data);
const ROUNDS = Number(args.rounds);
const REQUESTS = Number(args.requests);
const CONNECTIONS = 4;
const WARMUP = 20;
/** Staff pages with no list: what they cost is mostly the shell's. */
const LIGHT_PAGES = args.pages?.split(",") ?? [
  "/new-service-order",
  "/customers/new",
  "/inventory/importar",
  "/cdc/novo",
  "/financial-management/fornecedores",
];
const BROWSER = { "accept-encoding": "gzip, br", accept: "text/html,application/xhtml+xml,*/*" };

type Server = { baseUrl: string; pid: number; child: ChildProcess; output: () => string };

async function startBuild(buildDir: string, profileDir: string | undefined): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = benchServerEnv(port, DATA_DIR);
  const entry = path.join(buildDir, "build", "server", "index.js");
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(
    process.execPath,
    [...profile, "--input-type=module", "-e", `await (await import(${JSON.stringify(entry)})).startServer()`],
    { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  const lines: string[] = [];
  const keep = (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean).slice(-50));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const output = () => lines.slice(-50).join("\n");
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu (código ${child.exitCode})\n${output()}`);
    if (Date.now() > deadline) throw new Error(`o servidor não ficou pronto\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  return { baseUrl, pid: child.pid!, child, output };
}

async function stopServer(server: Server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await Promise.race([exited, sleep(20_000)]);
}

function cpuMsOf(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function request(agent: http.Agent, url: string, cookie: string): Promise<{ status: number; body: Buffer; ms: number }> {
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { agent, headers: { ...BROWSER, cookie }, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        let body = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        if (encoding === "gzip") body = gunzipSync(body);
        if (encoding === "br") body = brotliDecompressSync(body);
        resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - startedAt });
      });
      response.on("error", reject);
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error(`timeout em ${url}`)));
    outgoing.on("error", reject);
    outgoing.end();
  });
}

async function signIn(baseUrl: string, email: string, password: string) {
  const answer = await withRetries(() =>
    fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ email, password }),
    }),
  );
  if (!answer.ok) throw new Error(`entrar: HTTP ${answer.status}`);
  return answer.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
}

type Row = { cpuMs: number[]; p95: number[]; bytes: number };

async function measurePage(
  server: Server,
  buildName: string,
  cookie: string,
  page: string,
): Promise<{ cpuMs: number; p95: number; bytes: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const url = `${server.baseUrl}${page}`;
  try {
    const first = await request(agent, url, cookie);
    if (first.status !== 200) throw new Error(`${page}: HTTP ${first.status}`);
    if (args["save-html"]) {
      const file = path.join(path.resolve(args["save-html"]), `${buildName}${page.replaceAll("/", "_")}.html`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, first.body);
    }
    const run = async (count: number) => {
      const times: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (next < count) {
            next++;
            const answer = await request(agent, url, cookie);
            if (answer.status !== 200) throw new Error(`${page}: HTTP ${answer.status}`);
            times.push(answer.ms);
          }
        }),
      );
      return times;
    };
    await run(WARMUP);
    const cpuBefore = cpuMsOf(server.pid);
    const times = await run(REQUESTS);
    const cpuMs = (cpuMsOf(server.pid) - cpuBefore) / REQUESTS;
    return {
      cpuMs,
      p95: percentile(
        times.sort((a, b) => a - b),
        0.95,
      ),
      bytes: first.body.length,
    };
  } finally {
    agent.destroy();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const account = { email: `shell-${randomBytes(4).toString("hex")}@example.com`, password: "" };
const results = new Map<string, Map<string, Row>>(BUILDS.map((build) => [build.name, new Map()]));
console.log(
  `bench:shell — ${os.cpus().length} núcleos, ${REQUESTS} pedidos por página, ${CONNECTIONS} conexões, ${ROUNDS} rodadas`,
);
console.log(
  `carga no início: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ")}`,
);
for (let round = 1; round <= ROUNDS; round++) {
  // Alternating which goes first: a machine that gets busier during a round does not favour one build.
  const order = round % 2 === 1 ? BUILDS : [...BUILDS].reverse();
  for (const build of order) {
    const profileDir = args["cpu-prof"] ? path.join(path.resolve(args["cpu-prof"]), build.name) : undefined;
    const server = await startBuild(build.dir, profileDir);
    try {
      if (!account.password) {
        const created = await withRetries(() =>
          createSignedInUser({ baseUrl: server.baseUrl, dataDir: DATA_DIR } as RunningServer),
        );
        account.email = created.email;
        account.password = created.password;
        const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR, LOG_LEVEL: "warn" };
        delete env.DATABASE_URL;
        const role = spawnSync(path.join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/user-role.ts", account.email, "owner"], {
          cwd: ROOT,
          env,
          encoding: "utf8",
        });
        if (role.status !== 0) throw new Error(`papel owner: ${role.stderr || role.stdout}`);
      }
      const cookie = await signIn(server.baseUrl, account.email, account.password);
      for (const page of LIGHT_PAGES) {
        const measured = await measurePage(server, build.name, cookie, page);
        const rows = results.get(build.name)!;
        const row = rows.get(page) ?? { cpuMs: [], p95: [], bytes: measured.bytes };
        row.cpuMs.push(measured.cpuMs);
        row.p95.push(measured.p95);
        row.bytes = measured.bytes;
        rows.set(page, row);
        console.log(
          `  rodada ${round} ${build.name.padEnd(6)} ${page.padEnd(36)} CPU ${measured.cpuMs.toFixed(1)} ms/pedido, p95 ${measured.p95.toFixed(1)} ms, ${(measured.bytes / 1024).toFixed(1)} KB`,
        );
      }
    } catch (error) {
      console.error(server.output());
      throw error;
    } finally {
      await stopServer(server);
    }
  }
}

console.log(
  `\nmedianas das ${ROUNDS} rodadas (carga no fim: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ")}):`,
);
console.log(
  `${"página".padEnd(36)} ${"CPU antes".padStart(10)} ${"depois".padStart(8)} ${"razão".padStart(6)}   ${"p95 antes".padStart(10)} ${"depois".padStart(8)} ${"razão".padStart(6)}   ${"HTML antes".padStart(10)} ${"depois".padStart(8)}`,
);
for (const page of LIGHT_PAGES) {
  const before = results.get("antes")!.get(page)!;
  const after = results.get("depois")!.get(page)!;
  const [cpuBefore, cpuAfter, p95Before, p95After] = [
    median(before.cpuMs),
    median(after.cpuMs),
    median(before.p95),
    median(after.p95),
  ];
  console.log(
    `${page.padEnd(36)} ${cpuBefore.toFixed(1).padStart(10)} ${cpuAfter.toFixed(1).padStart(8)} ${(cpuAfter / cpuBefore).toFixed(2).padStart(6)}   ${p95Before.toFixed(1).padStart(10)} ${p95After.toFixed(1).padStart(8)} ${(p95After / p95Before).toFixed(2).padStart(6)}   ${`${(before.bytes / 1024).toFixed(1)} KB`.padStart(10)} ${`${(after.bytes / 1024).toFixed(1)} KB`.padStart(8)}`,
  );
}
