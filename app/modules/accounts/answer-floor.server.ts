import { setTimeout as sleep } from "node:timers/promises";

/**
 * better-auth endpoints whose answer time would tell whether an e-mail has an
 * account, and how long they take at the least. The floor is well above the
 * work left once e-mails go out after the answer (tens of milliseconds), so
 * both cases answer at the floor.
 */
const ANSWER_FLOOR_MS: Partial<Record<string, number>> = {
  "/request-password-reset": 400,
};

const startedAt = new WeakMap<Request, number>();

/** Called by the before-hook: the clock starts once the request has passed the per-IP limit. */
export function startAnswerClock(path: string, request: Request | undefined) {
  if (request && ANSWER_FLOOR_MS[path] !== undefined) startedAt.set(request, performance.now());
}

/** Called by the after-hook, whatever the outcome: holds the answer until the path's floor has passed. */
export async function waitForAnswerFloor(path: string, request: Request | undefined) {
  const floor = ANSWER_FLOOR_MS[path];
  const started = request ? startedAt.get(request) : undefined;
  if (floor === undefined || started === undefined) return;
  const remaining = started + floor - performance.now();
  if (remaining > 0) await sleep(remaining);
}
