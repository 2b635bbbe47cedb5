import { describe, expect, it } from "vitest";
import { escapeLike, hasNoNul, searchTextOf } from "./text-input";

describe("searchTextOf", () => {
  it("drops the NUL characters PostgreSQL refuses, trims and cuts the search text", () => {
    expect(searchTextOf("/a\u0000b", 100)).toBe("/ab");
    expect(hasNoNul(searchTextOf("\u0000 capa \u0000", 100))).toBe(true);
    expect(searchTextOf("  película  ", 4)).toBe("pelí");
    expect(searchTextOf(null, 10)).toBe("");
  });
});

describe("escapeLike", () => {
  it("makes LIKE's wildcards literal", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
});
