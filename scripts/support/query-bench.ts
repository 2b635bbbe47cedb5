/**
 * The harness of the query benchmarks (`npm run bench:orders`,
 * `npm run bench:selling`): each database is measured in a child process of
 * its own (the app reads its configuration once and keeps one database per
 * process): PGlite in a temporary or reused DATA_DIR always, PostgreSQL too
 * when TEST_DATABASE_URL (a throwaway database is created on that server and
 * dropped) or DATABASE_URL (used as it is) is set. Prints p50/p95/max per
 * query and kind and exits non-zero when a p95 on PGlite is over its budget.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createScratchDatabase } from "./scratch-database";

const RESULT_PREFIX = "BENCH_RESULT ";

export type Measurement = { name: string; kind: string; budgetMs: number; timesMs: number[] };
export type WorkerResult = { database: string; rows: string; measurements: Measurement[]; seededMs: number | null };

/** One thing people wait for, measured `runs` times with inputs that vary by index. */
export type Bench = {
  name: string;
  /** p95 on PGlite must be at most this. */
  budgetMs: number;
  kinds: string[];
  /** `ok: false` when the run found nothing (not an error, but a bench that finds nothing measures nothing). */
  run: (index: number) => Promise<{ kind: string; ok: boolean }>;
};

export type BenchOptions = { runs: number; scale: number; isWorker: boolean };

/** `--runs`, `--scale` and `--worker`, with the environment's BENCH_RUNS / BENCH_SCALE as defaults. */
export function benchOptions(defaultScale: number): BenchOptions {
  const { values } = parseArgs({
    options: {
      worker: { type: "boolean", default: false },
      runs: { type: "string", default: process.env.BENCH_RUNS ?? "200" },
      scale: { type: "string", default: process.env.BENCH_SCALE ?? String(defaultScale) },
    },
  });
  const runs = Number(values.runs);
  const scale = Number(values.scale);
  if (!Number.isSafeInteger(runs) || runs < 10) throw new Error(`--runs inválido: ${values.runs}`);
  if (!Number.isSafeInteger(scale) || scale < 1000) throw new Error(`--scale inválido: ${values.scale}`);
  return { runs, scale, isWorker: values.worker ?? false };
}

export function percentile(sorted: number[], fraction: number) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

export function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length]!;
}

/** Runs each bench after a warm-up (caches, plans and PGlite's WebAssembly JIT, not measured). */
export async function measureBenches(database: string, benches: Bench[], runs: number): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  for (const bench of benches) {
    for (let index = 0; index < Math.min(40, runs); index++) await bench.run(index + 10_000);
    const all: number[] = [];
    const byKind = new Map<string, number[]>();
    const misses: string[] = [];
    for (let index = 0; index < runs; index++) {
      const startedAt = performance.now();
      const { kind, ok } = await bench.run(index);
      const elapsed = performance.now() - startedAt;
      if (!ok) misses.push(kind);
      all.push(elapsed);
      byKind.set(kind, [...(byKind.get(kind) ?? []), elapsed]);
    }
    if (misses.length > 0) {
      console.error(
        `[${database}] ${bench.name}: ${misses.length} de ${runs} execuções sem resultado (${[...new Set(misses)].join(", ")})`,
      );
    }
    measurements.push({ name: bench.name, kind: "todas", budgetMs: bench.budgetMs, timesMs: all });
    for (const kind of bench.kinds) {
      const times = byKind.get(kind);
      if (times) measurements.push({ name: bench.name, kind, budgetMs: bench.budgetMs, timesMs: times });
    }
  }
  return measurements;
}

/** In the child: measure, then hand the result to the parent on stdout. */
export async function reportFromWorker(work: () => Promise<WorkerResult>) {
  const result = await work();
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
}

function runChild(script: string, options: BenchOptions, label: string, env: NodeJS.ProcessEnv): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", script, "--worker", "--runs", String(options.runs), "--scale", String(options.scale)],
      { env: { ...process.env, LOG_LEVEL: "warn", ...env }, stdio: ["ignore", "pipe", "inherit"] },
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

function p95Of(measurement: Measurement) {
  return percentile(
    [...measurement.timesMs].sort((a, b) => a - b),
    0.95,
  );
}

function formatTable(results: WorkerResult[]) {
  const header = ["consulta", "tipo", "banco", "n", "p50 ms", "p95 ms", "máx ms", "orçamento p95"];
  const rows = results.flatMap((result) =>
    result.measurements.map((measurement) => {
      const sorted = [...measurement.timesMs].sort((a, b) => a - b);
      const isTotal = measurement.kind === "todas";
      return [
        isTotal ? measurement.name : "",
        measurement.kind,
        result.database,
        String(sorted.length),
        percentile(sorted, 0.5).toFixed(1),
        percentile(sorted, 0.95).toFixed(1),
        sorted.at(-1)!.toFixed(1),
        isTotal ? `${p95Of(measurement) <= measurement.budgetMs ? "sim" : "NÃO"} (≤ ${measurement.budgetMs})` : "",
      ];
    }),
  );
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

/** In the parent: PGlite, then PostgreSQL if a server is given; the table; the exit code. */
export async function runBenchmarks({ title, script, options }: { title: string; script: string; options: BenchOptions }) {
  const results: WorkerResult[] = [];
  console.log(
    `${title} — escala ${options.scale}, ${options.runs} execuções por consulta, ${os.cpus().length} núcleos, Node ${process.version}`,
  );

  const reusedDir = process.env.BENCH_DATA_DIR;
  const dataDir = reusedDir ? path.resolve(reusedDir) : fs.mkdtempSync(path.join(os.tmpdir(), "balcao-bench-"));
  fs.mkdirSync(dataDir, { recursive: true });
  console.log(`PGlite em ${dataDir}${reusedDir ? " (reaproveitado)" : " (temporário)"}`);
  try {
    const pglite = await runChild(script, options, "pglite", { DATA_DIR: dataDir, DATABASE_URL: "" });
    if (pglite.seededMs !== null) console.log(`  semeado em ${(pglite.seededMs / 1000).toFixed(1)} s`);
    results.push(pglite);
  } finally {
    if (!reusedDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const testServer = process.env.TEST_DATABASE_URL;
  const databaseUrl = process.env.DATABASE_URL;
  if (testServer) {
    const database = await createScratchDatabase(testServer, "balcao_bench");
    console.log("PostgreSQL: banco temporário no servidor de TEST_DATABASE_URL");
    try {
      results.push(await runChild(script, options, "postgres", { DATABASE_URL: database.url }));
    } finally {
      await database.drop();
    }
  } else if (databaseUrl) {
    console.log("PostgreSQL: DATABASE_URL (semeado só se tiver menos linhas que --scale)");
    results.push(await runChild(script, options, "postgres", { DATABASE_URL: databaseUrl }));
  } else {
    console.log("PostgreSQL: pulado (defina TEST_DATABASE_URL ou DATABASE_URL)");
  }

  console.log(`\n${results.map((result) => `${result.database}: ${result.rows}`).join("\n")}\n\n${formatTable(results)}\n`);
  const pgliteResult = results.find((result) => result.database === "pglite");
  const overBudget = (pgliteResult?.measurements ?? []).filter(
    (measurement) => measurement.kind === "todas" && p95Of(measurement) > measurement.budgetMs,
  );
  for (const measurement of overBudget) console.error(`FORA DO ORÇAMENTO no PGlite: ${measurement.name}`);
  process.exitCode = overBudget.length > 0 ? 1 : 0;
}
