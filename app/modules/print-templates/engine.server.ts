import { randomBytes } from "node:crypto";
import { Liquid, LiquidError, Tag, type Template } from "liquidjs";
import QRCode from "qrcode";
// Relative and with their extension: the render worker (render-worker.server.ts) runs this file with plain Node.
import { formatDate, formatDateTime } from "../../lib/dates.ts";
import { formatCents } from "../../lib/money.ts";
import { formatPhone } from "../../lib/phone.ts";
import { formatDocument } from "../customers/document.ts";
import { PARTIALS } from "./defaults/partials.ts";
import type { PrintKind } from "./kinds.ts";
import { isClauseName, LOCKED_CLAUSES, requiredClausesOf, type ClauseName } from "./locked-clauses.ts";

/**
 * The template engine every printed document renders through (decision
 * 0009). LiquidJS runs no code a template brings: it reads the data it is
 * given (own properties only, no prototype), escapes every output, finds
 * partials only in PARTIALS (never the file system), and stops a template
 * that takes too long or grows too large. Blank values are false in `if`.
 */
const liquid = new Liquid({
  templates: PARTIALS,
  outputEscape: "escape",
  strictFilters: true,
  ownPropertyOnly: true,
  // An empty text is false, as the shop would expect from `{% if cliente.telefone %}` (Liquid's own rule keeps it true).
  jsTruthy: true,
  parseLimit: 200_000,
  // Below the render worker's hard limit (render-pool.server.ts), so a long loop usually ends in the engine's own error.
  renderLimit: 1_000,
  memoryLimit: 20_000_000,
});

function isBlank(value: unknown) {
  return value === null || value === undefined || value === "";
}

/** The filters a template may use, in the shop's words; each leaves a blank value blank. */
const FILTERS = {
  /** Centavos as money: 123456 → "R$ 1.234,56"; a negative amount → "− R$ 10,00". */
  moeda: (cents: unknown) => {
    if (isBlank(cents)) return "";
    const value = Number(cents);
    return value < 0 ? `− ${formatCents(-value)}` : formatCents(value);
  },
  /** A date or instant on the shop's calendar: "20/11/2026". */
  data: (value: unknown) => (isBlank(value) ? "" : formatDate(String(value))),
  /** An instant at the shop's time: "20/11/2026, 10:05". */
  data_hora: (value: unknown) => (isBlank(value) ? "" : formatDateTime(String(value))),
  /** CPF or CNPJ digits with their punctuation. */
  cpf_cnpj: (value: unknown) => (isBlank(value) ? "" : formatDocument(String(value))),
  /** A Brazilian phone: "(11) 98765-4321". */
  telefone: (value: unknown) => (isBlank(value) ? "" : formatPhone(String(value))),
  /** A QR code of the text, as an image address for `<img src>` (an SVG drawn here: the page prints without scripts). */
  qrcode: async (value: unknown) => {
    if (isBlank(value)) return "";
    const svg = await QRCode.toString(String(value), {
      type: "svg",
      margin: 1,
      errorCorrectionLevel: "M",
      color: { dark: "#000000", light: "#ffffff" },
    });
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  },
} satisfies Record<string, (value: unknown) => unknown>;

export const FILTER_NAMES = Object.keys(FILTERS);

for (const [name, filter] of Object.entries(FILTERS)) liquid.registerFilter(name, filter);

/** Said when a template uses `{% raw %}`: it would print its text unescaped, outside what the engine checks. */
export const RAW_TAG_MESSAGE = "A etiqueta {% raw %} não é permitida: ela imprimiria o texto sem proteção.";

/** Refuses `{% raw %}` when the template is parsed, so a saved template can never hold one. */
liquid.registerTag(
  "raw",
  class RefusedRaw extends Tag {
    constructor(...args: ConstructorParameters<typeof Tag>) {
      super(...args);
      throw new Error(RAW_TAG_MESSAGE);
    }
    *render() {}
  },
);

/** Where in the source a LiquidJS error points (line and column from 1), when it says. */
export function errorPosition(error: unknown): { line: number; column: number } | null {
  if (!(error instanceof LiquidError)) return null;
  const [line = 1, column = 1] = error.token.getPosition();
  return { line, column };
}

/**
 * What `{% clausula "name" %}` leaves in the template's output until the
 * clause's own text replaces it (renderDocumentTemplate): random per
 * process, so a template can never write one itself.
 */
const CLAUSE_MARK = `\u2063clausula-${randomBytes(9).toString("hex")}:`;
const CLAUSE_PLACEHOLDER = new RegExp(`${CLAUSE_MARK}([a-z_]+)\u2063`, "g");

liquid.registerTag("clausula", {
  parse(token) {
    const name = token.args.trim().replace(/^(["'])(.*)\1$/, "$2");
    if (!isClauseName(name)) throw new Error(`cláusula desconhecida: "${name}"`);
    this.clause = name;
  },
  render() {
    return `${CLAUSE_MARK}${this.clause as ClauseName}\u2063`;
  },
});

/** Parsed templates by source: a handful of templates are printed over and over. */
const parsed = new Map<string, Template[]>();
const MAX_PARSED = 100;

function parse(source: string) {
  let templates = parsed.get(source);
  if (!templates) {
    templates = liquid.parse(source);
    if (parsed.size >= MAX_PARSED) parsed.delete(parsed.keys().next().value!);
    parsed.set(source, templates);
  }
  return templates;
}

/** Renders a template's source with its data; a syntax error or an unknown filter throws LiquidError. */
export async function renderTemplate(source: string, data: Record<string, unknown>): Promise<string> {
  return String(await liquid.render(parse(source), data));
}

/** Whether `offset` in `html` is inside a tag (`<img alt="…">`) or a comment, where a clause would not be read. */
function isHidden(html: string, offset: number) {
  return (
    html.lastIndexOf("<", offset) > html.lastIndexOf(">", offset) ||
    html.lastIndexOf("<!--", offset) > html.lastIndexOf("-->", offset)
  );
}

/**
 * A document of `kind` from a template: the template rendered with `data`,
 * passed through `clean` (the HTML allowlist), then each locked clause it
 * placed filled in with its own text and `data`. A required clause the
 * template left out, hid in a tag or a comment, is appended at the end, and
 * named in `missingClauses` (the editor refuses such a template).
 */
export async function renderDocumentTemplate(
  kind: PrintKind,
  source: string,
  data: Record<string, unknown>,
  clean: (html: string) => string = (html) => html,
): Promise<{ html: string; missingClauses: ClauseName[] }> {
  const body = clean(await renderTemplate(source, data));
  const placed = new Set<ClauseName>();
  const texts = new Map<ClauseName, string>();
  const clauseHtml = async (name: ClauseName) => {
    let text = texts.get(name);
    if (text === undefined) {
      text = `<div class="clausula" data-clausula="${name}">${await renderTemplate(LOCKED_CLAUSES[name].source, data)}</div>`;
      texts.set(name, text);
    }
    return text;
  };
  let html = "";
  let last = 0;
  for (const match of body.matchAll(CLAUSE_PLACEHOLDER)) {
    const name = match[1]!;
    html += body.slice(last, match.index);
    last = match.index + match[0].length;
    if (!isClauseName(name) || isHidden(body, match.index)) continue;
    placed.add(name);
    html += await clauseHtml(name);
  }
  html += body.slice(last);
  const missingClauses = requiredClausesOf(kind).filter((name) => !placed.has(name));
  for (const name of missingClauses) html += await clauseHtml(name);
  return { html, missingClauses };
}
