import { and, eq } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/db/client.server";
import { printTemplates } from "~/db/schema/print-documents";
import { CASH_MOVEMENT_SLIP } from "./defaults/cash-movement-slip";
import { CREDIT_PAYMENT_RECEIPT } from "./defaults/credit-payment-receipt";
import { CASH_REGISTER_CLOSING_80MM, CASH_REGISTER_CLOSING_A4 } from "./defaults/cash-register-closing";
import { CREDIT_CONTRACT_80MM, CREDIT_CONTRACT_A4 } from "./defaults/credit-contract";
import { DEBT_REMINDER_LETTER } from "./defaults/debt-reminder-letter";
import { DEVICE_LABEL } from "./defaults/device-label";
import { PICKUP_CONTACT_LOG } from "./defaults/pickup-contact-log";
import { SALE_RECEIPT_80MM, SALE_RECEIPT_A4 } from "./defaults/sale-receipt";
import { SERVICE_ORDER_DELIVERY } from "./defaults/service-order-delivery";
import { SERVICE_ORDER_ENTRY } from "./defaults/service-order-entry";
import { WARRANTY_TERM } from "./defaults/warranty-term";
import { renderTemplate } from "./engine.server";
import type { PrintKind } from "./kinds";
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
  "device-label": { a4: DEVICE_LABEL, "80mm": DEVICE_LABEL },
  "debt-reminder-letter": { a4: DEBT_REMINDER_LETTER, "80mm": DEBT_REMINDER_LETTER },
};

type Reader = Database | Transaction;

/** The shop's default template for the kind and paper, else the one shipped with Balcão. */
export async function templateFor(db: Reader, kind: PrintKind, paper: TemplatePaper) {
  const [own] = await db
    .select({ body: printTemplates.body })
    .from(printTemplates)
    .where(and(eq(printTemplates.kind, kind), eq(printTemplates.paper, paper), eq(printTemplates.isDefault, true)));
  return own?.body ?? DEFAULT_TEMPLATES[kind][paper];
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

/**
 * A document's HTML for a paper, ready for the print frame
 * (components/print/print-frame.tsx): its template filled with `data`,
 * which also receives `papel`, the template's paper.
 */
export async function renderPrintDocumentWith(db: Reader, kind: PrintKind, paper: Paper, data: Record<string, unknown>) {
  const templatePaper = templatePaperOf(paper);
  const html = await renderTemplate(await templateFor(db, kind, templatePaper), { ...data, papel: templatePaper });
  return isDemonstration(data) ? DEMONSTRATION_MARK_HTML + html : html;
}

export async function renderPrintDocument(kind: PrintKind, paper: Paper, data: Record<string, unknown>) {
  return renderPrintDocumentWith(await getDb(), kind, paper, data);
}
