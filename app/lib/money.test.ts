import { describe, expect, it } from "vitest";
import { centsToInput, formatCents, parseMoneyToCents } from "./money";

describe("money", () => {
  it("shows centavos as reais", () => {
    expect(formatCents(123456).replace(/\s/g, " ")).toBe("R$ 1.234,56");
    expect(formatCents(0).replace(/\s/g, " ")).toBe("R$ 0,00");
  });

  it.each([
    ["1.234,56", 123456],
    ["1234,5", 123450],
    ["R$ 10", 1000],
    ["10.50", 1050],
    ["0,01", 1],
    ["1.000", 100000],
  ])("reads %s", (input, cents) => {
    expect(parseMoneyToCents(input)).toBe(cents);
  });

  it.each(["", "abc", "1,2,3", "-5", "12,345", "1e3"])("refuses %s", (input) => {
    expect(parseMoneyToCents(input)).toBeNull();
  });

  it("round-trips through a form field", () => {
    expect(parseMoneyToCents(centsToInput(98765))).toBe(98765);
  });
});
