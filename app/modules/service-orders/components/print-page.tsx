import { Printer } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { cx } from "~/lib/class-names";
import { formatPhone } from "~/lib/phone";

export const PAPERS = ["a4", "80mm"] as const;
export type Paper = (typeof PAPERS)[number];

export type PrintShop = {
  name: string;
  legalName: string;
  cnpj: string;
  address: string;
  cep: string;
  city: string;
  state: string;
  whatsapp: string;
  email: string;
};

/** `@page` sets the sheet; a thermal roll is 80 mm wide and as long as the receipt. */
const PAGE_RULES: Record<Paper, string> = {
  a4: "@page { size: A4; margin: 14mm 12mm; }",
  "80mm": "@page { size: 80mm auto; margin: 3mm 2mm; } html, body { width: 80mm; }",
};

/**
 * The frame of every printed document: the sheet's size, the paper switch
 * and the 'Imprimir' button (both hidden on paper), then the document.
 */
export function PrintPage({
  paper,
  title,
  paperLinks,
  children,
}: {
  paper: Paper;
  title: string;
  paperLinks: Record<Paper, string>;
  children: ReactNode;
}) {
  return (
    <>
      <style>{`${PAGE_RULES[paper]} @media print { body { background: #fff; } }`}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-4 py-3 print:hidden">
        <p className="font-semibold text-slate-900">{title}</p>
        <nav aria-label="Tamanho do papel" className="flex items-center gap-2 text-sm">
          <span className="text-slate-700">Papel:</span>
          {PAPERS.map((option) => (
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
              {option === "a4" ? "A4" : "Térmica 80 mm"}
            </a>
          ))}
        </nav>
        <Button type="button" size="sm" onClick={() => window.print()}>
          <Printer aria-hidden className="size-4" />
          Imprimir
        </Button>
      </div>
      <main
        id="conteudo"
        className={cx(
          "mx-auto bg-white text-slate-950 print:m-0 print:p-0",
          paper === "a4"
            ? "max-w-[186mm] px-4 py-6 text-[13px] leading-snug"
            : "w-[76mm] px-1 py-3 font-mono text-[11px] leading-tight",
        )}
      >
        {children}
      </main>
    </>
  );
}

/** The shop as a receipt heads it: who is responsible for the device (name, legal name, CNPJ, where, how to call). */
export function PrintShopHeader({ shop, paper }: { shop: PrintShop; paper: Paper }) {
  return (
    <header className={cx("border-b border-slate-900 pb-2", paper === "80mm" ? "text-center" : "")}>
      <p className={cx("font-bold", paper === "a4" ? "text-xl" : "text-[13px]")}>{shop.name}</p>
      <p>{shop.legalName}</p>
      <p>CNPJ {shop.cnpj}</p>
      <p>
        {shop.address} – {shop.city}/{shop.state} – CEP {shop.cep}
      </p>
      <p>
        WhatsApp {formatPhone(shop.whatsapp)} · {shop.email}
      </p>
    </header>
  );
}

/** A place to sign, with the signer's role under the line. */
export function PrintSignature({ label, detail }: { label: string; detail?: string }) {
  return (
    <div className="break-inside-avoid pt-10">
      <div className="border-t border-slate-900 pt-1 text-center">
        <p>{label}</p>
        {detail ? <p className="text-slate-700">{detail}</p> : null}
      </div>
    </div>
  );
}
