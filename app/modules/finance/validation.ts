import { PAYMENT_METHOD_LABELS } from "~/lib/payment-methods";
import { z } from "zod";
import {
  FINANCE_ACCOUNT_KINDS,
  FINANCE_ACCOUNT_ROLES,
  FINANCE_DIRECTIONS,
  FINANCE_RESULT_LINES,
  type FinanceAccountKind,
  type FinanceAccountRole,
  type FinanceDirection,
  type FinanceResultLine,
} from "~/db/schema/finance";
import { isIsoMonth } from "~/lib/dates";
import { idempotencyKeyField, idField, isoDateField, moneyField, optionalIdField, optionalText, requiredText } from "~/lib/forms";
import { isValidWhatsappNumber, phoneDigits } from "~/lib/phone";
import { isValidCnpj, isValidCpf, normalizeDocument } from "~/modules/customers/document";

// The value lists the finance pages offer, as the tables hold them: pages take them from here, never from app/db.
export {
  FINANCE_ACCOUNT_KINDS,
  FINANCE_ACCOUNT_ROLES,
  FINANCE_DIRECTIONS,
  type FinanceAccountKind,
  type FinanceAccountRole,
  type FinanceDirection,
} from "~/db/schema/finance";

/** One entry at most R$ 1.000.000,00; sums of many stay in bigint queries. */
export const MAX_ENTRY_CENTS = 100_000_000;
export const MAX_INSTALMENTS = 60;
/** How far ahead the entries of a recurring expense exist: this month and the next three. */
export const MONTHS_GENERATED_AHEAD = 3;

export const FINANCE_LIMITS = {
  description: 120,
  counterparty: 120,
  notes: 500,
  reason: 200,
  accountName: 60,
  categoryName: 60,
  supplierName: 120,
  supplierDocument: 30,
  supplierContact: 120,
  supplierPhone: 30,
  supplierEmail: 254,
  supplierNotes: 1000,
} as const;

export const DIRECTION_LABELS: Record<FinanceDirection, string> = { in: "Entrada (a receber)", out: "Saída (a pagar)" };
export const DIRECTION_SHORT_LABELS: Record<FinanceDirection, string> = { in: "Entrada", out: "Saída" };

export const RESULT_LINE_LABELS: Record<FinanceResultLine, string> = {
  "gross-revenue": "Receita bruta",
  deduction: "Deduções (impostos, devoluções, descontos)",
  "cost-of-goods": "Custo das peças e mercadorias",
  "operating-expense": "Despesas operacionais",
  "other-result": "Outros resultados",
  "outside-result": "Fora do resultado (só caixa)",
};

/** The result lines a category of each direction may add to: revenue is never an expense line. */
export const RESULT_LINES_OF_DIRECTION: Record<FinanceDirection, readonly FinanceResultLine[]> = {
  in: ["gross-revenue", "other-result", "outside-result"],
  out: ["deduction", "cost-of-goods", "operating-expense", "other-result", "outside-result"],
};

export const ACCOUNT_KIND_LABELS: Record<FinanceAccountKind, string> = {
  "cash-drawer": "Caixa (gaveta)",
  bank: "Conta bancária",
  "card-acquirer": "Maquininha / adquirente",
  other: "Outra (cofre, carteira)",
};

export const ACCOUNT_ROLE_LABELS: Record<FinanceAccountRole, string> = {
  "cash-drawer": "Dinheiro das vendas",
  pix: "PIX recebido",
  card: "Cartões (maquininha)",
  "card-settlement": "Onde caem os recebíveis de cartão",
  withdrawal: "Para onde vai a sangria",
};

/** How an entry was paid: the register's methods, and what only finance sees. */
export const ENTRY_METHODS = ["cash", "pix", "debit", "credit", "transfer", "boleto", "other"] as const;
export type EntryMethod = (typeof ENTRY_METHODS)[number];
export const ENTRY_METHOD_LABELS: Record<string, string> = PAYMENT_METHOD_LABELS;

const directionField = z.enum(FINANCE_DIRECTIONS, { error: "Escolha entrada ou saída." });
const positiveMoney = (what: string) =>
  moneyField({ max: MAX_ENTRY_CENTS }).refine((cents) => cents > 0, `Informe ${what} maior que zero.`);
const requiredDate = (what: string) => isoDateField(`Informe ${what} válida.`).refine((text) => text !== "", `Informe ${what}.`);
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "sim");

const instalmentsField = z
  .string({ error: `Informe de 1 a ${MAX_INSTALMENTS} parcelas.` })
  .trim()
  .default("1")
  .transform((text, context) => {
    if (text === "") return 1;
    const count = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
    if (!(count >= 1 && count <= MAX_INSTALMENTS)) {
      context.addIssue({ code: "custom", message: `Informe de 1 a ${MAX_INSTALMENTS} parcelas.` });
      return z.NEVER;
    }
    return count;
  });

