import { and, eq } from "drizzle-orm";
import { data as routeError } from "react-router";
import { logger } from "~/lib/logger.server";
import { getDb, isInsideTransaction, type Database, type Transaction } from "~/db/client.server";
import { printTemplates } from "~/db/schema/print-documents";
import { CASH_MOVEMENT_SLIP } from "./defaults/cash-movement-slip";
import { CREDIT_PAYMENT_RECEIPT } from "./defaults/credit-payment-receipt";
import {
  CASH_REGISTER_CLOSING_58MM,
  CASH_REGISTER_CLOSING_80MM,
  CASH_REGISTER_CLOSING_A4,
} from "./defaults/cash-register-closing";
import { CREDIT_CONTRACT_80MM, CREDIT_CONTRACT_A4 } from "./defaults/credit-contract";
import { DEBT_REMINDER_LETTER } from "./defaults/debt-reminder-letter";
import { DEVICE_LABEL } from "./defaults/device-label";
import { PICKUP_CONTACT_LOG, PICKUP_CONTACT_LOG_58MM } from "./defaults/pickup-contact-log";
import { SALE_RECEIPT_80MM, SALE_RECEIPT_A4 } from "./defaults/sale-receipt";
import { SALE_RETURN_SLIP } from "./defaults/sale-return-slip";
import { SERVICE_ORDER_DELIVERY } from "./defaults/service-order-delivery";
import { SERVICE_ORDER_ENTRY } from "./defaults/service-order-entry";
import { WARRANTY_TERM } from "./defaults/warranty-term";
import type { PrintKind } from "./kinds";
import { withMargins, type PrintMargins } from "./margins";
import type { Paper } from "./papers";
import { RenderBusyError, renderInWorker, TemplateError, TemplateMemoryError, TemplateTimeoutError } from "./render-pool.server";

/** A document's shipped templates: A4, the 80 mm roll, and the 58 mm roll (the 80 mm source unless it needs its own). */
function onDocumentPapers(a4: string, roll80mm: string, roll58mm = roll80mm) {
  return { a4, "80mm": roll80mm, "58mm": roll58mm };
}

/**
 * The templates shipped with Balcão, per kind and paper. A4 and the rolls
 * share one source where the layout differs only in what the frame's styles
 * and the `papel` variable already adapt (the unit-price column, the centred
 * header); the shop can replace any paper's on its own.
 */
export const DEFAULT_TEMPLATES: Record<PrintKind, Partial<Record<Paper, string>>> = {
  "service-order-entry": onDocumentPapers(SERVICE_ORDER_ENTRY, SERVICE_ORDER_ENTRY),
  "service-order-delivery": onDocumentPapers(SERVICE_ORDER_DELIVERY, SERVICE_ORDER_DELIVERY),
  "pickup-contact-log": onDocumentPapers(PICKUP_CONTACT_LOG, PICKUP_CONTACT_LOG, PICKUP_CONTACT_LOG_58MM),
  "warranty-term": onDocumentPapers(WARRANTY_TERM, WARRANTY_TERM),
  "sale-receipt": onDocumentPapers(SALE_RECEIPT_A4, SALE_RECEIPT_80MM),
  "sale-return-slip": onDocumentPapers(SALE_RETURN_SLIP, SALE_RETURN_SLIP),
  "cash-movement-slip": onDocumentPapers(CASH_MOVEMENT_SLIP, CASH_MOVEMENT_SLIP),
  "cash-register-closing": onDocumentPapers(CASH_REGISTER_CLOSING_A4, CASH_REGISTER_CLOSING_80MM, CASH_REGISTER_CLOSING_58MM),
  "credit-contract": onDocumentPapers(CREDIT_CONTRACT_A4, CREDIT_CONTRACT_80MM),
  "credit-payment-receipt": onDocumentPapers(CREDIT_PAYMENT_RECEIPT, CREDIT_PAYMENT_RECEIPT),
  "device-label": { label: DEVICE_LABEL },
  "debt-reminder-letter": { a4: DEBT_REMINDER_LETTER },
};

