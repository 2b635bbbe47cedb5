import { z } from "zod";
import { isIsoDate } from "~/lib/dates";
import { requiredText, optionalText } from "~/lib/forms";

/** Limits shared by the form's inputs and the schema. */
export const REVIEW_LIMITS = { authorName: 120, text: 4000 } as const;

export const RATING_MESSAGE = "Escolha uma nota de 1 a 5 estrelas.";
export const REVIEW_DATE_MESSAGE = "Informe a data da avaliação.";
export const FUTURE_DATE_MESSAGE = "A data da avaliação não pode estar no futuro.";
export const VERIFIED_ONLY_IMPORTED_MESSAGE =
  "Só uma avaliação importada de uma plataforma de avaliações pode ser marcada como verificada; uma digitada pela equipe, não.";

/** A rating as a form or a file sends it: "5", "4.0", "4,0". */
export function ratingOf(value: string): number | null {
  const match = /^\s*([1-5])(?:[.,]0+)?\s*$/.exec(value);
  return match ? Number(match[1]) : null;
}

/** What the review form posts; the date is the shop's calendar day ("2026-11-22"). */
export const ReviewSchema = z.object({
  authorName: requiredText("o nome de quem avaliou", { max: REVIEW_LIMITS.authorName }),
  rating: z.string({ error: RATING_MESSAGE }).transform((value, context) => {
    const rating = ratingOf(value);
    if (rating === null) {
      context.addIssue({ code: "custom", message: RATING_MESSAGE });
      return z.NEVER;
    }
    return rating;
  }),
  text: optionalText(REVIEW_LIMITS.text),
  reviewedOn: z
    .string({ error: REVIEW_DATE_MESSAGE })
    .trim()
    .refine((text) => isIsoDate(text), REVIEW_DATE_MESSAGE),
  isPublished: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  isVerified: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

export type ReviewFormValues = Partial<Record<keyof z.input<typeof ReviewSchema>, string>>;
