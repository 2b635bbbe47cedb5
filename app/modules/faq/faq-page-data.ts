import type { FaqEntry } from "./queries.server";

/**
 * schema.org FAQPage for /perguntas: search engines may show the answers in
 * their results, as text: the answer's Markdown reaches them without marks.
 */
export function faqPageData(entries: Pick<FaqEntry, "question" | "answerText">[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answerText },
    })),
  };
}
