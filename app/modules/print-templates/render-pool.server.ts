import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "~/lib/errors";
import { DocumentTooLargeError } from "./document-limits";
import type { PrintKind } from "./kinds";
import type { ClauseName } from "./locked-clauses";
import type { RenderAnswer, RenderJob } from "./render-worker.server";

/**
 * Templates the shop writes render in a small pool of worker processes
 * (decision 0022), never on the server's own thread: a template that runs
 * away (a loop of millions, a text doubled at each turn, an array of ten
 * million cells) then stalls or exhausts one worker, which is killed at its
 * time or memory limit and replaced, while the server goes on answering.
 * Processes, not worker threads: a thread's memory limit is best effort, and
 * one huge array past it aborts the whole server (nodejs/node#47224; seen
 * here with `{% tablerow i in (1..10000000) %}`). Idle workers stay loaded
 * (warm), so an ordinary render costs a message each way.
 */

export type RenderPoolOptions = {
  /** Workers rendering at once. */
  size: number;
  /** How long one render may take before its worker is stopped (ms). */
  timeLimitMs: number;
  /** A worker's JavaScript heap (MB): past it V8 ends the worker's process. */
  memoryLimitMb: number;
  /** Renders that may wait for a worker; one more is refused. */
  maxWaiting: number;
  /** Renders one person may have running or waiting at once (the editor's previews). */
  maxPerPerson: number;
};

/** The pool every render of the server uses: a receipt takes a few milliseconds, a runaway is stopped within 1.5 s. */
export const RENDER_POOL_OPTIONS: RenderPoolOptions = {
  // The server's machine may have two cores: a worker each, the server's thread sharing them.
  size: Math.min(2, availableParallelism()),
  timeLimitMs: 1_500,
  memoryLimitMb: 64,
  maxWaiting: 32,
  maxPerPerson: 2,
};

/** The template's own fault (syntax, an unknown filter, a limit), in Portuguese (template-errors.ts), with where it is. */
export class TemplateError extends Error {
  override name = "TemplateError";
  constructor(
    message: string,
    readonly position: { line: number; column: number } | null,
  ) {
    super(message);
  }
}

/** The render passed its time limit and its worker was killed. */
export class TemplateTimeoutError extends Error {
  override name = "TemplateTimeoutError";
  constructor(limitMs: number) {
    const seconds = (limitMs / 1000).toLocaleString("pt-BR");
    super(
      `O modelo demora demais para ser preenchido (mais de ${seconds} s): confira os laços do modelo (um laço que não para?).`,
    );
  }
}

/** The render passed its memory limit and its worker's process ended. */
export class TemplateMemoryError extends Error {
  override name = "TemplateMemoryError";
  constructor() {
    super("O modelo usa memória demais para ser preenchido: confira os laços e os textos que crescem a cada volta.");
  }
}

/** Too many renders wait already (everyone's, or this person's): nothing ran; the answer is 429 with the message. */
export class RenderBusyError extends InputError {
  override name = "RenderBusyError";
  constructor(message: string) {
    super("render-busy", { form: message }, 429);
  }
}

export const PERSON_BUSY_MESSAGE =
  "Suas pré-visualizações anteriores ainda estão sendo preenchidas: espere um instante e tente de novo.";
export const POOL_BUSY_MESSAGE = "O servidor está preenchendo muitos documentos agora: tente de novo em alguns segundos.";

/** The worker's file, from the project's root: the same source in development, in tests and beside the built server. */
const WORKER_FILE = path.join("app", "modules", "print-templates", "render-worker.server.ts");

function workerFile() {
  // This module is app/modules/print-templates/… from source and build/server/… once built: walk up to the root.
  for (let folder = path.dirname(fileURLToPath(import.meta.url)); ;) {
    const candidate = path.join(folder, WORKER_FILE);
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`${WORKER_FILE} não foi encontrado acima de ${import.meta.url}`);
    folder = parent;
  }
}

export type RenderRequest = Omit<RenderJob, "id">;
export type RenderResult = { html: string; missingClauses: ClauseName[] };