/** The shipped template of a kind for a paper it prints on. */
export function defaultTemplateOf(kind: PrintKind, paper: Paper): string {
  const source = DEFAULT_TEMPLATES[kind][paper];
  if (source === undefined) throw new Error(`${kind} não é impresso em ${paper}`);
  return source;
}

type Reader = Database | Transaction;

/** The shop's default template for the kind and paper, else the one shipped with Balcão; margins null: the paper's usual. */
export async function templateFor(
  db: Reader,
  kind: PrintKind,
  paper: Paper,
): Promise<{ body: string; margins: PrintMargins | null }> {
  const [own] = await db
    .select({ body: printTemplates.body, margins: printTemplates.margins })
    .from(printTemplates)
    .where(and(eq(printTemplates.kind, kind), eq(printTemplates.paper, paper), eq(printTemplates.isDefault, true)));
  return own ?? { body: defaultTemplateOf(kind, paper), margins: null };
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

/** Who asks for a render and whether they still wait for it (render-pool.server.ts): the editor's, per staff member. */
export type RenderCaller = { person?: string | null; signal?: AbortSignal };

/**
 * A template's source filled with `data` (which also receives `papel`), as
 * the print frame receives it. In a render worker (render-pool.server.ts,
 * decision 0022): checked for size, sanitised by the allowlist
 * (sanitize.server.ts), each locked clause filled in (a required one left
 * out appended, and named in `missingClauses`: engine.server.ts). Here:
 * marked when the shop's details are the demo's, with its own margins at
 * its head when it has some (margins.ts). Printing, the editor's preview
 * and its check on save all come through here, so the preview shows what
 * will print, and a template that runs away stops only its worker.
 */
export async function renderTemplateSource(
  kind: PrintKind,
  source: string,
  paper: Paper,
  data: Record<string, unknown>,
  margins: PrintMargins | null,
  caller?: RenderCaller,
) {
  // A render waits for a worker and takes up to its time limit: inside a transaction it would hold the transaction's
  // locks (and, on PGlite, the only connection) that long. Store what the document needs, render after the commit.
  if (isInsideTransaction()) throw new Error(`modelo ${kind} preenchido dentro de uma transação: preencha depois da gravação`);
  const { html, missingClauses } = await renderInWorker(kind, source, { ...data, papel: paper }, caller);
  const marked = isDemonstration(data) ? DEMONSTRATION_MARK_HTML + html : html;
  return { html: margins ? withMargins(marked, margins) : marked, missingClauses };
}

/**
 * A document's HTML for a paper, ready for the print frame
 * (components/print/print-frame.tsx): the kind's default template for the
 * paper filled with `data` (renderTemplateSource).
 */
export async function renderPrintDocument(kind: PrintKind, paper: Paper, data: Record<string, unknown>) {
  const { body, margins } = await templateFor(await getDb(), kind, paper);
  return forPrintPage(kind, async () => (await renderTemplateSource(kind, body, paper, data, margins)).html);
}

/**
 * A print page's render: when the workers are all busy, or the template ran
 * past its time or memory (or fails), the page says the document could not
 * be filled now (503) instead of a bare "Algo deu errado"; nothing was
 * changed, so printing again later is safe.
 */
export async function forPrintPage<T>(kind: PrintKind, render: () => Promise<T>): Promise<T> {
  try {
    return await render();
  } catch (error) {
    const isRenderFault =
      error instanceof RenderBusyError ||
      error instanceof TemplateTimeoutError ||
      error instanceof TemplateMemoryError ||
      error instanceof TemplateError;
    if (!isRenderFault) throw error;
    logger.warn({ err: error, kind }, "documento não preenchido para impressão");
    // The error page words it (components/layout/route-error.ts).
    throw routeError({ reason: "print-unavailable" }, { status: 503 });
  }
}
