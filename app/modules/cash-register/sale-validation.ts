import { z } from "zod";
import { formText, formTexts, idempotencyKeyField, idField, moneyField, optionalIdField, requiredText } from "~/lib/forms";
import { parseMoneyToCents } from "~/lib/money";
import { MAX_CARD_INSTALMENTS, MAX_SALE_TOTAL_CENTS, SALE_PAYMENT_METHODS } from "./sale-totals";

/**
 * What the sale screen, the cancel form and the return form post, checked
 * the same way in the browser and on the server. The browser sends what was
 * chosen (products, units, quantities, discounts, payments), never a price:
 * the server reads those itself.
 */

export const SALE_LIMITS = { maxItems: 100, maxPayments: 10, maxQuantity: 999, reason: 500 } as const;

const QUANTITY_MESSAGE = `Informe uma quantidade de 1 a ${SALE_LIMITS.maxQuantity}.`;

function quantityField() {
  return z
    .union([z.string(), z.number()], { error: QUANTITY_MESSAGE })
    .transform((value) => (typeof value === "number" ? value : /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : Number.NaN))
    .refine(
      (quantity) => Number.isSafeInteger(quantity) && quantity >= 1 && quantity <= SALE_LIMITS.maxQuantity,
      QUANTITY_MESSAGE,
    );
}

const INSTALMENTS_MESSAGE = `Informe de 1 a ${MAX_CARD_INSTALMENTS} parcelas.`;

export const SaleItemSchema = z.object({
  productId: idField("Escolha o produto."),
  unitId: optionalIdField("Escolha a unidade (IMEI/série)."),
  quantity: quantityField(),
  discount: moneyField({ max: MAX_SALE_TOTAL_CENTS }),
});

export const SalePaymentSchema = z.object({
  method: z.enum(SALE_PAYMENT_METHODS, { error: "Escolha a forma de pagamento." }),
  amount: moneyField({ max: MAX_SALE_TOTAL_CENTS }),
  /** Cash handed over; blank means exactly the cash part. */
  tendered: moneyField({ max: MAX_SALE_TOTAL_CENTS }),
  instalments: z
    .string({ error: INSTALMENTS_MESSAGE })
    .trim()
    .default("")
    .refine((text) => text === "" || /^\d{1,2}$/.test(text), INSTALMENTS_MESSAGE)
    .transform((text) => (text === "" ? 1 : Number(text)))
    .refine((count) => count >= 1 && count <= MAX_CARD_INSTALMENTS, INSTALMENTS_MESSAGE),
});

export const SaleSchema = z.object({
  idempotencyKey: idempotencyKeyField(),
  customerId: optionalIdField("Escolha o cliente na lista."),
  discount: moneyField({ max: MAX_SALE_TOTAL_CENTS }),
  /**
   * The loyalty level's percentage (basis points) staff applied with one tap, or null: the server checks it against
   * the customer's level and computes the amount itself.
   */
  loyaltyBasisPoints: z
    .union([z.string(), z.number()], { error: "Desconto de fidelidade inválido." })
    .default("")
    .transform((value, context) => {
      if (typeof value === "number") return value;
      const text = value.trim();
      if (text === "") return null;
      if (!/^\d{1,5}$/.test(text)) {
        context.addIssue({ code: "custom", message: "Desconto de fidelidade inválido." });
        return null;
      }
      return Number(text);
    }),
  /** The total the screen showed; the server refuses the sale when its own differs (a price changed meanwhile). */
  expectedTotal: z
    .string({ error: "Recarregue a página e tente de novo." })
    .trim()
    .default("")
    .transform((text, context) => {
      if (text === "") return null;
      const cents = parseMoneyToCents(text);
      if (cents === null) context.addIssue({ code: "custom", message: "Recarregue a página e tente de novo." });
      return cents;
    }),
  items: z
    .array(SaleItemSchema, { error: "Adicione ao menos um item." })
    .min(1, "Adicione ao menos um item.")
    .max(SALE_LIMITS.maxItems, `Use no máximo ${SALE_LIMITS.maxItems} itens.`),
  payments: z
    .array(SalePaymentSchema, { error: "Informe os pagamentos." })
    .max(SALE_LIMITS.maxPayments, `Use no máximo ${SALE_LIMITS.maxPayments} pagamentos.`)
    .default([]),
  /** The crediário's terms (modules/credit/plan-terms.ts) and fee (credit/plans.server.ts), read only when a payment is crediário. */
  credit: z.unknown().optional(),
});
export type SaleInput = z.output<typeof SaleSchema>;

