import { z } from "zod";
import { hasNoNul, NUL_MESSAGE } from "~/lib/text-input";
import { shopToday } from "~/lib/dates";
import { centsToInput, parseMoneyToCents } from "~/lib/money";
import type { ServiceOrderFieldErrors } from "./errors";
import { imeiOrSerialProblem, normaliseImeiOrSerial } from "./imei";
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

export const PAYMENT_METHODS = { cash: "Dinheiro", pix: "PIX", debit: "Cartão de débito", credit: "Cartão de crédito" } as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;

export const MIN_WARRANTY_DAYS = 90;
export const MAX_LINES = 50;
/** Caps that keep every total inside a PostgreSQL integer of centavos. */
export const MAX_UNIT_PRICE_CENTS = 10_000_000;
export const MAX_ORDER_TOTAL_CENTS = 100_000_000;

const keysOf = <T extends Record<string, string>>(record: T) =>
  Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

const optionalText = (max: number) =>
  z
    .string({ error: "Valor inválido." })
    .trim()
    .max(max, `Use no máximo ${max} caracteres.`)
    .refine(hasNoNul, NUL_MESSAGE)
    .default("");

const requiredText = (what: string, min: number, max: number) =>
  z
    .string({ error: `Informe ${what}.` })
    .trim()
    // Not an aborting issue: the form's cross-field rules still run (only the first message per field is shown).
    .min(1, `Informe ${what}.`)
    .min(min, `Escreva pelo menos ${min} caracteres.`)
    .max(max, `Use no máximo ${max} caracteres.`)
    .refine(hasNoNul, NUL_MESSAGE);

/** A money field: "" is zero; anything else must read as an amount. */
const money = (max: number) =>
  z
    .string({ error: "Informe um valor, como 150,00." })
    .trim()
    .max(20, "Informe um valor, como 150,00.")
    .default("")
    .transform((text, context) => {
      if (text === "") return 0;
      const cents = parseMoneyToCents(text);
      if (cents === null) {
        context.addIssue({ code: "custom", message: "Informe um valor, como 150,00." });
        return z.NEVER;
      }
      if (cents > max) {
        context.addIssue({ code: "custom", message: "Valor acima do limite permitido." });
        return z.NEVER;
      }
      return cents;
    });

const isoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .default("")
    .refine((text) => text === "" || isRealIsoDate(text), message);

function isRealIsoDate(text: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A pattern is the order the 3×3 dots are joined (1 = top left … 9 = bottom right); "1-5-9" or "159". */
export function normalisePattern(text: string) {
  return text.replace(/[\s\-,>→.]/g, "");
}

export function isValidPattern(normalised: string) {
  return /^[1-9]{3,9}$/.test(normalised) && new Set(normalised).size === normalised.length;
}

export const ServiceOrderLineSchema = z.object({
  kind: z.enum(keysOf(LINE_KINDS), { error: "Escolha serviço ou peça." }),
  description: requiredText("a descrição", 2, 200),
  quantity: z
    .string({ error: "Informe a quantidade." })
    .trim()
    .default("1")
    .refine((text) => /^\d{1,3}$/.test(text) && Number(text) >= 1, "A quantidade deve ser de 1 a 999.")
    .transform(Number),
  unitPrice: money(MAX_UNIT_PRICE_CENTS).refine((cents) => cents >= 0, "Informe o preço."),
  productId: z
    .string()
    .trim()
    .default("")
    .refine((text) => text === "" || /^[1-9]\d{0,8}$/.test(text), "Produto inválido.")
    .transform((text) => (text === "" ? null : Number(text))),
});

const ServiceOrderFields = z.object({
  customerId: z
    .string({ error: "Escolha o cliente ou cadastre um novo." })
    .trim()
    .refine((text) => /^[1-9]\d{0,8}$/.test(text), "Escolha o cliente ou cadastre um novo.")
    .transform(Number),
  deviceType: z.enum(keysOf(DEVICE_TYPES), { error: "Escolha o tipo de aparelho." }),
  brand: optionalText(80),
  model: requiredText("o modelo", 1, 120),
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
  reportedDefect: requiredText("o defeito relatado", 3, 2000),
  diagnosis: optionalText(4000),
  technicianUserId: optionalText(100),
  lines: z
    .array(ServiceOrderLineSchema, { error: "Orçamento inválido." })
    .max(MAX_LINES, `Use no máximo ${MAX_LINES} linhas.`)
    .default([]),
  discount: money(MAX_ORDER_TOTAL_CENTS),
  deposit: money(MAX_ORDER_TOTAL_CENTS),
  depositMethod: z.enum(["", ...keysOf(PAYMENT_METHODS)], { error: "Escolha a forma de pagamento do sinal." }).default(""),
  promisedDate: isoDate("Informe uma data válida."),
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

export type ServiceOrderFormInput = z.input<typeof ServiceOrderSchema>;
export type ServiceOrderInput = z.output<typeof ServiceOrderSchema>;

export function linesTotalCents(lines: readonly { quantity: number; unitPrice?: number; unitPriceCents?: number }[]) {
  return lines.reduce((total, line) => total + line.quantity * (line.unitPrice ?? line.unitPriceCents ?? 0), 0);
}

export const ServiceOrderPaymentSchema = z.object({
  method: z.enum(keysOf(PAYMENT_METHODS), { error: "Escolha a forma de pagamento." }),
  amount: money(MAX_ORDER_TOTAL_CENTS).refine((cents) => cents > 0, "Informe um valor maior que zero."),
  paidAt: isoDate("Informe uma data válida.").refine(
    (text) => text === "" || text <= shopToday(),
    "A data do pagamento não pode ser no futuro.",
  ),
  note: optionalText(200),
  /** Generated with each render of the form: a repeated submission is recognised and ignored. */
  idempotencyKey: z
    .string({ error: "Recarregue a página e tente de novo." })
    .trim()
    .regex(/^[\w-]{8,100}$/, "Recarregue a página e tente de novo."),
});
export type ServiceOrderPaymentFormInput = z.input<typeof ServiceOrderPaymentSchema>;
export type ServiceOrderPaymentInput = z.output<typeof ServiceOrderPaymentSchema>;

export const ServiceOrderDeliverySchema = z.object({
  deliveredTo: requiredText("quem retirou o aparelho", 2, 120),
  /** Ticked when the balance left unpaid becomes a debt (listed on /devedores). */
  registerDebt: z.boolean().default(false),
  note: optionalText(500),
});
export type ServiceOrderDeliveryFormInput = z.input<typeof ServiceOrderDeliverySchema>;

export const ServiceOrderStatusChangeSchema = z.object({
  to: z.enum(SERVICE_ORDER_STATUSES, { error: "Escolha um status." }),
  note: optionalText(500),
});

export function fieldErrorsOf(error: z.ZodError): ServiceOrderFieldErrors {
  const errors: ServiceOrderFieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
const texts = (form: FormData, name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");

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
  lines: { kind: string; description: string; quantity: string; unitPrice: string; productId: string }[];
  discount: string;
  deposit: string;
  depositMethod: string;
  promisedDate: string;
  warrantyDays: string;
  notes: string;
};

/** The new-order form before anything is typed: a phone, no quote, the shop's default warranty. */
export function emptyServiceOrderFormValues({ warrantyDays, customerId }: { warrantyDays: number; customerId: number | null }) {
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
  lines: readonly { kind: string; description: string; quantity: number; unitPriceCents: number; productId: number | null }[];
  discountCents: number;
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
    })),
    discount: order.discountCents > 0 ? centsToInput(order.discountCents) : "",
    deposit: "",
    depositMethod: "",
    promisedDate: order.promisedDate ?? "",
    warrantyDays: String(order.warrantyDays),
    notes: order.notes,
  };
}

