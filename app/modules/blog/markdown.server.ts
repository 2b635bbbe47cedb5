import { Marked, type Tokens } from "marked";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** Links and images may point to the web, an e-mail or this site, never run code (javascript:, data:). */
function isSafeUrl(href: string) {
  const trimmed = href.trim();
  if (/^(https?:|mailto:|tel:)/i.test(trimmed)) return true;
  return !/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !trimmed.startsWith("//");
}

const markdown = new Marked({
  gfm: true,
  // Posts are written by the staff, but raw HTML is shown as text: no script or handler can reach a visitor.
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    // The page title is the only h1: a post's "# Title" becomes an h2 like its "##" sections.
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.max(depth, 2);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
  walkTokens(token) {
    if ((token.type === "link" || token.type === "image") && !isSafeUrl(token.href)) token.href = "#";
  },
});

/** A post's Markdown as HTML, rendered on the server so the browser gets no Markdown library. */
export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}
