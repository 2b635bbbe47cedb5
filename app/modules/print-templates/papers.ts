/**
 * The papers a document prints on. Templates are written for A4 and the
 * 80 mm thermal roll; the 58 mm roll prints the 80 mm template in a
 * narrower frame (components/print/print-styles.ts), so a shop with the
 * smaller printer needs no template of its own.
 */
export const PAPERS = ["a4", "80mm", "58mm"] as const;
export type Paper = (typeof PAPERS)[number];

export const TEMPLATE_PAPERS = ["a4", "80mm"] as const;
export type TemplatePaper = (typeof TEMPLATE_PAPERS)[number];

export const PAPER_LABELS: Record<Paper, string> = { a4: "A4", "80mm": "Térmica 80 mm", "58mm": "Térmica 58 mm" };
export const PAPER_SHORT_LABELS: Record<Paper, string> = { a4: "A4", "80mm": "80 mm", "58mm": "58 mm" };

export function templatePaperOf(paper: Paper): TemplatePaper {
  return paper === "58mm" ? "80mm" : paper;
}

/** `?papel=` as a paper; A4 when absent or unknown. */
export function paperFromSearch(value: string | null): Paper {
  return PAPERS.find((paper) => paper === value) ?? "a4";
}
