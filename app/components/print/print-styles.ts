import { DEFAULT_MARGINS, type PrintMargins } from "~/modules/print-templates/margins";
import type { Paper } from "~/modules/print-templates/papers";

const MM_PER_CSS_PX = 25.4 / 96;

/**
 * A thermal roll's width, in mm. Its usual margins (DEFAULT_MARGINS in
 * print-templates/margins.ts) leave the printable width of the common
 * printers, 72 mm on the 80 mm roll and 48 mm on the 58 mm one, where their
 * own font prints 48 and 32 characters a line (1.5 mm each); the document is
 * that many characters wide (DOCUMENT_RULES), so what reads well on the
 * printer's grid reads well here (print-templates/thermal-columns.test.ts).
 */
const ROLLS = { "80mm": { width: 80 }, "58mm": { width: 58 } } as const;

/**
 * A roll prints as one page as long as its document (`rollLengthMm`, measured
 * by the page); until it is measured, and without JavaScript, as long as an
 * A4 sheet, so at least the width is right.
 */
export const UNMEASURED_ROLL_LENGTH_MM = 297;

export type RollPaper = keyof typeof ROLLS;

export function isRoll(paper: Paper): paper is RollPaper {
  return Object.hasOwn(ROLLS, paper);
}

/** The adhesive label: one per device, 62 × 29 mm (the common desktop label printers' roll); its usual margins: DEFAULT_MARGINS. */
const LABEL = { width: 62, height: 29 } as const;

/** The page length that holds a document `heightPx` tall (CSS pixels) on a roll, with its margins and 2 mm to spare. */
export function rollLengthMm(paper: RollPaper, heightPx: number, margins: PrintMargins = DEFAULT_MARGINS[paper]) {
  return Math.ceil(heightPx * MM_PER_CSS_PX + margins.top + margins.bottom + 2);
}

/**
 * `@page` sets the sheet and its margins (the template's, else the
 * paper's usual); on paper a roll's page is the roll's width (on screen the
 * toolbar keeps the window's), and the document fills what the side
 * margins leave of it.
 */
function pageRule(paper: Paper, lengthMm: number, margins: PrintMargins, isOwn: boolean) {
  const margin = `margin: ${margins.top}mm ${margins.right}mm ${margins.bottom}mm ${margins.left}mm;`;
  if (paper === "a4") return `@page { size: A4; ${margin} }`;
  const { width, height } = paper === "label" ? LABEL : { width: ROLLS[paper].width, height: lengthMm };
  // The usual margins leave the width DOCUMENT_RULES already gives the document; a template's own, what they leave.
  const content = isOwn ? ` .documento[data-papel] { width: ${width - margins.left - margins.right}mm; }` : "";
  return `@page { size: ${width}mm ${height}mm; ${margin} } @media print { html, body { width: ${width}mm; }${content} }`;
}

/**
 * The look of every printed document, by what its template marks (a shop's
 * own template later uses the same names, so it needs no stylesheet of its
 * own): `header.loja`, `.abertura` with its `figure.qr`, `section` with an
 * `h2`, `.rotulo` before a value, tables with `.num` cells, `ol` of terms, `ul`,
 * `.assinaturas` of `.assinatura`, `.bloco` for spacing, `.colunas` for
 * sections side by side on A4. On a roll, the
 * header centres, sections are split by dashed lines and signatures stack.
 */
