import { createHash } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, inTransaction, type Database, type Transaction } from "~/db/client.server";
import { customers } from "~/db/schema/customers";
import { serviceOrderLines, serviceOrderStatusEvents, serviceOrders } from "~/db/schema/service-orders";
import { addDays, shopToday } from "~/lib/dates";
import { createRequestRateLimit } from "~/lib/rate-limit.server";
import type { Actor } from "~/modules/accounts/roles";
import type { PartOrigin } from "~/db/schema/inventory";
import { ServiceOrderStatusMoveError } from "./errors";
import { moveServiceOrderStatus } from "./mutations.server";
import { isOrderNumber } from "./order-number";
import { isServiceOrderStatus, type ServiceOrderStatus } from "./status";
import { normaliseTrackingCode } from "./tracking-code";
import { orderDueCents } from "./order-money";
import { needsPartsConsent } from "./part-origin";

/**
 * /consultar: a customer follows a repair with the tracking code from the
 * receipt, or with the order number and the last four digits of the phone.
 * What comes back is only what the receipt's holder may see: never the name,
 * phone, address, document, e-mail, IMEI/serial, notes or unlock code. The
 * queries select the public columns alone, so nothing else can leak by a
 * later change to the page.
 */

export type TrackingLookup = { kind: "code"; code: string } | { kind: "order-number"; orderNumber: number; phoneLast4: string };

/** The customer, deciding a quote from /consultar, as the timeline and the audit log record them. */
export const PUBLIC_TRACKING_ACTOR: Actor = { userId: null, label: "Cliente (consulta online)", role: "public" };

export type PublicTimelineEntry = {
  status: ServiceOrderStatus;
  at: string;
  /** "Você" for the customer's own decision on /consultar, "Loja" for anything staff did. */
  by: "customer" | "shop";
};

export type PublicQuoteLine = {
  description: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  /** A part's origin, which the consumer code makes the shop disclose (CDC art. 21); null for a service or an unknown part. */
  partOrigin: PartOrigin | null;
};

export type PublicServiceOrder = {
  orderNumber: number;
  device: { type: string; brand: string; model: string };
  status: ServiceOrderStatus;
  receivedAt: string;
  promisedDate: string | null;
  quote: {
    lines: PublicQuoteLine[];
    linesTotalCents: number;
    discountCents: number;
    totalCents: number;
    paidCents: number;
    balanceCents: number;
  };
  deliveredAt: string | null;
  /** Only for a repaired device once delivered: the day the warranty ends. */
  warranty: { days: number; endsOn: string } | null;
  timeline: PublicTimelineEntry[];
  /** The quote waits for the customer: /consultar offers approve and decline. */
  canDecideQuote: boolean;
  /**
   * The quote's parts that are not new original, as shown to the customer,
   * fingerprinted: approving sends it back as the customer's consent to
   * exactly these parts; null when there are none.
   */
  partsConsentKey: string | null;
};

/** Names the disclosed parts: a quote changed after the page was opened no longer matches, and its approval asks again. */
function partsConsentKey(lines: readonly Pick<PublicQuoteLine, "description" | "quantity" | "partOrigin">[]) {
  const disclosed = lines.filter((line) => needsPartsConsent(line.partOrigin));
  if (disclosed.length === 0) return null;
  const text = JSON.stringify(disclosed.map((line) => [line.description, line.quantity, line.partOrigin]));
  return createHash("sha256").update(text).digest("base64url").slice(0, 22);
}

export type TrackingLookupInput = { code?: string | null; orderNumber?: string | null; phoneLast4?: string | null };
export type TrackingLookupField = "code" | "orderNumber" | "phoneLast4";
export type TrackingLookupErrors = Partial<Record<TrackingLookupField | "form", string>>;

/** Whether a request carries anything to look up (an empty /consultar is just the form). */
export function hasTrackingLookupInput(input: TrackingLookupInput) {
  return [input.code, input.orderNumber, input.phoneLast4].some((value) => typeof value === "string" && value.trim() !== "");
}

/**
 * What a person typed → a lookup, or messages next to the fields. Only the
 * shape is checked here (it says nothing about which orders exist): wrong
 * but well-formed data is answered by findOrderForCustomer's neutral null.
 */
