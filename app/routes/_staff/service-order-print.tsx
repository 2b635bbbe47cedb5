import QRCode from "qrcode";
import { data } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { addDays, shopToday } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { PrintContactLog } from "~/modules/service-orders/components/print-contact-log";
import { PAPERS, PrintPage, type Paper } from "~/modules/service-orders/components/print-page";
import { PrintReceipt, RECEIPT_TITLES, type PrintableOrder } from "~/modules/service-orders/components/print-receipt";
import { deviceName } from "~/modules/service-orders/device-name";
import { parseOrderNumber } from "~/modules/service-orders/order-number";
import { getPickupContactLog, PICKUP_CHANNEL_LABELS } from "~/modules/service-orders/pickups.server";
import { getServiceOrder } from "~/modules/service-orders/queries.server";
import { STATUS_LABELS, isServiceOrderStatus } from "~/modules/service-orders/status";
import { trackingUrl } from "~/modules/service-orders/tracking-code";
import { CONDITION_CHECKLIST } from "~/modules/service-orders/validation";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { PageHandle } from "../_account/layout";
import type { Route } from "./+types/service-order-print";

/** Shown bare by the signed-in layout: no staff shell on paper. */
export const handle: PageHandle = { isPrintPage: true };

const DOCUMENTS = ["entrada", "entrega", "contatos"] as const;
type PrintDocument = (typeof DOCUMENTS)[number];

const TITLES: Record<PrintDocument, string> = { ...RECEIPT_TITLES, contatos: "Registro de contatos" };

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${TITLES[loaderData.document]} · OS nº ${loaderData.orderNumber} — Balcão` : "Impressão — Balcão";
  return [{ title }, { name: "robots", content: "noindex" }];
}

function notFound(): never {
  throw data({ reason: "not-found" }, { status: 404 });
}

function paperLinks(orderNumber: number, document: PrintDocument) {
  const base = `/service-orders/${orderNumber}/print/${document}`;
  return { a4: `${base}?papel=a4`, "80mm": `${base}?papel=80mm` } satisfies Record<Paper, string>;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const orderNumber = parseOrderNumber(params.id);
  const document = DOCUMENTS.find((candidate) => candidate === params.document);
  if (!orderNumber || !document) notFound();
  const requestedPaper = new URL(request.url).searchParams.get("papel");
  const paper: Paper = PAPERS.find((candidate) => candidate === requestedPaper) ?? "a4";
  const settings = await getShopSettings();
  const shop = {
    name: settings.name,
    legalName: settings.legalName,
    cnpj: settings.cnpj,
    address: settings.address,
    cep: settings.cep,
    city: settings.city,
    state: settings.state,
    whatsapp: settings.whatsapp,
    email: settings.email,
  };
  const links = paperLinks(orderNumber, document);

  if (document === "contatos") {
    const log = await getPickupContactLog(actor, orderNumber);
    if (!log) notFound();
    const { order, attempts } = log;
    return {
      document,
      orderNumber,
      paper,
      shop,
      links,
      isNotDelivered: false,
      contactLog: {
        orderNumber: order.orderId,
        trackingCode: order.trackingCode,
        statusLabel: STATUS_LABELS[order.status],
        waitingSince: order.statusChangedAt,
        createdAt: order.createdAt,
        deliveredAt: order.deliveredAt,
        device: deviceName(order),
        customer: { name: order.customerName, phone: order.customerPhone, email: order.customerEmail },
        attempts: attempts.map((attempt) => ({ ...attempt, channelLabel: PICKUP_CHANNEL_LABELS[attempt.channel] })),
        printedAt: new Date().toISOString(),
      },
      receipt: null,
    };
  }

  const order = await getServiceOrder(orderNumber);
  if (!order || !isServiceOrderStatus(order.status)) notFound();
  const url = trackingUrl(getEnv().PUBLIC_URL, order.trackingCode);
  const svg = await QRCode.toString(url, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
    color: { dark: "#000000", light: "#ffffff" },
  });
  const deliveredAt = order.deliveredAt ? new Date(order.deliveredAt) : null;
  const wasRepaired = order.events.some((event) => event.toStatus === "ready");
  const depositCents = order.payments
    .filter((payment) => payment.isDeposit)
    .reduce((sum, payment) => sum + payment.amountCents, 0);
  const receipt: PrintableOrder = {
    orderNumber: order.id,
    trackingCode: order.trackingCode,
    statusLabel: STATUS_LABELS[order.status],
    wasRepaired,
    createdAt: new Date(order.createdAt).toISOString(),
    customer: { name: order.customer.name, phone: order.customer.phone },
    device: { name: deviceName(order), imeiOrSerial: order.imeiOrSerial, color: order.color },
    accessories: order.accessories,
    checklist: order.conditionChecklist.map((key) => (CONDITION_CHECKLIST as Record<string, string>)[key] ?? key),
    conditionNotes: order.conditionNotes,
    reportedDefect: order.reportedDefect,
    diagnosis: order.diagnosis,
    lines: order.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
    linesTotalCents: order.linesTotalCents,
    discountCents: order.discountCents,
    depositCents,
    paidCents: order.paidCents,
    balanceCents: Math.max(0, order.linesTotalCents - order.discountCents - order.paidCents),
    promisedDate: order.promisedDate,
    warrantyDays: order.warrantyDays,
    warrantyEndsOn: deliveredAt && wasRepaired ? addDays(shopToday(deliveredAt), order.warrantyDays) : null,
    deliveredAt: deliveredAt?.toISOString() ?? null,
    deliveredTo: order.deliveredTo,
    owedAtDeliveryCents: order.owedAtDeliveryCents,
  };
  const result = {
    document,
    orderNumber,
    paper,
    shop,
    links,
    receipt: { order: receipt, qrImage: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`, trackingUrl: url },
    contactLog: null,
  };
  // A delivery receipt before the delivery would attest something that did not happen.
  if (document === "entrega" && !deliveredAt) return data({ ...result, isNotDelivered: true }, { status: 409 });
  return { ...result, isNotDelivered: false };
}

export default function ServiceOrderPrint({ loaderData }: Route.ComponentProps) {
  const { document, orderNumber, paper, shop, links, receipt, contactLog, isNotDelivered } = loaderData;
  if (isNotDelivered) {
    return (
      <main id="conteudo" className="mx-auto max-w-xl space-y-4 px-6 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">OS nº {orderNumber} ainda não foi entregue</h1>
        <p className="text-slate-700">
          O comprovante de entrega fica disponível depois que a entrega é registrada na ordem de serviço.
        </p>
        <p className="flex flex-wrap justify-center gap-3">
          <a href={`/service-orders/${orderNumber}/edit`} className={buttonClass()}>
            Abrir a OS
          </a>
          <a href={`/service-orders/${orderNumber}/print/entrada`} className={buttonClass({ variant: "outline" })}>
            Comprovante de entrada
          </a>
        </p>
      </main>
    );
  }
  return (
    <PrintPage paper={paper} title={TITLES[document]} paperLinks={links}>
      {contactLog ? <PrintContactLog log={contactLog} shop={shop} paper={paper} /> : null}
      {receipt && !contactLog ? (
        <PrintReceipt
          document={document}
          paper={paper}
          shop={shop}
          order={receipt.order}
          qrImage={receipt.qrImage}
          trackingUrl={receipt.trackingUrl}
        />
      ) : null}
    </PrintPage>
  );
}
