import type { Writable } from "node:stream";

export type BoundedOutput = {
  /** Queues `text` unless the stream already holds `maxBufferedBytes` it has not taken: then it is dropped and counted. */
  write: (text: string) => void;
  /** Resolves once the stream has taken everything queued, or after `timeoutMs`, whichever comes first. */
  flush: (timeoutMs: number) => Promise<void>;
};

/**
 * A stream (the process's stdout) written without ever blocking and without
 * growing without end: when its reader stalls, what does not fit is dropped,
 * and once it takes lines again one JSON line (pino's shape, level warn)
 * says how many were lost.
 */
export function createBoundedOutput(stream: Writable, maxBufferedBytes: number): BoundedOutput {
  let dropped = 0;
  stream.on("drain", () => {
    if (dropped === 0) return;
    const report = {
      level: 40,
      time: Date.now(),
      app: "balcao",
      droppedLines: dropped,
      msg: "linhas de log descartadas: a saída não as recebia",
    };
    dropped = 0;
    stream.write(`${JSON.stringify(report)}\n`);
  });
  // A reader gone (EPIPE) must not take the server down: its lines are lost, the site goes on.
  stream.on("error", () => undefined);
  return {
    write(text) {
      if (stream.writableLength > maxBufferedBytes) {
        dropped += 1;
        return;
      }
      stream.write(text);
    },
    flush(timeoutMs) {
      if (stream.writableLength === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        // Written in order: its callback runs once everything queued before it is out.
        stream.write("", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
