import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cnpjCheckDigits,
  cpfCheckDigits,
  documentKind,
  formatDocument,
  isValidCnpj,
  isValidCpf,
  maskDocument,
  normalizeDocument,
} from "./document";

const DIGIT = fc.constantFrom(..."0123456789");
const CNPJ_CHARACTER = fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ");

/** A check digit replaced by any other digit. */
function withWrongDigit(value: string, position: number, shift: number) {
  const original = Number(value[position]);
  const replaced = (original + shift) % 10;
  return value.slice(0, position) + String(replaced) + value.slice(position + 1);
}

describe("normalizeDocument", () => {
  it("drops punctuation and spaces and upper-cases letters", () => {
    expect(normalizeDocument(" 529.982.247-25 ")).toBe("52998224725");
    expect(normalizeDocument("12.abc.345/01de-35")).toBe("12ABC34501DE35");
    expect(normalizeDocument("")).toBe("");
  });
});

describe("CPF", () => {
  it.each(["529.982.247-25", "111.444.777-35", "12345678909", "935.411.347-80"])("accepts %s", (input) => {
    expect(isValidCpf(normalizeDocument(input))).toBe(true);
    expect(documentKind(input)).toBe("cpf");
  });

  it.each([
    ["a wrong first check digit", "52998224735"],
    ["a wrong second check digit", "52998224726"],
    ["ten digits", "5299822472"],
    ["twelve digits", "529982247250"],
    ["a letter", "5299822472A"],
    ["all the same digit, whose arithmetic passes", "11111111111"],
    ["zeros", "00000000000"],
  ])("refuses %s", (_, value) => {
    expect(isValidCpf(value)).toBe(false);
    expect(documentKind(value)).toBeNull();
  });

  it("refuses every all-same-digit CPF", () => {
    for (const digit of "0123456789") expect(isValidCpf(digit.repeat(11))).toBe(false);
  });

  it("validates a generated number, and fails when either check digit changes", () => {
    fc.assert(
      fc.property(
        fc.array(DIGIT, { minLength: 9, maxLength: 9 }).map((digits) => digits.join("")),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom(9, 10),
        (firstNine, shift, position) => {
          fc.pre(!/^(.)\1+$/.test(firstNine));
          const cpf = firstNine + cpfCheckDigits(firstNine);
          expect(isValidCpf(cpf)).toBe(true);
          expect(isValidCpf(withWrongDigit(cpf, position, shift))).toBe(false);
        },
      ),
    );
  });
});

describe("CNPJ", () => {
  it.each([
    ["the official alphanumeric example", "12.ABC.345/01DE-35"],
    ["the same, typed in lower case", "12.abc.345/01de-35"],
    ["a numeric CNPJ", "11.222.333/0001-81"],
    ["Banco do Brasil", "00.000.000/0001-91"],
    ["Petrobras", "33.000.167/0001-01"],
  ])("accepts %s", (_, input) => {
    expect(isValidCnpj(normalizeDocument(input))).toBe(true);
    expect(documentKind(input)).toBe("cnpj");
  });

  it.each([
    ["a wrong check digit", "12ABC34501DE36"],
    ["letters among the check digits", "12ABC34501DE3A"],
    ["13 characters", "12ABC34501DE3"],
    ["a character outside A–Z and 0–9", "12ABC34501DÉ35"],
    ["all the same digit", "00000000000000"],
    ["all the same letter", "AAAAAAAAAAAAAA"],
  ])("refuses %s", (_, value) => {
    expect(isValidCnpj(value)).toBe(false);
  });

  it("computes the check digits of the official example", () => {
    expect(cnpjCheckDigits("12ABC34501DE")).toBe("35");
    expect(cnpjCheckDigits("112223330001")).toBe("81");
  });

  it("validates a generated alphanumeric number, and fails when either check digit changes", () => {
    fc.assert(
      fc.property(
        fc.array(CNPJ_CHARACTER, { minLength: 12, maxLength: 12 }).map((characters) => characters.join("")),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom(12, 13),
        (firstTwelve, shift, position) => {
          const cnpj = firstTwelve + cnpjCheckDigits(firstTwelve);
          fc.pre(!/^(.)\1+$/.test(cnpj));
          expect(isValidCnpj(cnpj)).toBe(true);
          expect(isValidCnpj(withWrongDigit(cnpj, position, shift))).toBe(false);
        },
      ),
    );
  });

  it("never takes a CPF for a CNPJ or the reverse", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (input) => {
        const value = normalizeDocument(input);
        expect(isValidCpf(value) && isValidCnpj(value)).toBe(false);
      }),
    );
  });
});

describe("formatDocument and maskDocument", () => {
  it("formats a CPF and a CNPJ as Receita prints them", () => {
    expect(formatDocument("52998224725")).toBe("529.982.247-25");
    expect(formatDocument("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
    expect(formatDocument("123")).toBe("123");
  });

  it("hides the digits that identify a person in lists", () => {
    expect(maskDocument("52998224725")).toBe("***.982.247-**");
    expect(maskDocument("12ABC34501DE35")).toBe("12.ABC.345/****-**");
    expect(maskDocument("")).toBe("");
  });

  it("round-trips: what formatDocument prints normalises back to the stored value", () => {
    fc.assert(
      fc.property(fc.array(DIGIT, { minLength: 9, maxLength: 9 }), (digits) => {
        const cpf = digits.join("") + cpfCheckDigits(digits.join(""));
        expect(normalizeDocument(formatDocument(cpf))).toBe(cpf);
      }),
    );
  });
});
