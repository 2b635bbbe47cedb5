import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPhone, isValidWhatsappNumber, phoneDigits } from "./phone";

describe("phoneDigits", () => {
  it("keeps only the digits", () => {
    expect(phoneDigits("(11) 98765-4321")).toBe("11987654321");
    expect(phoneDigits("+55 11 3333.4444")).toBe("551133334444");
    expect(phoneDigits("sem número")).toBe("");
  });
});

describe("isValidWhatsappNumber", () => {
  it.each(["(11) 98765-4321", "11987654321", "11 3333-4444", "1133334444", " 21 9 9999 8888 "])("accepts %j", (input) => {
    expect(isValidWhatsappNumber(input)).toBe(true);
  });

  it.each([
    ["11 digits without 9 as the third digit", "11887654321"],
    ["9 digits", "119876543"],
    ["12 digits (country code included)", "551133334444"],
    ["13 digits", "5511987654321"],
    ["nothing", ""],
    ["letters only", "abcdefghijk"],
  ])("refuses %s", (_, input) => {
    expect(isValidWhatsappNumber(input)).toBe(false);
  });

  it("depends only on the digits, whatever surrounds them", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (input) => {
        const digits = phoneDigits(input);
        const expected = digits.length === 10 || (digits.length === 11 && digits[2] === "9");
        expect(isValidWhatsappNumber(input)).toBe(expected);
      }),
    );
  });
});

describe("formatPhone", () => {
  it("writes mobile and landline numbers the Brazilian way", () => {
    expect(formatPhone("11987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("1133334444")).toBe("(11) 3333-4444");
  });

  it("returns anything else as given", () => {
    expect(formatPhone("123")).toBe("123");
  });
});
