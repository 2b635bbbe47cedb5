import { Marked, type Tokens } from "marked";
import { logger } from "~/lib/logger.server";
import { isMarkdownTooDeep } from "./markdown-nesting";
import { lookup } from "~/lib/lookup";
import { parseUploadFileName, UPLOADS_PATH } from "~/lib/uploads/upload-urls";
import type { UploadedImage } from "~/lib/uploads/uploaded-image";
import { getUploadedImages } from "~/modules/uploads/queries.server";

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
function asBrowserReadsIt(href: string) {
  // oxlint-disable-next-line no-control-regex -- the control characters a browser drops from a URL are the point.
  return decodeReferences(href).replace(/[\u0000-\u0020\u007f]/g, "");
}

function isSafeUrl(href: string) {
  const url = asBrowserReadsIt(href);
  if (/^(https?:|mailto:|tel:)/i.test(url)) return true;
  // "//host" and "/\\host" leave the site (a browser reads that backslash as a slash).
  return !/^[a-z][a-z0-9+.-]*:/i.test(url) && !/^[\\/]{2}/.test(url);
}

/**
 * An image a page may show: a file of this site (an upload at /arquivos/,
 * a picture of public/). The site's CSP (img-src 'self') blocks any other
 * origin, so a visitor would see a broken image.
 */
function isOwnImageUrl(href: string) {
  return /^\/(?![\\/])/.test(asBrowserReadsIt(href));
}

/** Uploads known to the page being rendered: their images get srcset, width and height. */
let uploadedImagesOfRender: ReadonlyMap<string, UploadedImage> = new Map();

/** The sizes the body's column gives an image (PostBody: up to about 720 CSS px). */
const BODY_IMAGE_SIZES = "(min-width: 48rem) 45rem, 100vw";

function imageHtml({ href, title, text }: Tokens.Image) {
  const alt = escapeHtml(text);
  // Stored before images from elsewhere were refused on save: a link to it instead of a broken image.
  if (!isOwnImageUrl(href))
    return href === "#" ? alt : `<a href="${escapeHtml(href)}" rel="nofollow noopener">${alt || "imagem"}</a>`;
  const titleAttribute = title ? ` title="${escapeHtml(title)}"` : "";
  const ref = href.startsWith(UPLOADS_PATH) ? parseUploadFileName(href.slice(UPLOADS_PATH.length)) : null;
  const upload = ref ? uploadedImagesOfRender.get(ref.uploadId) : undefined;
  const sized = upload
    ? ` srcset="${escapeHtml(upload.srcSet)}" sizes="${BODY_IMAGE_SIZES}" width="${upload.width}" height="${upload.height}"`
    : "";
  return `<img src="${escapeHtml(href)}" alt="${alt}"${titleAttribute}${sized} loading="lazy" decoding="async">`;
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
    image: imageHtml,
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
 * Markdown library. `images`: the uploads its images show
 * (`getUploadedImages(uploadIdsInMarkdown(source))`), for sized variants.
 * Stored text saved before a rule existed must never take its page (or its
 * editor) down: text nested too deep, or a renderer failure, is shown as
 * plain text and logged.
 */
export function renderMarkdown(source: string, images: ReadonlyMap<string, UploadedImage> = new Map()): string {
  if (isMarkdownTooDeep(source)) {
    logger.warn({ length: source.length }, "markdown aninhado demais: mostrado como texto");
    return renderAsPlainText(source);
  }
  // The renderer is shared and parse is synchronous: nothing else renders between these lines.
  uploadedImagesOfRender = images;
  try {
    return markdown.parse(source, { async: false });
  } catch (err) {
    logger.error({ err, length: source.length }, "markdown não renderizado: mostrado como texto");
    return renderAsPlainText(source);
  } finally {
    uploadedImagesOfRender = new Map();
  }
}

/** renderMarkdown with the sizes of the uploads its images show (one query), for a public page. */
export async function renderMarkdownWithUploads(source: string): Promise<string> {
  const ids = uploadIdsInMarkdown(source);
  return renderMarkdown(source, ids.length > 0 ? await getUploadedImages(ids) : new Map());
}

function imageUrlsIn(source: string): string[] {
  // Too deep for the lexer: such text is refused on save and rendered as plain text, with no image.
  if (isMarkdownTooDeep(source)) return [];
  const urls: string[] = [];
  markdown.walkTokens(markdown.lexer(source), (token) => {
    if (token.type === "image") urls.push(token.href);
  });
  return urls;
}

/** The uploads whose files the text's images show. */
export function uploadIdsInMarkdown(source: string): string[] {
  const ids = imageUrlsIn(source)
    .filter((url) => url.startsWith(UPLOADS_PATH))
    .map((url) => parseUploadFileName(url.slice(UPLOADS_PATH.length))?.uploadId)
    .filter((id) => id !== undefined);
  return [...new Set(ids)];
}

/**
 * The text's images on another site, which the site's CSP would block:
 * refused on save, with `outsideImagesMessage`.
 */
export function outsideImageUrls(source: string): string[] {
  return [...new Set(imageUrlsIn(source).filter(isOtherSiteUrl))];
}

/** http(s) or "//host": another origin. A script scheme (data:, javascript:) the renderer drops anyway. */
function isOtherSiteUrl(href: string) {
  const url = asBrowserReadsIt(href);
  return /^https?:/i.test(url) || /^[\\/]{2}/.test(url);
}

const MAX_URL_SHOWN = 80;

/** `remedy`: what the person can do instead on that screen. */
export function outsideImagesMessage(urls: readonly string[], remedy: string) {
  const first = urls[0] ?? "";
  const shown = first.length > MAX_URL_SHOWN ? `${first.slice(0, MAX_URL_SHOWN - 1)}…` : first;
  const more = urls.length > 1 ? ` (e mais ${urls.length - 1})` : "";
  return `Imagens de outros sites não aparecem aqui (a segurança do site as bloqueia): ${shown}${more}. ${remedy}`;
}
