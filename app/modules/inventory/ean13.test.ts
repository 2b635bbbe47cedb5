import { describe, expect, it } from "vitest";
import { barcodeProblem, ean13CheckDigit, isValidEan13, normaliseBarcode } from "./ean13";

describe("EAN-13", () => {
  it("computes the check digit of published codes", () => {
    // GS1's own example a Brazilian product (prefix 789) and the one on Wikipedia.
    expect(ean13CheckDigit("400638133393")).toBe(1);
    expect(ean13CheckDigit("789100031550")).toBe(7);
    expect(ean13CheckDigit("590123412345")).toBe(7);
  });

  it("accepts a code whose last digit matches and refuses one that does not", () => {
    expect(isValidEan13("4006381333931")).toBe(true);
    expect(isValidEan13("7891000315507")).toBe(true);
    expect(isValidEan13("4006381333932")).toBe(false);
    expect(isValidEan13("400638133393")).toBe(false);
  });

  it("gives a check digit of 0 when the weighted sum is a multiple of ten", () => {
    expect(ean13CheckDigit("000000000000")).toBe(0);
    expect(isValidEan13("0000000000000")).toBe(true);
  });

  it("checks only 13-digit codes; other lengths are the supplier's own", () => {
    expect(barcodeProblem("")).toBeNull();
    expect(barcodeProblem("4006381333931")).toBeNull();
    expect(barcodeProblem("4006381333930")).toMatch(/EAN-13 inválido/);
    expect(barcodeProblem("96385074")).toBeNull();
    expect(barcodeProblem("036000291452")).toBeNull();
    expect(barcodeProblem("ABC-1")).toMatch(/letras e números/);
  });

  it("takes out spaces and dashes typed or pasted", () => {
    expect(normaliseBarcode("789 1000-31550 7")).toBe("7891000315507");
  });
});
