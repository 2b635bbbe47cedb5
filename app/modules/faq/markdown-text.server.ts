import { renderMarkdown } from "~/modules/blog/markdown.server";

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/**
 * Markdown as the words a person reads, for places that take plain text
 * (FAQPage's answers: search engines show them as text). Rendered through
 * the one sanitiser first, so links keep their words and lose their marks.
 */
export function markdownToPlainText(markdown: string): string {
  return renderMarkdown(markdown)
    .replace(/<\/(p|li|h[1-6]|blockquote|pre|tr)>|<br\s*\/?>/g, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/[ \t]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim()
    .replace(/\n/g, " ");
}
