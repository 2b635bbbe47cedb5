import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordProblem } from "./password-policy";

describe("passwordProblem", () => {
  it("accepts a password with upper and lower case, a digit and a special character", () => {
    expect(passwordProblem("Balcao@2024xy")).toBeNull();
  });

  it("refuses fewer than 12 characters with the spec's message", () => {
    expect(passwordProblem("Ab1!efghijk")).toBe("A senha deve ter pelo menos 12 caracteres");
    expect(passwordProblem("")).toBe("A senha deve ter pelo menos 12 caracteres");
  });

  it("counts characters, not UTF-16 units: 11 emoji-laden characters are still too short", () => {
    expect(passwordProblem("Ab1!😀😀😀😀😀😀😀")).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem("Ab1!😀😀😀😀😀😀😀😀")).toBeNull();
  });

  it.each([
    ["no upper case", "balcao@2024xy"],
    ["no lower case", "BALCAO@2024XY"],
    ["no digit", "Balcao@Balcao"],
    ["no special character", "Balcao2024xyz"],
  ])("refuses a password with %s with the spec's message", (_, password) => {
    expect(passwordProblem(password)).toBe("Senha deve conter maiúsculas, minúsculas, números e caracteres especiais");
  });

  it("allows long passwords: 64 characters and up to the maximum", () => {
    const sixtyFour = `Aa1!${"x".repeat(60)}`;
    expect([...sixtyFour]).toHaveLength(64);
    expect(passwordProblem(sixtyFour)).toBeNull();
    expect(passwordProblem(`Aa1!${"x".repeat(PASSWORD_MAX_LENGTH - 4)}`)).toBeNull();
    expect(passwordProblem(`Aa1!${"x".repeat(PASSWORD_MAX_LENGTH - 3)}`)).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it("allows any character: spaces, accents and emoji", () => {
    expect(passwordProblem("Minha senha é Ótima 1!")).toBeNull();
    expect(passwordProblem("Çãõ é ñ 😀 Az9& fim")).toBeNull();
    expect(passwordProblem("   Aa1!        ")).toBeNull();
  });

  it("accepts accented capitals and lower case letters as letters", () => {
    expect(passwordProblem("ÁÉÍÓÚáéíóú1!")).toBeNull();
  });

  it("never throws, and answers null or one of its messages for any input", () => {
    const messages = new Set<string | null>([null, ...Object.values(PASSWORD_MESSAGES)]);
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (password) => {
        const problem = passwordProblem(password);
        expect(messages.has(problem)).toBe(true);
        if ([...password].length < PASSWORD_MIN_LENGTH) expect(problem).toBe(PASSWORD_MESSAGES.tooShort);
      }),
    );
  });
});
