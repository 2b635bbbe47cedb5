import { Marked, type Tokens } from "marked";
import { logger } from "~/lib/logger.server";
import { isMarkdownTooDeep } from "./markdown-nesting";
import { lookup } from "~/lib/lookup";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/**
 * The character references a browser decodes in an attribute, as far as a
 * URL's scheme can be spelt with them: numeric ones, and the named ones for
 * ASCII punctuation and whitespace (no named reference spells a letter).
 */
const NAMED_REFERENCES: Record<string, string> = {
  colon: ":",
  tab: "\t",
  newline: "\n",
  sol: "/",
  amp: "&",
  lpar: "(",
  rpar: ")",
  period: ".",
  plus: "+",
  hyphen: "-",
  dash: "-",
};

function decodeReferences(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, name: string) => {
    if (name[0] !== "#") return lookup(NAMED_REFERENCES, name.toLowerCase()) ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
  });
}

/**
 * Links and images may point to the web, an e-mail, a phone or this site,
 * never run code (javascript:, data:, vbscript:…). Judged on the URL as the
 * browser will read it: Marked leaves character references in place
 * ("&#106;avascript:") and the browser decodes them, then drops tabs and
 * newlines ("java\tscript:") before reading the scheme.
 */
function isSafeUrl(href: string) {
  // oxlint-disable-next-line no-control-regex -- the control characters a browser drops from a URL are the point.
  const url = decodeReferences(href).replace(/[\u0000-\u0020\u007f]/g, "");
  if (/^(https?:|mailto:|tel:)/i.test(url)) return true;
  // "//host" and "/\\host" leave the site (a browser reads that backslash as a slash).
  return !/^[a-z][a-z0-9+.-]*:/i.test(url) && !/^[\\/]{2}/.test(url);
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

/** Text that could not be rendered as Markdown, shown as it was typed (escaped) so the page still answers. */
function renderAsPlainText(source: string) {
  return `<p style="white-space: pre-wrap">${escapeHtml(source)}</p>\n`;
}

/**
 * A post's Markdown as HTML, rendered on the server so the browser gets no
 * Markdown library. Stored text saved before a rule existed must never take
 * its page (or its editor) down: text nested too deep, or a renderer
 * failure, is shown as plain text and logged.
 */
export function renderMarkdown(source: string): string {
  if (isMarkdownTooDeep(source)) {
    logger.warn({ length: source.length }, "markdown aninhado demais: mostrado como texto");
    return renderAsPlainText(source);
  }
  try {
    return markdown.parse(source, { async: false });
  } catch (err) {
    logger.error({ err, length: source.length }, "markdown não renderizado: mostrado como texto");
    return renderAsPlainText(source);
  }
}
