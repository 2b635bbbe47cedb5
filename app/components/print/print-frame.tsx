import { Printer } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { cx } from "~/lib/class-names";
import { formatDateTime } from "~/lib/dates";
import { splitMargins } from "~/modules/print-templates/margins";
import { PAPER_LABELS, PAPERS, type Paper } from "~/modules/print-templates/papers";
import { isRoll, printStyles, rollLengthMm, UNMEASURED_ROLL_LENGTH_MM } from "./print-styles";

/** Printed at the foot of every document: Balcão issues no electronic invoice (NF-e / NFC-e). */
export const NOT_A_TAX_DOCUMENT = "Não é documento fiscal.";

/**
 * The frame of every printed document: the sheet's size, the paper switch
 * and the 'Imprimir' button (both hidden on paper), then the document's
 * HTML as its template rendered it (escaped by the template engine and
 * sanitised, print-templates/render.server.ts), on the margins its
 * template asks for (print-templates/margins.ts), and a
 * foot the template cannot remove: "Não é documento fiscal", and for a
 * document stored as issued, when it was issued. A reprint is headed "2ª
 * via" by the frame, outside the template, so no template can drop it and
 * an issued document's stored HTML stays as signed.
 */
export function PrintFrame({
  title,
  paper,
  paperLinks,
  html,
  issuedAt,
  reprintedAt,
}: {
  title: string;
  paper: Paper;
  /** The papers this document prints on, each with its page's address. */
  paperLinks: Partial<Record<Paper, string>>;
  html: string;
  /** Set for a document stored as issued: this print is a copy of what was signed then. */
  issuedAt?: string;
  /** Set when this print is a reprint (print-templates/reprint.ts): when it was printed; the copy says "2ª via". */
  reprintedAt?: string | null;
}) {
  const { margins, html: documentHtml } = splitMargins(html);
  const documentRef = useRef<HTMLElement>(null);
  const [rollLength, setRollLength] = useState(UNMEASURED_ROLL_LENGTH_MM);
  useEffect(() => {
    const element = documentRef.current;
    if (!isRoll(paper) || !element) return;
    // A roll is continuous: one page exactly as long as the document, measured as laid out (the print
    // styles only drop the screen's padding) whenever its size changes, and again just before printing.
    const measure = () => {
      const style = getComputedStyle(element);
      const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
      setRollLength(rollLengthMm(paper, element.getBoundingClientRect().height - padding, margins ?? undefined));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener("beforeprint", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("beforeprint", measure);
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- the margins by value: a new object each render would re-measure for nothing.
  }, [paper, margins?.top, margins?.bottom]);

  return (
    <>
      <style>{printStyles(paper, rollLength, margins)}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-4 py-3 print:hidden">
        <p className="font-semibold text-slate-900">{title}</p>
        <nav aria-label="Tamanho do papel" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-700">Papel:</span>
          {PAPERS.filter((option) => paperLinks[option]).map((option) => (
            <a
              key={option}
              href={paperLinks[option]}
              aria-current={option === paper ? "page" : undefined}
              className={cx(
                "rounded-md border px-2 py-1",
                option === paper
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 bg-white text-slate-900 hover:bg-slate-100",
              )}
            >
              {PAPER_LABELS[option]}
            </a>
          ))}
        </nav>
        <Button type="button" size="sm" onClick={() => window.print()}>
          <Printer aria-hidden className="size-4" />
          Imprimir
        </Button>
      </div>
      <main ref={documentRef} id="conteudo" className="documento" data-papel={paper}>
        {reprintedAt ? <p className="segunda-via">2ª via · reimpressa em {formatDateTime(reprintedAt)}</p> : null}
        <article dangerouslySetInnerHTML={{ __html: documentHtml }} />
        <footer className="rodape">
          {issuedAt ? (
            <p>Emitido em {formatDateTime(issuedAt)}. Reimpressões (2ª via) reproduzem este documento como foi emitido.</p>
          ) : null}
          <p>{NOT_A_TAX_DOCUMENT}</p>
        </footer>
      </main>
    </>
  );
}
