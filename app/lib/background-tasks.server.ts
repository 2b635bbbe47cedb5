import { logger } from "./logger.server";

const running = new Set<Promise<void>>();

/**
 * Lets work finish after the response has gone out (an e-mail whose sending
 * time must not show in the answer), while a graceful stop can still wait for it.
 */
export function runAfterAnswer(task: Promise<unknown>) {
  const tracked: Promise<void> = task
    .then(() => undefined)
    .catch((err: unknown) => logger.error({ err }, "tarefa após a resposta falhou"))
    .finally(() => running.delete(tracked));
  running.add(tracked);
}

/** Waits for the work still running after its response (the server's stop calls it before closing the database). */
export async function settleBackgroundTasks() {
  await Promise.allSettled(running);
}
