import type { PrintMargins } from "~/db/schema/print-documents";
import type { Paper } from "./papers";

export type { PrintMargins };

/** The paper's usual margins (mm): A4's sheet; on a roll, what leaves the common printers' printable width (components/print/print-styles.ts). */
export const DEFAULT_MARGINS: Record<Paper, PrintMargins> = {
  a4: { top: 14, right: 12, bottom: 14, left: 12 },
  "80mm": { top: 3, right: 4, bottom: 3, left: 4 },
  "58mm": { top: 2, right: 5, bottom: 2, left: 5 },
  label: { top: 1.5, right: 2, bottom: 1.5, left: 2 },
};

/** The widest margin a template may ask for on each paper (mm): past it little is left to print on. */
export const MAX_MARGIN_MM: Record<Paper, number> = { a4: 40, "80mm": 10, "58mm": 8, label: 5 };

export const MARGIN_SIDES = ["top", "right", "bottom", "left"] as const;
export const MARGIN_LABELS: Record<(typeof MARGIN_SIDES)[number], string> = {
  top: "Superior",
  right: "Direita",
  bottom: "Inferior",
  left: "Esquerda",
};

const MARK = /^<!--margens (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)-->/;

/**
 * A document's margins travel at the head of its HTML, so a document stored
 * as issued keeps the margins it was printed with, and the print frame
 * (components/print/print-frame.tsx) reads them from what every print route
 * already hands it.
 */
export function withMargins(html: string, margins: PrintMargins) {
  return `<!--margens ${margins.top} ${margins.right} ${margins.bottom} ${margins.left}-->${html}`;
}

/** The margins a document's HTML carries (null when none: the paper's usual) and the HTML without them. */
export function splitMargins(html: string): { margins: PrintMargins | null; html: string } {
  const match = MARK.exec(html);
  if (!match) return { margins: null, html };
  const [top, right, bottom, left] = match.slice(1).map(Number) as [number, number, number, number];
  return { margins: { top, right, bottom, left }, html: html.slice(match[0].length) };
}
