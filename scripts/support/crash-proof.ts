/**
 * The crash proof (issue 26 §2): the production server (`npm start`'s own
 * command line, from one build) is killed with SIGKILL at random moments
 * during a stream of sales, service orders and their payments, crediário
 * instalment payments and product photos (uploads), posted over HTTP as the
 * counter's forms post them. After each kill the database is opened as a
 * restart opens it and checked:
 *   - every request that got its success answer (the form's redirect) is in
 *     the database (its idempotency key, and the row it named);
 *   - every product's stock equals the sum of its stock ledger;
 *   - every sale's register entries add up to its total (the register's
 *     totals are the sum of its entries) and every closed register's
 *     expected totals are its entries';
 *   - every finance account's daily totals equal its paid entries;
 *   - every loyalty balance equals its ledger.
 * Then the server starts again and the stream goes on. On PostgreSQL the
 * database is also taken away (every connection cut and new ones refused, by
 * a proxy this process runs between the app and the server) while the app
 * runs: it must answer 503, not hang, and serve again once it is back.
 *
 * Used by `npm run proof:crash` (20 kills per database) and, reduced, by the
 * journey tests/e2e/crash-restart.spec.ts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createPostgresDatabase } from "../../tests/support/database";
import { copyPgliteTemplate } from "../../tests/support/pglite-template";

const PACKAGE = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } };
const START_COMMAND = PACKAGE.scripts.start;
const SCRIPT = path.resolve("scripts/proof-crash.ts");
const PASSWORD = "Prova-Queda#2026";
const OWNER_EMAIL = "dona@prova-queda.test";
/** The product photo each upload sends: the shop refuses images under 200 × 200. */
const PNG = await sharp({ create: { width: 240, height: 240, channels: 3, background: "#3366cc" } })
  .png()
  .toBuffer();

export type CrashDatabase = "pglite" | "postgres";
export type CrashProofOptions = {
  database: CrashDatabase;
  kills: number;
  /** PostgreSQL only: times the database is taken away under the running app. */
  databaseOutages: number;
  /** Concurrent staff posting forms. */
  clients?: number;
  log?: (line: string) => void;
};
export type Acknowledged = { kind: OperationKind; key: string; id: number | null };
export type OperationKind = "sale" | "crediario-sale" | "order" | "order-payment" | "instalment" | "upload";
export type CheckResult = { acknowledged: number; problems: string[]; counts: Record<string, number> };
export type CrashProofReport = {
  database: CrashDatabase;
  kills: number;
  acknowledged: number;
  attempted: number;
  byKind: Record<string, number>;
  restartMs: number[];
  outages: { refusedMs: number[]; statuses: number[]; recoveredMs: number }[];
  problems: string[];
};
export type Fixture = { productIds: number[]; customerId: number };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1");
    probe.on("error", reject);
    probe.on("listening", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function runChild(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", SCRIPT, ...args], {
      env: { ...process.env, ...env, LOG_LEVEL: "error" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(" ")}: código ${code}\n${err}`))));
  });
}

/** The last line a child printed, as JSON. */
export function lastJson<T>(out: string): T {
  const lines = out.trim().split("\n");
  return JSON.parse(lines[lines.length - 1] ?? "null") as T;
}

/**
 * A TCP relay between the app and PostgreSQL: `cut()` closes every
 * connection and refuses new ones (what the app sees of a killed database
 * server), `restore()` lets them through again.
 */
async function startDatabaseRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let isDown = false;
  const server = net.createServer((client) => {
    if (isDown) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    cut() {
      isDown = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      isDown = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Server = { process: ChildProcess; url: string; exited: Promise<unknown> };

/** `output`: where the server's log goes (a file descriptor), by default nowhere; `uid`/`gid`: another user's server. */
export function startServer(
  env: Record<string, string>,
  port: number,
  { output = "ignore", uid, gid }: { output?: "ignore" | number; uid?: number; gid?: number } = {},
): Server {
  const child = spawn("sh", ["-c", START_COMMAND], {
    env: {
      ...process.env,
      PATH: `${path.resolve("node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT: "off",
      DEMO_DATA: "off",
      LOG_LEVEL: "error",
      SMTP_URL: "",
      ...env,
    },
    stdio: ["ignore", output, output === "ignore" ? "inherit" : output],
    uid,
    gid,
  });
  return { process: child, url: `http://127.0.0.1:${port}`, exited: once(child, "exit") };
}

export async function waitReady(server: Server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) throw new Error(`o servidor terminou ao iniciar (código ${server.process.exitCode})`);
    const response = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("o servidor não ficou pronto");
}

