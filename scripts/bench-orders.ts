/**
 * `npm run bench:orders`: p50/p95 of the service-order queries people wait
 * for, on the large data set (issue 4: p95 ≤ 50 ms each on PGlite):
 *   - the staff search box (searchServiceOrders) with a mix of queries:
 *     order number, tracking code, IMEI (whole or its end), phone (whole,
 *     without area code, last 4 digits), CPF, name and model fragments;
 *   - the list with filters and status counts (listServiceOrders);
 *   - the /consultar lookup (findOrderForCustomer) by code and by number + last 4.
 *
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL (a throwaway database
 * is created on that server and dropped) or DATABASE_URL (used as it is) is set.
 *
 *   npm run bench:orders                                 temp DATA_DIR, seeds 100 000 orders
 *   BENCH_DATA_DIR=/tmp/balcao-100k npm run bench:orders  reuses (or fills once) that folder
 *   npm run bench:orders -- --runs 400 --scale 100000
 *
 * Each database is measured in a child process of its own: the app reads its
 * configuration once and keeps one database per process.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    worker: { type: "boolean", default: false },
    runs: { type: "string", default: process.env.BENCH_RUNS ?? "200" },
    scale: { type: "string", default: process.env.BENCH_SCALE ?? "100000" },
  },
});
const RUNS = Number(args.runs);
const SCALE = Number(args.scale);
if (!Number.isSafeInteger(RUNS) || RUNS < 10) throw new Error(`--runs inválido: ${args.runs}`);
if (!Number.isSafeInteger(SCALE) || SCALE < 1000) throw new Error(`--scale inválido: ${args.scale}`);

/** Issue 4's budget, on PGlite. */
const P95_BUDGET_MS = 50;
const RESULT_PREFIX = "BENCH_RESULT ";

type Measurement = { name: string; kind: string; timesMs: number[] };
type WorkerResult = { database: string; orders: number; measurements: Measurement[]; seededMs: number | null };

function percentile(sorted: number[], fraction: number) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

// ---------------------------------------------------------------- worker

function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length]!;
}