const supplierIdField = optionalIdField("Escolha um fornecedor da lista.");

const entryFields = {
  description: requiredText("a descrição", { max: FINANCE_LIMITS.description }),
  categoryId: idField("Escolha a categoria."),
  amount: positiveMoney("o valor"),
  dueDate: requiredDate("a data de vencimento"),
  counterparty: optionalText(FINANCE_LIMITS.counterparty),
  supplierId: supplierIdField,
  notes: optionalText(FINANCE_LIMITS.notes),
};

/** A payable or receivable typed by staff; "em N parcelas" splits the amount into monthly entries. */
export const NewEntrySchema = z.object({
  direction: directionField,
  ...entryFields,
  instalments: instalmentsField,
  isPaid: checkbox,
  paidDate: isoDateField("Informe a data do pagamento válida."),
  accountId: optionalIdField("Escolha a conta."),
  method: z.string().trim().max(20).default(""),
  idempotencyKey: idempotencyKeyField(),
});
export type NewEntryFormValues = Partial<Record<keyof z.input<typeof NewEntrySchema>, string>>;

export const UpdateEntrySchema = z.object(entryFields);
export type UpdateEntryFormValues = Partial<Record<keyof z.input<typeof UpdateEntrySchema>, string>>;

export const PayEntrySchema = z.object({
  paidDate: requiredDate("a data do pagamento"),
  accountId: idField("Escolha a conta."),
  method: z.enum(ENTRY_METHODS, { error: "Escolha a forma de pagamento." }),
  idempotencyKey: idempotencyKeyField(),
});
export type PayEntryFormValues = Partial<Record<keyof z.input<typeof PayEntrySchema>, string>>;

/** A new due date for an open bill (a typed one, or a stock purchase's). */
export const RedateEntrySchema = z.object({
  dueDate: requiredDate("a nova data de vencimento"),
});
export type RedateEntryFormValues = Partial<Record<keyof z.input<typeof RedateEntrySchema>, string>>;

/**
 * An open entry split in two: `amount` stays on it, the rest becomes a new
 * entry due on `dueDate` (the same origin, category and supplier); the two
 * add up to what it was, to the centavo.
 */
export const SplitEntrySchema = z.object({
  amount: positiveMoney("o valor que fica neste lançamento"),
  dueDate: requiredDate("o vencimento do restante"),
  idempotencyKey: idempotencyKeyField(),
});
export type SplitEntryFormValues = Partial<Record<keyof z.input<typeof SplitEntrySchema>, string>>;

/** How goods received at a cost were bought (issue 23): paid now from an account, or owed to a supplier. */
export const STOCK_PURCHASE_PAYMENTS = ["paid", "owed"] as const;
export type StockPurchasePayment = (typeof STOCK_PURCHASE_PAYMENTS)[number];
export const STOCK_PURCHASE_PAYMENT_LABELS: Record<StockPurchasePayment, string> = {
  paid: "Já paga",
  owed: "A pagar ao fornecedor",
};
/** A stock purchase owed in at most this many instalments. */
export const MAX_STOCK_PURCHASE_INSTALMENTS = 24;

export const StockPurchaseTermsSchema = z.object({
  payment: z.enum(STOCK_PURCHASE_PAYMENTS, { error: "Diga se a compra já foi paga ou se ficou a pagar." }),
  supplierId: supplierIdField,
  accountId: optionalIdField("Escolha a conta de onde saiu o dinheiro."),
  paidDate: isoDateField("Informe a data do pagamento válida."),
  method: z.string().trim().max(20).default(""),
  dueDate: isoDateField("Informe o vencimento válido."),
  instalments: z
    .string({ error: `Informe de 1 a ${MAX_STOCK_PURCHASE_INSTALMENTS} parcelas.` })
    .trim()
    .default("1")
    .transform((text, context) => {
      if (text === "") return 1;
      const count = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
      if (!(count >= 1 && count <= MAX_STOCK_PURCHASE_INSTALMENTS)) {
        context.addIssue({ code: "custom", message: `Informe de 1 a ${MAX_STOCK_PURCHASE_INSTALMENTS} parcelas.` });
        return z.NEVER;
      }
      return count;
    }),
});
export type StockPurchaseTerms = z.output<typeof StockPurchaseTermsSchema>;

/** Why a typed CPF/CNPJ is refused (customers' rule: a supplier is a company or a person). */
function supplierDocumentProblem(value: string) {
  if (/^\d{11}$/.test(value)) return isValidCpf(value) ? null : "CPF inválido: confira os números digitados.";
  if (/^[0-9A-Z]{14}$/.test(value)) return isValidCnpj(value) ? null : "CNPJ inválido: confira os caracteres digitados.";
  return "Informe um CPF (11 números) ou um CNPJ (14 caracteres), ou deixe em branco.";
}

