import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, describe, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { FIELD_CATALOGUE } from "./catalogue";
import { DocumentTooLargeError } from "./document-limits";
import {
  PERSON_BUSY_MESSAGE,
  POOL_BUSY_MESSAGE,
  RENDER_POOL_OPTIONS,
  RenderBusyError,
  RenderPool,
  renderPool,
  TemplateError,
  TemplateMemoryError,
  TemplateTimeoutError,
} from "./render-pool.server";
import { defaultTemplateOf } from "./render.server";
import { previewTemplate } from "./templates.server";

const STAFF: Actor = { userId: "staff-previews", label: "editor@loja.test", role: "staff" };
const ENTRY = defaultTemplateOf("service-order-entry", "a4");
const SAMPLE = { ...FIELD_CATALOGUE["service-order-entry"].sample, papel: "a4" };

/** The runaways issue 21 found, each of which held the server's thread 2–4 s when it rendered there. */
const RUNAWAYS = {
  "nested loops of 20 000 × 20 000": "{% for i in (1..20000) %}{% for j in (1..20000) %}{{ j }}{% endfor %}{% endfor %}",
  "a table row of ten million cells": "{% tablerow i in (1..10000000) %}{{ i }}{% endtablerow %}",
  "a text doubled at each turn":
    '{% assign s = "xxxxxxxxxx" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s }}',
  "arrays kept until the heap is full": `{% assign a0 = (1..2000000) %}${Array.from({ length: 12 }, (_, i) => `{% assign a${i + 1} = a${i} | reverse %}`).join("")}`,
};

/** What refusing a runaway may look like: the engine's own limits, or the worker stopped at its time or memory limit. */
function isRefusal(error: unknown) {
  return (
    error instanceof TemplateTimeoutError ||
    error instanceof TemplateMemoryError ||
    (error instanceof TemplateError && /demora demais|texto demais/.test(error.message))
  );
}

function renderEntry(pool = renderPool) {
  return pool.render({ kind: "service-order-entry", source: ENTRY, data: SAMPLE });
}

/** The server's thread while `work` runs: its longest stall (ms). */
async function mainThreadDuring<T>(work: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const outcome = await work().then(
    (value) => ({ value, error: null }),
    (error: unknown) => ({ value: null, error }),
  );
  const elapsed = performance.now() - started;
  delay.disable();
  return { ...outcome, elapsed, longestStallMs: delay.max / 1e6 };
}

