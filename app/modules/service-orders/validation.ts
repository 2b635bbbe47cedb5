import { MONEY_NOW_METHODS } from "~/lib/payment-methods";
import { z } from "zod";
import { addDays, shopToday } from "~/lib/dates";
import {
  formText,
  formTexts,
  idempotencyKeyField,
  idField,
  isoDateField,
  moneyField,
  optionalIdField,
  optionalText,
  requiredText,
} from "~/lib/forms";
import { InputError } from "~/lib/errors";
import { centsToInput } from "~/lib/money";
import { hasNoNul, NUL_MESSAGE } from "~/lib/text-input";
import { imeiOrSerialProblem, normaliseImeiOrSerial } from "~/lib/imei";
import { MIN_CONTRACTUAL_DAYS } from "~/modules/warranty-terms/rules";
import { SERVICE_ORDER_STATUSES } from "./status";

/** The kinds of device the shop receives; the keys are stored, the labels shown. */
export const DEVICE_TYPES = {
  phone: "Celular",
  tablet: "Tablet",
  notebook: "Notebook",
  computer: "Computador",
  printer: "Impressora",
  console: "Console",
  watch: "Relógio",
  other: "Outro",
} as const;
export type DeviceType = keyof typeof DEVICE_TYPES;

/** A stored device type in words; an unknown value (older data) is shown as it is. */
export function deviceTypeLabel(value: string) {
  return (DEVICE_TYPES as Record<string, string>)[value] ?? value;
}

/** What is checked on the counter when the device arrives (ticked = true of this device). */
export const CONDITION_CHECKLIST = {
  "turns-on": "Liga",
  charges: "Carrega",
  "screen-cracked": "Tela trincada",
  "screen-works": "Tela e toque funcionam",
  "body-damaged": "Carcaça riscada ou amassada",
  "camera-works": "Câmera funciona",
  "buttons-work": "Botões funcionam",
  "wifi-works": "Wi-Fi funciona",
  "sound-works": "Som e microfone funcionam",
  "liquid-damage": "Molhou / sinais de líquido",
  "sim-tray": "Com gaveta do chip",
  "memory-card": "Com cartão de memória",
} as const;
export type ConditionKey = keyof typeof CONDITION_CHECKLIST;

export const UNLOCK_KINDS = { pin: "PIN (números)", password: "Senha", pattern: "Padrão (desenho)" } as const;
export type UnlockKind = keyof typeof UNLOCK_KINDS;

export const LINE_KINDS = { service: "Serviço", part: "Peça" } as const;

/** What an order is paid with: money that arrives now. */
export const PAYMENT_METHODS = MONEY_NOW_METHODS;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;

/** An order's warranty is never below the least a warranty's contract gives (the legal 90 days). */
export const MIN_WARRANTY_DAYS = MIN_CONTRACTUAL_DAYS;
export const MAX_LINES = 50;
/** A part ordered is expected within a year; a date further on is a typo. */
export const MAX_EXPECTED_ARRIVAL_DAYS = 366;
/** Caps that keep every total inside a PostgreSQL integer of centavos. */
export const MAX_UNIT_PRICE_CENTS = 10_000_000;
export const MAX_ORDER_TOTAL_CENTS = 100_000_000;

const keysOf = <T extends Record<string, string>>(record: T) =>
  Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

/** A pattern is the order the 3×3 dots are joined (1 = top left … 9 = bottom right); "1-5-9" or "159". */
export function normalisePattern(text: string) {
  return text.replace(/[\s\-,>→.]/g, "");
}

export function isValidPattern(normalised: string) {
  return /^[1-9]{3,9}$/.test(normalised) && new Set(normalised).size === normalised.length;
}