/**
 * What the order form posts → the schema's input. Quote lines come as
 * parallel repeated fields (lineKind, lineDescription…), so rows added or
 * removed in the browser need no renumbering; an untouched empty row is dropped.
 */
export function serviceOrderFormToInput(form: FormData): ServiceOrderFormValues {
  const kinds = texts(form, "lineKind");
  const descriptions = texts(form, "lineDescription");
  const quantities = texts(form, "lineQuantity");
  const prices = texts(form, "lineUnitPrice");
  const productIds = texts(form, "lineProductId");
  const lines = kinds
    .map((kind, index) => ({
      kind,
      description: descriptions[index] ?? "",
      quantity: quantities[index] ?? "1",
      unitPrice: prices[index] ?? "",
      productId: productIds[index] ?? "",
    }))
    .filter((line) => line.description.trim() !== "" || line.unitPrice.trim() !== "");
  return {
    customerId: text(form, "customerId"),
    deviceType: text(form, "deviceType"),
    brand: text(form, "brand"),
    model: text(form, "model"),
    imeiOrSerial: text(form, "imeiOrSerial"),
    color: text(form, "color"),
    accessories: text(form, "accessories"),
    conditionChecklist: texts(form, "conditionChecklist"),
    conditionNotes: text(form, "conditionNotes"),
    unlockKind: text(form, "unlockKind"),
    unlockCode: text(form, "unlockCode"),
    reportedDefect: text(form, "reportedDefect"),
    diagnosis: text(form, "diagnosis"),
    technicianUserId: text(form, "technicianUserId"),
    lines,
    discount: text(form, "discount"),
    deposit: text(form, "deposit"),
    depositMethod: text(form, "depositMethod"),
    promisedDate: text(form, "promisedDate"),
    warrantyDays: text(form, "warrantyDays"),
    notes: text(form, "notes"),
  };
}

export type ServiceOrderPaymentFormValues = Record<"method" | "amount" | "paidAt" | "note" | "idempotencyKey", string>;

export function paymentFormToInput(form: FormData): ServiceOrderPaymentFormValues {
  return {
    method: text(form, "method"),
    amount: text(form, "amount"),
    paidAt: text(form, "paidAt"),
    note: text(form, "note"),
    idempotencyKey: text(form, "idempotencyKey"),
  };
}

export function deliveryFormToInput(form: FormData): ServiceOrderDeliveryFormInput {
  return { deliveredTo: text(form, "deliveredTo"), registerDebt: form.get("registerDebt") === "on", note: text(form, "note") };
}
