import { describe, expect, it } from "vitest";
import { accountLabel } from "./account-menu";

describe("accountLabel", () => {
  it("names the person by the account's name, not by the e-mail's first part (issue 21)", () => {
    expect(accountLabel("Joana Técnica", "joana.tecnica@loja.com.br")).toBe("Joana Técnica");
  });

  it("shortens a long name to its first and last word", () => {
    expect(accountLabel("Maria Aparecida dos Santos Oliveira", "maria@loja.com.br")).toBe("Maria Oliveira");
    expect(accountLabel("  Ana   Lima  ", "ana@loja.com.br")).toBe("Ana Lima");
  });

  it("falls back to the e-mail's first part only when the account has no name", () => {
    expect(accountLabel("   ", "joana.tecnica@loja.com.br")).toBe("joana.tecnica");
    expect(accountLabel(null, "joana.tecnica@loja.com.br")).toBe("joana.tecnica");
    expect(accountLabel(null, null)).toBe("Usuário");
  });
});
