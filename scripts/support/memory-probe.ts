/**
 * Loaded by `npm run bench:load -- --soak` into the server it starts
 * (NODE_OPTIONS="--import …/memory-probe.ts"): every BENCH_MEMORY_INTERVAL_MS
 * the server's own process.memoryUsage() as a JSON line appended to
 * BENCH_MEMORY_FILE. NODE_OPTIONS reaches npm and the render workers too:
 * only the process running server.ts writes. Nothing of the app is changed or imported.
 */
import fs from "node:fs";
import path from "node:path";

const file = process.env.BENCH_MEMORY_FILE;
const intervalMs = Number(process.env.BENCH_MEMORY_INTERVAL_MS ?? "5000");

// Exactly server.ts: the print templates' render workers (render-worker.server.ts) get NODE_OPTIONS too.
if (file && path.basename(process.argv[1] ?? "") === "server.ts") {
  const sample = () => {
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    fs.appendFileSync(file, `${JSON.stringify({ at: Date.now(), rss, heapUsed, heapTotal, external, arrayBuffers })}\n`);
  };
  setInterval(sample, intervalMs).unref();
}
