/**
 * Loaded by `npm run bench:load -- --soak` into the server it starts
 * (NODE_OPTIONS="--import …/memory-probe.ts"): every BENCH_MEMORY_INTERVAL_MS
 * the server's own process.memoryUsage() as a JSON line appended to
 * BENCH_MEMORY_FILE, and every BENCH_MEMORY_LIVE_INTERVAL_MS one more taken
 * right after a full garbage collection, marked `live`. NODE_OPTIONS reaches
 * npm and the render workers too: only the process running server.ts writes.
 * Nothing of the app is changed or imported.
 *
 * Why the `live` samples: V8 lets garbage pile up while the heap has room. At
 * stop 36 the plain samples' heapUsed rose 122 → 230 MB over a soak while
 * heap snapshots (each after a full collection) read 65, 68 and 68 MB at 45,
 * 200 and 600 s: the rise was garbage not yet collected, not a leak
 * (docs/reliability.md, "Soak").
 */
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";

const file = process.env.BENCH_MEMORY_FILE;
const intervalMs = Number(process.env.BENCH_MEMORY_INTERVAL_MS ?? "5000");
const liveIntervalMs = Number(process.env.BENCH_MEMORY_LIVE_INTERVAL_MS ?? "30000");

// Exactly server.ts: the print templates' render workers (render-worker.server.ts) get NODE_OPTIONS too.
if (file && path.basename(process.argv[1] ?? "") === "server.ts") {
  // `--expose-gc` is refused in NODE_OPTIONS; set at run time, it shows `gc` to contexts made after it.
  v8.setFlagsFromString("--expose-gc");
  const collectGarbage = vm.runInNewContext("gc") as () => void;
  const sample = (isLive: boolean) => {
    if (isLive) collectGarbage();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    fs.appendFileSync(
      file,
      `${JSON.stringify({ at: Date.now(), rss, heapUsed, heapTotal, external, arrayBuffers, ...(isLive ? { live: true } : {}) })}\n`,
    );
  };
  setInterval(() => sample(false), intervalMs).unref();
  setInterval(() => sample(true), liveIntervalMs).unref();
}
