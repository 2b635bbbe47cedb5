import type { PrintKind } from "./kinds";

/**
 * The papers a document prints on: A4, the 80 mm and 58 mm thermal rolls
 * (48 and 32 columns of text), and the adhesive label a device carries
 * (62 × 29 mm, the label roll of the common desktop label printers). Each
 * paper has a template of its own; the 58 mm one ships as the 80 mm source,
 * which its narrower frame (components/print/print-styles.ts) reflows.
 */
export const DOCUMENT_PAPERS = ["a4", "80mm", "58mm"] as const;
export const PAPERS = [...DOCUMENT_PAPERS, "label"] as const;
export type Paper = (typeof PAPERS)[number];

export const PAPER_LABELS: Record<Paper, string> = {
  a4: "A4",
  "80mm": "Térmica 80 mm",
  "58mm": "Térmica 58 mm",
  label: "Etiqueta 62 × 29 mm",
};
export const PAPER_SHORT_LABELS: Record<Paper, string> = { a4: "A4", "80mm": "80 mm", "58mm": "58 mm", label: "Etiqueta" };

/** Kinds printed on the label only. */
const LABEL_KINDS: ReadonlySet<string> = new Set<PrintKind | string>(["device-label"]);
/** Kinds printed on A4 only (a letter is folded into an envelope, not torn off a roll); every other kind prints on A4 and the rolls. */
const A4_KINDS: ReadonlySet<string> = new Set<PrintKind | string>(["debt-reminder-letter"]);

export function papersOf(kind: PrintKind): readonly Paper[] {
  if (LABEL_KINDS.has(kind)) return ["label"];
  return A4_KINDS.has(kind) ? ["a4"] : DOCUMENT_PAPERS;
}

/** `?papel=` as one of the kind's papers; its first (A4, or the label) when absent or unknown. */
export function paperFromSearch(value: string | null, kind?: PrintKind): Paper {
  const papers = kind ? papersOf(kind) : DOCUMENT_PAPERS;
  return papers.find((paper) => paper === value) ?? papers[0]!;
}

/** A print page's paper switch: the same page on each of the papers given, by `?papel=`. */
export function paperLinksOf(path: string, papers: readonly Paper[] = DOCUMENT_PAPERS): Partial<Record<Paper, string>> {
  return Object.fromEntries(papers.map((paper) => [paper, `${path}?papel=${paper}`]));
}
