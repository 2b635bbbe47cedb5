import { z } from "zod";
import { REVENUE_SOURCES } from "~/db/schema/inventory";
import { isIsoDate, parseShopDateTimeInput } from "~/lib/dates";
import { idempotencyKeyField, moneyField, optionalText, requiredText } from "~/lib/forms";

/** Limits shared by the forms' inputs and the schemas. */
export const DEBT_LIMITS = {
  description: 200,
  note: 500,
  /** R$ 100.000,00: more than any IOU a repair shop keeps on a notebook. */
  amountCents: 10_000_000,
  /** How far back an IOU may be dated, and how far ahead it may fall due. */
  pastDays: 3650,
  futureDays: 3650,
} as const;

export const DEBT_CONTACT_CHANNELS = ["whatsapp", "phone", "email", "in-person", "letter"] as const;
export type DebtContactChannel = (typeof DEBT_CONTACT_CHANNELS)[number];

export const DEBT_CONTACT_CHANNEL_LABELS: Record<DebtContactChannel, string> = {
  whatsapp: "WhatsApp",
  phone: "Telefone",
  email: "E-mail",
  "in-person": "Presencial",
  letter: "Carta",
};

const requiredDate = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).refine(isIsoDate, "Informe uma data válida.");

/** A manual IOU ("fiado"): what it was for, how much, when it was made and when it falls due. */
export const IouSchema = z
  .object({
    idempotencyKey: idempotencyKeyField(),
    description: requiredText("o que foi vendido ou feito", { min: 2, max: DEBT_LIMITS.description }),
    amount: moneyField({ max: DEBT_LIMITS.amountCents }).refine((cents) => cents > 0, "Informe um valor maior que zero."),
    incurredOn: requiredDate("Informe a data da dívida."),
    dueDate: requiredDate("Informe o vencimento."),
    revenueSource: z.enum(REVENUE_SOURCES, { error: "Escolha a origem da receita." }),
  })
  .superRefine((value, context) => {
    if (isIsoDate(value.incurredOn) && isIsoDate(value.dueDate) && value.dueDate < value.incurredOn) {
      context.addIssue({ code: "custom", path: ["dueDate"], message: "O vencimento não pode ser antes da data da dívida." });
    }
  });

export type IouInput = z.output<typeof IouSchema>;

/** One contact with the customer about the debt. */
export const DebtContactSchema = z.object({
  channel: z.enum(DEBT_CONTACT_CHANNELS, { error: "Escolha o meio de contato." }),
  // Required, like the pickup log: the time is one a person saw (prefilled with now), not one the server guessed.
  contactedAt: z
    .string({ error: "Informe a data e a hora do contato." })
    .trim()
    .min(1, { error: "Informe a data e a hora do contato.", abort: true })
    .max(40, "Informe data e hora válidas, como 22/11/2026 14:05.")
    .transform((value, context) => {
      const instant = parseShopDateTimeInput(value);
      if (!instant) {
        context.addIssue({ code: "custom", message: "Informe data e hora válidas, como 22/11/2026 14:05." });
        return z.NEVER;
      }
      return instant;
    }),
  note: optionalText(DEBT_LIMITS.note),
});

export type DebtContactInput = z.output<typeof DebtContactSchema>;
