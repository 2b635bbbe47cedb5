import { formatPhone, isValidWhatsappNumber } from "~/lib/phone";
import type { QuickQuote } from "~/lib/whatsapp-messages";

/** The arithmetic question that keeps bots from filling the form. */
export const HUMAN_CHECK = { question: "Quanto é 7 + 3?", answer: "10" } as const;

export type QuickQuoteInput = QuickQuote & { check: string };
export type QuickQuoteErrors = Partial<Record<"whatsapp" | "check", string>>;

export function invalidWhatsappMessage(shopWhatsapp: string) {
  return `Por favor, insira um número de WhatsApp válido (ex: ${formatPhone(shopWhatsapp)})`;
}

/**
 * Spec §5: only the WhatsApp number (and the arithmetic question) are
 * checked; the other fields are neither required nor validated.
 */
export function validateQuickQuote(
  input: QuickQuoteInput,
  shopWhatsapp: string,
): { quote: QuickQuote; errors?: undefined } | { quote?: undefined; errors: QuickQuoteErrors } {
  const errors: QuickQuoteErrors = {};
  if (!isValidWhatsappNumber(input.whatsapp)) errors.whatsapp = invalidWhatsappMessage(shopWhatsapp);
  if (input.check.trim() !== HUMAN_CHECK.answer) errors.check = `Resposta incorreta. ${HUMAN_CHECK.question}`;
  if (errors.whatsapp || errors.check) return { errors };
  const { check: _check, ...quote } = input;
  return { quote: { ...quote, whatsapp: formatPhone(quote.whatsapp) } };
}