export function parseTrackingLookup(
  input: TrackingLookupInput,
): { ok: true; lookup: TrackingLookup } | { ok: false; errors: TrackingLookupErrors } {
  const code = (input.code ?? "").slice(0, 100).trim();
  if (code !== "") {
    const normalised = normaliseTrackingCode(code);
    if (!normalised)
      return { ok: false, errors: { code: "O código tem 8 letras e números, como no comprovante (ex.: K7QX-3MRA)." } };
    return { ok: true, lookup: { kind: "code", code: normalised } };
  }
  const numberText = (input.orderNumber ?? "")
    .slice(0, 100)
    .trim()
    .replace(/^(?:os|nº|n\.?º?)\s*/i, "");
  const last4 = (input.phoneLast4 ?? "").slice(0, 100).replace(/\D/g, "");
  const errors: TrackingLookupErrors = {};
  if (numberText === "" && last4 === "") {
    return {
      ok: false,
      errors: { form: "Informe o código de acompanhamento, ou o número da OS e os 4 últimos dígitos do telefone." },
    };
  }
  if (!/^\d{1,12}$/.test(numberText)) errors.orderNumber = "Informe o número da OS (só números, como no comprovante).";
  if (last4.length !== 4) errors.phoneLast4 = "Informe os 4 últimos dígitos do telefone cadastrado.";
  if (errors.orderNumber || errors.phoneLast4) return { ok: false, errors };
  return { ok: true, lookup: { kind: "order-number", orderNumber: Number(numberText), phoneLast4: last4 } };
}

/** The WHERE clause that proves knowledge of the order; null when the lookup can match nothing. */
function lookupCondition(lookup: TrackingLookup) {
  if (lookup.kind === "code") {
    const code = normaliseTrackingCode(lookup.code);
    return code ? eq(serviceOrders.trackingCode, code) : null;
  }
  const { orderNumber, phoneLast4 } = lookup;
  if (!isOrderNumber(orderNumber)) return null;
  if (!/^\d{4}$/.test(phoneLast4)) return null;
  // The phone is compared inside the database: it is never selected, so it cannot reach the page.
  return and(
    eq(serviceOrders.id, orderNumber),
    sql`exists (select 1 from ${customers} where ${customers.id} = ${serviceOrders.customerId} and length(${customers.phone}) >= 4 and right(${customers.phone}, 4) = ${phoneLast4})`,
  );
}

const PUBLIC_ORDER_COLUMNS = {
  id: serviceOrders.id,
  status: serviceOrders.status,
  deviceType: serviceOrders.deviceType,
  brand: serviceOrders.brand,
  model: serviceOrders.model,
  createdAt: serviceOrders.createdAt,
  promisedDate: serviceOrders.promisedDate,
  warrantyDays: serviceOrders.warrantyDays,
  deliveredAt: serviceOrders.deliveredAt,
  linesTotalCents: serviceOrders.linesTotalCents,
  discountCents: serviceOrders.discountCents,
  paidCents: serviceOrders.paidCents,
};

async function readPublicOrder(db: Database | Transaction, lookup: TrackingLookup): Promise<PublicServiceOrder | null> {
  const condition = lookupCondition(lookup);
  if (!condition) return null;
  const [order] = await db.select(PUBLIC_ORDER_COLUMNS).from(serviceOrders).where(condition).limit(1);
  if (!order || !isServiceOrderStatus(order.status)) return null;

  const [lines, events] = await Promise.all([
    db
      .select({
        description: serviceOrderLines.description,
        quantity: serviceOrderLines.quantity,
        unitPriceCents: serviceOrderLines.unitPriceCents,
        partOrigin: serviceOrderLines.partOrigin,
      })
      .from(serviceOrderLines)
      .where(eq(serviceOrderLines.orderId, order.id))
      .orderBy(asc(serviceOrderLines.position), asc(serviceOrderLines.id)),
    db
      .select({
        status: serviceOrderStatusEvents.toStatus,
        at: serviceOrderStatusEvents.createdAt,
        // Who, reduced to "the customer or the shop" in the database: staff names and e-mails never leave it.
        isCustomer: sql<boolean>`(${serviceOrderStatusEvents.actorUserId} is null and ${serviceOrderStatusEvents.actorLabel} = ${PUBLIC_TRACKING_ACTOR.label})`,
      })
      .from(serviceOrderStatusEvents)
      .where(eq(serviceOrderStatusEvents.orderId, order.id))
      .orderBy(asc(serviceOrderStatusEvents.createdAt), asc(serviceOrderStatusEvents.id)),
  ]);

  const timeline: PublicTimelineEntry[] = events.flatMap((event) =>
    isServiceOrderStatus(event.status)
      ? [
          {
            status: event.status,
            at: new Date(event.at).toISOString(),
            by: event.isCustomer ? ("customer" as const) : ("shop" as const),
          },
        ]
      : [],
  );
  const totalCents = Math.max(0, orderDueCents(order));
  const deliveredAt = order.deliveredAt ? new Date(order.deliveredAt) : null;
  // A warranty covers a repair: a device returned after a declined quote or without repair has none.
  const wasRepaired = timeline.some((entry) => entry.status === "ready");
  const quoteLines = lines.map((line) => ({ ...line, totalCents: line.quantity * line.unitPriceCents }));
  return {
    orderNumber: order.id,
    device: { type: order.deviceType, brand: order.brand, model: order.model },
    status: order.status,
    receivedAt: new Date(order.createdAt).toISOString(),
    promisedDate: order.promisedDate,
    quote: {
      lines: quoteLines,
      linesTotalCents: order.linesTotalCents,
      discountCents: order.discountCents,
      totalCents,
      paidCents: order.paidCents,
      balanceCents: Math.max(0, totalCents - order.paidCents),
    },
    deliveredAt: deliveredAt?.toISOString() ?? null,
    warranty:
      deliveredAt && order.status === "delivered" && wasRepaired
        ? { days: order.warrantyDays, endsOn: addDays(shopToday(deliveredAt), order.warrantyDays) }
        : null,
    timeline,
    canDecideQuote: order.status === "awaiting_approval",
    partsConsentKey: partsConsentKey(quoteLines),
  };
}

