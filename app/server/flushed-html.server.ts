/**
 * Where React writes a page (the `pipe` of `renderToPipeableStream`), handing
 * it on as a web stream with one chunk per flush.
 *
 * React writes in 4 KB pieces and calls `flush()` at the end of each pass:
 * the shell, then each Suspense boundary as it resolves. Through a
 * PassThrough and @react-router/node's pump, each piece crossed every stream
 * after it on its own (the compression's included), and React paused at
 * every 16 KB until the pump drained: on a staff page that was a good share of
 * the request's CPU (issue 26, "The staff shell" in docs/reliability.md).
 * Here the pieces of a pass are joined into one chunk: the page still streams
 * pass by pass, and a pass is held in memory until it ends (a page is at most
 * a few hundred KB).
 *
 * React calls `write`, `flush`, `end` and `destroy`, and listens for "drain",
 * "error" and "close"; "close" (the client went away) makes it stop rendering.
 */
import { EventEmitter } from "node:events";

export class FlushedHtml extends EventEmitter {
  readonly body: ReadableStream<Uint8Array>;
  /** Node's writable streams have it; React's `pipe` is typed for one. */
  get writable(): boolean {
    return this.#open;
  }
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  #pieces: Uint8Array[] = [];
  #size = 0;
  #open = true;

  /** `onDone` runs once, when the page ends, fails or its reader cancels. */
  constructor(private readonly onDone: () => void = () => {}) {
    super();
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller;
      },
      cancel: () => {
        this.#finish();
        this.emit("close");
      },
    });
  }

  write(piece: Uint8Array | string): boolean {
    if (!this.#open) return false;
    const bytes = typeof piece === "string" ? Buffer.from(piece) : piece;
    this.#pieces.push(bytes);
    this.#size += bytes.byteLength;
    return true;
  }

  flush(): void {
    if (!this.#open || this.#size === 0) return;
    const chunk = this.#pieces.length === 1 ? this.#pieces[0]! : Buffer.concat(this.#pieces, this.#size);
    this.#pieces = [];
    this.#size = 0;
    this.#controller.enqueue(chunk);
  }

  end(): this {
    this.flush();
    if (this.#finish()) this.#controller.close();
    return this;
  }

  destroy(error?: unknown): void {
    if (this.#finish()) this.#controller.error(error ?? new Error("A página foi interrompida."));
  }

  /** False when the stream had already ended. */
  #finish(): boolean {
    if (!this.#open) return false;
    this.#open = false;
    this.#pieces = [];
    this.onDone();
    return true;
  }
}
