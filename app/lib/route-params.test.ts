import { describe, expect, it } from "vitest";
import { parseIdParam } from "./route-params";

function thrownStatus(action: () => unknown) {
  try {
    action();
  } catch (error) {
    return (error as { init?: ResponseInit | null }).init?.status ?? "erro não tratado";
  }
  return "nada lançado";
}

describe("parseIdParam", () => {
  it("gives the id of a well-formed segment", () => {
    expect(parseIdParam("42")).toBe(42);
    expect(parseIdParam("2147483647")).toBe(2_147_483_647);
  });

  it.each([undefined, "", "abc", "0", "-1", "1.5", "1e3", "2147483648", "99999999999", "1\u0000", "1 OR 1=1"])(
    "answers %j with the 404 page",
    (param) => {
      expect(thrownStatus(() => parseIdParam(param))).toBe(404);
    },
  );
});