describe("templates render in a pool of workers", () => {
  const pools: RenderPool[] = [];
  afterAll(() => pools.forEach((pool) => pool.close()));
  function newPool(options: Partial<typeof RENDER_POOL_OPTIONS>) {
    const pool = new RenderPool({ ...RENDER_POOL_OPTIONS, ...options });
    pools.push(pool);
    return pool;
  }

  it("refuses each runaway within the time limit while the server's thread and another render go on", async () => {
    await renderEntry(); // the workers loaded
    const limit = RENDER_POOL_OPTIONS.timeLimitMs;
    for (const [name, source] of Object.entries(RUNAWAYS)) {
      let ordinary: Promise<string> | null = null;
      const run = await mainThreadDuring(() => {
        const runaway = renderPool.render({ kind: "service-order-entry", source, data: {} });
        // Started while the runaway holds the other worker: it answers without waiting for it.
        ordinary = renderEntry().then(({ html }) => html);
        return runaway;
      });
      expect(isRefusal(run.error), `${name}: ${String(run.error)}`).toBe(true);
      expect(run.elapsed, name).toBeLessThan(limit + 1_000);
      // On the server's thread the same template stalled everything for its whole run; the machine is shared, so some slack.
      expect(run.longestStallMs, name).toBeLessThan(limit / 3);
      expect(await ordinary, name).toContain("clausula");
    }
  });

  it("replaces a worker stopped at its time limit, and the next render works", async () => {
    // A limit well under the engine's own (1 s), so the worker is the one stopped, not the render by liquidjs; room
    // enough that the time limit comes first (on a fast machine the cells filled the 64 MB heap within 300 ms).
    const pool = newPool({ size: 1, timeLimitMs: 300, memoryLimitMb: 512 });
    await renderEntry(pool);
    const runaway = pool.render({ kind: "service-order-entry", source: RUNAWAYS["a table row of ten million cells"], data: {} });
    await expect(runaway).rejects.toBeInstanceOf(TemplateTimeoutError);
    expect(pool.workerCount).toBe(1);
    expect((await renderEntry(pool)).html).toContain("Ana Paula Souza");
  });

  it("stops a worker at its memory limit, with a message of its own, and replaces it", async () => {
    // A small heap, so the arrays fill it before the time limit on a slow machine.
    const pool = newPool({ size: 1, memoryLimitMb: 24, timeLimitMs: 10_000 });
    await renderEntry(pool);
    const bomb = pool.render({ kind: "service-order-entry", source: RUNAWAYS["arrays kept until the heap is full"], data: {} });
    await expect(bomb).rejects.toBeInstanceOf(TemplateMemoryError);
    await expect(bomb).rejects.toThrow("O modelo usa memória demais para ser preenchido");
    expect((await renderEntry(pool)).html).toContain("Ana Paula Souza");
  });

  it("answers the errors the code knows: the template's with its position, and a document too large", async () => {
    const syntax = renderPool.render({ kind: "service-order-entry", source: "<p>\n  {% if x %}", data: {} });
    await expect(syntax).rejects.toBeInstanceOf(TemplateError);
    await expect(syntax).rejects.toMatchObject({ position: { line: 2, column: 3 } });
    // Translated in the worker: the message that crosses to the server is already the shop's.
    await expect(renderPool.render({ kind: "service-order-entry", source: "<p>{{ }}</p>", data: {} })).rejects.toMatchObject({
      message: "Falta um valor: escreva um campo (como os.numero) ou um texto entre aspas.",
      position: { line: 1, column: 7 },
    });
    const large = "{% for i in (1..3000) %}<p>{{ texto }}</p>{% endfor %}";
    await expect(
      renderPool.render({ kind: "service-order-entry", source: large, data: { texto: "x".repeat(1_000) } }),
    ).rejects.toBeInstanceOf(DocumentTooLargeError);
  });

  it("drops a render nobody waits for: a running one stops its worker", async () => {
    const pool = newPool({ size: 1 });
    await renderEntry(pool);
    const controller = new AbortController();
    const started = performance.now();
    const abandoned = pool.render(
      { kind: "service-order-entry", source: RUNAWAYS["a table row of ten million cells"], data: {} },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(new Error("o editor desistiu")), 100);
    await expect(abandoned).rejects.toThrow("o editor desistiu");
    expect(performance.now() - started).toBeLessThan(RENDER_POOL_OPTIONS.timeLimitMs);
    expect((await renderEntry(pool)).html).toContain("Ana Paula Souza");
  });

  it("refuses past its bound of waiting renders, in Portuguese", async () => {
    const pool = newPool({ size: 1, maxWaiting: 1 });
    await renderEntry(pool);
    const runaway = () =>
      pool.render({ kind: "service-order-entry", source: RUNAWAYS["a table row of ten million cells"], data: {} });
    const running = runaway();
    const waiting = runaway();
    await expect(runaway()).rejects.toThrow(POOL_BUSY_MESSAGE);
    await Promise.allSettled([running, waiting]);
  });
});

describe("the editor's previews", () => {
  it("a staff member has at most two at once; the third is refused with 429 and nothing runs", async () => {
    const runaway = RUNAWAYS["nested loops of 20 000 × 20 000"];
    const preview = (actor: Actor) => previewTemplate(actor, { kind: "service-order-entry", paper: "a4", body: runaway });
    const first = preview(STAFF);
    const second = preview(STAFF);
    const third = preview(STAFF);
    await expect(third).rejects.toBeInstanceOf(RenderBusyError);
    await expect(third).rejects.toMatchObject({ status: 429, fieldErrors: { form: PERSON_BUSY_MESSAGE } });
    // Someone else is not held back by it.
    const other = preview({ ...STAFF, userId: "staff-other" });
    for (const settled of await Promise.all([first, second, other]))
      expect(settled.problems[0]!.message).toMatch(/demora demais para ser preenchido/);
    // Once they ended, the same person previews again.
    expect((await preview(STAFF)).problems).toHaveLength(1);
  });
});
