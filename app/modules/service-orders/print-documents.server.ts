import { levelDiscountLabel } from "~/modules/loyalty/level-discount";
import { getDb, type Transaction } from "~/db/client.server";
import { describedWithOrigin } from "./part-origin";
import { addDays, shopToday } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { RECEIPT_QR_UTM } from "~/lib/traffic-events";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { findIssuedDocument, issueDocumentInTx } from "~/modules/print-templates/issued-documents.server";
import { PRINT_KINDS, type PrintKind } from "~/modules/print-templates/kinds";
import type { Paper } from "~/modules/print-templates/papers";
import { renderPrintDocument } from "~/modules/print-templates/render.server";
import { currentShopData, readShopDataInTx } from "~/modules/print-templates/shop-header.server";
import {
  attachWarrantyDocumentInTx,
  readOrderWarranty,
  recordDeliveredOrderWarrantyInTx,
} from "~/modules/warranty-terms/order-warranties.server";
import { warrantyTermData, type TermOrder } from "~/modules/warranty-terms/term-data";
import { deviceName } from "./device-name";
import { orderDueCents } from "./order-money";
import { SERVICE_ORDER_ENTITY } from "./order-number";
import { getPickupContactLog, PICKUP_CHANNEL_LABELS } from "./pickups.server";
import { getServiceOrder, readServiceOrder, type ServiceOrderDetail } from "./queries.server";
import { STATUS_LABELS } from "./status";
import { formatTrackingCode, trackingUrl } from "./tracking-code";
import { CONDITION_CHECKLIST } from "./validation";
import { withPreposition } from "~/lib/wording";

/** The documents an order prints, by the name in its print address (/service-orders/42/print/entrada). */
export const ORDER_DOCUMENTS = {
  entrada: "service-order-entry",
  entrega: "service-order-delivery",
  contatos: "pickup-contact-log",
  garantia: "warranty-term",
  etiqueta: "device-label",
} as const satisfies Record<string, PrintKind>;

export type OrderDocument = keyof typeof ORDER_DOCUMENTS;

export function isOrderDocument(value: string | undefined): value is OrderDocument {
  return value !== undefined && Object.hasOwn(ORDER_DOCUMENTS, value);
}

function subjectOf(orderId: number) {
  return `${SERVICE_ORDER_ENTITY}:${orderId}`;
}

/** An order as its receipts show it (the `os` of their templates): the customer's copy, so name and phone are there; the unlock code never is. */
function orderData(order: ServiceOrderDetail) {
  const url = trackingUrl(getEnv().PUBLIC_URL, order.trackingCode);
  const deliveredAt = order.deliveredAt ? new Date(order.deliveredAt) : null;
  // Only a device that ended repaired (it went through "ready") has a warranty.
  const wasRepaired = order.events.some((event) => event.toStatus === "ready");
  const checklist: Record<string, string> = CONDITION_CHECKLIST;
  return {
    numero: order.id,
    codigo: formatTrackingCode(order.trackingCode),
    // The QR code's address: tagged, so a visit from a printed receipt shows as such on /traffic-analysis.
    url_consulta: `${url}&${RECEIPT_QR_UTM}`,
    endereco_consulta: url.replace(/\?.*$/, ""),
    situacao: STATUS_LABELS[order.status],
    foi_reparado: wasRepaired,
    entrada: new Date(order.createdAt).toISOString(),
    previsao: order.promisedDate,
    entrega: deliveredAt?.toISOString() ?? null,
    retirado_por: order.deliveredTo,
    cliente: { nome: order.customer.name, telefone: order.customer.phone },
    aparelho: { nome: deviceName(order), cor: order.color, imei_serie: order.imeiOrSerial },
    acessorios: order.accessories.trim(),
    estado_entrada: order.conditionChecklist.map((key) => checklist[key] ?? key),
    observacoes_estado: order.conditionNotes,
    defeito_relatado: order.reportedDefect,
    diagnostico: order.diagnosis,
    itens: order.lines.map((line) => ({
      descricao: describedWithOrigin(line.description, line.partOrigin),
      quantidade: line.quantity,
      unitario: line.unitPriceCents,
      total: line.quantity * line.unitPriceCents,
    })),
    subtotal: order.linesTotalCents,
    desconto: order.discountCents,
    desconto_fidelidade: order.loyaltyDiscountCents,
    desconto_fidelidade_rotulo:
      order.loyaltyLevelName && order.loyaltyDiscountBasisPoints
        ? levelDiscountLabel({ name: order.loyaltyLevelName, discountBasisPoints: order.loyaltyDiscountBasisPoints })
        : "",
    total: Math.max(0, orderDueCents(order)),
    sinal: order.payments.filter((payment) => payment.isDeposit).reduce((sum, payment) => sum + payment.amountCents, 0),
    pago: order.paidCents,
    saldo: Math.max(0, order.balanceCents),
    garantia_dias: order.warrantyDays,
    garantia_ate: deliveredAt && wasRepaired ? addDays(shopToday(deliveredAt), order.warrantyDays) : null,
    saldo_em_aberto_na_entrega: order.owedAtDeliveryCents,
  };
}

