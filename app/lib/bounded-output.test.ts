import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createBoundedOutput } from "./bounded-output";

/** A real stream whose reader has stalled: it takes each write only when `release()` is called. */
function stalledStream() {
  const taken: string[] = [];
  const waiting: (() => void)[] = [];
  const stream = new Writable({
    highWaterMark: 64,
    write(chunk: Buffer, _encoding, callback) {
      waiting.push(() => {
        taken.push(chunk.toString("utf8"));
        callback();
      });
    },
  });
  const release = async () => {
    while (waiting.length > 0) {
      waiting.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { stream, taken, release };
}

describe("saída limitada dos logs", () => {
  it("com o leitor parado, nada bloqueia: o excesso é descartado, contado e relatado quando a saída volta", async () => {
    const { stream, taken, release } = stalledStream();
    const output = createBoundedOutput(stream, 1_000);
    const startedAt = performance.now();
    for (let line = 0; line < 500; line++) output.write(`${"x".repeat(99)}\n`);
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    // Past the limit only what was already queued is held.
    expect(stream.writableLength).toBeLessThanOrEqual(1_100);
    await release();
    await release();
    const lines = taken.join("").split("\n").filter(Boolean);
    const kept = lines.filter((line) => line.startsWith("x"));
    const report = JSON.parse(lines.at(-1)!) as { droppedLines: number; level: number; msg: string };
    expect(kept.length + report.droppedLines).toBe(500);
    expect(report.droppedLines).toBeGreaterThan(400);
    expect(report.level).toBe(40);
    expect(report.msg).toContain("descartadas");
  });

  it("esperar a saída termina quando ela toma tudo, ou no prazo quando não toma", async () => {
    const { stream, release } = stalledStream();
    const output = createBoundedOutput(stream, 1_000);
    await output.flush(10);
    output.write("uma linha\n");
    const startedAt = performance.now();
    await output.flush(50);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(45);
    const flushed = output.flush(10_000);
    await release();
    await release();
    await flushed;
    expect(stream.writableLength).toBe(0);
  });
});