export const DOCUMENT_RULES = `
.documento { margin: 0 auto; background: #fff; color: #020617; }
.documento[data-papel="a4"] { max-width: 186mm; padding: 1.5rem 1rem; font-size: 12px; line-height: 1.35; }
.documento[data-papel="80mm"] { width: 48ch; padding: 0.75rem 0; font: 9.4px/1.25 ui-monospace, SFMono-Regular, Menlo, monospace; }
.documento[data-papel="label"] { width: 58mm; height: 26mm; overflow: hidden; padding: 0; font: 8px/1.2 ui-monospace, SFMono-Regular, Menlo, monospace; }
.documento[data-papel="label"] .rodape { display: none; }
.documento[data-papel="58mm"] { width: 32ch; padding: 0.75rem 0; font: 9.4px/1.25 ui-monospace, SFMono-Regular, Menlo, monospace; }
.documento .segunda-via { margin-bottom: 0.5rem; border: 2px solid #0f172a; padding: 0.125rem 0.25rem; text-align: center; font-weight: 700; }
.documento .demonstracao { margin-bottom: 0.5rem; border: 2px solid #0f172a; padding: 0.125rem 0.25rem; text-align: center; font-weight: 700; letter-spacing: 0.05em; }
.documento .loja { border-bottom: 1px solid #0f172a; padding-bottom: 0.5rem; }
.documento .nome-loja { font-weight: 700; font-size: 1.25rem; }
.documento .logo-loja { display: block; max-height: 48px; max-width: 45%; width: auto; margin-bottom: 4px; }
.documento h1 { margin-top: 0.5rem; font-weight: 700; font-size: 1.125rem; }
.documento .abertura { margin-top: 0.5rem; display: flex; gap: 0.75rem; align-items: flex-start; justify-content: space-between; }
.documento .abertura h1 { margin-top: 0; }
.documento .codigo { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; letter-spacing: 0.05em; white-space: nowrap; }
.documento .qr { display: flex; flex-direction: column; align-items: center; }
.documento .qr img { width: 6rem; height: 6rem; }
.documento .qr figcaption { font-size: 10px; }
.documento .dados { margin-top: 0.25rem; }
.documento section { margin-top: 0.6rem; break-inside: avoid; }
.documento h2 { margin-bottom: 0.25rem; font-size: 12px; font-weight: 700; text-transform: uppercase; letter-spacing: 0.025em; color: #334155; }
.documento .rotulo { font-weight: 600; }
.documento .bloco { margin-top: 0.75rem; }
.documento .colunas { display: grid; grid-template-columns: 1fr 1fr; gap: 0 1.5rem; }
.documento .colunas > section { min-width: 0; }
.documento table { width: 100%; border-collapse: collapse; text-align: left; }
.documento th { font-weight: 600; }
.documento th, .documento td { padding: 0.125rem 0.25rem; vertical-align: top; }
.documento th:first-child, .documento td:first-child { padding-left: 0; }
.documento th:last-child, .documento td:last-child { padding-right: 0; }
.documento thead tr { border-bottom: 1px solid #0f172a; }
.documento tbody tr { border-bottom: 1px solid #e2e8f0; }
.documento tfoot th { text-align: right; }
.documento .num { text-align: right; white-space: nowrap; }
.documento .nowrap { white-space: nowrap; }
.documento .valor { text-align: right; }
.documento .pix { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.9em; overflow-wrap: anywhere; }
.documento .etiqueta { display: flex; gap: 1.5mm; align-items: center; height: 100%; }
.documento .etiqueta-qr { flex: none; width: 24mm; height: 24mm; }
.documento .etiqueta-dados { min-width: 0; }
.documento .etiqueta-os { font-size: 18px; font-weight: 700; line-height: 1.1; }
.documento .etiqueta-nome { font-size: 10px; font-weight: 700; }
.documento .etiqueta-aparelho { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
@media screen { .documento[data-papel="label"] { outline: 1px dashed #94a3b8; outline-offset: 1.5mm; margin-top: 1rem; } }
.documento .clausula { margin-top: 0.25rem; }
.documento[data-papel="label"] .demonstracao { margin-bottom: 0.5mm; border-width: 1px; padding: 0; font-size: 6px; letter-spacing: 0; }
.documento ol { list-style: decimal; padding-left: 2.2em; }
.documento ul { list-style: disc; padding-left: 2.2em; }
.documento li + li { margin-top: 0.125rem; }
.documento .assinaturas { margin-top: 0.5rem; display: grid; grid-template-columns: 1fr 1fr; gap: 2.5rem; break-inside: avoid; }
.documento .assinatura { padding-top: 2.25rem; break-inside: avoid; }
.documento .assinatura > div { border-top: 1px solid #0f172a; padding-top: 0.25rem; text-align: center; }
.documento .detalhe { color: #334155; }
.documento .rodape { margin-top: 0.75rem; border-top: 1px solid #cbd5e1; padding-top: 0.25rem; text-align: center; font-size: 0.9em; }
.documento:not([data-papel="a4"]) { overflow-wrap: anywhere; }
.documento:not([data-papel="a4"]) :is(ol, ul) { padding-left: 3ch; }
.documento:not([data-papel="a4"]) :is(th, td) { padding: 0 0.5ch; }
.documento:not([data-papel="a4"]) :is(th, td):first-child { padding-left: 0; }
.documento:not([data-papel="a4"]) :is(th, td):last-child { padding-right: 0; }
.documento:not([data-papel="a4"]) .loja { text-align: center; }
.documento:not([data-papel="a4"]) .nome-loja, .documento:not([data-papel="a4"]) h1 { font-size: 1.2em; }
.documento:not([data-papel="a4"]) .abertura { flex-direction: column; align-items: center; text-align: center; }
.documento:not([data-papel="a4"]) .qr img { width: 8rem; height: 8rem; }
.documento:not([data-papel="a4"]) section { margin-top: 0.5rem; border-top: 1px dashed #0f172a; padding-top: 0.25rem; }
.documento:not([data-papel="a4"]) h2 { margin-bottom: 0; font-size: 1em; color: inherit; letter-spacing: 0; }
.documento:not([data-papel="a4"]) .assinaturas { margin-top: 0.5rem; display: block; }
.documento:not([data-papel="a4"]) .colunas { display: block; }
@media print { body { background: #fff; } .documento { margin: 0; padding: 0 !important; } }
`;

export function printStyles(paper: Paper, rollLength = UNMEASURED_ROLL_LENGTH_MM, margins: PrintMargins | null = null) {
  return `${pageRule(paper, rollLength, margins ?? DEFAULT_MARGINS[paper], margins !== null)}${DOCUMENT_RULES}`;
}
