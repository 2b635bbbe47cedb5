import { MONEY_NOW_METHODS } from "~/lib/payment-methods";
import { z } from "zod";
import { idempotencyKeyField, moneyField, optionalText, requiredText } from "~/lib/forms";

/**
 * The crediário's payment forms (pay, pay off, cancel a payment; a debt's
 * payment; a customer's settlement on /devedores), shared by the pages and
 * the cores. Runs in the browser too.
 */

/** Money that arrives now. Crediário and store credit bring none: a plan is never paid with another plan or a return's credit. */
export const CREDIT_PAYMENT_METHODS = MONEY_NOW_METHODS;
export type CreditPaymentMethod = keyof typeof CREDIT_PAYMENT_METHODS;
const METHOD_KEYS = Object.keys(CREDIT_PAYMENT_METHODS) as [CreditPaymentMethod, ...CreditPaymentMethod[]];

/** Keeps every sum of a plan's or a customer's payments inside a PostgreSQL integer. */
export const MAX_PAYMENT_CENTS = 100_000_000;

const methodField = () => z.enum(METHOD_KEYS, { error: "Escolha a forma de pagamento." });
const amountField = () => moneyField({ max: MAX_PAYMENT_CENTS }).refine((cents) => cents > 0, "Informe um valor maior que zero.");

export const CreditPaymentSchema = z.object({
  amount: amountField(),
  method: methodField(),
  idempotencyKey: idempotencyKeyField(),
});
export type CreditPaymentFormInput = z.input<typeof CreditPaymentSchema>;

/** The largest plan has 24 instalments. */
const MAX_INSTALMENTS = 24;

export const CreditPayoffSchema = z.object({
  /** "" or "todas": every open instalment; a number: the last N open ones. */
  instalments: z
    .string({ error: "Escolha quantas parcelas quitar." })
    .trim()
    .default("")
    .refine((text) => text === "" || text === "todas" || /^\d{1,2}$/.test(text), "Escolha quantas parcelas quitar.")
    .transform((text) => (text === "" || text === "todas" ? null : Number(text)))
    .refine((count) => count === null || (count >= 1 && count <= MAX_INSTALMENTS), "Escolha quantas parcelas quitar."),
  /** The quote the person saw: a payoff whose amount changed since (a day passed) is refused, not paid silently. */
  expectedTotal: moneyField({ max: MAX_PAYMENT_CENTS }).refine((cents) => cents > 0, "Confira o valor da quitação."),
  method: methodField(),
  idempotencyKey: idempotencyKeyField(),
});
export type CreditPayoffFormInput = z.input<typeof CreditPayoffSchema>;

export const CancelCreditPaymentSchema = z.object({
  reason: requiredText("o motivo do cancelamento", { min: 3, max: 300 }),
});

export const DebtPaymentSchema = z.object({
  amount: amountField(),
  method: methodField(),
  idempotencyKey: idempotencyKeyField(),
});

/** One item a settlement may pay: "order:12", "instalment:40", "debt:7". */
export const SETTLEMENT_ITEM_PATTERN = /^(order|instalment|debt):\d{1,10}$/;
/** More than any customer owes at once; keeps a forged form small. */
export const MAX_SETTLEMENT_ITEMS = 100;

export const SettlementSchema = z.object({
  items: z
    .array(z.string({ error: "Escolha o que pagar." }).regex(SETTLEMENT_ITEM_PATTERN, "Escolha o que pagar."), {
      error: "Escolha o que pagar.",
    })
    .min(1, "Escolha pelo menos um item para pagar.")
    .max(MAX_SETTLEMENT_ITEMS, "Escolha menos itens."),
  /** Blank pays every chosen item in full. */
  amount: moneyField({ max: MAX_PAYMENT_CENTS }),
  method: methodField(),
  note: optionalText(200),
  idempotencyKey: idempotencyKeyField(),
});
export type SettlementFormInput = z.input<typeof SettlementSchema>;
