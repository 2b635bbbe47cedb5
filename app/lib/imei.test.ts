import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { imeiCheckDigit, imeiOrSerialProblem, isImei, isValidImei, isValidSerial, normaliseImeiOrSerial } from "./imei";

describe("IMEI", () => {
  it("accepts real IMEIs (Luhn check digit)", () => {
    expect(isValidImei("490154203237518")).toBe(true);
    expect(isValidImei("352099001761481")).toBe(true);
  });

  it("refuses a wrong check digit, a wrong length or letters", () => {
    expect(isValidImei("490154203237519")).toBe(false);
    expect(isValidImei("49015420323751")).toBe(false);
    expect(isValidImei("4901542032375180")).toBe(false);
    expect(isValidImei("49015420323751A")).toBe(false);
  });

  it("tells an IMEI (15 digits) from a serial number", () => {
    expect(isImei("490154203237519")).toBe(true);
    expect(isImei("C02XK1ABJG5H")).toBe(false);
  });

  it("normalises what people type", () => {
    expect(normaliseImeiOrSerial("49-015420-323751-8")).toBe("490154203237518");
    expect(normaliseImeiOrSerial(" c02xk1 abjg5h ")).toBe("C02XK1ABJG5H");
    expect(normaliseImeiOrSerial("ab/12.34")).toBe("AB1234");
  });

  it("passes with the computed check digit and fails with any other", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{14}$/), (prefix) => {
        const check = imeiCheckDigit(prefix);
        expect(isValidImei(`${prefix}${check}`)).toBe(true);
        for (let other = 0; other <= 9; other++) {
          if (other !== check) expect(isValidImei(`${prefix}${other}`)).toBe(false);
        }
      }),
    );
  });

  it("catches any single mistyped digit", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{14}$/),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 1, max: 9 }),
        (prefix, position, shift) => {
          const imei = `${prefix}${imeiCheckDigit(prefix)}`;
          const changed = String((Number(imei[position]) + shift) % 10);
          const typo = imei.slice(0, position) + changed + imei.slice(position + 1);
          expect(isValidImei(typo)).toBe(false);
        },
      ),
    );
  });
});

describe("serial numbers", () => {
  it("accepts 4 to 30 letters and digits", () => {
    expect(isValidSerial("AB12")).toBe(true);
    expect(isValidSerial("A".repeat(30))).toBe(true);
    expect(isValidSerial("AB1")).toBe(false);
    expect(isValidSerial("A".repeat(31))).toBe(false);
    expect(isValidSerial("AB#12")).toBe(false);
  });
});

describe("imeiOrSerialProblem", () => {
  it("accepts empty, a valid IMEI or a serial", () => {
    expect(imeiOrSerialProblem("")).toBeNull();
    expect(imeiOrSerialProblem("490154203237518")).toBeNull();
    expect(imeiOrSerialProblem("C02XK1ABJG5H")).toBeNull();
    // 14 or 16 digits are serial numbers, not IMEIs.
    expect(imeiOrSerialProblem("49015420323751")).toBeNull();
  });

  it("explains the refusal in Portuguese", () => {
    expect(imeiOrSerialProblem("490154203237519")).toMatch(/IMEI inválido/);
    expect(imeiOrSerialProblem("AB")).toMatch(/número de série/);
  });

  it("never throws on any input", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const problem = imeiOrSerialProblem(normaliseImeiOrSerial(input));
        expect(problem === null || typeof problem === "string").toBe(true);
      }),
    );
  });
});
