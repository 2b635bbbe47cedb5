import { Liquid, LiquidError, Tag, type Template } from "liquidjs";
import QRCode from "qrcode";
import { formatDate, formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { formatPhone } from "~/lib/phone";
import { formatDocument } from "~/modules/customers/document";
import { PARTIALS } from "./defaults/partials";

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
  renderLimit: 2_000,
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

/** Registers a tag of the shop's templates (the locked clauses); only this module's files call it. */
export function registerEngineTag(name: string, tag: Parameters<Liquid["registerTag"]>[1]) {
  liquid.registerTag(name, tag);
}

/** Where in the source a LiquidJS error points (line and column from 1), when it says. */
export function errorPosition(error: unknown): { line: number; column: number } | null {
  if (!(error instanceof LiquidError)) return null;
  const [line = 1, column = 1] = error.token.getPosition();
  return { line, column };
}

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

/** Parses a template's source (cached): a syntax error, an unknown tag or filter, or `{% raw %}` throws LiquidError. */
export function parseTemplate(source: string) {
  return parse(source);
}

/** Renders a template's source with its data; a syntax error or an unknown filter throws LiquidError. */
export async function renderTemplate(source: string, data: Record<string, unknown>): Promise<string> {
  return String(await liquid.render(parse(source), data));
}
