import { vi } from "vitest";
import { defineFuzzSuite } from "./fuzz-suite";

// No browser build in this process: the page's stylesheet link points at a file nobody serves.
vi.mock("~/app.css?url", () => ({ default: "/assets/app.css" }));

/** The reduced form's seed: `npm test` fuzzes the same requests every time. */
const FIXED_SEED = 20_261_129;
const isFullRun = process.env.FUZZ_FULL === "1";
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? (isFullRun ? 40 : 3));

/**
 * The reduced form runs in `npm test`: a fixed seed and 3 runs per route.
 * `npm run proof:fuzz` (FUZZ_FULL=1) runs 40 per route (FUZZ_RUNS) with a
 * new seed each time, printed; FUZZ_SEED repeats a run.
 */
defineFuzzSuite({
  seed: Number(process.env.FUZZ_SEED ?? (isFullRun ? Math.floor(Math.random() * 2 ** 31) : FIXED_SEED)),
  runsPerRoute,
  timeoutMs: 30_000 + runsPerRoute * 5_000,
});