export const ServiceOrderLineSchema = z
  .object({
    kind: z.enum(keysOf(LINE_KINDS), { error: "Escolha serviço ou peça." }),
    description: requiredText("a descrição", { min: 2, max: 200 }),
    quantity: z
      .string({ error: "Informe a quantidade." })
      .trim()
      .default("1")
      .refine((text) => /^\d{1,3}$/.test(text) && Number(text) >= 1, "A quantidade deve ser de 1 a 999.")
      .transform(Number),
    unitPrice: moneyField({ max: MAX_UNIT_PRICE_CENTS }),
    productId: optionalIdField("Produto inválido."),
    /** A serialised product's unit (IMEI/serial) chosen for the part. */
    productUnitId: optionalIdField("Unidade inválida."),
    /** "Previsão de chegada" of a part the shop ordered: optional, a part's only. */
    expectedArrivalDate: isoDateField("Informe a previsão de chegada como uma data válida."),
    /** "Fornecedor" of a part (a supplier record; the server checks it exists): optional, a part's only. */
    supplierId: optionalIdField("Escolha um fornecedor da lista."),
  })
  .superRefine((line, context) => {
    if (line.supplierId !== null && line.kind !== "part") {
      context.addIssue({ code: "custom", path: ["supplierId"], message: "O fornecedor é só para peças." });
    }
    if (line.expectedArrivalDate === "") return;
    if (line.kind !== "part") {
      context.addIssue({ code: "custom", path: ["expectedArrivalDate"], message: "A previsão de chegada é só para peças." });
    } else if (line.expectedArrivalDate > addDays(shopToday(), MAX_EXPECTED_ARRIVAL_DAYS)) {
      context.addIssue({
        code: "custom",
        path: ["expectedArrivalDate"],
        message: "A previsão de chegada deve ser de no máximo um ano a partir de hoje.",
      });
    }
  });

const ServiceOrderFields = z.object({
  customerId: idField("Escolha o cliente ou cadastre um novo."),
  deviceType: z.enum(keysOf(DEVICE_TYPES), { error: "Escolha o tipo de aparelho." }),
  brand: optionalText(80),
  model: requiredText("o modelo", { max: 120 }),
  imeiOrSerial: z
    .string({ error: "Valor inválido." })
    .max(60, "Use no máximo 30 letras e números.")
    .default("")
    .transform(normaliseImeiOrSerial)
    .superRefine((value, context) => {
      const problem = imeiOrSerialProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  color: optionalText(40),
  accessories: optionalText(300),
  conditionChecklist: z
    .array(z.enum(keysOf(CONDITION_CHECKLIST), { error: "Item do checklist desconhecido." }), { error: "Checklist inválido." })
    .max(Object.keys(CONDITION_CHECKLIST).length, "Checklist inválido.")
    .default([])
    .transform((keys) => [...new Set(keys)]),
  conditionNotes: optionalText(1000),
  unlockKind: z.enum(["", ...keysOf(UNLOCK_KINDS)], { error: "Escolha o tipo de bloqueio." }).default(""),
  /** As typed; normaliseUnlockCode gives the form that is checked and stored. */
  unlockCode: z
    .string({ error: "Valor inválido." })
    .max(64, "Use no máximo 64 caracteres.")
    .refine(hasNoNul, NUL_MESSAGE)
    .default(""),
  reportedDefect: requiredText("o defeito relatado", { min: 3, max: 2000 }),
  diagnosis: optionalText(4000),
  technicianUserId: optionalText(100),
  lines: z
    .array(ServiceOrderLineSchema, { error: "Orçamento inválido." })
    .max(MAX_LINES, `Use no máximo ${MAX_LINES} linhas.`)
    .default([]),
  discount: moneyField({ max: MAX_ORDER_TOTAL_CENTS }),
  deposit: moneyField({ max: MAX_ORDER_TOTAL_CENTS }),
  depositMethod: z.enum(["", ...keysOf(PAYMENT_METHODS)], { error: "Escolha a forma de pagamento do sinal." }).default(""),
  promisedDate: isoDateField(),
  warrantyDays: z
    .string({ error: "Informe a garantia em dias." })
    .trim()
    .default("")
    .refine((text) => text === "" || /^\d{1,4}$/.test(text), "Informe a garantia em dias, como 90.")
    .transform((text) => (text === "" ? null : Number(text)))
    .refine((days) => days === null || days >= MIN_WARRANTY_DAYS, "A garantia legal mínima é de 90 dias.")
    .refine((days) => days === null || days <= 3650, "Use no máximo 3650 dias (10 anos)."),
  notes: optionalText(2000),
});

/** The stored form of an unlock code: a pattern as its digits ("1-5-9" → "159"), anything else trimmed. */
export function normaliseUnlockCode(kind: string, code: string) {
  return kind === "pattern" ? normalisePattern(code) : code.trim();
}

/**
 * Cross-field rules run even when other fields failed (`when`), so the form
 * shows every message at once; each runs only when the fields it reads parsed.
 */
const parsedWell =
  (...fields: string[]) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === "object" &&
    payload.value !== null &&
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));

