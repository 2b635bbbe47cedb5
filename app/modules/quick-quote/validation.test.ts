import { describe, expect, it } from "vitest";
import { validateQuickQuote } from "./validation";

const base = {
  device: "iPhone 12",
  issue: "Tela quebrada",
  name: "Ana",
  email: "",
  cep: "",
  whatsapp: "(11) 91234-5678",
  check: "10",
};

describe("validateQuickQuote", () => {
  it("accepts a valid number and the right sum, formatting the number", () => {
    expect(validateQuickQuote(base, "11987654321")).toEqual({
      quote: { device: "iPhone 12", issue: "Tela quebrada", name: "Ana", email: "", cep: "", whatsapp: "(11) 91234-5678" },
    });
  });

  it("names the shop's number as the example", () => {
    expect(validateQuickQuote({ ...base, whatsapp: "11 81234-5678" }, "11987654321").errors).toEqual({
      whatsapp: "Por favor, insira um número de WhatsApp válido (ex: (11) 98765-4321)",
    });
  });

  it("checks the sum", () => {
    expect(validateQuickQuote({ ...base, check: " 11 " }, "11987654321").errors).toEqual({
      check: "Resposta incorreta. Quanto é 7 + 3?",
    });
    expect(validateQuickQuote({ ...base, check: " 10 " }, "11987654321").quote).toBeDefined();
  });
});
