/**
 * `npm run bench`: load-tests a production Balcão on loopback with autocannon.
 * One server with a fresh DATA_DIR; targets measured one after another:
 * /healthz (the ceiling), anonymous / (from the page cache), / signed in
 * (rendered), /auth, the signed-in /dashboard, a static asset and the
 * visit reports' endpoint (POST /api/trafego, from 5 000 client addresses,
 * with the database-backed limits on, as in production). Prints
 * whether anonymous / meets issue 3's budget: at least half of /healthz's
 * requests/s, p99 under 50 ms. Exits non-zero when any target answers with
 * errors or a non-2xx status.
 *
 * Then the query benches of the pages the issues budget (QUERY_BENCHES, each
 * its own `npm run bench:…` with its own data set, PGlite then PostgreSQL
 * when TEST_DATABASE_URL is set): their tables are printed after this one.
 *
 *   npm run bench                      10 s per target, 20 connections
 *   npm run bench -- --duration 5 --connections 50
 *   npm run bench -- --skip-queries    the HTTP targets only
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type Options, type Result } from "autocannon";
import { createSignedInUser, withServer, type RunningServer } from "./support/server";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: process.env.BENCH_DURATION ?? "10" },
    connections: { type: "string", default: process.env.BENCH_CONNECTIONS ?? "20" },
    warmup: { type: "string", default: "2" },
    "skip-queries": { type: "boolean", default: false },
  },
});

/** Query benches `npm run bench` reports after the HTTP targets (issue 25: the dashboard). */
const QUERY_BENCHES = ["bench-dashboard.ts"];

