import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "~/lib/forms";
import { CustomerSchema, customerFormValues } from "./validation";

const minimal = { name: "Maria Souza", phone: "(11) 98765-4321" };

function errorsOf(input: unknown) {
  const parsed = CustomerSchema.safeParse(input);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

describe("CustomerSchema", () => {
  it("accepts a name and a WhatsApp alone, and fills the rest with empty values", () => {
    expect(CustomerSchema.parse(minimal)).toEqual({
      name: "Maria Souza",
      phone: "11987654321",
      document: null,
      email: "",
      cep: "",
      address: "",
      district: "",
      city: "",
      state: "",
      marketingConsent: false,
      notes: "",
      referredByCustomerId: null,
    });
  });

  it("normalises what the form sends into what is stored", () => {
    const parsed = CustomerSchema.parse({
      name: "  João da Silva ",
      phone: " 21 3333-4444 ",
      document: "529.982.247-25",
      email: " Joao@Exemplo.COM.br ",
      cep: "01310-100",
      address: "Av. Paulista, 1000",
      district: "Bela Vista",
      city: "São Paulo",
      state: "sp",
      marketingConsent: "on",
      notes: "Prefere contato à tarde.",
      referredByCustomerId: "42",
    });
    expect(parsed).toMatchObject({
      name: "João da Silva",
      phone: "2133334444",
      document: "52998224725",
      email: "joao@exemplo.com.br",
      cep: "01310100",
      state: "SP",
      marketingConsent: true,
      referredByCustomerId: 42,
    });
  });

  it("accepts an alphanumeric CNPJ typed in lower case", () => {
    expect(CustomerSchema.parse({ ...minimal, document: "12.abc.345/01de-35" }).document).toBe("12ABC34501DE35");
  });

  it("says in Portuguese what is missing", () => {
    expect(errorsOf({})).toEqual({ name: "Informe o nome do cliente.", phone: "Informe o WhatsApp do cliente." });
    expect(errorsOf({ name: "  ", phone: " " })).toEqual({
      name: "Informe o nome do cliente.",
      phone: "Informe o WhatsApp do cliente.",
    });
  });

  it.each([
    ["name", { name: "M" }, "Escreva pelo menos 2 caracteres."],
    ["name", { name: "M".repeat(121) }, "Use no máximo 120 caracteres."],
    ["phone", { phone: "98765-4321" }, "Informe o número com DDD, como (11) 98765-4321."],
    ["phone", { phone: "11887654321" }, "Informe o número com DDD, como (11) 98765-4321."],
    ["document", { document: "529.982.247-26" }, "CPF inválido: confira os números digitados."],
    ["document", { document: "111.111.111-11" }, "CPF inválido: confira os números digitados."],
    ["document", { document: "12.ABC.345/01DE-36" }, "CNPJ inválido: confira os caracteres digitados."],
    ["document", { document: "12345" }, "Informe um CPF (11 números) ou um CNPJ (14 caracteres), ou deixe em branco."],
    ["email", { email: "maria@" }, "Informe um e-mail válido, como nome@exemplo.com.br."],
    ["cep", { cep: "1234" }, "Informe o CEP com 8 números, como 01310-100."],
    ["cep", { cep: "0131O-100" }, "Informe o CEP com 8 números, como 01310-100."],
    ["state", { state: "XX" }, "Escolha um estado da lista."],
    ["notes", { notes: "x".repeat(2001) }, "Use no máximo 2000 caracteres."],
    ["referredByCustomerId", { referredByCustomerId: "0" }, "Escolha na lista o cliente que indicou."],
    ["referredByCustomerId", { referredByCustomerId: "abc" }, "Escolha na lista o cliente que indicou."],
    ["referredByCustomerId", { referredByCustomerId: -3 }, "Escolha na lista o cliente que indicou."],
    ["referredByCustomerId", { referredByCustomerId: "99999999999" }, "Escolha na lista o cliente que indicou."],
    ["marketingConsent", { marketingConsent: "talvez" }, "Marque ou desmarque a autorização."],
    ["notes", { notes: "linha\u0000" }, "Este campo tem um caractere inválido."],
  ])("refuses a bad %s with its message: %j", (field, change, message) => {
    expect(errorsOf({ ...minimal, ...change })).toEqual({ [field]: message });
  });

  it("answers anything that is not a form with a message, never an exception", () => {
    expect(errorsOf(null)).toEqual({ form: "Envie o formulário de cadastro do cliente." });
    expect(errorsOf("texto")).toEqual({ form: "Envie o formulário de cadastro do cliente." });
    expect(errorsOf({ name: 5, phone: ["11987654321"] })).toEqual({
      name: "Informe o nome do cliente.",
      phone: "Informe o WhatsApp do cliente.",
    });
  });

  it("parses or refuses any object with Portuguese messages on known fields", () => {
    const field = fc.constantFrom(
      "name",
      "phone",
      "document",
      "email",
      "cep",
      "state",
      "marketingConsent",
      "notes",
      "referredByCustomerId",
      "outro",
    );
    fc.assert(
      fc.property(
        fc.dictionary(field, fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.integer(), fc.boolean(), fc.constant(null))),
        (input) => {
          const parsed = CustomerSchema.safeParse(input);
          // What passes is storable: PostgreSQL refuses NUL in text.
          if (parsed.success) expect(Object.values(parsed.data).some((value) => String(value).includes("\u0000"))).toBe(false);
          else for (const message of Object.values(fieldErrorsOf(parsed.error))) expect(message).toMatch(/^[A-ZÉ]/);
        },
      ),
    );
  });
});

describe("customerFormValues", () => {
  it("keeps the customer fields that are text, and nothing else", () => {
    const form = new FormData();
    form.set("name", "Ana");
    form.set("marketingConsent", "on");
    form.set("intent", "inline");
    form.set("notes", new Blob(["arquivo"]));
    expect(customerFormValues(form)).toEqual({ name: "Ana", marketingConsent: "on" });
  });
});
