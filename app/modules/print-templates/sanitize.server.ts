import sanitizeHtml from "sanitize-html";

/**
 * The QR filter's images (engine.server.ts): an SVG as base64. Inside an
 * `<img>` an SVG runs no script, and no other `data:` address is needed.
 */
const QR_IMAGE_ADDRESS = /^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/;

const TEXT_TAGS = [
  "p",
  "br",
  "hr",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "small",
  "sub",
  "sup",
];
const BLOCK_TAGS = ["header", "footer", "section", "article", "div", "span", "figure", "figcaption", "blockquote", "pre", "code"];
const TABLE_TAGS = ["table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td"];
const LIST_TAGS = ["ol", "ul", "li", "dl", "dt", "dd"];

/**
 * The classes a template may give its elements: the ones the print styles
 * read (components/print/print-styles.ts) and the shipped templates use.
 * Any other is dropped: the app's own stylesheet is on the print page, and
 * its `hidden` or `sr-only` would let a template hide a locked clause.
 */
const PRINT_CLASSES = [
  "loja",
  "nome-loja",
  "logo-loja",
  "abertura",
  "codigo",
  "qr",
  "dados",
  "destinatario",
  "rotulo",
  "valor",
  "bloco",
  "colunas",
  "num",
  "nowrap",
  "pix",
  "assinaturas",
  "assinatura",
  "detalhe",
  "etiqueta",
  "etiqueta-aparelho",
  "etiqueta-dados",
  "etiqueta-nome",
  "etiqueta-os",
  "etiqueta-qr",
];

/**
 * What a printed document may hold once its template rendered: the
 * document's structure, text, tables, lists, images and links, with classes
 * the print styles read (components/print/print-styles.ts). Nothing that
 * runs or restyles the page: no script, style, iframe, form, object or
 * embed, no `on…`, `style` or `hidden` attribute, no class but the print
 * styles' (a table's caption may be `sr-only`, for screen readers), no
 * `javascript:` address.
 * A shop's template is written by its staff, but a printed page is opened
 * by everyone on the team (and a template could be pasted from anywhere).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, ...BLOCK_TAGS, ...TABLE_TAGS, ...LIST_TAGS, "img", "a"],
  allowedAttributes: {
    "*": ["class", "lang", "dir", "title", "aria-label", "aria-hidden", "role"],
    img: ["src", "alt", "width", "height"],
    a: ["href"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    col: ["span"],
    colgroup: ["span"],
    ol: ["start", "type", "reversed"],
  },
  allowedClasses: { "*": PRINT_CLASSES, caption: ["sr-only"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowProtocolRelative: false,
  // The text inside a refused script or style is dropped, not printed.
  disallowedTagsMode: "discard",
  transformTags: {
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      const isData = src !== undefined && /^\s*data:/i.test(src);
      return { tagName, attribs: isData && !QR_IMAGE_ADDRESS.test(src) ? rest : attribs };
    },
  },
};

/** A rendered template's HTML with only what a printed document may hold (see OPTIONS). */
export function sanitizePrintHtml(html: string) {
  return sanitizeHtml(html, OPTIONS);
}
