import { and, eq } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/db/client.server";
import { printTemplates } from "~/db/schema/print-documents";
import { CASH_MOVEMENT_SLIP } from "./defaults/cash-movement-slip";
import { CREDIT_PAYMENT_RECEIPT } from "./defaults/credit-payment-receipt";
import { CASH_REGISTER_CLOSING_80MM, CASH_REGISTER_CLOSING_A4 } from "./defaults/cash-register-closing";
import { CREDIT_CONTRACT_80MM, CREDIT_CONTRACT_A4 } from "./defaults/credit-contract";
import { PICKUP_CONTACT_LOG } from "./defaults/pickup-contact-log";
import { SALE_RECEIPT_80MM, SALE_RECEIPT_A4 } from "./defaults/sale-receipt";
import { SERVICE_ORDER_DELIVERY } from "./defaults/service-order-delivery";
import { SERVICE_ORDER_ENTRY } from "./defaults/service-order-entry";
import { WARRANTY_TERM } from "./defaults/warranty-term";
import { renderTemplate } from "./engine.server";
import type { PrintKind } from "./kinds";
import { withMargins, type PrintMargins } from "./margins";
import { sanitizePrintHtml } from "./sanitize.server";
import { templatePaperOf, type Paper, type TemplatePaper } from "./papers";

/**
 * The templates shipped with Balcão, per kind and paper. A4 and 80 mm share
 * one source where the layout differs only in what the frame's styles and
 * the `papel` variable already adapt (the unit-price column, the centred
 * header); the shop can replace either paper's on its own later.
 */
export const DEFAULT_TEMPLATES: Record<PrintKind, Record<TemplatePaper, string>> = {
  "service-order-entry": { a4: SERVICE_ORDER_ENTRY, "80mm": SERVICE_ORDER_ENTRY },
  "service-order-delivery": { a4: SERVICE_ORDER_DELIVERY, "80mm": SERVICE_ORDER_DELIVERY },
  "pickup-contact-log": { a4: PICKUP_CONTACT_LOG, "80mm": PICKUP_CONTACT_LOG },
  "warranty-term": { a4: WARRANTY_TERM, "80mm": WARRANTY_TERM },
  "sale-receipt": { a4: SALE_RECEIPT_A4, "80mm": SALE_RECEIPT_80MM },
  "cash-movement-slip": { a4: CASH_MOVEMENT_SLIP, "80mm": CASH_MOVEMENT_SLIP },
  "cash-register-closing": { a4: CASH_REGISTER_CLOSING_A4, "80mm": CASH_REGISTER_CLOSING_80MM },
  "credit-contract": { a4: CREDIT_CONTRACT_A4, "80mm": CREDIT_CONTRACT_80MM },
  "credit-payment-receipt": { a4: CREDIT_PAYMENT_RECEIPT, "80mm": CREDIT_PAYMENT_RECEIPT },
};

type Reader = Database | Transaction;

/** The shop's default template for the kind and paper, else the one shipped with Balcão; margins null: the paper's usual. */
export async function templateFor(
  db: Reader,
  kind: PrintKind,
  paper: TemplatePaper,
): Promise<{ body: string; margins: PrintMargins | null }> {
  const [own] = await db
    .select({ body: printTemplates.body, margins: printTemplates.margins })
    .from(printTemplates)
    .where(and(eq(printTemplates.kind, kind), eq(printTemplates.paper, paper), eq(printTemplates.isDefault, true)));
  return own ?? { body: DEFAULT_TEMPLATES[kind][paper], margins: null };
}

/**
 * Heads every document printed while the shop's details are still the demo's
 * fictional ones (`loja.demonstracao`): outside the template, so a shop's own
 * template cannot drop it, and inside the HTML, so a document issued then
 * keeps it in its stored copy.
 */
export const DEMONSTRATION_MARK_HTML =
  '<p class="demonstracao">DEMONSTRAÇÃO: dados fictícios da loja, documento sem validade.</p>';

function isDemonstration(data: Record<string, unknown>) {
  const shop = data.loja;
  return typeof shop === "object" && shop !== null && (shop as { demonstracao?: unknown }).demonstracao === true;
}

/** The most a printed document may weigh (characters of HTML): a receipt is a few kilobytes; past this a template runs away. */
export const MAX_DOCUMENT_LENGTH = 2_000_000;

export class DocumentTooLargeError extends Error {
  override name = "DocumentTooLargeError";
  constructor() {
    super("O documento ficou grande demais (mais de 2 MB): confira os laços do modelo.");
  }
}

/**
 * A template's source filled with `data` (which also receives `papel`), as
 * the print frame receives it: checked for size, sanitised by the allowlist
 * (sanitize.server.ts), marked when the shop's details are the demo's, with
 * its own margins at its head when it has some (margins.ts). Printing and the editor's preview
 * both come through here, so the preview shows what will print.
 */
export async function renderTemplateSource(
  source: string,
  paper: TemplatePaper,
  data: Record<string, unknown>,
  margins: PrintMargins | null,
) {
  const rendered = await renderTemplate(source, { ...data, papel: paper });
  if (rendered.length > MAX_DOCUMENT_LENGTH) throw new DocumentTooLargeError();
  const html = sanitizePrintHtml(rendered);
  const marked = isDemonstration(data) ? DEMONSTRATION_MARK_HTML + html : html;
  return margins ? withMargins(marked, margins) : marked;
}

/**
 * A document's HTML for a paper, ready for the print frame
 * (components/print/print-frame.tsx): the kind's default template for the
 * paper filled with `data` (renderTemplateSource).
 */
export async function renderPrintDocumentWith(db: Reader, kind: PrintKind, paper: Paper, data: Record<string, unknown>) {
  const templatePaper = templatePaperOf(paper);
  const { body, margins } = await templateFor(db, kind, templatePaper);
  return renderTemplateSource(body, templatePaper, data, margins);
}

export async function renderPrintDocument(kind: PrintKind, paper: Paper, data: Record<string, unknown>) {
  return renderPrintDocumentWith(await getDb(), kind, paper, data);
}