/**
 * The device label's data (the `os` of its template): everyone at the
 * counter sees a label, so it names the customer by first name only and
 * carries no phone.
 */
function labelData(order: ServiceOrderDetail) {
  return {
    numero: order.id,
    codigo: formatTrackingCode(order.trackingCode),
    url_consulta: trackingUrl(getEnv().PUBLIC_URL, order.trackingCode),
    previsao: order.promisedDate,
    cliente: { primeiro_nome: order.customer.name.trim().split(/\s+/)[0] ?? "" },
    aparelho: { nome: deviceName(order) },
  };
}

/**
 * Stores the delivery receipt, and for a repaired device its warranty term,
 * as issued inside the delivery's transaction: what the person collecting
 * the device signs (the warranty and its end date, the balance left owed) is
 * what every later copy prints.
 */
export async function issueDeliveryDocumentsInTx(tx: Transaction, actor: Actor, orderId: number) {
  const order = await readServiceOrder(tx, orderId);
  if (!order) throw new Error(`OS ${orderId} sumiu durante a entrega`);
  const os = orderData(order);
  const data = { loja: await readShopDataInTx(tx, order), os };
  const subject = subjectOf(orderId);
  await issueDocumentInTx(tx, actor, { kind: ORDER_DOCUMENTS.entrega, subject, data });
  if (!os.foi_reparado) return;
  // The warranty row (found on /warranty-contract, claimed against) and its term are born with the delivery.
  const { warranty, garantia } = await recordDeliveredOrderWarrantyInTx(tx, actor, {
    ...orderWarrantySubject(order),
    deliveredAt: new Date(order.deliveredAt ?? Date.now()),
  });
  const term = await issueDocumentInTx(tx, actor, { kind: ORDER_DOCUMENTS.garantia, subject, data: { ...data, garantia } });
  await attachWarrantyDocumentInTx(tx, warranty.id, term.id);
}

/** What a repair's warranty names and covers, from the order (the delivery's and /warranty-contract/nova's). */
export function orderWarrantySubject(order: ServiceOrderDetail) {
  const termOrder: TermOrder = {
    numero: order.id,
    entrega: order.deliveredAt ? new Date(order.deliveredAt).toISOString() : null,
    retirado_por: order.deliveredTo,
    entregue_a: order.deliveredTo ? withPreposition("a", order.deliveredTo) : null,
    itens: order.lines.map((line) => ({
      descricao: describedWithOrigin(line.description, line.partOrigin),
      quantidade: line.quantity,
    })),
    diagnostico: order.diagnosis,
  };
  return {
    id: order.id,
    customerId: order.customer.id,
    customerName: order.customer.name,
    customerPhone: order.customer.phone,
    itemDescription: deviceName(order),
    imeiOrSerial: order.imeiOrSerial,
    warrantyDays: order.warrantyDays,
    technicianUserId: order.technicianUserId,
    wasRepaired: order.events.some((event) => event.toStatus === "ready"),
    termOrder,
  };
}