export async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/json" },
    body: JSON.stringify({ email: OWNER_EMAIL, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

const money = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

/** One form as the counter posts it; the answer's Location when it is the success redirect. */
async function post(url: string, cookie: string, pathname: string, body: URLSearchParams | FormData) {
  const response = await fetch(`${url}${pathname}`, {
    method: "POST",
    headers: { origin: url, cookie },
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  if (response.status === 302) {
    await response.arrayBuffer();
    return { location: response.headers.get("location") ?? "", status: response.status, body: "" };
  }
  return { location: null, status: response.status, body: await response.text() };
}

export type Stream = {
  acknowledged: Acknowledged[];
  attempted: number;
  /** Requests that got any answer. */
  answered: number;
  orders: number[];
  plans: number[];
  /** Forms answered with something else than their success redirect (a refusal is a finding too). */
  refused: string[];
  /** Told of each refusal's answer (the disk proof reads what the staff would see). */
  onRefused?: (refusal: { kind: OperationKind; status: number; body: string }) => void;
};

export async function oneOperation(url: string, cookie: string, fixture: Fixture, stream: Stream) {
  const key = crypto.randomUUID();
  const kinds: OperationKind[] = ["sale", "sale", "crediario-sale", "order", "upload"];
  if (stream.orders.length > 0) kinds.push("order-payment");
  if (stream.plans.length > 0) kinds.push("instalment", "instalment");
  const kind = pick(kinds);
  stream.attempted++;
  let answer: Awaited<ReturnType<typeof post>>;
  let pattern: RegExp;
  if (kind === "sale" || kind === "crediario-sale") {
    const form = new URLSearchParams({ idempotencyKey: key, customerId: String(fixture.customerId), discount: "" });
    // A crediário's instalments must be R$ 10,00 or more: three items (R$ 30,00) in two.
    const items = kind === "crediario-sale" ? 3 : 1 + Math.floor(Math.random() * 3);
    for (let index = 0; index < items; index++) {
      form.append("itemProductId", String(pick(fixture.productIds)));
      form.append("itemUnitId", "");
      form.append("itemQuantity", "1");
      form.append("itemDiscount", "");
    }
    form.append("paymentMethod", kind === "sale" ? pick(["cash", "debit"]) : "crediario");
    // Each product costs R$ 10,00.
    form.append("paymentAmount", money(items * 1_000));
    form.append("paymentTendered", "");
    form.append("paymentInstalments", "");
    if (kind === "crediario-sale") {
      const firstDue = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      form.append("credit.instalmentCount", "2");
      form.append("credit.monthlyRate", "0");
      form.append("credit.firstDueDate", firstDue);
    }
    answer = await post(url, cookie, "/cash-register/venda", form);
    pattern = /\/cash-register\/vendas\/(\d+)/;
  } else if (kind === "order") {
    const form = new URLSearchParams({
      intent: "create",
      customerId: String(fixture.customerId),
      deviceType: "phone",
      brand: "Motorola",
      model: "Moto G84",
      reportedDefect: "Tela trincada, touch falhando",
      lineKind: "service",
      lineDescription: "Mão de obra",
      lineQuantity: "1",
      lineUnitPrice: "120,00",
      lineProductId: "",
      warrantyDays: "90",
      idempotencyKey: key,
    });
    answer = await post(url, cookie, "/new-service-order", form);
    pattern = /\/service-orders\/(\d+)\/edit/;
  } else if (kind === "order-payment") {
    const order = pick(stream.orders);
    const form = new URLSearchParams({
      intent: "payment",
      method: "cash",
      amount: "1,00",
      paidAt: "",
      note: "",
      idempotencyKey: key,
    });
    answer = await post(url, cookie, `/service-orders/${order}/edit`, form);
    pattern = /\/service-orders\/(\d+)\/edit/;
  } else if (kind === "instalment") {
    const plan = pick(stream.plans);
    const form = new URLSearchParams({ amount: "1,00", method: "cash", idempotencyKey: key });
    answer = await post(url, cookie, `/cdc/${plan}/pagar`, form);
    pattern = /\/cdc\/(\d+)\/extrato/;
  } else {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "save",
      kind: "product",
      name: `Capinha prova ${key.slice(0, 8)}`,
      sku: "",
      barcode: "",
      category: "Acessórios",
      brand: "",
      priceCents: "25,00",
      minimumStock: "0",
      location: "",
      description: "",
      partOrigin: "",
      revenueSource: "",
      initialQuantity: "5",
      initialCostCents: "8,00",
      idempotencyKey: key,
    }))
      form.append(name, value);
    form.append("image", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "foto.png");
    answer = await post(url, cookie, "/inventory/new", form);
    pattern = /\/inventory\/(\d+)/;
  }
  stream.answered++;
  const { location } = answer;
  if (location === null) {
    stream.refused.push(kind);
    stream.onRefused?.({ kind, status: answer.status, body: answer.body });
    return;
  }
  const match = pattern.exec(location);
  if (!match) throw new Error(`${kind}: resposta de sucesso sem o destino esperado (${location})`);
  const id = Number(match[1]);
  stream.acknowledged.push({ kind, key, id: kind === "order-payment" || kind === "instalment" ? null : id });
  if (kind === "order") stream.orders.push(id);
}

/** Plans open in the database (each crediário sale opens one). */
export function plansOf(acknowledged: Acknowledged[], plansBySale: Record<string, number>) {
  return acknowledged
    .filter((entry) => entry.kind === "crediario-sale")
    .map((entry) => plansBySale[String(entry.id)])
    .filter((plan): plan is number => plan !== undefined);
}

/** Posts forms from `clients` staff until `stop` resolves; a request cut by the kill is simply not acknowledged. */
export async function runStream(
  url: string,
  cookie: string,
  fixture: Fixture,
  stream: Stream,
  clients: number,
  stop: Promise<void>,
) {
  const state = { isStopped: false };
  void stop.then(() => (state.isStopped = true));
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!state.isStopped) {
        try {
          await oneOperation(url, cookie, fixture, stream);
        } catch (error) {
          // A connection reset or refused by the dying server is the point of the test; anything else is a finding.
          const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
          if (!state.isStopped && !/ECONNRESET|ECONNREFUSED|UND_ERR_SOCKET|EPIPE|AbortError|TimeoutError/.test(String(cause)))
            failures.push((error as Error).message);
          if (state.isStopped) return;
        }
      }
    }),
  );
  return failures;
}

