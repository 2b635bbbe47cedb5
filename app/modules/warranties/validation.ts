import { z } from "zod";
import { formTexts, idempotencyKeyField, optionalText, requiredText } from "~/lib/forms";
import { MAX_CONTRACTUAL_DAYS, MIN_CONTRACTUAL_DAYS } from "~/modules/warranty-terms/rules";

/** Limits shared by the schemas and the forms' inputs. */
export const WARRANTY_LIMITS = { coverage: 2000, exclusions: 3000, reportedDefect: 2000, search: 100 } as const;

const contractualDays = z
  .string({ error: "Informe o prazo em dias." })
  .trim()
  .refine((text) => /^\d{1,4}$/.test(text), "Informe o prazo em dias, como 90.")
  .transform(Number)
  .refine((days) => days >= MIN_CONTRACTUAL_DAYS, `O prazo contratual é de pelo menos ${MIN_CONTRACTUAL_DAYS} dias.`)
  .refine((days) => days <= MAX_CONTRACTUAL_DAYS, `Use no máximo ${MAX_CONTRACTUAL_DAYS} dias (10 anos).`);

/** The terms of a warranty, as the issue form sends them. */
export const WarrantyTermsSchema = z.object({
  contractualDays,
  coverage: requiredText("o que a garantia cobre", { min: 5, max: WARRANTY_LIMITS.coverage }),
  exclusions: requiredText("o que a garantia não cobre", { min: 5, max: WARRANTY_LIMITS.exclusions }),
});
export type WarrantyTermsInput = z.output<typeof WarrantyTermsSchema>;

/** A sale's warranty: the terms and which of its items (a phone sold with its IMEI is one item). */
export const SaleWarrantySchema = WarrantyTermsSchema.extend({
  /** Who the warranty names when the sale has no registered customer. */
  customerName: optionalText(120),
  saleItemIds: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{1,10}$/, "Item inválido.")
        .transform(Number),
      { error: "Escolha os itens." },
    )
    .min(1, "Escolha pelo menos um item da venda.")
    .max(100, "Escolha no máximo 100 itens.")
    .transform((ids) => [...new Set(ids)]),
});

/** "Acionar garantia": what the customer says is wrong, and the staff's word when it is a courtesy. */
export const WarrantyClaimSchema = z.object({
  reportedDefect: requiredText("o defeito relatado", { min: 3, max: WARRANTY_LIMITS.reportedDefect }),
  /** Ticked by staff to open a claim on an expired warranty anyway, as a courtesy of the shop. */
  isCourtesy: z.boolean().default(false),
  note: optionalText(500),
  idempotencyKey: idempotencyKeyField(),
});

export function claimFormInput(form: FormData) {
  const value = (name: string) => {
    const entry = form.get(name);
    return typeof entry === "string" ? entry : undefined;
  };
  return {
    reportedDefect: value("reportedDefect"),
    note: value("note"),
    isCourtesy: value("isCourtesy") === "on",
    idempotencyKey: value("idempotencyKey"),
  };
}

/** The issue form as the server reads it. */
export function warrantyFormInput(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    contractualDays: text("contractualDays"),
    coverage: text("coverage"),
    exclusions: text("exclusions"),
    customerName: text("customerName"),
    saleItemIds: formTexts(form, "saleItemIds"),
  };
}