type Pending = {
  id: number;
  request: RenderRequest;
  person: string | null;
  resolve: (result: RenderResult) => void;
  reject: (error: unknown) => void;
  /** Detaches the caller's abort signal. */
  detach: () => void;
};

type Slot = { worker: ChildProcess; isReady: boolean; running: Pending | null; timer: NodeJS.Timeout | null };

/** How V8 ends a process past its heap limit: "FATAL ERROR: Reached heap limit", then abort(). */
class WorkerOutOfMemory extends Error {}

function exitError(code: number | null, signal: NodeJS.Signals | null) {
  if (signal === "SIGABRT" || code === 134) return new WorkerOutOfMemory("sem memória");
  return new Error(`O processo de preenchimento de modelos terminou (${signal ?? code}).`);
}

function errorOf(answer: Extract<RenderAnswer, { ok: false }>) {
  return answer.name === "DocumentTooLargeError"
    ? new DocumentTooLargeError()
    : new TemplateError(answer.message, answer.position);
}

export class RenderPool {
  #slots: Slot[] = [];
  #waiting: Pending[] = [];
  #perPerson = new Map<string, number>();
  #nextId = 1;
  #file: string | null = null;

  constructor(readonly options: RenderPoolOptions) {}

  /**
   * The document `request` renders to, from a worker. `person` (the staff
   * member's id) counts toward their limit of renders at once; `signal`
   * (the request's) drops a render nobody waits for any more, stopping its
   * worker if it is running.
   */
  render(request: RenderRequest, { person = null, signal }: { person?: string | null; signal?: AbortSignal } = {}) {
    return new Promise<RenderResult>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      if (person !== null && (this.#perPerson.get(person) ?? 0) >= this.options.maxPerPerson)
        return reject(new RenderBusyError(PERSON_BUSY_MESSAGE));
      if (this.#waiting.length >= this.options.maxWaiting) return reject(new RenderBusyError(POOL_BUSY_MESSAGE));
      const onAbort = () => this.#abandon(pending, signal!.reason);
      const pending: Pending = {
        id: this.#nextId++,
        request,
        person,
        resolve,
        reject,
        detach: () => signal?.removeEventListener("abort", onAbort),
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      if (person !== null) this.#perPerson.set(person, (this.#perPerson.get(person) ?? 0) + 1);
      this.#waiting.push(pending);
      this.#fill();
    });
  }

  /** Starts the workers now, so the first print after the server starts does not wait for them to load. */
  warm() {
    this.#fill();
  }

  /** How many workers exist (ready or loading): the tests watch a killed one being replaced. */
  get workerCount() {
    return this.#slots.length;
  }

  /** Kills every worker and refuses what waits (tests; a worker also ends when the server's process does). */
  close() {
    const closed = new Error("O preenchimento de modelos foi encerrado.");
    for (const pending of this.#waiting.splice(0)) this.#settle(pending, closed);
    while (this.#slots.length > 0) this.#stop(this.#slots[0]!, closed, false);
  }

  #settle(pending: Pending, outcome: RenderResult | Error | unknown, isResult = false) {
    pending.detach();
    if (pending.person !== null) {
      const count = (this.#perPerson.get(pending.person) ?? 1) - 1;
      if (count > 0) this.#perPerson.set(pending.person, count);
      else this.#perPerson.delete(pending.person);
    }
    if (isResult) pending.resolve(outcome as RenderResult);
    else pending.reject(outcome);
  }

  /** Workers up to the pool's size, and each ready idle one given the oldest waiting render. */
  #fill() {
    while (this.#slots.length < this.options.size) this.#spawn();
    for (const slot of this.#slots) {
      if (slot.isReady && !slot.running && this.#waiting.length > 0) this.#dispatch(slot, this.#waiting.shift()!);
      // An idle worker must not keep a script or a test process alive; a busy one must, until it answers.
      if (slot.running || (!slot.isReady && this.#waiting.length > 0)) {
        slot.worker.ref();
        slot.worker.channel?.ref();
      } else {
        slot.worker.unref();
        slot.worker.channel?.unref();
      }
    }
  }

  #spawn() {
    this.#file ??= workerFile();
    // The server's own Node (the `node` package's in production), without the server's flags (a loader, a debugger).
    const worker = fork(this.#file, [], {
      execArgv: [`--max-old-space-size=${this.options.memoryLimitMb}`, "--max-semi-space-size=4"],
      serialization: "advanced",
      // Not the server's stdout or stderr: a child that inherits them makes them blocking again (libuv sets a
      // child's stdio to blocking mode, and the flag is the pipe's, shared), and a full log pipe then froze
      // the server (server-process.spec.ts). A worker's own words are not needed: its errors come by IPC.
      stdio: ["ignore", "ignore", "ignore", "ipc"],
    });
    const slot: Slot = { worker, isReady: false, running: null, timer: null };
    worker.on("message", (message: RenderAnswer | "ready") => {
      if (message === "ready") {
        slot.isReady = true;
        this.#fill();
      } else this.#answer(slot, message);
    });
    worker.on("error", (error) => this.#lose(slot, error));
    worker.on("exit", (code, signal) => this.#lose(slot, exitError(code, signal)));
    this.#slots.push(slot);
  }

  #dispatch(slot: Slot, pending: Pending) {
    slot.running = pending;
    slot.timer = setTimeout(() => this.#stop(slot, new TemplateTimeoutError(this.options.timeLimitMs)), this.options.timeLimitMs);
    slot.worker.send({ id: pending.id, ...pending.request } satisfies RenderJob, (error) => {
      if (error) this.#stop(slot, error);
    });
  }

  #answer(slot: Slot, answer: RenderAnswer) {
    const pending = slot.running;
    if (!pending || pending.id !== answer.id) return;
    clearTimeout(slot.timer!);
    slot.running = null;
    if (answer.ok) this.#settle(pending, { html: answer.html, missingClauses: answer.missingClauses }, true);
    else this.#settle(pending, errorOf(answer));
    this.#fill();
  }

  /** Takes a worker out of the pool; what it was rendering ends with `reason`. */
  #remove(slot: Slot, reason: unknown) {
    const index = this.#slots.indexOf(slot);
    if (index === -1) return false;
    this.#slots.splice(index, 1);
    clearTimeout(slot.timer ?? undefined);
    if (slot.running) this.#settle(slot.running, reason);
    slot.running = null;
    return true;
  }

  /** Kills a worker in the middle of a render (its time is up, or nobody waits for it) and starts its replacement. */
  #stop(slot: Slot, reason: unknown, replace = true) {
    if (!this.#remove(slot, reason)) return;
    slot.worker.kill("SIGKILL");
    if (replace) this.#fill();
  }

  /** A worker ended by itself: V8 ended it at its memory limit, or it failed. */
  #lose(slot: Slot, error: Error) {
    const wasReady = slot.isReady;
    if (!this.#remove(slot, error instanceof WorkerOutOfMemory ? new TemplateMemoryError() : error)) return;
    if (wasReady) return this.#fill();
    // It never loaded (a broken install): fail what waits rather than start workers over and over; the next render tries again.
    for (const pending of this.#waiting.splice(0)) this.#settle(pending, error);
  }

  /** The caller went away: a waiting render is dropped, a running one kills its worker. */
  #abandon(pending: Pending, reason: unknown) {
    const index = this.#waiting.indexOf(pending);
    if (index !== -1) {
      this.#waiting.splice(index, 1);
      return this.#settle(pending, reason);
    }
    const slot = this.#slots.find((candidate) => candidate.running === pending);
    if (slot) this.#stop(slot, reason);
  }
}

/** The server's pool. */
export const renderPool = new RenderPool(RENDER_POOL_OPTIONS);

/** A template's source filled with `data` in a worker: the sanitised HTML and the required clauses it left out (engine.server.ts). */
export function renderInWorker(
  kind: PrintKind,
  source: string,
  data: Record<string, unknown>,
  options?: { person?: string | null; signal?: AbortSignal },
) {
  return renderPool.render({ kind, source, data }, options);
}
