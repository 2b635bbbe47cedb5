import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shopToday, addDays } from "~/lib/dates";
import { InputError } from "~/lib/errors";
import { fieldErrorsOf } from "~/lib/forms";
import {
  deliveryFormToInput,
  isValidPattern,
  NewServiceOrderSchema,
  normaliseUnlockCode,
  paymentFormToInput,
  refusedOrderForm,
  ServiceOrderDeliverySchema,
  ServiceOrderPaymentSchema,
  ServiceOrderSchema,
  serviceOrderFormToInput,
  UNLOCK_CODE_RETYPE_MESSAGE,
  type ServiceOrderFormValues,
} from "./validation";

const valid = {
  customerId: "12",
  deviceType: "phone",
  brand: "Samsung",
  model: "Galaxy A54",
  imeiOrSerial: "",
  reportedDefect: "Não carrega",
};

function errorsOf(input: Record<string, unknown>, schema = NewServiceOrderSchema) {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

describe("ServiceOrderSchema", () => {
  it("accepts the minimum a counter needs and fills the rest", () => {
    const parsed = NewServiceOrderSchema.parse(valid);
    expect(parsed).toMatchObject({
      customerId: 12,
      conditionChecklist: [],
      lines: [],
      discount: 0,
      deposit: 0,
      warrantyDays: null,
      unlockKind: "",
      promisedDate: "",
    });
  });

  it("says in Portuguese what is missing", () => {
    expect(errorsOf({})).toMatchObject({
      customerId: "Escolha o cliente ou cadastre um novo.",
      deviceType: "Escolha o tipo de aparelho.",
      model: "Informe o modelo.",
      reportedDefect: "Informe o defeito relatado.",
    });
  });

  it("checks the IMEI's check digit only when 15 digits are typed", () => {
    expect(NewServiceOrderSchema.parse({ ...valid, imeiOrSerial: "49 015420 323751 8" }).imeiOrSerial).toBe("490154203237518");
    expect(errorsOf({ ...valid, imeiOrSerial: "490154203237519" }).imeiOrSerial).toMatch(/IMEI inválido/);
    expect(NewServiceOrderSchema.parse({ ...valid, imeiOrSerial: "c02xk1abjg5h" }).imeiOrSerial).toBe("C02XK1ABJG5H");
    expect(errorsOf({ ...valid, imeiOrSerial: "AB" }).imeiOrSerial).toMatch(/número de série/);
  });

  it("keeps the legal minimum warranty", () => {
    expect(errorsOf({ ...valid, warrantyDays: "89" }).warrantyDays).toBe("A garantia legal mínima é de 90 dias.");
    expect(errorsOf({ ...valid, warrantyDays: "-5" }).warrantyDays).toBe("Informe a garantia em dias, como 90.");
    expect(NewServiceOrderSchema.parse({ ...valid, warrantyDays: "180" }).warrantyDays).toBe(180);
  });

  it("refuses unknown checklist items and device types", () => {
    expect(errorsOf({ ...valid, conditionChecklist: ["turns-on", "exploded"] })["conditionChecklist.1"]).toBe(
      "Item do checklist desconhecido.",
    );
    expect(errorsOf({ ...valid, deviceType: "toaster" }).deviceType).toBe("Escolha o tipo de aparelho.");
    expect(NewServiceOrderSchema.parse({ ...valid, conditionChecklist: ["charges", "charges"] }).conditionChecklist).toEqual([
      "charges",
    ]);
  });

  it("reads quote lines and money as typed in Brazil", () => {
    const parsed = NewServiceOrderSchema.parse({
      ...valid,
      lines: [
        { kind: "part", description: "Bateria", quantity: "2", unitPrice: "1.234,50", productId: "7", productUnitId: "" },
        { kind: "service", description: "Mão de obra", quantity: "1", unitPrice: "80", productId: "" },
        {
          kind: "part",
          description: "iPhone 11 (IMEI 3569…)",
          quantity: "1",
          unitPrice: "1500",
          productId: "8",
          productUnitId: "31",
        },
      ],
      discount: "10,5",
      deposit: "100",
      depositMethod: "pix",
    });
    expect(parsed.lines).toEqual([
      {
        kind: "part",
        description: "Bateria",
        quantity: 2,
        unitPrice: 123_450,
        productId: 7,
        productUnitId: null,
        expectedArrivalDate: "",
        supplierId: null,
      },
      {
        kind: "service",
        description: "Mão de obra",
        quantity: 1,
        unitPrice: 8_000,
        productId: null,
        productUnitId: null,
        expectedArrivalDate: "",
        supplierId: null,
      },
      {
        kind: "part",
        description: "iPhone 11 (IMEI 3569…)",
        quantity: 1,
        unitPrice: 150_000,
        productId: 8,
        productUnitId: 31,
        expectedArrivalDate: "",
        supplierId: null,
      },
    ]);
    expect(parsed).toMatchObject({ discount: 1_050, deposit: 10_000 });
  });

  it("refuses bad lines next to the right row and field", () => {
    const errors = errorsOf({
      ...valid,
      lines: [
        { kind: "part", description: "Tela", quantity: "0", unitPrice: "abc" },
        { kind: "gift", description: "", quantity: "1000", unitPrice: "-3" },
      ],
    });
    expect(errors).toMatchObject({
      "lines.0.quantity": "A quantidade deve ser de 1 a 999.",
      "lines.0.unitPrice": "Informe um valor, como 150,00.",
      "lines.1.kind": "Escolha serviço ou peça.",
      "lines.1.description": "Informe a descrição.",
      "lines.1.quantity": "A quantidade deve ser de 1 a 999.",
    });
  });

  it("shows every message at once, the cross-field ones included", () => {
    const errors = errorsOf({ ...valid, model: "", unlockKind: "pin", unlockCode: "12", discount: "50" });
    expect(errors).toMatchObject({
      model: "Informe o modelo.",
      unlockCode: "O PIN deve ter de 4 a 16 números.",
      discount: "O desconto não pode passar do total do orçamento.",
    });
  });

  it("keeps discount and deposit inside the quote, and asks how the deposit was paid", () => {
    const line = { kind: "service", description: "Limpeza", quantity: "1", unitPrice: "100" };
    expect(errorsOf({ ...valid, lines: [line], discount: "100,01" }).discount).toMatch(/desconto/);
    expect(errorsOf({ ...valid, lines: [line], discount: "20", deposit: "81" }).deposit).toMatch(/sinal/);
    expect(errorsOf({ ...valid, lines: [line], deposit: "50" }).depositMethod).toBe("Escolha a forma de pagamento do sinal.");
    expect(errorsOf({ ...valid, lines: [line], discount: "20", deposit: "80", depositMethod: "cash" })).toEqual({});
  });

  it("caps totals inside the database's integer", () => {
    const line = { kind: "part", description: "Lote", quantity: "999", unitPrice: "100.000,00" };
    expect(errorsOf({ ...valid, lines: [line, line] }).lines).toMatch(/limite/);
    expect(errorsOf({ ...valid, lines: [{ ...line, unitPrice: "100.000,01" }] })["lines.0.unitPrice"]).toMatch(/limite/);
  });

  it("checks unlock codes by kind", () => {
    expect(errorsOf({ ...valid, unlockKind: "pin", unlockCode: "1234" })).toEqual({});
    expect(errorsOf({ ...valid, unlockKind: "pin", unlockCode: "12a4" }).unlockCode).toMatch(/PIN/);
    expect(errorsOf({ ...valid, unlockKind: "pattern", unlockCode: "1-5-9-6" })).toEqual({});
    expect(errorsOf({ ...valid, unlockKind: "pattern", unlockCode: "1-5-1" }).unlockCode).toMatch(/sem repetir/);
    expect(errorsOf({ ...valid, unlockKind: "pattern", unlockCode: "12" }).unlockCode).toMatch(/3 a 9/);
    expect(errorsOf({ ...valid, unlockKind: "pattern", unlockCode: "0123" }).unlockCode).toMatch(/1 a 9/);
    expect(errorsOf({ ...valid, unlockKind: "password", unlockCode: "Gato 2024!" })).toEqual({});
    expect(errorsOf({ ...valid, unlockKind: "", unlockCode: "1234" }).unlockKind).toBe("Escolha o tipo de bloqueio.");
    expect(errorsOf({ ...valid, unlockKind: "pin", unlockCode: "" }).unlockCode).toMatch(/Informe a senha/);
    // On the edit page a blank code keeps the stored one.
    expect(errorsOf({ ...valid, unlockKind: "pin", unlockCode: "" }, ServiceOrderSchema)).toEqual({});
  });

  it("stores a pattern as its digits and anything else trimmed", () => {
    expect(normaliseUnlockCode("pattern", " 1 - 5 > 9 ")).toBe("159");
    expect(normaliseUnlockCode("password", "  a-b c ")).toBe("a-b c");
    expect(isValidPattern("123456789")).toBe(true);
    expect(isValidPattern("1234567891")).toBe(false);
  });

  it("refuses a promised date in the past only for a new order", () => {
    const yesterday = addDays(shopToday(), -1);
    expect(errorsOf({ ...valid, promisedDate: yesterday }).promisedDate).toBe("A data prometida não pode ser anterior a hoje.");
    expect(errorsOf({ ...valid, promisedDate: shopToday() })).toEqual({});
    expect(errorsOf({ ...valid, promisedDate: yesterday }, ServiceOrderSchema)).toEqual({});
    expect(errorsOf({ ...valid, promisedDate: "2026-02-30" }).promisedDate).toBe("Informe uma data válida.");
  });

  it("never throws, whatever it is given", () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(() => NewServiceOrderSchema.safeParse(input)).not.toThrow();
      }),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...Object.keys(valid), "lines", "unlockKind", "unlockCode", "discount"), fc.anything()),
        (input) => {
          expect(() => NewServiceOrderSchema.safeParse({ ...valid, ...input })).not.toThrow();
        },
      ),
    );
  });
});

