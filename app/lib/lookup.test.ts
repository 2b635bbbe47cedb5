import { describe, expect, it } from "vitest";
import { isKeyOf, lookup } from "./lookup";

const TABLE: Record<string, number> = { one: 1 };

describe("lookup", () => {
  it("finds the table's own entries only", () => {
    expect(lookup(TABLE, "one")).toBe(1);
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "", null, undefined])
      expect(lookup(TABLE, key)).toBeUndefined();
    expect(isKeyOf(TABLE, "one")).toBe(true);
    expect(isKeyOf(TABLE, "constructor")).toBe(false);
  });
});
