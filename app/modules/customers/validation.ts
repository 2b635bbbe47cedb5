import { z } from "zod";
import { optionalIdField, optionalText, tooLongMessage } from "~/lib/forms";
import { hasNoNul, NUL_MESSAGE } from "~/lib/text-input";
import { isValidWhatsappNumber, phoneDigits } from "~/lib/phone";
import { isValidCnpj, isValidCpf, normalizeDocument } from "./document";
import { isStateCode } from "./states";

export const CUSTOMER_LIMITS = {
  name: 120,
  phone: 30,
  document: 30,
  email: 254,
  cep: 12,
  address: 200,
  district: 100,
  city: 100,
  notes: 2000,
} as const;

const tooLong = tooLongMessage;

/** Why a typed CPF/CNPJ is refused, in the words a clerk reading the customer's card needs. */
function documentProblem(value: string) {
  if (/^\d{11}$/.test(value)) return isValidCpf(value) ? null : "CPF inválido: confira os números digitados.";
  if (/^[0-9A-Z]{14}$/.test(value)) return isValidCnpj(value) ? null : "CNPJ inválido: confira os caracteres digitados.";
  return "Informe um CPF (11 números) ou um CNPJ (14 caracteres), ou deixe em branco.";
}

/**
 * A customer as the form (and the inline form of a new service order) sends
 * it, checked on the server; the messages appear next to each field. The
 * output is what is stored: phone and CEP as digits, the document normalised
 * (or null), the state as its two-letter code.
 */
export const CustomerSchema = z.object(
  {
    name: z
      .string({ error: "Informe o nome do cliente." })
      .trim()
      .min(1, { error: "Informe o nome do cliente.", abort: true })
      .min(2, "Escreva pelo menos 2 caracteres.")
      .max(CUSTOMER_LIMITS.name, tooLong(CUSTOMER_LIMITS.name))
      .refine(hasNoNul, NUL_MESSAGE),
    // Required: the shop talks to its customers on WhatsApp (status, quote, pickup).
    phone: z
      .string({ error: "Informe o WhatsApp do cliente." })
      .trim()
      .min(1, { error: "Informe o WhatsApp do cliente.", abort: true })
      .max(CUSTOMER_LIMITS.phone, tooLong(CUSTOMER_LIMITS.phone))
      .refine(isValidWhatsappNumber, "Informe o número com DDD, como (11) 98765-4321.")
      .transform(phoneDigits),
    document: optionalText(CUSTOMER_LIMITS.document)
      .transform(normalizeDocument)
      .superRefine((value, context) => {
        const problem = value === "" ? null : documentProblem(value);
        if (problem) context.addIssue({ code: "custom", message: problem });
      })
      .transform((value) => (value === "" ? null : value)),
    email: optionalText(CUSTOMER_LIMITS.email)
      .refine(
        (value) => value === "" || z.email().safeParse(value).success,
        "Informe um e-mail válido, como nome@exemplo.com.br.",
      )
      // Addresses are case-insensitive in practice; one spelling keeps search and duplicates simple.
      .transform((value) => value.toLowerCase()),
    cep: optionalText(CUSTOMER_LIMITS.cep)
      .refine(
        (value) => value === "" || /^\d{5}-?\d{3}$/.test(value.replace(/[.\s]/g, "")),
        "Informe o CEP com 8 números, como 01310-100.",
      )
      .transform((value) => value.replace(/\D/g, "")),
    address: optionalText(CUSTOMER_LIMITS.address),
    district: optionalText(CUSTOMER_LIMITS.district),
    city: optionalText(CUSTOMER_LIMITS.city),
    state: optionalText(2)
      .transform((value) => value.toUpperCase())
      .refine((value) => value === "" || isStateCode(value), "Escolha um estado da lista."),
    // A checkbox sends "on" when ticked and nothing otherwise.
    marketingConsent: z
      .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")], {
        error: "Marque ou desmarque a autorização.",
      })
      .default(false)
      .transform((value) => value === true || value === "on" || value === "true"),
    notes: optionalText(CUSTOMER_LIMITS.notes),
    referredByCustomerId: optionalIdField("Escolha na lista o cliente que indicou."),
  },
  { error: "Envie o formulário de cadastro do cliente." },
);

export type CustomerInput = z.infer<typeof CustomerSchema>;
export type CustomerField = keyof CustomerInput;
export type CustomerFieldErrors = Partial<Record<CustomerField | "form", string>>;

export const CUSTOMER_FIELDS = Object.keys(CustomerSchema.shape) as CustomerField[];

export type CustomerFormValues = Partial<Record<CustomerField, string>>;

/** The customer fields of a posted form, as typed: what CustomerSchema reads and the form shows again on error. */
export function customerFormValues(form: FormData): CustomerFormValues {
  const values: CustomerFormValues = {};
  for (const field of CUSTOMER_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = value;
  }
  return values;
}
