/**
 * npm run proof:disk [-- --only full|readonly|clock]
 *
 * Issue 26 §4: the production server (PGlite) on a data folder that fills up,
 * turns read-only, or whose clock jumps an hour, while staff sell, open
 * orders and upload photos (the crash proof's stream, scripts/support/crash-proof.ts):
 *   - full: DATA_DIR is a small tmpfs; a filler file takes the rest while
 *     the stream runs. Every request is answered (no hang) with the site's
 *     Portuguese page, no stack trace; the owner's banner says the disk is
 *     nearly full; a backup into the full disk fails with a clear message and
 *     leaves no final file; once the filler is deleted the same server sells
 *     again;
 *   - readonly: the tmpfs is remounted read-only under the running server,
 *     then read-write again: the same expectations;
 *   - clock: the server's clock (a hook loaded with --import, shifting
 *     Date.now and new Date by an offset read from a file this script
 *     changes) jumps an hour forward, then back: sessions stay, sales go on,
 *     nothing runs twice.
 * After each phase the server stops and the crash proof's checks run on the
 * database: every acknowledged form is there; stock, register, finance and
 * loyalty totals equal their ledgers.
 *
 * Needs root (mount) and a build (`npm run build`).
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { copyPgliteTemplate } from "../tests/support/pglite-template";
import {
  freePort,
  lastJson,
  oneOperation,
  plansOf,
  runChild,
  signIn,
  startServer,
  waitReady,
  type CheckResult,
  type Fixture,
  type OperationKind,
  type Server,
  type Stream,
} from "./support/crash-proof";

type Refusal = { kind: OperationKind | "page"; status: number; body: string; phase: string };
type PhaseReport = { name: string; figures: string[]; problems: string[] };

const TMPFS_MB = 96;
const LOG_FILE = path.join(os.tmpdir(), "balcao-proof-disk-server.log");
/** What the site's error pages say; a refusal must say one of them, in Portuguese. */
const STACK_TRACE = /\n\s+at .+\(|node_modules|\.server\.ts|\.js:\d+:\d+/;

function log(line: string) {
  console.log(line);
}

function mountTmpfs(megabytes: number) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "balcao-disk-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m,mode=0755`, "tmpfs", folder]);
  return {
    folder,
    remount: (mode: "ro" | "rw") => execFileSync("mount", ["-o", `remount,${mode}`, folder]),
    unmount() {
      try {
        execFileSync("umount", ["-l", folder]);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

/** Writes `file` until the disk refuses (ENOSPC); the bytes written. */
function fillDisk(file: string) {
  const chunk = Buffer.alloc(1024 * 1024, 7);
  const small = Buffer.alloc(4096, 7);
  const fd = fs.openSync(file, "w");
  let written = 0;
  try {
    for (const piece of [chunk, small]) {
      for (;;) {
        try {
          written += fs.writeSync(fd, piece);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOSPC") break;
          throw error;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return written;
}

/** The stream of forms from `clients` staff until `isStopped()`; each answer other than success is kept. */
function startStream(url: string, cookie: string, fixture: Fixture, stream: Stream, clients = 2) {
  const state = { isStopped: false, errors: [] as string[], slowestMs: 0 };
  const running = Promise.all(
    Array.from({ length: clients }, async () => {
      while (!state.isStopped) {
        const startedAt = performance.now();
        try {
          await oneOperation(url, cookie, fixture, stream);
        } catch (error) {
          state.errors.push(`${(error as Error).name}: ${(error as Error).message}`);
          await sleep(200);
        }
        state.slowestMs = Math.max(state.slowestMs, performance.now() - startedAt);
      }
    }),
  );
  return {
    state,
    async stop() {
      state.isStopped = true;
      await running;
      return state;
    },
  };
}

async function waitFor(condition: () => boolean, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/** What the staff see of a page now: status and text. */
async function page(url: string, cookie: string, pathname: string) {
  const response = await fetch(`${url}${pathname}`, {
    headers: { cookie },
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: await response.text(), type: response.headers.get("content-type") ?? "" };
}

/** A refusal the staff can read: the site's HTML page in Portuguese, no stack trace. */
function judgeRefusal(refusal: Refusal): string | null {
  const where = `${refusal.phase}: ${refusal.kind} → ${refusal.status}`;
  if (refusal.status === 0) return `${where}: sem resposta`;
  if (!/<html/i.test(refusal.body)) return `${where}: não é uma página (${refusal.body.slice(0, 120)})`;
  if (!/lang="pt-BR"/.test(refusal.body)) return `${where}: página sem lang="pt-BR"`;
  if (STACK_TRACE.test(refusal.body)) return `${where}: a página mostra um rastro de pilha`;
  return null;
}

function messageOf(body: string) {
  const text = body
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(body)?.[1]
    ?.replace(/<[^>]+>/g, "")
    .trim();
  return heading ? `${heading} — ${text.slice(0, 200)}` : text.slice(0, 200);
}

type Shop = {
  env: Record<string, string>;
  fixture: Fixture;
  stream: Stream;
  port: number;
  ackFile: string;
  server: Server | null;
  cookie: string;
  /** The servers' log, kept for the report's findings. */
  logFd: number;
};

/** The unprivileged user the read-only phase runs the server as (root ignores a folder's permissions). */
const NOBODY = { uid: 65534, gid: 65534 };

async function startShop(shop: Shop, { env = {}, ...user }: { uid?: number; gid?: number; env?: Record<string, string> } = {}) {
  const server = startServer({ ...shop.env, LOG_LEVEL: "warn", ...env }, shop.port, { output: shop.logFd, ...user });
  shop.server = server;
  await waitReady(server);
  shop.cookie = await signIn(server.url);
  return server;
}

async function stopShop(shop: Shop) {
  const server = shop.server;
  if (!server) return;
  shop.server = null;
  if (server.process.exitCode === null && server.process.signalCode === null) {
    server.process.kill("SIGTERM");
    const timer = setTimeout(() => server.process.kill("SIGKILL"), 15_000);
    await server.exited;
    clearTimeout(timer);
  }
}

/** The crash proof's checks, on the stopped server's folder. */
async function checkLedgers(shop: Shop, phase: string, problems: string[]) {
  fs.writeFileSync(shop.ackFile, JSON.stringify(shop.stream.acknowledged));
  const check = lastJson<CheckResult & { plansBySale: Record<string, number> }>(
    await runChild(["--check", shop.ackFile], shop.env),
  );
  shop.stream.plans = plansOf(shop.stream.acknowledged, check.plansBySale);
  problems.push(...check.problems.map((problem) => `${phase}: ${problem}`));
  return check;
}

/** The owner's banner: the disk alert's text. */
const DISK_BANNER = "O disco dos dados está quase cheio";

/** Refusals while the fault lasts, judged; the figures of the phase. */
async function faultWindow(
  shop: Shop,
  phase: string,
  report: PhaseReport,
  fault: () => void,
  repair: () => void | Promise<void>,
) {
  const server = shop.server!;
  const refusals: Refusal[] = [];
  shop.stream.onRefused = (refusal) => refusals.push({ ...refusal, phase });
  const stream = startStream(server.url, shop.cookie, shop.fixture, shop.stream);
  const before = shop.stream.acknowledged.length;
  await waitFor(() => shop.stream.acknowledged.length >= before + 10, 60_000);
  fault();
  const faultAt = performance.now();
  const ackAtFault = shop.stream.acknowledged.length;
  // A few seconds of forms against the fault.
  await waitFor(() => refusals.length >= 6, 20_000);
  await sleep(2_000);
  const ackDuringFault = shop.stream.acknowledged.length - ackAtFault;
  const dashboard = await page(server.url, shop.cookie, "/dashboard").catch((error: Error) => ({
    status: 0,
    body: error.message,
    type: "",
  }));
  report.figures.push(`/dashboard durante a falha: ${dashboard.status}`);
  if (dashboard.status !== 200) refusals.push({ kind: "page", status: dashboard.status, body: dashboard.body, phase });
  else if (phase === "disco cheio" && !dashboard.body.includes(DISK_BANNER))
    report.problems.push(`${phase}: o aviso de disco cheio não aparece no Painel da dona`);
  const faultState = { refusals: refusals.length, ackDuringFault, seconds: (performance.now() - faultAt) / 1000 };
  await repair();
  const repairedAt = performance.now();
  const ackAtRepair = shop.stream.acknowledged.length;
  const isBack = await waitFor(
    () => shop.stream.acknowledged.length >= ackAtRepair + 5 || server.process.exitCode !== null,
    30_000,
  );
  const recoveredMs = performance.now() - repairedAt;
  const state = await stream.stop();
  shop.stream.onRefused = undefined;
  const recovered = isBack && server.process.exitCode === null;
  report.figures.push(
    `${faultState.refusals} recusas em ${faultState.seconds.toFixed(1)} s de falha, ${faultState.ackDuringFault} confirmadas nesse tempo; ` +
      `pedido mais lento ${(state.slowestMs / 1000).toFixed(1)} s; ` +
      (recovered
        ? `voltou a gravar ${Math.round(recoveredMs)} ms depois do conserto, sem reiniciar`
        : `NÃO voltou a gravar sem reiniciar (o servidor ${server.process.exitCode === null ? "segue no ar" : `saiu com ${server.process.exitCode}`})`),
  );
  const statuses = new Map<string, number>();
  for (const refusal of refusals) {
    const key = `${refusal.status} «${messageOf(refusal.body).slice(0, 90)}»`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  for (const [key, count] of statuses) report.figures.push(`  ${count} × ${key}`);
  for (const refusal of refusals) {
    const problem = judgeRefusal(refusal);
    if (problem) report.problems.push(problem);
  }
  if (refusals.length === 0) report.problems.push(`${phase}: nenhum formulário foi recusado (a falha não chegou ao app?)`);
  report.problems.push(...[...new Set(state.errors)].map((error) => `${phase}: ${error}`));
  if (!recovered) report.problems.push(`${phase}: não voltou a gravar sem reiniciar`);
  return { recovered, refusals };
}

async function diskFull(shop: Shop, disk: ReturnType<typeof mountTmpfs>): Promise<PhaseReport> {
  const report: PhaseReport = { name: "disco cheio", figures: [], problems: [] };
  await startShop(shop);
  const filler = path.join(disk.folder, "enchimento.bin");
  let backup: Awaited<ReturnType<typeof runBackup>> | null = null;
  await faultWindow(
    shop,
    "disco cheio",
    report,
    () => {
      const bytes = fillDisk(filler);
      report.figures.push(`enchimento: ${(bytes / 1024 ** 2).toFixed(1)} MB até ENOSPC`);
    },
    async () => {
      // The backup first, into the full disk: a clear message and no final file.
      backup = await runBackup(shop.env);
      fs.rmSync(filler, { force: true });
    },
  );
  const backupResult = backup as Awaited<ReturnType<typeof runBackup>> | null;
  if (backupResult) {
    const backups = path.join(disk.folder, "backups");
    const files = fs.existsSync(backups) ? fs.readdirSync(backups) : [];
    const finals = files.filter((name) => name.endsWith(".balcao-backup.gz"));
    report.figures.push(
      `cópia de segurança no disco cheio: código ${backupResult.code} em ${(backupResult.ms / 1000).toFixed(1)} s, «${backupResult.output.trim().split("\n").slice(-2).join(" ")}»; na pasta: ${files.join(", ") || "nada"}`,
    );
    if (backupResult.code === 0) report.problems.push("disco cheio: a cópia de segurança disse que deu certo");
    if (finals.length > 0) report.problems.push(`disco cheio: arquivo final de cópia deixado: ${finals.join(", ")}`);
    if (STACK_TRACE.test(backupResult.output)) report.problems.push("disco cheio: a cópia mostra um rastro de pilha");
  }
  await stopShop(shop);
  await checkLedgers(shop, "disco cheio", report.problems);
  return report;
}

/** `npm run db:backup` as the shop runs it (through the server's admin socket), given two minutes. */
function runBackup(env: Record<string, string>): Promise<{ code: number | null; output: string; ms: number }> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "db:backup"], {
      env: { ...process.env, ...env, LOG_LEVEL: "error" },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 120_000,
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output, ms: performance.now() - startedAt }));
  });
}

async function readOnly(shop: Shop, disk: ReturnType<typeof mountTmpfs>): Promise<PhaseReport> {
  const report: PhaseReport = { name: "pasta somente leitura", figures: [], problems: [] };
  // While the server runs: a tmpfs with files open for writing cannot be remounted read-only (EBUSY), so the
  // server runs as an unprivileged user and loses the folder's write permission, then gets it back.
  execFileSync("chown", ["-R", `${NOBODY.uid}:${NOBODY.gid}`, disk.folder]);
  await startShop(shop, NOBODY);
  await faultWindow(
    shop,
    "somente leitura",
    report,
    () => void execFileSync("chmod", ["-R", "a-w", disk.folder]),
    () => void execFileSync("chmod", ["-R", "u+w", disk.folder]),
  );
  await stopShop(shop);
  await checkLedgers(shop, "somente leitura", report.problems);
  // At the start: the folder remounted read-only while the server is stopped.
  disk.remount("ro");
  const startOutput = path.join(os.tmpdir(), `balcao-proof-disk-start-${process.pid}.log`);
  const outputFd = fs.openSync(startOutput, "w");
  const startedAt = performance.now();
  const server = startServer({ ...shop.env, LOG_LEVEL: "warn" }, shop.port, { output: outputFd });
  const outcome = await Promise.race([
    server.exited.then(() => `saiu com o código ${server.process.exitCode}`),
    waitReady(server, 60_000).then(
      () => "ficou pronto",
      () => "nem saiu nem ficou pronto em 60 s",
    ),
  ]);
  if (server.process.exitCode === null) {
    server.process.kill("SIGKILL");
    await server.exited;
  }
  fs.closeSync(outputFd);
  const output = fs.readFileSync(startOutput, "utf8");
  const said = /Não foi possível gravar[^\n"]*/.exec(output)?.[0] ?? output.trim().split("\n").slice(-3).join(" ").slice(0, 400);
  fs.rmSync(startOutput, { force: true });
  report.figures.push(
    `início com a pasta montada só para leitura: ${outcome} em ${((performance.now() - startedAt) / 1000).toFixed(1)} s: «${said}»`,
  );
  if (!outcome.startsWith("saiu")) report.problems.push(`início numa pasta só para leitura: ${outcome}`);
  if (STACK_TRACE.test(output) || !said.startsWith("Não foi possível gravar"))
    report.problems.push("início numa pasta só para leitura: sem a mensagem em português (um rastro de pilha?)");
  disk.remount("rw");
  await startShop(shop);
  report.figures.push("de volta a leitura e escrita: o servidor inicia");
  await stopShop(shop);
  await checkLedgers(shop, "somente leitura (início)", report.problems);
  return report;
}

/** One cash sale of one product with `key`: the success redirect's Location, or the status. */
async function postSale(shop: Shop, key: string) {
  const url = shop.server!.url;
  const form = new URLSearchParams({
    idempotencyKey: key,
    customerId: String(shop.fixture.customerId),
    discount: "",
    itemProductId: String(shop.fixture.productIds[0]),
    itemUnitId: "",
    itemQuantity: "1",
    itemDiscount: "",
    paymentMethod: "cash",
    paymentAmount: "10,00",
    paymentTendered: "",
    paymentInstalments: "",
  });
  const response = await fetch(`${url}/cash-register/venda`, {
    method: "POST",
    headers: { origin: url, cookie: shop.cookie },
    body: form,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  return response.status === 302 ? (response.headers.get("location") ?? "") : `HTTP ${response.status}`;
}

const HOUR_MS = 3_600_000;

async function clockJump(shop: Shop): Promise<PhaseReport> {
  const report: PhaseReport = { name: "relógio pulando uma hora", figures: [], problems: [] };
  const offsetFile = path.join(os.tmpdir(), `balcao-proof-disk-clock-${process.pid}`);
  fs.writeFileSync(offsetFile, "0");
  try {
    await startShop(shop, {
      env: {
        NODE_OPTIONS: `--import ${path.resolve("scripts/support/clock-offset.mjs")}`,
        BALCAO_CLOCK_OFFSET_FILE: offsetFile,
      },
    });
    const server = shop.server!;
    // A sale before the jumps, posted again after them: an idempotency key's replay must survive them.
    const replayKey = crypto.randomUUID();
    const firstAnswer = await postSale(shop, replayKey);
    const refusals: Refusal[] = [];
    shop.stream.onRefused = (refusal) => refusals.push({ ...refusal, phase: "relógio" });
    const stream = startStream(server.url, shop.cookie, shop.fixture, shop.stream);
    for (const [label, offset] of [
      ["uma hora adiante", HOUR_MS],
      ["de volta à hora certa (uma hora atrás)", 0],
      ["uma hora atrás da certa", -HOUR_MS],
      ["de volta à hora certa (uma hora adiante)", 0],
    ] as const) {
      fs.writeFileSync(offsetFile, String(offset));
      const before = shop.stream.acknowledged.length;
      const isGoing = await waitFor(() => shop.stream.acknowledged.length >= before + 5, 30_000);
      const dashboard = await page(server.url, shop.cookie, "/dashboard");
      report.figures.push(
        `${label}: ${isGoing ? "as vendas seguem" : "AS VENDAS PARARAM"}; /dashboard com a mesma sessão: ${dashboard.status}`,
      );
      if (!isGoing) report.problems.push(`relógio ${label}: nenhuma confirmação em 30 s`);
      if (dashboard.status !== 200) report.problems.push(`relógio ${label}: /dashboard respondeu ${dashboard.status}`);
    }
    const state = await stream.stop();
    shop.stream.onRefused = undefined;
    const replayAnswer = await postSale(shop, replayKey);
    report.figures.push(
      `a mesma venda enviada de novo depois dos saltos: ${replayAnswer === firstAnswer ? "a mesma resposta" : `${firstAnswer} → ${replayAnswer}`}`,
    );
    if (replayAnswer !== firstAnswer)
      report.problems.push(`relógio: a venda repetida respondeu ${replayAnswer}, antes ${firstAnswer}`);
    for (const refusal of refusals)
      report.problems.push(`relógio: ${refusal.kind} recusado com ${refusal.status}: ${messageOf(refusal.body).slice(0, 120)}`);
    report.problems.push(...[...new Set(state.errors)].map((error) => `relógio: ${error}`));
    if (server.process.exitCode !== null) report.problems.push(`relógio: o servidor saiu (${server.process.exitCode})`);
    await stopShop(shop);
    // The scheduled jobs, read as they ended: each ran, none is left failed or holding a lease in the future.
    const jobs = await runChild(["--jobs"], shop.env);
    report.figures.push(`tarefas: ${jobs.trim().split("\n").slice(-1)[0]}`);
    if (/falhou/.test(jobs)) report.problems.push(`relógio: tarefas ${jobs.trim()}`);
    await checkLedgers(shop, "relógio", report.problems);
    return report;
  } finally {
    fs.rmSync(offsetFile, { force: true });
  }
}

function readOption(argv: string[], name: string) {
  const index = argv.indexOf(name);
  return index === -1 ? undefined : argv[index + 1];
}

async function main() {
  const only = readOption(process.argv.slice(2), "--only");
  if (process.getuid?.() !== 0) {
    console.error("proof:disk monta um tmpfs: rode como root (a CI roda).");
    process.exit(2);
  }
  const disk = mountTmpfs(TMPFS_MB);
  const env: Record<string, string> = { DATA_DIR: disk.folder, DATABASE_URL: "" };
  const shop: Shop = {
    env,
    fixture: { productIds: [], customerId: 0 },
    stream: { acknowledged: [], attempted: 0, answered: 0, orders: [], plans: [], refused: [] },
    port: await freePort(),
    ackFile: path.join(os.tmpdir(), `balcao-disk-ack-${process.pid}.json`),
    server: null,
    cookie: "",
    logFd: fs.openSync(LOG_FILE, "w"),
  };
  const reports: PhaseReport[] = [];
  const startedAt = performance.now();
  try {
    await copyPgliteTemplate(disk.folder);
    shop.fixture = lastJson<Fixture>(await runChild(["--prepare"], env));
    if (!only || only === "full") reports.push(await diskFull(shop, disk));
    if (!only || only === "readonly") reports.push(await readOnly(shop, disk));
    if (!only || only === "clock") reports.push(await clockJump(shop));
  } finally {
    await stopShop(shop);
    disk.unmount();
    fs.rmSync(shop.ackFile, { force: true });
  }
  let hasProblems = false;
  for (const report of reports) {
    log(`\n${report.name}`);
    for (const figure of report.figures) log(`  ${figure}`);
    log(report.problems.length === 0 ? "  nenhum problema" : `  PROBLEMAS:\n    ${report.problems.join("\n    ")}`);
    hasProblems ||= report.problems.length > 0;
  }
  log(
    `\n${shop.stream.acknowledged.length} formulários confirmados de ${shop.stream.attempted}; ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
  );
  process.exit(hasProblems ? 1 : 0);
}

await main();
