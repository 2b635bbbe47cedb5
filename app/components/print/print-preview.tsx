import { useEffect, useRef } from "react";
import { DEFAULT_MARGINS, splitMargins } from "~/modules/print-templates/margins";
import type { Paper } from "~/modules/print-templates/papers";
import { DOCUMENT_RULES } from "./print-styles";
import { NOT_A_TAX_DOCUMENT } from "./print-frame";

/** A paper's width as printed, in mm. */
const PAPER_WIDTH_MM: Record<Paper, number> = { a4: 210, "80mm": 80, "58mm": 58, label: 62 };

/**
 * The page a document's HTML prints as, for an iframe's `srcdoc`: the
 * paper's real width with the template's margins, and the print styles
 * over a minimal reset (the app's own stylesheet does not reach the frame).
 */
export function previewDocument(paper: Paper, html: string) {
  const { margins, html: body } = splitMargins(html);
  const m = margins ?? DEFAULT_MARGINS[paper];
  const reset = `*,*::before,*::after{box-sizing:border-box;margin:0;padding:0;border:0 solid}
html{font-family:ui-sans-serif,system-ui,sans-serif;-webkit-text-size-adjust:100%}
body{width:${PAPER_WIDTH_MM[paper]}mm;padding:${m.top}mm ${m.right}mm ${m.bottom}mm ${m.left}mm;background:#fff}
img{max-width:100%;height:auto}h1,h2,h3{font-size:inherit}`;
  const fit = `.documento[data-papel]{width:auto;max-width:none;padding:0}`;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><style>${reset}${DOCUMENT_RULES}${fit}</style></head><body><main class="documento" data-papel="${paper}"><article>${body}</article><footer class="rodape"><p>${NOT_A_TAX_DOCUMENT}</p></footer></main></body></html>`;
}

/**
 * The live preview of a template: a sandboxed frame (no script runs in it,
 * and nothing in it reaches the page) as wide as the paper, as tall as the
 * document once the page can measure it.
 */
export function PrintPreview({ paper, html, title }: { paper: Paper; html: string; title: string }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const srcDoc = previewDocument(paper, html);
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    // allow-same-origin (without allow-scripts) lets the page read the document's height to size the frame;
    // a new srcdoc loads again, so "load" follows every change.
    const fit = () => {
      const height = frame.contentDocument?.documentElement.scrollHeight;
      if (height) frame.style.height = `${height + 4}px`;
    };
    frame.addEventListener("load", fit);
    return () => frame.removeEventListener("load", fit);
  }, []);
  return (
    <div className="overflow-x-auto rounded-md border border-slate-300 bg-slate-200 p-3">
      <iframe
        ref={frameRef}
        title={title}
        sandbox="allow-same-origin"
        srcDoc={srcDoc}
        className="mx-auto block h-[70vh] bg-white shadow"
        style={{ width: `${PAPER_WIDTH_MM[paper]}mm`, maxWidth: "none" }}
      />
    </div>
  );
}