async function runWorker(): Promise<WorkerResult> {
  const [{ getDb, closeDb, databaseKind }, { sql, eq, count }, schema, customersSchema, queries, tracking, demo] =
    await Promise.all([
      import("~/db/client.server"),
      import("drizzle-orm"),
      import("~/db/schema/service-orders"),
      import("~/db/schema/customers"),
      import("~/modules/service-orders/queries.server"),
      import("~/modules/service-orders/public-tracking.server"),
      import("~/modules/demo/demo-service-orders.server"),
    ]);
  const { serviceOrders } = schema;
  const { customers } = customersSchema;
  const db = await getDb();
  const kind = databaseKind();

  let seededMs: number | null = null;
  const [{ total: existing } = { total: 0 }] = await db.select({ total: count() }).from(serviceOrders);
  if (existing < SCALE * 0.9) {
    console.error(`[${kind}] ${existing} ordens: semeando ${SCALE - existing}…`);
    let lastPrint = 0;
    const seeded = await demo.seedLargeDataSet({
      orders: SCALE - existing,
      onProgress: ({ orders, elapsedMs }) => {
        if (elapsedMs - lastPrint < 5_000) return;
        lastPrint = elapsedMs;
        console.error(`[${kind}]   ${orders} ordens (${(elapsedMs / 1000).toFixed(0)} s)`);
      },
    });
    seededMs = seeded.elapsedMs;
  }
  const [{ total: orders } = { total: 0 }] = await db.select({ total: count() }).from(serviceOrders);

  // Inputs drawn from the data itself, spread over the whole table.
  const sample = await db
    .select({
      id: serviceOrders.id,
      trackingCode: serviceOrders.trackingCode,
      imeiOrSerial: serviceOrders.imeiOrSerial,
      model: serviceOrders.model,
      technicianUserId: serviceOrders.technicianUserId,
      phone: customers.phone,
      document: customers.document,
      name: customers.name,
    })
    .from(serviceOrders)
    .innerJoin(customers, eq(customers.id, serviceOrders.customerId))
    .where(sql`${serviceOrders.id} % 997 = 0`)
    .limit(100);
  if (sample.length < 20) throw new Error(`poucos dados para medir (${sample.length} ordens na amostra)`);
  const withImei = sample.filter((row) => /^\d{15}$/.test(row.imeiOrSerial));
  const withDocument = sample.filter((row) => row.document);
  const technicians = [...new Set(sample.flatMap((row) => (row.technicianUserId ? [row.technicianUserId] : [])))];
  const surnames = ["Silva", "Oliveira", "Ferreira", "Cavalcanti", "Nascimento", "Gonçalves"];
  const modelFragments = ["Galaxy A5", "iPhone 13", "Redmi Note", "Moto G", "Inspiron", "PlayStation", "Tab S6"];

  const searchQueries: { kind: string; text: (index: number) => string; expectedId?: (index: number) => number }[] = [
    { kind: "nº da OS", text: (index) => String(pick(sample, index).id) },
    { kind: "código", text: (index) => pick(sample, index).trackingCode },
    { kind: "IMEI", text: (index) => pick(withImei, index).imeiOrSerial },
    { kind: "telefone", text: (index) => pick(sample, index).phone },
    { kind: "telefone sem DDD", text: (index) => pick(sample, index).phone.slice(2) },
    // What a counter usually has: the end of a number. The sampled order itself must be among the results.
    {
      kind: "telefone (4 últimos)",
      text: (index) => pick(sample, index).phone.slice(-4),
      expectedId: (index) => pick(sample, index).id,
    },
    {
      kind: "IMEI (6 últimos)",
      text: (index) => pick(withImei, index).imeiOrSerial.slice(-6),
      expectedId: (index) => pick(withImei, index).id,
    },
    { kind: "CPF", text: (index) => pick(withDocument, index).document ?? "" },
    { kind: "nome (parte)", text: (index) => (index % 2 ? pick(surnames, index) : pick(sample, index).name.split(" ")[0]!) },
    { kind: "modelo (parte)", text: (index) => pick(modelFragments, index) },
  ];
  const statuses = ["received", "repairing", "ready", "delivered", "awaiting_approval", null] as const;
  const listFilters = (index: number) => {
    const status = pick([...statuses], index);
    const technicianId = index % 3 === 0 ? null : pick(technicians, index);
    const toDay = new Date(Date.now() - (index % 365) * 86_400_000);
    const fromDay = new Date(toDay.getTime() - (7 + (index % 60)) * 86_400_000);
    const hasDates = index % 4 !== 3;
    return {
      status,
      technicianId,
      from: hasDates ? fromDay.toISOString().slice(0, 10) : null,
      to: hasDates ? toDay.toISOString().slice(0, 10) : null,
      page: 1 + (index % 3),
    };
  };

  const benches: { name: string; kinds: string[]; run: (index: number) => Promise<{ kind: string; ok: boolean }> }[] = [
    {
      name: "busca (searchServiceOrders)",
      kinds: searchQueries.map((query) => query.kind),
      run: async (index) => {
        const query = pick(searchQueries, index);
        const round = Math.floor(index / searchQueries.length);
        const rows = await queries.searchServiceOrders(query.text(round));
        const expectedId = query.expectedId?.(round);
        return { kind: query.kind, ok: expectedId === undefined ? rows.length > 0 : rows.some((row) => row.id === expectedId) };
      },
    },
    {
      name: "lista com filtros (listServiceOrders)",
      kinds: ["status + técnico + datas", "sem status"],
      run: async (index) => {
        const filters = listFilters(index);
        const result = await queries.listServiceOrders(filters);
        return { kind: filters.status ? "status + técnico + datas" : "sem status", ok: result.total >= 0 };
      },
    },
    {
      name: "/consultar (findOrderForCustomer)",
      kinds: ["código", "nº + 4 dígitos"],
      run: async (index) => {
        const row = pick(sample, Math.floor(index / 2));
        const byCode = index % 2 === 0;
        const found = await tracking.findOrderForCustomer(
          byCode
            ? { kind: "code", code: row.trackingCode }
            : { kind: "order-number", orderNumber: row.id, phoneLast4: row.phone.slice(-4) },
        );
        return { kind: byCode ? "código" : "nº + 4 dígitos", ok: found?.orderNumber === row.id };
      },
    },
  ];

  const measurements: Measurement[] = [];
  for (const bench of benches) {
    // Warm-up: caches, plans and PGlite's WebAssembly JIT, not measured.
    for (let index = 0; index < Math.min(40, RUNS); index++) await bench.run(index + 10_000);
    const all: number[] = [];
    const byKind = new Map<string, number[]>();
    const misses: string[] = [];
    for (let index = 0; index < RUNS; index++) {
      const startedAt = performance.now();
      const { kind: queryKind, ok } = await bench.run(index);
      const elapsed = performance.now() - startedAt;
      if (!ok) misses.push(queryKind);
      all.push(elapsed);
      byKind.set(queryKind, [...(byKind.get(queryKind) ?? []), elapsed]);
    }
    // A miss is not an error (a name fragment may match nobody), but a bench that finds nothing measures nothing.
    if (misses.length > 0) {
      console.error(
        `[${kind}] ${bench.name}: ${misses.length} de ${RUNS} execuções sem resultado (${[...new Set(misses)].join(", ")})`,
      );
    }
    measurements.push({ name: bench.name, kind: "todas", timesMs: all });
    for (const queryKind of bench.kinds) {
      const times = byKind.get(queryKind);
      if (times) measurements.push({ name: bench.name, kind: queryKind, timesMs: times });
    }
  }
  await closeDb();
  return { database: kind, orders, measurements, seededMs };
}