/** The sale screen posts its rows as parallel repeated fields (itemProductId, paymentMethod…), one per row. */
export function saleFormToInput(form: FormData) {
  const productIds = formTexts(form, "itemProductId");
  const unitIds = formTexts(form, "itemUnitId");
  const quantities = formTexts(form, "itemQuantity");
  const itemDiscounts = formTexts(form, "itemDiscount");
  const methods = formTexts(form, "paymentMethod");
  const amounts = formTexts(form, "paymentAmount");
  const tendered = formTexts(form, "paymentTendered");
  const instalments = formTexts(form, "paymentInstalments");
  const expectedTotal = form.get("expectedTotal");
  return {
    idempotencyKey: formText(form, "idempotencyKey"),
    customerId: formText(form, "customerId"),
    discount: formText(form, "discount"),
    loyaltyBasisPoints: formText(form, "loyaltyBasisPoints"),
    ...(typeof expectedTotal === "string" ? { expectedTotal } : {}),
    items: productIds.map((productId, index) => ({
      productId,
      unitId: unitIds[index] ?? "",
      quantity: quantities[index] ?? "1",
      discount: itemDiscounts[index] ?? "",
    })),
    credit: {
      instalmentCount: formText(form, "credit.instalmentCount"),
      monthlyRate: formText(form, "credit.monthlyRate"),
      firstDueDate: formText(form, "credit.firstDueDate"),
      fee: formText(form, "credit.fee"),
      feeMethod: formText(form, "credit.feeMethod"),
    },
    payments: methods.map((method, index) => ({
      method,
      amount: amounts[index] ?? "",
      tendered: tendered[index] ?? "",
      instalments: instalments[index] ?? "",
    })),
  };
}

export const SaleCancelSchema = z.object({
  reason: requiredText("o motivo do cancelamento", { min: 3, max: SALE_LIMITS.reason }),
});

export const RETURN_SETTLEMENTS = ["refund", "store-credit"] as const;
export const REFUND_METHODS = ["cash", "pix", "debit", "credit"] as const;

export const SaleReturnSchema = z.object({
  idempotencyKey: idempotencyKeyField(),
  settlement: z.enum(RETURN_SETTLEMENTS, { error: "Escolha devolver o dinheiro ou gerar crédito na loja." }),
  refundMethod: z.enum(["", ...REFUND_METHODS], { error: "Escolha como devolver o dinheiro." }).default(""),
  /** Who receives the store credit; the sale's customer when blank. */
  customerId: optionalIdField("Escolha o cliente na lista."),
  reason: requiredText("o motivo da devolução", { min: 3, max: SALE_LIMITS.reason }),
  items: z
    .array(
      z.object({
        saleItemId: idField("Item inválido."),
        quantity: z
          .string({ error: "Informe a quantidade." })
          .trim()
          .default("")
          .refine((text) => /^\d{0,4}$/.test(text), "Informe a quantidade.")
          .transform((text) => (text === "" ? 0 : Number(text))),
      }),
      { error: "Escolha os itens devolvidos." },
    )
    .max(SALE_LIMITS.maxItems, "Escolha os itens devolvidos."),
});
export type SaleReturnInput = z.output<typeof SaleReturnSchema>;

/** The return form posts one quantity per sold line (returnItemId, returnQuantity), 0 or blank for a line not returned. */
export function saleReturnFormToInput(form: FormData) {
  const itemIds = formTexts(form, "returnItemId");
  const quantities = formTexts(form, "returnQuantity");
  return {
    idempotencyKey: formText(form, "idempotencyKey"),
    settlement: formText(form, "settlement"),
    refundMethod: formText(form, "refundMethod"),
    customerId: formText(form, "customerId"),
    reason: formText(form, "reason"),
    items: itemIds.map((saleItemId, index) => ({ saleItemId, quantity: quantities[index] ?? "" })),
  };
}
