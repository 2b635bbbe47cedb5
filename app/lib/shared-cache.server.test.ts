import { describe, expect, it } from "vitest";
import { isOnlyOwnChanges } from "./shared-cache.server";

describe("isOnlyOwnChanges", () => {
  it("is news when another instance took a value, not when this one took them all", () => {
    const own = new Set([5, 6]);
    expect(isOnlyOwnChanges(own, 4, 6)).toBe(true);
    expect(own.size).toBe(0);
    own.add(8);
    // 7 was another instance's.
    expect(isOnlyOwnChanges(own, 6, 8)).toBe(false);
    expect(own.size).toBe(0);
  });

  it("keeps a value taken after the read for the next one, and gives up on a long gap", () => {
    const own = new Set([3, 4]);
    expect(isOnlyOwnChanges(own, 2, 3)).toBe(true);
    expect([...own]).toEqual([4]);
    expect(isOnlyOwnChanges(own, 3, 5_000)).toBe(false);
    expect(own.size).toBe(0);
  });
});