// ---------------------------------------------------------------- orchestrator

function runChild(label: string, env: NodeJS.ProcessEnv): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", import.meta.filename, "--worker", "--runs", String(RUNS), "--scale", String(SCALE)],
      {
        env: { ...process.env, LOG_LEVEL: "warn", ...env },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let output = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      const line = output.split("\n").find((candidate) => candidate.startsWith(RESULT_PREFIX));
      if (code !== 0 || !line) return reject(new Error(`${label}: o processo de medição terminou com código ${code}\n${output}`));
      resolve(JSON.parse(line.slice(RESULT_PREFIX.length)) as WorkerResult);
    });
  });
}

function formatTable(results: WorkerResult[]) {
  const header = ["consulta", "tipo", "banco", "n", "p50 ms", "p95 ms", "máx ms", `p95 ≤ ${P95_BUDGET_MS}`];
  const rows = results.flatMap((result) =>
    result.measurements.map((measurement) => {
      const sorted = [...measurement.timesMs].sort((a, b) => a - b);
      const p95 = percentile(sorted, 0.95);
      const isTotal = measurement.kind === "todas";
      return [
        isTotal ? measurement.name : "",
        measurement.kind,
        result.database,
        String(sorted.length),
        percentile(sorted, 0.5).toFixed(1),
        p95.toFixed(1),
        sorted.at(-1)!.toFixed(1),
        isTotal ? (p95 <= P95_BUDGET_MS ? "sim" : "NÃO") : "",
      ];
    }),
  );
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

async function createPostgresDatabase(serverUrl: string) {
  const { Client } = await import("pg");
  const name = `balcao_bench_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function main() {
  const results: WorkerResult[] = [];
  const cpus = os.cpus().length;
  console.log(`bench:orders — ${SCALE} ordens, ${RUNS} execuções por consulta, ${cpus} núcleos, Node ${process.version}`);

  const reusedDir = process.env.BENCH_DATA_DIR;
  const dataDir = reusedDir ? path.resolve(reusedDir) : fs.mkdtempSync(path.join(os.tmpdir(), "balcao-bench-orders-"));
  fs.mkdirSync(dataDir, { recursive: true });
  console.log(`PGlite em ${dataDir}${reusedDir ? " (reaproveitado)" : " (temporário)"}`);
  try {
    const pglite = await runChild("pglite", { DATA_DIR: dataDir, DATABASE_URL: "" });
    if (pglite.seededMs !== null) console.log(`  semeado em ${(pglite.seededMs / 1000).toFixed(1)} s`);
    results.push(pglite);
  } finally {
    if (!reusedDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const testServer = process.env.TEST_DATABASE_URL;
  const databaseUrl = process.env.DATABASE_URL;
  if (testServer) {
    const database = await createPostgresDatabase(testServer);
    console.log("PostgreSQL: banco temporário no servidor de TEST_DATABASE_URL");
    try {
      results.push(await runChild("postgres", { DATABASE_URL: database.url }));
    } finally {
      await database.drop();
    }
  } else if (databaseUrl) {
    console.log("PostgreSQL: DATABASE_URL (semeado só se tiver menos ordens que --scale)");
    results.push(await runChild("postgres", { DATABASE_URL: databaseUrl }));
  } else {
    console.log("PostgreSQL: pulado (defina TEST_DATABASE_URL ou DATABASE_URL)");
  }

  console.log(`\n${formatTable(results)}\n`);
  const pgliteResult = results.find((result) => result.database === "pglite");
  const overBudget = (pgliteResult?.measurements ?? []).filter(
    (measurement) =>
      measurement.kind === "todas" &&
      percentile(
        [...measurement.timesMs].sort((a, b) => a - b),
        0.95,
      ) > P95_BUDGET_MS,
  );
  for (const measurement of overBudget) console.error(`FORA DO ORÇAMENTO no PGlite: ${measurement.name}`);
  process.exitCode = overBudget.length > 0 ? 1 : 0;
}

if (args.worker) {
  const result = await runWorker();
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
} else {
  await main();
}
