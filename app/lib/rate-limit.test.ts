import { describe, expect, it } from "vitest";
import { createRateLimit } from "./rate-limit";

describe("createRateLimit", () => {
  const minute = 60_000;

  it("allows the limit, refuses the next one, and allows again once the window has passed", () => {
    const limit = createRateLimit({ limit: 5, windowMs: 10 * minute });
    for (let attempt = 0; attempt < 5; attempt++) expect(limit.isOverLimit("1.2.3.4", attempt * minute)).toBe(false);
    expect(limit.isOverLimit("1.2.3.4", 6 * minute)).toBe(true);
    // The first attempt (at 0) leaves the window at 10 minutes: one slot is free again.
    expect(limit.isOverLimit("1.2.3.4", 10 * minute)).toBe(false);
    expect(limit.isOverLimit("1.2.3.4", 10 * minute + 1)).toBe(true);
  });

  it("counts each address on its own", () => {
    const limit = createRateLimit({ limit: 1, windowMs: minute });
    expect(limit.isOverLimit("1.1.1.1", 0)).toBe(false);
    expect(limit.isOverLimit("1.1.1.1", 1)).toBe(true);
    expect(limit.isOverLimit("2.2.2.2", 1)).toBe(false);
  });
});