/** A supplier as its form sends it; stored: the document normalised, the WhatsApp as digits. */
export const SupplierSchema = z.object({
  name: requiredText("o nome do fornecedor", { max: FINANCE_LIMITS.supplierName }),
  document: optionalText(FINANCE_LIMITS.supplierDocument)
    .transform((value) => (value === "" ? "" : normalizeDocument(value)))
    .superRefine((value, context) => {
      const problem = value === "" ? null : supplierDocumentProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  contactName: optionalText(FINANCE_LIMITS.supplierContact),
  whatsapp: optionalText(FINANCE_LIMITS.supplierPhone)
    .refine(
      (value) => value === "" || isValidWhatsappNumber(value),
      "Informe o WhatsApp com DDD: 10 ou 11 números (celular começa com 9).",
    )
    .transform(phoneDigits),
  email: optionalText(FINANCE_LIMITS.supplierEmail)
    .refine((value) => value === "" || z.email().safeParse(value).success, "Informe um e-mail válido, como nome@exemplo.com.br.")
    .transform((value) => value.toLowerCase()),
  notes: optionalText(FINANCE_LIMITS.supplierNotes),
});
export type SupplierFormValues = Partial<Record<keyof z.input<typeof SupplierSchema>, string>>;

export const CancelEntrySchema = z.object({
  reason: requiredText("o motivo do cancelamento", { min: 3, max: FINANCE_LIMITS.reason }),
});

export const AccountSchema = z.object({
  name: requiredText("o nome da conta", { max: FINANCE_LIMITS.accountName }),
  kind: z.enum(FINANCE_ACCOUNT_KINDS, { error: "Escolha o tipo da conta." }),
  openingBalance: moneyField({ max: MAX_ENTRY_CENTS }),
  openingDate: requiredDate("a data do saldo inicial"),
});
export type AccountFormValues = Partial<Record<keyof z.input<typeof AccountSchema>, string>>;

export const TransferSchema = z
  .object({
    fromAccountId: idField("Escolha a conta de origem."),
    toAccountId: idField("Escolha a conta de destino."),
    amount: positiveMoney("o valor"),
    transferDate: requiredDate("a data"),
    description: optionalText(FINANCE_LIMITS.description),
    idempotencyKey: idempotencyKeyField(),
  })
  .refine((input) => input.fromAccountId !== input.toAccountId, {
    path: ["toAccountId"],
    message: "Escolha uma conta de destino diferente da origem.",
  });
export type TransferFormValues = Partial<Record<keyof z.input<typeof TransferSchema>, string>>;

export const AccountRolesSchema = z.object(
  Object.fromEntries(FINANCE_ACCOUNT_ROLES.map((role) => [role, idField("Escolha a conta.")])) as Record<
    FinanceAccountRole,
    ReturnType<typeof idField>
  >,
);

const monthField = (what: string) =>
  z
    .string({ error: `Informe ${what} (mês e ano).` })
    .trim()
    .default("")
    .refine((text) => text === "" || isIsoMonth(text), `Informe ${what} (mês e ano).`);

export const RecurringSchema = z
  .object({
    direction: directionField,
    description: requiredText("a descrição", { max: FINANCE_LIMITS.description }),
    categoryId: idField("Escolha a categoria."),
    amount: positiveMoney("o valor"),
    dayOfMonth: z
      .string({ error: "Informe um dia de 1 a 31." })
      .trim()
      .regex(/^\d{1,2}$/, "Informe um dia de 1 a 31.")
      .transform(Number)
      .refine((day) => day >= 1 && day <= 31, "Informe um dia de 1 a 31."),
    startMonth: monthField("o primeiro mês").refine((text) => text !== "", "Informe o primeiro mês (mês e ano)."),
    endMonth: monthField("o último mês"),
    counterparty: optionalText(FINANCE_LIMITS.counterparty),
    accountId: optionalIdField("Escolha a conta."),
  })
  .refine((input) => input.endMonth === "" || input.endMonth >= input.startMonth, {
    path: ["endMonth"],
    message: "O último mês não pode ser antes do primeiro.",
  });
export type RecurringFormValues = Partial<Record<keyof z.input<typeof RecurringSchema>, string>>;
export type RecurringInput = z.output<typeof RecurringSchema>;
/** The new-recurring form's idempotency key (not on the edit form: an edit sets values, it does not add). */
export const RecurringKeySchema = z.object({ idempotencyKey: idempotencyKeyField() });

export const CategorySchema = z
  .object({
    name: requiredText("o nome da categoria", { max: FINANCE_LIMITS.categoryName }),
    direction: directionField,
    resultLine: z.enum(FINANCE_RESULT_LINES, { error: "Escolha a linha do resultado." }),
  })
  .refine((input) => RESULT_LINES_OF_DIRECTION[input.direction].includes(input.resultLine), {
    path: ["resultLine"],
    message: "Esta linha do resultado não serve para este tipo de categoria.",
  });
export type CategoryFormValues = Partial<Record<keyof z.input<typeof CategorySchema>, string>>;