function withOrderRules<T extends typeof ServiceOrderFields>(schema: T, isNew: boolean) {
  return schema
    .superRefine(
      (order, context) => {
        const code = normaliseUnlockCode(order.unlockKind, order.unlockCode);
        if (order.unlockKind === "" && code !== "") {
          context.addIssue({ code: "custom", path: ["unlockKind"], message: "Escolha o tipo de bloqueio." });
        } else if (isNew && order.unlockKind !== "" && code === "") {
          context.addIssue({
            code: "custom",
            path: ["unlockCode"],
            message: "Informe a senha ou o padrão, ou escolha “Sem bloqueio”.",
          });
        } else if (code !== "" && order.unlockKind === "pin" && !/^\d{4,16}$/.test(code)) {
          context.addIssue({ code: "custom", path: ["unlockCode"], message: "O PIN deve ter de 4 a 16 números." });
        } else if (code !== "" && order.unlockKind === "pattern" && !isValidPattern(code)) {
          context.addIssue({
            code: "custom",
            path: ["unlockCode"],
            message: "Informe o padrão como a sequência dos pontos (1 a 9), de 3 a 9 pontos sem repetir, ex.: 1-5-9-6.",
          });
        }
      },
      { when: parsedWell("unlockKind", "unlockCode") },
    )
    .superRefine(
      (order, context) => {
        const linesTotal = linesTotalCents(order.lines);
        if (linesTotal > MAX_ORDER_TOTAL_CENTS) {
          context.addIssue({
            code: "custom",
            path: ["lines"],
            message: "O total do orçamento passa do limite de R$ 1.000.000,00.",
          });
        }
        if (order.discount > linesTotal) {
          context.addIssue({ code: "custom", path: ["discount"], message: "O desconto não pode passar do total do orçamento." });
        }
        if (order.deposit > 0 && order.deposit > linesTotal - order.discount) {
          context.addIssue({
            code: "custom",
            path: ["deposit"],
            message: "O sinal não pode passar do total do orçamento com desconto.",
          });
        }
        if (order.deposit > 0 && order.depositMethod === "") {
          context.addIssue({ code: "custom", path: ["depositMethod"], message: "Escolha a forma de pagamento do sinal." });
        }
      },
      { when: parsedWell("lines", "discount", "deposit", "depositMethod") },
    )
    .superRefine(
      (order, context) => {
        if (isNew && order.promisedDate !== "" && order.promisedDate < shopToday()) {
          context.addIssue({ code: "custom", path: ["promisedDate"], message: "A data prometida não pode ser anterior a hoje." });
        }
      },
      { when: parsedWell("promisedDate") },
    );
}

/**
 * The order form (edit page), checked on the server; the same messages
 * appear next to each field. Field values are what a form posts: strings.
 */
export const ServiceOrderSchema = withOrderRules(ServiceOrderFields, false);

