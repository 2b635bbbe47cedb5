import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "~/lib/forms";
import { ContactMessageSchema } from "./validation";

const valid = {
  name: "Maria Souza",
  email: "maria@exemplo.com.br",
  phone: "",
  subject: "Orçamento",
  message: "Quanto custa trocar a tela?",
};

function errorsOf(input: Record<string, unknown>) {
  const parsed = ContactMessageSchema.safeParse(input);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

describe("ContactMessageSchema", () => {
  it("accepts a message with or without a phone", () => {
    expect(ContactMessageSchema.safeParse(valid).success).toBe(true);
    expect(ContactMessageSchema.safeParse({ ...valid, phone: "(11) 98765-4321" }).success).toBe(true);
    expect(ContactMessageSchema.safeParse({ ...valid, phone: undefined }).success).toBe(true);
  });

  it("says in Portuguese what is missing", () => {
    expect(errorsOf({})).toEqual({
      name: "Informe seu nome.",
      email: "Informe seu e-mail.",
      subject: "Informe o assunto.",
      message: "Informe sua mensagem.",
    });
    expect(errorsOf({ ...valid, name: "   " })).toEqual({ name: "Informe seu nome." });
  });

  it("refuses a bad e-mail, a bad phone and a short message", () => {
    expect(errorsOf({ ...valid, email: "maria@" })).toEqual({ email: "Informe um e-mail válido, como nome@exemplo.com.br." });
    expect(Object.keys(errorsOf({ ...valid, phone: "1234" }))).toEqual(["phone"]);
    expect(errorsOf({ ...valid, message: "Oi" })).toEqual({ message: "Escreva pelo menos 10 caracteres." });
  });
});

describe("the NUL character", () => {
  it("is refused with a message, never sent to the database", () => {
    const parsed = ContactMessageSchema.safeParse({
      name: "Ana\u0000",
      email: "ana@exemplo.com.br",
      subject: "Conserto",
      message: "Uma mensagem longa o bastante.",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Este campo tem um caractere inválido.");
  });
});
