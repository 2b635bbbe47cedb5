import { z } from "zod";
import { formText, idempotencyKeyField, moneyField, optionalIdField, optionalText, requiredText } from "~/lib/forms";
import { denominationField, DENOMINATIONS, MAX_DENOMINATION_COUNT } from "./denominations";
import { CHECKED_METHODS, type CheckedMethod } from "./register-rules";

/** Caps that keep every register total inside a PostgreSQL integer of centavos. */
export const MAX_FLOAT_CENTS = 10_000_000;
export const MAX_MOVEMENT_CENTS = 10_000_000;
export const MAX_COUNTED_CENTS = 1_000_000_000;

export const CASH_REGISTER_LIMITS = { reason: 200, note: 500 } as const;

/** Blank: the account of the "withdrawal" role (the safe, as seeded). */
const counterAccountField = optionalIdField("Escolha uma das contas da lista.");

export const OpenCashRegisterSchema = z.object({
  openingFloat: moneyField({ max: MAX_FLOAT_CENTS }),
  /** Where the float comes from (or what the drawer held more goes to), so finance's drawer holds the float. */
  floatAccount: counterAccountField,
  idempotencyKey: idempotencyKeyField(),
});

/** Suprimento (cash in) and sangria (cash out): an amount and why, for the slip someone signs. */
export const CashMovementSchema = z.object({
  kind: z.enum(["supply", "withdrawal"], { error: "Escolha suprimento ou sangria." }),
  amount: moneyField({ max: MAX_MOVEMENT_CENTS }).refine((cents) => cents > 0, "Informe um valor maior que zero."),
  reason: requiredText("o motivo", { min: 3, max: CASH_REGISTER_LIMITS.reason }),
  /** A suprimento's origin, a sangria's destination: the safe, a bank, the owner… */
  account: counterAccountField,
  idempotencyKey: idempotencyKeyField(),
});
export type CashMovementFormValues = Record<keyof z.input<typeof CashMovementSchema>, string>;

export const CancelEntrySchema = z.object({
  reason: requiredText("o motivo do cancelamento", { min: 3, max: CASH_REGISTER_LIMITS.reason }),
});

const countField = z
  .string({ error: "Informe a quantidade." })
  .trim()
  .max(7, "Informe uma quantidade inteira, como 3.")
  .default("")
  .transform((text, context) => {
    if (text === "") return 0;
    if (!/^\d+$/.test(text) || Number(text) > MAX_DENOMINATION_COUNT) {
      context.addIssue({ code: "custom", message: "Informe uma quantidade inteira, como 3." });
      return z.NEVER;
    }
    return Number(text);
  });

/** Blank means "as expected": the form shows the expected amount there, and a missing field changes nothing. */
const countedMoney = moneyField({ max: MAX_COUNTED_CENTS });
const checkedAmountField = z
  .string({ error: "Informe um valor, como 150,00." })
  .trim()
  .default("")
  .transform((text, context): number | null => {
    if (text === "") return null;
    const parsed = countedMoney.safeParse(text);
    if (!parsed.success) {
      context.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Informe um valor, como 150,00." });
      return z.NEVER;
    }
    return parsed.data;
  });

const denominationCounts = z.object(
  Object.fromEntries(DENOMINATIONS.map(({ cents }) => [String(cents), countField])) as Record<string, typeof countField>,
  { error: "Informe as quantidades." },
);

export const CloseCashRegisterSchema = z.object({
  countMode: z.enum(["denominations", "total"], { error: "Escolha como o dinheiro foi contado." }),
  countedCash: moneyField({ max: MAX_COUNTED_CENTS }),
  /** Count of each note and coin, by its value in centavos ("20000" → 3). */
  denominations: denominationCounts.default({}),
  /** PIX and cards as checked in the bank and the card machine; null keeps the expected amount. */
  checked: z
    .object(
      Object.fromEntries(CHECKED_METHODS.map((method) => [method, checkedAmountField])) as Record<
        CheckedMethod,
        typeof checkedAmountField
      >,
      { error: "Informe os valores conferidos." },
    )
    .default({ pix: null, debit: null, credit: null } as never),
  note: optionalText(CASH_REGISTER_LIMITS.note),
  /** What the page showed (entries and cancellations): a closing over totals that changed since is refused. */
  seen: z
    .string({ error: "Recarregue a página e tente de novo." })
    .trim()
    .max(100, "Recarregue a página e tente de novo.")
    .default(""),
  idempotencyKey: idempotencyKeyField(),
});
export type CloseCashRegisterInput = z.output<typeof CloseCashRegisterSchema>;

/** The closing form's fields, as the page posts them. */
export type CloseCashRegisterFormValues = {
  countMode: string;
  countedCash: string;
  denominations: Record<string, string>;
  checked: Record<string, string>;
  note: string;
  seen: string;
  idempotencyKey: string;
};

/** The closing form's field for a method checked outside the drawer ("counted-pix"). */
export const checkedField = (method: string) => `counted-${method}`;

/** The closing form as posted → the input closeCashRegister checks (counts by note and coin, PIX and cards checked). */
export function closingFormToInput(form: FormData): CloseCashRegisterFormValues {
  const text = (name: string) => formText(form, name);
  return {
    countMode: text("countMode"),
    countedCash: text("countedCash"),
    denominations: Object.fromEntries(DENOMINATIONS.map(({ cents }) => [String(cents), text(denominationField(cents))])),
    checked: Object.fromEntries(
      CHECKED_METHODS.filter((method) => form.has(checkedField(method))).map((method) => [method, text(checkedField(method))]),
    ),
    note: text("note"),
    seen: text("seen"),
    idempotencyKey: text("idempotencyKey"),
  };
}
