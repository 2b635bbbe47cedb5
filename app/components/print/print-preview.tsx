import { useEffect, useRef, useState } from "react";
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

const PX_PER_MM = 96 / 25.4;

/**
 * The live preview of a template: a sandboxed frame (no script runs in it,
 * and nothing in it reaches the page) laid out at the paper's real width,
 * shrunk to fit the column when the paper is wider (an A4 sheet beside the
 * editor), and as tall as the document once the page can measure it.
 * Without JavaScript the frame keeps the real width and scrolls.
 */
export function PrintPreview({ paper, html, title }: { paper: Paper; html: string; title: string }) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [fit, setFit] = useState<{ scale: number; height: number } | null>(null);
  const paperPx = PAPER_WIDTH_MM[paper] * PX_PER_MM;
  const srcDoc = previewDocument(paper, html);

  useEffect(() => {
    const wrapper = wrapperRef.current;
    const frame = frameRef.current;
    if (!wrapper || !frame) return;
    // allow-same-origin (without allow-scripts) lets the page read the document's height; a new srcdoc loads
    // again, so "load" follows every change, and the column's width is watched for the scale.
    const measure = () => {
      const style = getComputedStyle(wrapper);
      const available = wrapper.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      // The body, not the root: the root is at least as tall as the frame already is.
      const height = frame.contentDocument?.body?.offsetHeight ?? 0;
      if (available > 0 && height > 0) setFit({ scale: Math.min(1, available / paperPx), height: height + 2 });
    };
    frame.addEventListener("load", measure);
    const observer = new ResizeObserver(measure);
    observer.observe(wrapper);
    if (frame.contentDocument?.readyState === "complete") measure();
    return () => {
      frame.removeEventListener("load", measure);
      observer.disconnect();
    };
  }, [paperPx]);

  return (
    <div ref={wrapperRef} className="overflow-x-auto rounded-md border border-slate-300 bg-slate-200 p-3">
      <div
        className="mx-auto overflow-hidden bg-white shadow"
        style={fit ? { width: paperPx * fit.scale, height: fit.height * fit.scale } : { width: "fit-content" }}
      >
        <iframe
          ref={frameRef}
          title={title}
          sandbox="allow-same-origin"
          srcDoc={srcDoc}
          className="block h-[70vh] origin-top-left"
          style={{
            width: `${PAPER_WIDTH_MM[paper]}mm`,
            maxWidth: "none",
            ...(fit ? { height: fit.height, transform: `scale(${fit.scale})` } : {}),
          }}
        />
      </div>
    </div>
  );
}