/** The new-order form: the promised date is not in the past; a chosen lock needs its code. */
export const NewServiceOrderSchema = withOrderRules(ServiceOrderFields, true);

/** The new-order form's idempotency key, read beside NewServiceOrderSchema. */
export const NewServiceOrderKeySchema = z.object({ idempotencyKey: idempotencyKeyField() });

export type ServiceOrderFormInput = z.input<typeof ServiceOrderSchema>;
export type ServiceOrderInput = z.output<typeof ServiceOrderSchema>;

export function linesTotalCents(lines: readonly { quantity: number; unitPrice?: number; unitPriceCents?: number }[]) {
  return lines.reduce((total, line) => total + line.quantity * (line.unitPrice ?? line.unitPriceCents ?? 0), 0);
}

export const ServiceOrderPaymentSchema = z.object({
  method: z.enum(keysOf(PAYMENT_METHODS), { error: "Escolha a forma de pagamento." }),
  amount: moneyField({ max: MAX_ORDER_TOTAL_CENTS }).refine((cents) => cents > 0, "Informe um valor maior que zero."),
  paidAt: isoDateField().refine((text) => text === "" || text <= shopToday(), "A data do pagamento não pode ser no futuro."),
  note: optionalText(200),
  idempotencyKey: idempotencyKeyField(),
});
export type ServiceOrderPaymentFormInput = z.input<typeof ServiceOrderPaymentSchema>;
export type ServiceOrderPaymentInput = z.output<typeof ServiceOrderPaymentSchema>;

export const ServiceOrderDeliverySchema = z.object({
  deliveredTo: requiredText("quem retirou o aparelho", { min: 2, max: 120 }),
  /** Ticked when the balance left unpaid becomes a debt (listed on /devedores). */
  registerDebt: z.boolean().default(false),
  note: optionalText(500),
});
export type ServiceOrderDeliveryFormInput = z.input<typeof ServiceOrderDeliverySchema>;

export const ServiceOrderStatusChangeSchema = z.object({
  to: z.enum(SERVICE_ORDER_STATUSES, { error: "Escolha um status." }),
  note: optionalText(500),
});

/** The order form's fields as the browser holds them: text, a list of ticked keys, the quote's rows. */
export type ServiceOrderFormValues = {
  customerId: string;
  deviceType: string;
  brand: string;
  model: string;
  imeiOrSerial: string;
  color: string;
  accessories: string;
  conditionChecklist: string[];
  conditionNotes: string;
  unlockKind: string;
  unlockCode: string;
  reportedDefect: string;
  diagnosis: string;
  technicianUserId: string;
  lines: {
    kind: string;
    description: string;
    quantity: string;
    unitPrice: string;
    productId: string;
    productUnitId: string;
    /** Shown only (the server reads the product again): the stock item the line is linked to, its origin, its state. */
    productLabel?: string;
    partOrigin?: string;
    stockState?: string;
    /** "Previsão de chegada" (YYYY-MM-DD), "" when none. */
    expectedArrivalDate?: string;
    /** "Fornecedor" of a part: a supplier's id, "" when none. */
    supplierId?: string;
  }[];
  discount: string;
  deposit: string;
  depositMethod: string;
  promisedDate: string;
  warrantyDays: string;
  notes: string;
  /** The new-order form's key (it may take a deposit): a repeated submission opens one order. "" when editing. */
  idempotencyKey: string;
};