/** The order the lookup proves knowledge of, with its public fields only; null for anything else. */
export async function findOrderForCustomer(lookup: TrackingLookup): Promise<PublicServiceOrder | null> {
  const db = await getDb();
  return readPublicOrder(db, lookup);
}

export type QuoteDecision = "approve" | "decline";

export type QuoteDecisionResult =
  | { outcome: "decided"; decision: QuoteDecision; order: PublicServiceOrder }
  | { outcome: "not-found" }
  /** The quote was already answered (here or at the counter), or is not waiting for an answer. */
  | { outcome: "not-awaiting"; order: PublicServiceOrder }
  /** The quote has parts that are not new original and the approval did not carry consent to them (as now quoted). */
  | { outcome: "consent-needed"; order: PublicServiceOrder };

/**
 * The customer approves or declines the quote from /consultar. The lookup is
 * proved again here (never a bare order id), and the move goes through the
 * state machine with the public actor, so staff see it in the timeline.
 */
export async function decideQuoteFromTracking(
  lookup: TrackingLookup,
  decision: QuoteDecision,
  { partsConsentKey: consentKey = null }: { partsConsentKey?: string | null } = {},
): Promise<QuoteDecisionResult> {
  if (decision !== "approve" && decision !== "decline") return { outcome: "not-found" };
  const condition = lookupCondition(lookup);
  if (!condition) return { outcome: "not-found" };
  return inTransaction(async (tx): Promise<QuoteDecisionResult> => {
    const [order] = await tx
      .select({ id: serviceOrders.id, status: serviceOrders.status })
      .from(serviceOrders)
      .where(condition)
      .limit(1)
      .for("update");
    if (!order) return { outcome: "not-found" };
    if (order.status === "awaiting_approval") {
      const before = await readPublicOrder(tx, lookup);
      // Consent to the parts as the page showed them: the same key means the customer read these very parts.
      const hasPartsConsent = before?.partsConsentKey != null && before.partsConsentKey === consentKey;
      if (decision === "approve" && before?.partsConsentKey != null && !hasPartsConsent) {
        return { outcome: "consent-needed", order: before };
      }
      try {
        await moveServiceOrderStatus(tx, {
          order,
          to: decision === "approve" ? "approved" : "declined",
          actor: PUBLIC_TRACKING_ACTOR,
          note: decision === "approve" ? "Orçamento aprovado pela consulta online." : "Orçamento recusado pela consulta online.",
          hasPartsConsent,
        });
      } catch (error) {
        if (!(error instanceof ServiceOrderStatusMoveError)) throw error;
      }
    }
    const current = await readPublicOrder(tx, lookup);
    if (!current) return { outcome: "not-found" };
    // An approval with a part short leaves the order waiting for it: still the customer's approval.
    const expected: readonly string[] = decision === "approve" ? ["approved", "awaiting_part"] : ["declined"];
    return order.status === "awaiting_approval" && expected.includes(current.status)
      ? { outcome: "decided", decision, order: current }
      : { outcome: "not-awaiting", order: current };
  });
}

/** Ten lookups a minute per address: plenty for a person, far too few to guess codes or phone digits. */
export const isTrackingLookupLimited = createRequestRateLimit("tracking-lookup", { limit: 10, windowMs: 60_000 });

export const TRACKING_NOT_FOUND_MESSAGE =
  "Não encontramos uma ordem de serviço com esses dados. Confira o código no seu comprovante ou fale conosco pelo WhatsApp.";
export const TRACKING_LIMIT_MESSAGE =
  "Você fez muitas consultas em pouco tempo. Aguarde um minuto e tente de novo, ou fale conosco pelo WhatsApp.";
