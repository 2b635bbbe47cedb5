import { logger } from "./logger.server";
import { singleton } from "./singleton.server";

/** One set for the process: server.ts and the app bundle each load their own copy of this module. */
const pending = () => singleton("background-tasks", () => new Set<Promise<void>>());

/**
 * Lets work finish after the response has gone out (an e-mail whose sending
 * time must not show in the answer), while a graceful stop can still wait for it.
 */
export function runAfterAnswer(task: Promise<unknown>) {
  const tracked: Promise<void> = task
    .then(() => undefined)
    .catch((err: unknown) => logger.error({ err }, "tarefa após a resposta falhou"))
    .finally(() => pending().delete(tracked));
  pending().add(tracked);
}

/** Waits for the work still running after its response (server.ts calls it before closing the database). */
export async function settleBackgroundTasks() {
  await Promise.allSettled(pending());
}
