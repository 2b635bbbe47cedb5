import { describe, expect, it } from "vitest";
import { keptLikeLiveRows, LIVE_ROWS_MAX_AGE_MS, liveRowsFor, noteStoredReport } from "./live-rows.server";

describe("liveRowsFor", () => {
  it("keeps today's rows until a report is stored here, the day changes or they are too old", async () => {
    let computed = 0;
    const compute = async () => ++computed;
    expect(await liveRowsFor("2026-11-29|2026-11-29", compute, 1_000)).toBe(1);
    expect(await liveRowsFor("2026-11-29|2026-11-29", compute, 2_000)).toBe(1);
    noteStoredReport();
    expect(await liveRowsFor("2026-11-29|2026-11-29", compute, 3_000)).toBe(2);
    expect(await liveRowsFor("2026-11-30|2026-11-30", compute, 3_000)).toBe(3);
    expect(await liveRowsFor("2026-11-30|2026-11-30", compute, 3_000 + LIVE_ROWS_MAX_AGE_MS)).toBe(4);
  });
});

describe("keptLikeLiveRows", () => {
  it("keeps a figure by the rows' rule, shares one reading between callers at once and does not keep a failed one", async () => {
    const kept = keptLikeLiveRows<number>();
    let computed = 0;
    const compute = async () => ++computed;
    const [first, second] = await Promise.all([kept("2026-11-29", compute, 1_000), kept("2026-11-29", compute, 1_000)]);
    expect([first, second]).toEqual([1, 1]);
    expect(await kept("2026-11-29", compute, 2_000)).toBe(1);
    noteStoredReport();
    expect(await kept("2026-11-29", compute, 3_000)).toBe(2);
    expect(await kept("2026-11-30", compute, 3_000)).toBe(3);
    expect(await kept("2026-11-30", compute, 3_000 + LIVE_ROWS_MAX_AGE_MS)).toBe(4);
    await expect(kept("2026-12-01", () => Promise.reject(new Error("banco fora")), 20_000)).rejects.toThrow("banco fora");
    expect(await kept("2026-12-01", compute, 20_000)).toBe(5);
  });
});
