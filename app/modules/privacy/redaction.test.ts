import { describe, expect, it } from "vitest";
import { anonymisedLabel, redactorFor, REMOVED_DATA, withoutSecrets } from "./redaction";

const person = {
  names: ["Zuleica Quintanilha"],
  emails: ["Zuleica.Q@Exemplo.test"],
  phones: ["11987654321"],
  documents: ["52998224725"],
};

describe("redaction", () => {
  const redact = redactorFor(person, anonymisedLabel(7));

  it("replaces the name, in any letter case, with the anonymised label", () => {
    expect(redact.text("Entregue a ZULEICA QUINTANILHA (mãe)")).toBe("Entregue a Cliente anonimizado nº 7 (mãe)");
  });

  it("finds a phone and a CPF however they were written, and the e-mail in any case", () => {
    expect(redact.text("Ligar (11) 98765-4321 ou 11 98765 4321")).toBe(`Ligar ${REMOVED_DATA} ou ${REMOVED_DATA}`);
    expect(redact.text("CPF 529.982.247-25")).toBe(`CPF ${REMOVED_DATA}`);
    expect(redact.text("zuleica.q@exemplo.test escreveu")).toBe(`${REMOVED_DATA} escreveu`);
  });

  it("leaves other people and longer numbers alone", () => {
    expect(redact.text("Zuleicaa Quintanilhas")).toBe("Zuleicaa Quintanilhas");
    expect(redact.text("pedido 119876543210")).toBe("pedido 119876543210");
    expect(redact.finds("nada aqui")).toBe(false);
    expect(redact.finds("tel 11987654321")).toBe(true);
  });

  it("redacts every string of a JSON value and keeps keys, numbers and dates", () => {
    const data = {
      cliente: { nome: "Zuleica Quintanilha", telefone: "(11) 98765-4321" },
      totalCents: 1234,
      itens: ["Zuleica Quintanilha"],
    };
    expect(redact.json(data)).toEqual({
      cliente: { nome: "Cliente anonimizado nº 7", telefone: REMOVED_DATA },
      totalCents: 1234,
      itens: ["Cliente anonimizado nº 7"],
    });
  });

  it("drops the keys that hold unlock codes, passwords and tokens", () => {
    expect(withoutSecrets({ a: 1, unlockSecret: "x", dados: { senhaDesbloqueio: "1234", nome: "b" } })).toEqual({
      a: 1,
      dados: { nome: "b" },
    });
  });
});