describe("serviceOrderFormToInput", () => {
  it("pairs the parallel line fields and drops an untouched empty row", () => {
    const form = new FormData();
    for (const [kind, description, quantity, price] of [
      ["part", "Tela", "1", "300"],
      ["service", "", "1", ""],
      ["service", "Mão de obra", "2", "50"],
    ]) {
      form.append("lineKind", kind!);
      form.append("lineDescription", description!);
      form.append("lineQuantity", quantity!);
      form.append("lineUnitPrice", price!);
      form.append("lineProductId", "");
    }
    form.append("conditionChecklist", "charges");
    form.append("conditionChecklist", "turns-on");
    const input = serviceOrderFormToInput(form);
    expect(input.lines.map((line) => line.description)).toEqual(["Tela", "Mão de obra"]);
    expect(input.conditionChecklist).toEqual(["charges", "turns-on"]);
    expect(input.model).toBe("");
  });
});

describe("payment and delivery schemas", () => {
  const payment = { method: "pix", amount: "150,00", paidAt: "", note: "", idempotencyKey: "0f8f3a2e-key" };

  it("accepts a payment and reads its amount", () => {
    expect(ServiceOrderPaymentSchema.parse(payment)).toMatchObject({ method: "pix", amount: 15_000 });
  });

  it("refuses a zero amount, an unknown method, a future date and a missing key", () => {
    const parsed = ServiceOrderPaymentSchema.safeParse({
      method: "cheque",
      amount: "0",
      paidAt: addDays(shopToday(), 1),
      idempotencyKey: "x",
    });
    expect(parsed.success ? {} : fieldErrorsOf(parsed.error)).toEqual({
      method: "Escolha a forma de pagamento.",
      amount: "Informe um valor maior que zero.",
      paidAt: "A data do pagamento não pode ser no futuro.",
      idempotencyKey: "Recarregue a página e tente de novo.",
    });
  });

  it("requires who collected the device", () => {
    const parsed = ServiceOrderDeliverySchema.safeParse({ deliveredTo: " " });
    expect(parsed.success ? {} : fieldErrorsOf(parsed.error)).toEqual({ deliveredTo: "Informe quem retirou o aparelho." });
    expect(ServiceOrderDeliverySchema.parse({ deliveredTo: "Maria" })).toEqual({
      deliveredTo: "Maria",
      registerDebt: false,
      note: "",
    });
  });

  it("reads the forms' fields", () => {
    const form = new FormData();
    form.set("deliveredTo", "Maria");
    form.set("registerDebt", "on");
    expect(deliveryFormToInput(form)).toEqual({ deliveredTo: "Maria", registerDebt: true, note: "" });
    form.set("amount", "10");
    expect(paymentFormToInput(form)).toMatchObject({ amount: "10", method: "" });
  });
});