/** The new-order form before anything is typed: a phone, no quote, the shop's default warranty. */
export function emptyServiceOrderFormValues({
  warrantyDays,
  customerId,
  idempotencyKey,
}: {
  warrantyDays: number;
  customerId: number | null;
  idempotencyKey: string;
}) {
  return {
    customerId: customerId === null ? "" : String(customerId),
    deviceType: "phone",
    brand: "",
    model: "",
    imeiOrSerial: "",
    color: "",
    accessories: "",
    conditionChecklist: [],
    conditionNotes: "",
    unlockKind: "",
    unlockCode: "",
    reportedDefect: "",
    diagnosis: "",
    technicianUserId: "",
    lines: [],
    discount: "",
    deposit: "",
    depositMethod: "",
    promisedDate: "",
    warrantyDays: String(Math.max(warrantyDays, MIN_WARRANTY_DAYS)),
    notes: "",
    idempotencyKey,
  } satisfies ServiceOrderFormValues;
}

/** A stored order → the edit form's starting values (the unlock code itself never comes back). */
export function formValuesOfOrder(order: {
  customerId: number;
  deviceType: string;
  brand: string;
  model: string;
  imeiOrSerial: string;
  color: string;
  accessories: string;
  conditionChecklist: string[];
  conditionNotes: string;
  unlockKind: string | null;
  reportedDefect: string;
  diagnosis: string;
  technicianUserId: string | null;
  lines: readonly {
    kind: string;
    description: string;
    quantity: number;
    unitPriceCents: number;
    productId: number | null;
    productUnitId: number | null;
    productName?: string | null;
    productSku?: string | null;
    unitSerial?: string | null;
    partOrigin?: string | null;
    stockState?: string;
    expectedArrivalDate?: string | null;
    supplierId?: number | null;
  }[];
  discountCents: number;
  /** The loyalty level's part of `discountCents`: the form's discount field is what staff typed on top. */
  loyaltyDiscountCents?: number;
  promisedDate: string | null;
  warrantyDays: number;
  notes: string;
}): ServiceOrderFormValues {
  return {
    customerId: String(order.customerId),
    deviceType: order.deviceType,
    brand: order.brand,
    model: order.model,
    imeiOrSerial: order.imeiOrSerial,
    color: order.color,
    accessories: order.accessories,
    conditionChecklist: order.conditionChecklist,
    conditionNotes: order.conditionNotes,
    unlockKind: order.unlockKind ?? "",
    unlockCode: "",
    reportedDefect: order.reportedDefect,
    diagnosis: order.diagnosis,
    technicianUserId: order.technicianUserId ?? "",
    lines: order.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: centsToInput(line.unitPriceCents),
      productId: line.productId === null ? "" : String(line.productId),
      productUnitId: line.productUnitId === null ? "" : String(line.productUnitId),
      productLabel: productLabel(line),
      partOrigin: line.partOrigin ?? "",
      stockState: line.stockState ?? "none",
      expectedArrivalDate: line.expectedArrivalDate ?? "",
      supplierId: line.supplierId ? String(line.supplierId) : "",
    })),
    discount:
      order.discountCents - (order.loyaltyDiscountCents ?? 0) > 0
        ? centsToInput(order.discountCents - (order.loyaltyDiscountCents ?? 0))
        : "",
    deposit: "",
    depositMethod: "",
    promisedDate: order.promisedDate ?? "",
    warrantyDays: String(order.warrantyDays),
    notes: order.notes,
    idempotencyKey: "",
  };
}

/** "Tela Moto G52 (TEL-G52)", with the unit's IMEI/serial for a serialised product. */
export function productLabel(line: { productName?: string | null; productSku?: string | null; unitSerial?: string | null }) {
  if (!line.productName) return "";
  const sku = line.productSku ? ` (${line.productSku})` : "";
  return `${line.productName}${sku}${line.unitSerial ? ` · IMEI/série ${line.unitSerial}` : ""}`;
}

/**
 * What the order form posts → the schema's input. Quote lines come as
 * parallel repeated fields (lineKind, lineDescription…), so rows added or
 * removed in the browser need no renumbering; an untouched empty row is dropped.
 */