async function measureOutage(url: string, cookie: string, relay: Awaited<ReturnType<typeof startDatabaseRelay>>) {
  relay.cut();
  const statuses: number[] = [];
  const refusedMs: number[] = [];
  for (let probe = 0; probe < 4; probe++) {
    const startedAt = performance.now();
    const page = probe % 2 === 0 ? "/dashboard" : "/cash-register";
    const response = await fetch(`${url}${page}`, { headers: { cookie }, signal: AbortSignal.timeout(15_000) }).catch(
      (error: Error) => ({ status: error.name === "TimeoutError" ? -1 : 0 }),
    );
    if ("arrayBuffer" in response) await response.arrayBuffer();
    statuses.push(response.status);
    refusedMs.push(performance.now() - startedAt);
  }
  relay.restore();
  const backAt = performance.now();
  let recoveredMs = -1;
  while (performance.now() - backAt < 30_000) {
    const response = await fetch(`${url}/dashboard`, { headers: { cookie }, signal: AbortSignal.timeout(5_000) }).catch(
      () => null,
    );
    if (response) await response.arrayBuffer();
    if (response?.status === 200) {
      recoveredMs = performance.now() - backAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { statuses, refusedMs, recoveredMs };
}

export async function runCrashProof(options: CrashProofOptions): Promise<CrashProofReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const clients = options.clients ?? 3;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `balcao-crash-${options.database}-`));
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: "" };
  let dropDatabase: (() => Promise<void>) | null = null;
  let relay: Awaited<ReturnType<typeof startDatabaseRelay>> | null = null;
  const report: CrashProofReport = {
    database: options.database,
    kills: 0,
    acknowledged: 0,
    attempted: 0,
    byKind: {},
    restartMs: [],
    outages: [],
    problems: [],
  };
  let server: Server | null = null;
  try {
    if (options.database === "postgres") {
      const serverUrl = process.env.TEST_DATABASE_URL;
      if (!serverUrl) throw new Error("PostgreSQL: defina TEST_DATABASE_URL (um servidor onde criar um banco temporário)");
      const database = await createPostgresDatabase(serverUrl);
      dropDatabase = database.drop;
      const target = new URL(database.url);
      relay = await startDatabaseRelay({ host: target.hostname, port: Number(target.port || 5432) });
      target.hostname = "127.0.0.1";
      target.port = String(relay.port);
      env.DATABASE_URL = target.toString();
    }
    // A migrated database copied from the tests' template: PGlite's initdb and 40 migrations cost a minute on a busy machine.
    else await copyPgliteTemplate(dataDir);
    const fixture = lastJson<Fixture>(await runChild(["--prepare"], env));
    const stream: Stream = { acknowledged: [], attempted: 0, answered: 0, orders: [], plans: [], refused: [] };
    const ackFile = path.join(dataDir, "acknowledged.json");
    const port = await freePort();
    for (let kill = 1; kill <= options.kills; kill++) {
      const startedAt = performance.now();
      server = startServer(env, port);
      await waitReady(server);
      if (kill > 1) report.restartMs.push(performance.now() - startedAt);
      const cookie = await signIn(server.url);
      if (relay && report.outages.length < options.databaseOutages && kill % 2 === 0) {
        const outage = await measureOutage(server.url, cookie, relay);
        report.outages.push(outage);
        log(`  banco fora: respostas ${outage.statuses.join(", ")}; de volta em ${Math.round(outage.recoveredMs)} ms`);
        if (outage.statuses.some((status) => status !== 503))
          report.problems.push(`banco fora: respostas ${outage.statuses.join(", ")}, esperado 503`);
        if (outage.recoveredMs < 0) report.problems.push("banco de volta: o app não voltou a responder em 30 s");
      }
      // The kill comes at a random moment of the stream, once it runs (its first answer): up to two seconds later.
      const killAfterMs = Math.random() * 2_000;
      const running = server;
      const answered = stream.answered;
      const stop = (async () => {
        while (stream.answered === answered) await new Promise((resolve) => setTimeout(resolve, 10));
        await new Promise((resolve) => setTimeout(resolve, killAfterMs));
        running.process.kill("SIGKILL");
      })();
      const failures = await runStream(running.url, cookie, fixture, stream, clients, stop);
      await running.exited;
      server = null;
      report.kills++;
      report.problems.push(...failures.map((failure) => `queda ${kill}: ${failure}`));
      fs.writeFileSync(ackFile, JSON.stringify(stream.acknowledged));
      const check = lastJson<CheckResult & { plansBySale: Record<string, number> }>(await runChild(["--check", ackFile], env));
      report.problems.push(...check.problems.map((problem) => `queda ${kill}: ${problem}`));
      stream.plans = plansOf(stream.acknowledged, check.plansBySale);
      log(
        `queda ${kill}/${options.kills} (${options.database}) após ${Math.round(killAfterMs)} ms: ${stream.acknowledged.length} confirmadas de ${stream.attempted}; ${check.problems.length === 0 ? "tudo confere" : check.problems.join("; ")}`,
      );
    }
    // One last start: the server comes back after the last kill too.
    const startedAt = performance.now();
    server = startServer(env, port);
    await waitReady(server);
    report.restartMs.push(performance.now() - startedAt);
    server.process.kill("SIGTERM");
    await server.exited;
    server = null;
    // A form answered with anything but its success redirect while the server lived is a finding, not noise.
    for (const kind of new Set(stream.refused))
      report.problems.push(`${kind}: ${stream.refused.filter((refused) => refused === kind).length} formulário(s) recusado(s)`);
    report.acknowledged = stream.acknowledged.length;
    report.attempted = stream.attempted;
    for (const { kind } of stream.acknowledged) report.byKind[kind] = (report.byKind[kind] ?? 0) + 1;
    return report;
  } finally {
    if (server) {
      server.process.kill("SIGKILL");
      await server.exited;
    }
    await relay?.close();
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function describeCrashProof(report: CrashProofReport) {
  const restarts = [...report.restartMs].sort((a, b) => a - b);
  const median = restarts[Math.floor(restarts.length / 2)] ?? 0;
  const lines = [
    `${report.database}: ${report.kills} quedas (SIGKILL), ${report.acknowledged} pedidos confirmados de ${report.attempted} enviados (${Object.entries(
      report.byKind,
    )
      .map(([kind, count]) => `${kind} ${count}`)
      .join(", ")})`,
    `  reinício até /readyz: mediana ${Math.round(median)} ms, máximo ${Math.round(restarts[restarts.length - 1] ?? 0)} ms`,
  ];
  for (const outage of report.outages) {
    lines.push(
      `  banco fora: ${outage.statuses.join(", ")} em ${outage.refusedMs.map((ms) => Math.round(ms)).join(", ")} ms; servindo de novo ${Math.round(outage.recoveredMs)} ms depois`,
    );
  }
  lines.push(report.problems.length === 0 ? "  nenhum problema" : `  PROBLEMAS:\n    ${report.problems.join("\n    ")}`);
  return lines.join("\n");
}