export type OrderPrint =
  | { status: "not-found" }
  /** A delivery receipt or warranty term before the delivery would attest something that did not happen. */
  | { status: "not-delivered" }
  /** The device went back unrepaired: there is no warranty to print. */
  | { status: "no-warranty" }
  /** `actAt`: when what the document attests happened (a print long after it is a "2ª via"); null for a label or a log printed as of now. */
  | { status: "ready"; html: string; issuedAt: string | null; actAt: string | null };

/** One of an order's documents, rendered for a paper: staff only, checked here as well as by the route's guard. */
export async function printOrderDocument(
  actor: Actor,
  orderId: number,
  document: OrderDocument,
  paper: Paper,
): Promise<OrderPrint> {
  assertStaffActor(actor);
  const kind = ORDER_DOCUMENTS[document];

  if (document === "contatos") {
    const log = await getPickupContactLog(actor, orderId);
    if (!log) return { status: "not-found" };
    const { order, attempts } = log;
    const data = {
      loja: await currentShopData(order),
      os: {
        numero: order.orderId,
        codigo: formatTrackingCode(order.trackingCode),
        situacao: STATUS_LABELS[order.status],
        aguardando_desde: order.statusChangedAt,
        entrada: order.createdAt,
        entrega: order.deliveredAt,
        aparelho: { nome: deviceName(order) },
        cliente: { nome: order.customerName, telefone: order.customerPhone, email: order.customerEmail },
      },
      tentativas: attempts.map((attempt) => ({
        quando: attempt.attemptedAt,
        meio: PICKUP_CHANNEL_LABELS[attempt.channel],
        observacao: attempt.note,
        registrado_por: attempt.actorLabel,
      })),
      emitido_em: new Date().toISOString(),
    };
    return { status: "ready", html: await renderPrintDocument(kind, paper, data), issuedAt: null, actAt: null };
  }

  if (PRINT_KINDS[kind].isIssued) {
    const issued = await findIssuedDocument(kind, subjectOf(orderId), paper);
    if (issued) return { status: "ready", html: issued.html, issuedAt: issued.issuedAt, actAt: issued.issuedAt };
  }
  const order = await getServiceOrder(orderId);
  if (!order) return { status: "not-found" };
  if (document === "etiqueta") {
    return {
      status: "ready",
      html: await renderPrintDocument(kind, paper, { os: labelData(order) }),
      issuedAt: null,
      actAt: null,
    };
  }
  const os = orderData(order);
  // Orders delivered before these documents were stored as issued print from their current data.
  if (PRINT_KINDS[kind].isIssued && !order.deliveredAt) return { status: "not-delivered" };
  // The shop as it is now: a document stored as issued kept the shop as it was.
  const loja = await currentShopData(order);
  // The entry receipt attests the order's taking in; a delivery document printed from current data, the delivery.
  const actAt = document === "entrada" ? os.entrada : os.entrega;
  if (document === "garantia") {
    // A warranty the migration gave an order delivered before warranties were rows (0022).
    const warranty = await readOrderWarranty(await getDb(), orderId);
    if (!warranty) return { status: "no-warranty" };
    const garantia = warrantyTermData(
      warranty,
      { nome: order.customer.name, telefone: order.customer.phone },
      { os: orderWarrantySubject(order).termOrder },
    );
    return { status: "ready", html: await renderPrintDocument(kind, paper, { loja, os, garantia }), issuedAt: null, actAt };
  }
  return { status: "ready", html: await renderPrintDocument(kind, paper, { loja, os }), issuedAt: null, actAt };
}
