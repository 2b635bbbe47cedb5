import { z } from "zod";
import { hasNoNul, NUL_MESSAGE } from "~/lib/text-input";
import { isValidWhatsappNumber, phoneDigits } from "~/lib/phone";
import { tooLongMessage } from "~/lib/forms";
import { CUSTOMER_LIMITS } from "./validation";

/**
 * "Meu perfil" as the customer sends it, checked on the server with the
 * limits of a customer record (the request staff apply must fit one).
 * The phone is optional on an account (stored as digits); the consent is a
 * checkbox ("on" when ticked, nothing otherwise).
 */
export const AccountProfileSchema = z.object(
  {
    fullName: z
      .string({ error: "Informe seu nome." })
      .trim()
      .min(1, { error: "Informe seu nome.", abort: true })
      .min(2, "Escreva pelo menos 2 caracteres.")
      .max(CUSTOMER_LIMITS.name, tooLongMessage(CUSTOMER_LIMITS.name))
      .refine(hasNoNul, NUL_MESSAGE),
    phone: z
      .string({ error: "Use apenas texto neste campo." })
      .trim()
      .max(CUSTOMER_LIMITS.phone, tooLongMessage(CUSTOMER_LIMITS.phone))
      .refine((value) => value === "" || isValidWhatsappNumber(value), "Informe o número com DDD, como (11) 98765-4321.")
      .transform(phoneDigits)
      .default(""),
    marketingConsent: z
      .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")], {
        error: "Marque ou desmarque a autorização.",
      })
      .default("")
      .transform((value) => value === "on" || value === "true"),
  },
  { error: "Envie o formulário do seu perfil." },
);

export type AccountProfileInput = z.infer<typeof AccountProfileSchema>;
export type AccountProfileFormValues = { fullName?: string; phone?: string; marketingConsent?: string };