describe("refusedOrderForm", () => {
  const typed = { ...valid, unlockKind: "pin", unlockCode: "482913" } as unknown as ServiceOrderFormValues;

  it("never sends the typed unlock code back, and says next to its field to type it again", () => {
    const refused = refusedOrderForm(
      typed,
      new InputError("invalid-input", { warrantyDays: "A garantia legal mínima é de 90 dias." }),
    );
    expect(refused.values).toMatchObject({ model: "Galaxy A54", unlockKind: "pin", unlockCode: "" });
    expect(JSON.stringify(refused)).not.toContain("482913");
    expect(refused.error.fieldErrors).toEqual({
      warrantyDays: "A garantia legal mínima é de 90 dias.",
      unlockCode: UNLOCK_CODE_RETYPE_MESSAGE,
    });
    expect(UNLOCK_CODE_RETYPE_MESSAGE).toContain("digite a senha de novo");
  });

  it("keeps the field's own message and the refusal's status", () => {
    const error = new InputError("refused-by-order-state", { unlockCode: "O PIN deve ter de 4 a 16 números." }, 409);
    const refused = refusedOrderForm(typed, error);
    expect(refused.error.fieldErrors.unlockCode).toBe(`O PIN deve ter de 4 a 16 números. ${UNLOCK_CODE_RETYPE_MESSAGE}`);
    expect(refused.error).toMatchObject({ code: "refused-by-order-state", status: 409 });
  });

  it("adds nothing when no code was typed (a blank field keeps the stored one)", () => {
    const error = new InputError("invalid-input", { model: "Informe o modelo." });
    expect(refusedOrderForm({ ...typed, unlockCode: "  " }, error)).toEqual({ values: { ...typed, unlockCode: "" }, error });
  });
});

