import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCustomerSearch } from "./search-terms";

describe("parseCustomerSearch", () => {
  it("is no search at all for an empty box", () => {
    expect(parseCustomerSearch("")).toBeNull();
    expect(parseCustomerSearch("   ")).toBeNull();
  });

  it("reads words as parts of the name", () => {
    expect(parseCustomerSearch("  maria   da  silva ")).toEqual([{ kind: "name", words: ["maria", "da", "silva"] }]);
  });

  it("reads a whole number, with or without punctuation or +55, as the start of the phone", () => {
    for (const typed of ["(11) 98765-4321", "11987654321", "+55 11 98765-4321", "5511987654321"]) {
      expect(parseCustomerSearch(typed)).toEqual([{ kind: "phone", prefix: "11987654321", suffix: null, numbers: [] }]);
    }
  });

  it("reads four to seven digits as the end of the phone", () => {
    expect(parseCustomerSearch("4321")).toEqual([{ kind: "phone", prefix: "4321", suffix: "4321", numbers: [] }]);
    expect(parseCustomerSearch("54-4321")).toEqual([{ kind: "phone", prefix: "544321", suffix: "544321", numbers: [] }]);
    // Three digits are too few to be the end of a number: only numbers starting with them.
    expect(parseCustomerSearch("119")).toEqual([{ kind: "phone", prefix: "119", suffix: null, numbers: [] }]);
  });

  it("reads a number without its area code as every whole number it can be", () => {
    const [mobile] = parseCustomerSearch("98765-4321") ?? [];
    expect(mobile).toMatchObject({ kind: "phone", prefix: "987654321", suffix: null });
    const mobileNumbers = mobile?.kind === "phone" ? mobile.numbers : [];
    expect(mobileNumbers).toHaveLength(81);
    expect(mobileNumbers).toContain("11987654321");
    expect(mobileNumbers).toContain("99987654321");
    expect(mobileNumbers).not.toContain("01987654321");

    const [landline] = parseCustomerSearch("3333-4444") ?? [];
    const landlineNumbers = landline?.kind === "phone" ? landline.numbers : [];
    // A landline (10 digits) or a mobile typed without its leading 9.
    expect(landlineNumbers).toEqual(expect.arrayContaining(["2133334444", "21933334444"]));
    expect(landlineNumbers).toHaveLength(162);
  });

  it("reads a valid CPF or CNPJ as the document, whatever its punctuation", () => {
    expect(parseCustomerSearch("529.982.247-25")).toEqual([
      { kind: "document", value: "52998224725" },
      { kind: "phone", prefix: "52998224725", suffix: null, numbers: [] },
    ]);
    expect(parseCustomerSearch("12.abc.345/01de-35")).toEqual([{ kind: "document", value: "12ABC34501DE35" }]);
  });

  it("reads anything with @ as an e-mail, whole or its start", () => {
    expect(parseCustomerSearch(" Maria.Souza@Exemplo ")).toEqual([
      { kind: "email", prefix: "maria.souza@exemplo", isWhole: false },
    ]);
    expect(parseCustomerSearch("Maria.Souza@Exemplo.com.br")).toEqual([
      { kind: "email", prefix: "maria.souza@exemplo.com.br", isWhole: true },
    ]);
  });

  it("leaves numbers among words out of the name", () => {
    expect(parseCustomerSearch("loja 25 de março")).toEqual([{ kind: "name", words: ["loja", "de", "março"] }]);
  });

  it("drops NUL, which PostgreSQL refuses in text", () => {
    expect(parseCustomerSearch("ana\u0000")).toEqual([{ kind: "name", words: ["ana"] }]);
  });

  it("finds nothing to search in punctuation alone", () => {
    expect(parseCustomerSearch("---")).toEqual([]);
    expect(parseCustomerSearch("!!")).toEqual([]);
  });

  it("never throws and bounds what it passes on", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: "binary", maxLength: 400 })), (input) => {
        const matches = parseCustomerSearch(input);
        for (const match of matches ?? []) {
          if (match.kind === "name") {
            expect(match.words.length).toBeLessThanOrEqual(5);
            expect(match.words.join(" ").length).toBeLessThanOrEqual(100);
          }
        }
      }),
    );
  });
});
