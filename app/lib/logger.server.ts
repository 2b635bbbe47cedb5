import pino from "pino";
import { createBoundedOutput } from "./bounded-output";
import { getEnv } from "./env.server";
import { singleton } from "./singleton.server";

/** Anything that may hold a secret is censored wherever it appears in a log object. */
const REDACTED_PATHS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "secret",
  "cookie",
  "authorization",
  "*.password",
  "*.newPassword",
  "*.token",
  "*.secret",
  "*.cookie",
  "*.authorization",
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
  "req.headers.cookie",
  "req.headers.authorization",
];

/** What the process may hold of lines its output has not taken yet; beyond it, lines are dropped and counted. */
const MAX_BUFFERED_OUTPUT_BYTES = 4 * 1024 * 1024;
/** How long a stop waits for the output to take what is buffered. */
const FLUSH_TIMEOUT_MS = 2_000;

/**
 * stdout, never blocking the event loop. pino's own destination, given a
 * pipe nobody read, retried it in a sleep loop on the main thread (and again
 * at exit): the server stopped answering and a SIGTERM could never end it.
 * Node's stdout queues what a pipe cannot take yet; that queue is bounded here.
 */
const output = singleton("log-output", () => createBoundedOutput(process.stdout, MAX_BUFFERED_OUTPUT_BYTES));

export const logger = singleton("logger", () =>
  pino(
    {
      level: getEnv().NODE_ENV === "test" ? "warn" : getEnv().LOG_LEVEL,
      redact: { paths: REDACTED_PATHS, censor: "[oculto]" },
      base: { app: "balcao" },
    },
    output,
  ),
);

/** Text for whoever started the process (the owner's setup link), through the same never-blocking output as the logs. */
export function printToOutput(text: string) {
  output.write(text);
}

/** Resolves once stdout has taken every queued line, or after FLUSH_TIMEOUT_MS (a stop must not wait on a stalled reader). */
export function flushLogs(): Promise<void> {
  return output.flush(FLUSH_TIMEOUT_MS);
}

/** Strips query strings (they may carry tokens) from a URL before logging it. */
export function pathForLog(url: string) {
  const parsed = new URL(url, "http://local");
  return parsed.pathname;
}