const withLine = (line: Record<string, string>) => ({
  ...valid,
  lines: [{ kind: "part", description: "Tela", quantity: "1", unitPrice: "200,00", ...line }],
});

describe("previsão de chegada de uma peça", () => {
  it("is optional, and kept as the date typed on a part line", () => {
    expect(errorsOf(withLine({}))).toEqual({});
    const parsed = ServiceOrderSchema.parse(withLine({ expectedArrivalDate: addDays(shopToday(), 7) }));
    expect(parsed.lines[0]?.expectedArrivalDate).toBe(addDays(shopToday(), 7));
  });

  it("refuses a date that is not one, one more than a year ahead, and one on a service line, in Portuguese", () => {
    expect(errorsOf(withLine({ expectedArrivalDate: "2026-02-30" }))).toEqual({
      "lines.0.expectedArrivalDate": "Informe a previsão de chegada como uma data válida.",
    });
    expect(errorsOf(withLine({ expectedArrivalDate: addDays(shopToday(), 367) }))).toEqual({
      "lines.0.expectedArrivalDate": "A previsão de chegada deve ser de no máximo um ano a partir de hoje.",
    });
    expect(errorsOf(withLine({ kind: "service", expectedArrivalDate: shopToday() }))).toEqual({
      "lines.0.expectedArrivalDate": "A previsão de chegada é só para peças.",
    });
  });

  it("travels through the form's parallel fields, row by row", () => {
    const form = new FormData();
    for (const [kind, date] of [
      ["service", ""],
      ["part", "2026-12-10"],
    ]) {
      form.append("lineKind", kind!);
      form.append("lineDescription", "Linha");
      form.append("lineUnitPrice", "10,00");
      form.append("lineExpectedArrival", date!);
    }
    expect(serviceOrderFormToInput(form).lines.map((line) => line.expectedArrivalDate)).toEqual(["", "2026-12-10"]);
  });

  it("reads a part line's supplier, and refuses one on a service line or one that is no id", () => {
    const form = new FormData();
    for (const [kind, supplier] of [
      ["service", ""],
      ["part", "12"],
    ]) {
      form.append("lineKind", kind!);
      form.append("lineDescription", "Linha");
      form.append("lineUnitPrice", "10,00");
      form.append("lineSupplierId", supplier!);
    }
    expect(serviceOrderFormToInput(form).lines.map((line) => line.supplierId)).toEqual(["", "12"]);
    expect(ServiceOrderSchema.parse(withLine({ supplierId: "12" })).lines[0]?.supplierId).toBe(12);
    expect(errorsOf(withLine({ kind: "service", supplierId: "12" }))).toEqual({
      "lines.0.supplierId": "O fornecedor é só para peças.",
    });
    expect(errorsOf(withLine({ supplierId: "abc" }))).toEqual({ "lines.0.supplierId": "Escolha um fornecedor da lista." });
  });
});
