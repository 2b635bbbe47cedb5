import { z } from "zod";
import { requiredText } from "~/lib/forms";
import { isMarkdownTooDeep, MARKDOWN_NESTING_MESSAGE } from "~/modules/blog/markdown-nesting";

/** Limits shared by the form's inputs and the schema. */
export const FAQ_LIMITS = { question: 300, answer: 6000, story: 30_000 } as const;

export const FaqEntrySchema = z.object({
  question: requiredText("a pergunta", { max: FAQ_LIMITS.question }),
  answer: requiredText("a resposta", { max: FAQ_LIMITS.answer }).refine(
    (text) => !isMarkdownTooDeep(text),
    MARKDOWN_NESTING_MESSAGE,
  ),
  isPublished: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

export type FaqEntryFormValues = Partial<Record<keyof z.input<typeof FaqEntrySchema>, string>>;

export const StorySchema = z.object({
  bodyMarkdown: requiredText("o texto da história", { max: FAQ_LIMITS.story }).refine(
    (text) => !isMarkdownTooDeep(text),
    MARKDOWN_NESTING_MESSAGE,
  ),
});
