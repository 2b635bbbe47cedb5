import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isIsoDate } from "./dates";
import { InputError } from "./errors";
import {
  fieldErrorsOf,
  formText,
  formTexts,
  idempotencyKeyField,
  idField,
  isoDateField,
  moneyField,
  optionalIdField,
  optionalText,
  parseInput,
  requiredText,
} from "./forms";

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const parsed = z.object({ field: schema }).safeParse({ field: value });
  return parsed.success ? null : fieldErrorsOf(parsed.error).field;
};

describe("field schemas", () => {
  it("reads optional and required text, trimmed, with one message per problem", () => {
    expect(optionalText(5).parse(undefined)).toBe("");
    expect(optionalText(5).parse("  oi  ")).toBe("oi");
    expect(errorsOf(optionalText(5), "123456")).toBe("Use no máximo 5 caracteres.");
    expect(errorsOf(optionalText(5), 12)).toBe("Use apenas texto neste campo.");
    expect(errorsOf(optionalText(5), "a\u0000b")).toBe("Este campo tem um caractere inválido.");
    expect(errorsOf(requiredText("o modelo", { min: 2, max: 10 }), "   ")).toBe("Informe o modelo.");
    expect(errorsOf(requiredText("o modelo", { min: 2, max: 10 }), undefined)).toBe("Informe o modelo.");
    expect(errorsOf(requiredText("o modelo", { min: 2, max: 10 }), "A")).toBe("Escreva pelo menos 2 caracteres.");
    expect(requiredText("o modelo", { max: 10 }).parse(" G84 ")).toBe("G84");
  });

  it("reads money as a person types it in Brazil, and nothing else", () => {
    const money = moneyField({ max: 100_000_00 });
    expect(money.parse("1.234,56")).toBe(123_456);
    expect(money.parse("R$ 10")).toBe(1_000);
    expect(money.parse("")).toBe(0);
    expect(money.parse(undefined)).toBe(0);
    expect(errorsOf(money, "dez reais")).toBe("Informe um valor, como 150,00.");
    expect(errorsOf(money, "1.000.000,00")).toBe("Valor acima do limite permitido.");
    expect(errorsOf(money, "-5")).toBe("Informe um valor, como 150,00.");
  });

  it("never lets a money field produce anything but whole centavos within the cap", () => {
    const money = moneyField({ max: 1_000_000 });
    fc.assert(
      fc.property(fc.string({ maxLength: 25 }), (typed) => {
        const parsed = money.safeParse(typed);
        if (parsed.success) expect(Number.isSafeInteger(parsed.data) && parsed.data >= 0 && parsed.data <= 1_000_000).toBe(true);
      }),
    );
  });

  it("reads real calendar days only", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("22/11/2026")).toBe(false);
    expect(isoDateField().parse("")).toBe("");
    expect(errorsOf(isoDateField("Data?"), "2026-02-30")).toBe("Data?");
  });

  it("reads ids within a serial's range, and blank as none where optional", () => {
    expect(idField("Escolha o cliente.").parse("42")).toBe(42);
    expect(idField("Escolha o cliente.").parse(7)).toBe(7);
    for (const bad of ["0", "-1", "1e3", "abc", "2147483648", "", null, undefined]) {
      expect(errorsOf(idField("Escolha o cliente."), bad)).toBe("Escolha o cliente.");
    }
    expect(optionalIdField("Produto inválido.").parse("")).toBeNull();
    expect(optionalIdField("Produto inválido.").parse(undefined)).toBeNull();
    expect(errorsOf(optionalIdField("Produto inválido."), "x")).toBe("Produto inválido.");
  });

  it("accepts an idempotency key as the forms mint it, and nothing that could be a query", () => {
    expect(idempotencyKeyField().parse("0f8f3a2e-9c1d-4a57-8d2b-5c3e7a9b1f00")).toHaveLength(36);
    for (const bad of ["", "curta", "x".repeat(101), "'; drop table x; --"]) {
      expect(errorsOf(idempotencyKeyField(), bad)).toBe("Recarregue a página e tente de novo.");
    }
  });
});

describe("fieldErrorsOf and parseInput", () => {
  const Schema = z.object({
    name: requiredText("o nome", { max: 20 }),
    lines: z.array(z.object({ description: requiredText("a descrição", { max: 10 }) })),
  });

  it("keeps the first message of each field, nested paths joined with dots, whole-form issues under 'form'", () => {
    const parsed = Schema.safeParse({ name: "", lines: [{ description: "ok" }, { description: "" }] });
    expect(parsed.success ? {} : fieldErrorsOf(parsed.error)).toEqual({
      name: "Informe o nome.",
      "lines.1.description": "Informe a descrição.",
    });
    const whole = z
      .object({})
      .refine(() => false, "Formulário inválido.")
      .safeParse({});
    expect(whole.success ? {} : fieldErrorsOf(whole.error)).toEqual({ form: "Formulário inválido." });
  });

  it("returns the parsed value, or throws the module's InputError with the messages", () => {
    expect(parseInput(Schema, { name: " Ana ", lines: [] })).toEqual({ name: "Ana", lines: [] });
    class OrderError extends InputError {}
    const refusal = (() => {
      try {
        parseInput(Schema, { name: "" }, (fieldErrors) => new OrderError("invalid-input", fieldErrors));
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(OrderError);
    expect(refusal).toMatchObject({ status: 400, fieldErrors: { name: "Informe o nome.", lines: expect.any(String) } });
  });
});

describe("formText", () => {
  it("reads text fields, and a file or an absent field as empty", () => {
    const form = new FormData();
    form.append("name", "Ana");
    form.append("photo", new Blob(["x"]), "x.png");
    form.append("tags", "a");
    form.append("tags", new Blob(["y"]));
    form.append("tags", "b");
    expect(formText(form, "name")).toBe("Ana");
    expect(formText(form, "photo")).toBe("");
    expect(formText(form, "missing")).toBe("");
    expect(formTexts(form, "tags")).toEqual(["a", "b"]);
  });

  it("never hands a NUL to a query (an id or an intent read raw)", () => {
    const form = new FormData();
    form.append("userId", "abc\u0000def");
    form.append("ids", "1\u0000");
    expect(formText(form, "userId")).toBe("abcdef");
    expect(formTexts(form, "ids")).toEqual(["1"]);
  });
});
