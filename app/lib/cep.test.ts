import { describe, expect, it } from "vitest";
import { formatCep } from "./cep";

describe("formatCep", () => {
  it.each([
    ["01001000", "01001-000"],
    ["01001-000", "01001-000"],
    ["01.001-000", "01001-000"],
  ])("writes %s as the post office does: %s", (input, expected) => {
    expect(formatCep(input)).toBe(expected);
  });

  it.each(["", "1234", "010010001"])("returns %j as given when it is not 8 digits", (input) => {
    expect(formatCep(input)).toBe(input);
  });
});
