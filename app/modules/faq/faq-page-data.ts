import type { FaqEntry } from "./queries.server";

/** schema.org FAQPage for /perguntas: search engines may show the answers in their results. */
export function faqPageData(entries: FaqEntry[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}
