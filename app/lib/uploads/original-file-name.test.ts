import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORIGINAL_NAME_MAX_LENGTH, sanitiseOriginalName } from "./original-file-name";

describe("sanitiseOriginalName", () => {
  it.each([
    ["C:\\Users\\Loja\\Fotos\\tela quebrada.jpg", "tela quebrada.jpg"],
    ["../../etc/passwd", "passwd"],
    ["foto\u202Egpj.exe", "fotogpj.exe"],
    ["  capa\t do\n post .png ", "capa do post .png"],
    ["nul\u0000byte.png", "nulbyte.png"],
    ["Promoc\u0327a\u0303o.webp", "Promoção.webp"],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(sanitiseOriginalName(input)).toBe(expected);
  });

  it("cuts long names keeping the extension", () => {
    const name = sanitiseOriginalName(`${"a".repeat(300)}.jpeg`);
    expect([...name]).toHaveLength(ORIGINAL_NAME_MAX_LENGTH);
    expect(name.endsWith("….jpeg")).toBe(true);
  });

  it("never lets a separator, a control or an invisible character through, nor passes the limit", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (input) => {
        const name = sanitiseOriginalName(input);
        expect(name).not.toMatch(/[\\/\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
        expect([...name].length).toBeLessThanOrEqual(ORIGINAL_NAME_MAX_LENGTH);
        expect(name).toBe(name.trim());
        expect(name.isWellFormed()).toBe(true);
        expect(sanitiseOriginalName(name)).toBe(name);
      }),
    );
  });
});