/** Each query bench in turn, its output as it comes; false when one failed or went over its budget. */
function runQueryBenches() {
  let ok = true;
  for (const script of QUERY_BENCHES) {
    console.log(`\n${script}:`);
    const result = spawnSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, script)], {
      stdio: "inherit",
      env: process.env,
    });
    if (result.status !== 0) ok = false;
  }
  return ok;
}
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const WARMUP = Number(args.warmup);
for (const [name, value] of Object.entries({ DURATION, CONNECTIONS, WARMUP })) {
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name.toLowerCase()} inválido: ${value}`);
}

/** What a browser sends: the server compresses HTML and assets on the way out. */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html,*/*" };

/** Issue 3: anonymous `/` at ≥ 50% of /healthz's requests/s, p99 < 50 ms at 20 connections. */
const HOME_MIN_RATIO = 0.5;
const HOME_MAX_P99_MS = 50;
const ANONYMOUS_HOME = "/ (anônimo)";

type Target = { name: string; path: string; headers: Record<string, string>; beacon?: true };

/** A page view as a public page reports it (lib/traffic-beacon.ts). */
const BEACON_BODY = JSON.stringify({ p: "/", e: 1, r: "google.com" });
/** Enough addresses that none reaches the beacon's limit (60 a minute) in a run, few enough to reuse their rows. */
const BEACON_CLIENTS = 5000;
type Row = { target: Target; result: Result };

async function findAssetPath(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const asset = html.match(/\/assets\/[^"'\s<>]+\.js/)?.[0];
  if (!asset) throw new Error("nenhum /assets/*.js no HTML de /");
  return asset;
}

async function checkTarget(baseUrl: string, target: Target) {
  const response = await fetch(`${baseUrl}${target.path}`, {
    headers: target.beacon ? { ...target.headers, "x-forwarded-for": "10.9.9.9" } : target.headers,
    redirect: "manual",
    ...(target.beacon ? { method: "POST", body: BEACON_BODY } : {}),
  });
  await response.arrayBuffer();
  const expected = target.beacon ? 204 : 200;
  if (response.status !== expected) throw new Error(`${target.name}: HTTP ${response.status} antes da medição`);
  // Not measuring what it says: anonymous / must come from the page cache, signed-in / must not.
  const cacheState = response.headers.get("x-page-cache");
  if (target.name === ANONYMOUS_HOME && cacheState === null) throw new Error(`${target.name}: não veio do cache de páginas`);
  if (target.headers.cookie && cacheState === "hit") throw new Error(`${target.name}: sessão recebeu a página do cache`);
}

/**
 * autocannon appends every response body to a string (`req.body += chunk`):
 * on compressed bytes that UTF-8 decoding costs the load generator more than
 * the server spends on the request, and caps a 17 KB brotli page near 1 500
 * req/s whatever the server does (a bare node:http server sending 17 KB of
 * random bytes measures the same). Bodies are not checked here (status codes
 * are), so they are dropped unread.
 */
type AutocannonClient = { pipelinedRequests: { addBody: (data: Buffer) => void } };
function dropBodies(client: unknown) {
  (client as AutocannonClient).pipelinedRequests.addBody = () => {};
}

let beaconClient = 0;

function run(baseUrl: string, target: Target, duration: number): Promise<Result> {
  // `setupClient` is in autocannon's README but not in its type definitions.
  const options: Options & { setupClient: (client: unknown) => void } = {
    url: `${baseUrl}${target.path}`,
    // Each report from the next of BEACON_CLIENTS addresses (the server reads them from X-Forwarded-For here).
    ...(target.beacon
      ? {
          method: "POST" as const,
          body: BEACON_BODY,
          requests: [
            {
              setupRequest: (request: { headers?: Record<string, string> }) => ({
                ...request,
                headers: {
                  ...request.headers,
                  "x-forwarded-for": `10.8.${Math.floor((beaconClient % BEACON_CLIENTS) / 250)}.${(beaconClient++ % 250) + 1}`,
                },
              }),
            },
          ],
        }
      : {}),
    connections: CONNECTIONS,
    duration,
    timeout: 10,
    headers: target.headers,
    title: target.name,
    setupClient: dropBodies,
  };
  return Promise.resolve(autocannon(options));
}

function formatTable(rows: Row[]) {
  const ceiling = rows.find((row) => row.target.path === "/healthz")?.result.requests.average ?? 0;
  const header = ["alvo", "req/s", "p50 ms", "p99 ms", "não-2xx", "erros", "vs /healthz"];
  const body = rows.map(({ target, result }) => [
    target.name,
    result.requests.average.toFixed(0),
    result.latency.p50.toFixed(1),
    result.latency.p99.toFixed(1),
    String(result.non2xx),
    String(result.errors + result.timeouts),
    ceiling ? `${((result.requests.average / ceiling) * 100).toFixed(1)}%` : "-",
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...body.map(line)].join("\n");
}

function reportHomeBudget(rows: Row[]) {
  const ceiling = rows.find((row) => row.target.path === "/healthz")?.result;
  const home = rows.find((row) => row.target.name === ANONYMOUS_HOME)?.result;
  if (!ceiling || !home) return;
  const ratio = home.requests.average / ceiling.requests.average;
  const isMet = ratio >= HOME_MIN_RATIO && home.latency.p99 < HOME_MAX_P99_MS;
  console.log(
    `/ anônimo: ${home.requests.average.toFixed(0)} req/s = ${(ratio * 100).toFixed(1)}% de /healthz ` +
      `(meta ≥ ${HOME_MIN_RATIO * 100}%), p99 ${home.latency.p99.toFixed(1)} ms (meta < ${HOME_MAX_P99_MS} ms) — ` +
      `${isMet ? "dentro do orçamento" : "FORA DO ORÇAMENTO"}\n`,
  );
}

async function bench(server: RunningServer) {
  const { baseUrl } = server;
  const user = await createSignedInUser(server);
  const asset = await findAssetPath(baseUrl);
  const targets: Target[] = [
    { name: "/healthz", path: "/healthz", headers: BROWSER_HEADERS },
    { name: ANONYMOUS_HOME, path: "/", headers: BROWSER_HEADERS },
    { name: "/ (sessão, renderizada)", path: "/", headers: { ...BROWSER_HEADERS, cookie: user.cookie } },
    { name: "/auth", path: "/auth", headers: BROWSER_HEADERS },
    { name: "/dashboard (sessão)", path: "/dashboard", headers: { ...BROWSER_HEADERS, cookie: user.cookie } },
    { name: `asset ${asset.replace(/^\/assets\//, "")}`, path: asset, headers: BROWSER_HEADERS },
    {
      name: "POST /api/trafego (relatório de visita)",
      path: "/api/trafego",
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        origin: baseUrl,
        "user-agent":
          "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
      },
      beacon: true,
    },
  ];

  console.log(`Balcão em ${baseUrl} — ${CONNECTIONS} conexões, ${DURATION} s por alvo (aquecimento ${WARMUP} s), sequencial`);
  const rows: Row[] = [];
  for (const target of targets) {
    await checkTarget(baseUrl, target);
    if (WARMUP > 0) await run(baseUrl, target, WARMUP);
    process.stdout.write(`  ${target.name}… `);
    const result = await run(baseUrl, target, DURATION);
    console.log(`${result.requests.average.toFixed(0)} req/s`);
    rows.push({ target, result });
  }

  console.log(`\n${formatTable(rows)}\n`);
  reportHomeBudget(rows);
  const failures = rows.filter(({ result }) => result.non2xx > 0 || result.errors > 0 || result.timeouts > 0);
  for (const { target, result } of failures) {
    console.error(
      `FALHA ${target.name}: ${result.non2xx} não-2xx ${JSON.stringify(result.statusCodeStats)}, ${result.errors} erros, ${result.timeouts} timeouts`,
    );
  }
  return failures.length === 0;
}

try {
  // The beacon is measured as it runs in production: limits on, the client's address from the proxy's header.
  const ok = await withServer(bench, { env: { RATE_LIMIT: "on", TRUST_PROXY: "x-forwarded-for" } });
  const queriesOk = args["skip-queries"] ? true : runQueryBenches();
  process.exitCode = ok && queriesOk ? 0 : 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