export function serviceOrderFormToInput(form: FormData): ServiceOrderFormValues {
  const kinds = formTexts(form, "lineKind");
  const descriptions = formTexts(form, "lineDescription");
  const quantities = formTexts(form, "lineQuantity");
  const prices = formTexts(form, "lineUnitPrice");
  const productIds = formTexts(form, "lineProductId");
  const unitIds = formTexts(form, "lineProductUnitId");
  const labels = formTexts(form, "lineProductLabel");
  const origins = formTexts(form, "linePartOrigin");
  const arrivals = formTexts(form, "lineExpectedArrival");
  const lineSuppliers = formTexts(form, "lineSupplierId");
  const lines = kinds
    .map((kind, index) => ({
      kind,
      description: descriptions[index] ?? "",
      quantity: quantities[index] ?? "1",
      unitPrice: prices[index] ?? "",
      productId: productIds[index] ?? "",
      productUnitId: unitIds[index] ?? "",
      productLabel: labels[index] ?? "",
      partOrigin: origins[index] ?? "",
      expectedArrivalDate: arrivals[index] ?? "",
      supplierId: lineSuppliers[index] ?? "",
    }))
    .filter((line) => line.description.trim() !== "" || line.unitPrice.trim() !== "");
  return {
    customerId: formText(form, "customerId"),
    deviceType: formText(form, "deviceType"),
    brand: formText(form, "brand"),
    model: formText(form, "model"),
    imeiOrSerial: formText(form, "imeiOrSerial"),
    color: formText(form, "color"),
    accessories: formText(form, "accessories"),
    conditionChecklist: formTexts(form, "conditionChecklist"),
    conditionNotes: formText(form, "conditionNotes"),
    unlockKind: formText(form, "unlockKind"),
    unlockCode: formText(form, "unlockCode"),
    reportedDefect: formText(form, "reportedDefect"),
    diagnosis: formText(form, "diagnosis"),
    technicianUserId: formText(form, "technicianUserId"),
    lines,
    discount: formText(form, "discount"),
    deposit: formText(form, "deposit"),
    depositMethod: formText(form, "depositMethod"),
    promisedDate: formText(form, "promisedDate"),
    warrantyDays: formText(form, "warrantyDays"),
    notes: formText(form, "notes"),
    idempotencyKey: formText(form, "idempotencyKey"),
  };
}

export const UNLOCK_CODE_RETYPE_MESSAGE = "Por segurança, a senha não volta preenchida: digite a senha de novo.";

/**
 * The order form as a refusal sends it back: everything typed except the
 * unlock code, a secret that never travels back to the browser (only the
 * audited "show" action reads it). A code that was typed is dropped, so its
 * field says so instead of going silently blank, and a resubmission does not
 * keep the old code without anyone noticing.
 */
export function refusedOrderForm(values: ServiceOrderFormValues, error: InputError) {
  const shown = { ...values, unlockCode: "" };
  if (values.unlockCode.trim() === "") return { values: shown, error };
  const current = error.fieldErrors.unlockCode;
  const unlockCode = current ? `${current} ${UNLOCK_CODE_RETYPE_MESSAGE}` : UNLOCK_CODE_RETYPE_MESSAGE;
  return { values: shown, error: new InputError(error.code, { ...error.fieldErrors, unlockCode }, error.status) };
}

export type ServiceOrderPaymentFormValues = Record<"method" | "amount" | "paidAt" | "note" | "idempotencyKey", string>;

export function paymentFormToInput(form: FormData): ServiceOrderPaymentFormValues {
  return {
    method: formText(form, "method"),
    amount: formText(form, "amount"),
    paidAt: formText(form, "paidAt"),
    note: formText(form, "note"),
    idempotencyKey: formText(form, "idempotencyKey"),
  };
}

export function deliveryFormToInput(form: FormData): ServiceOrderDeliveryFormInput {
  return {
    deliveredTo: formText(form, "deliveredTo"),
    registerDebt: form.get("registerDebt") === "on",
    note: formText(form, "note"),
  };
}
