import type { ReactNode } from "react";
import { cx } from "~/lib/class-names";
import { formatDate, formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { formatPhone } from "~/lib/phone";
import { formatTrackingCode } from "../tracking-code";
import { PrintShopHeader, PrintSignature, type Paper, type PrintShop } from "./print-page";
import { orderDueCents } from "../order-money";

export type ReceiptDocument = "entrada" | "entrega";

/** What a receipt shows of an order: the customer's copy, so name and phone are there; the unlock code never is. */
export type PrintableOrder = {
  orderNumber: number;
  trackingCode: string;
  statusLabel: string;
  /** The device ended repaired (it went through "ready"): only then a warranty applies. */
  wasRepaired: boolean;
  createdAt: string;
  customer: { name: string; phone: string };
  /** "Celular · Apple iPhone 11" (deviceName). */
  device: { name: string; imeiOrSerial: string; color: string };
  accessories: string;
  /** Labels of the checklist items ticked at entry. */
  checklist: string[];
  conditionNotes: string;
  reportedDefect: string;
  diagnosis: string;
  lines: { description: string; quantity: number; unitPriceCents: number }[];
  linesTotalCents: number;
  discountCents: number;
  depositCents: number;
  paidCents: number;
  balanceCents: number;
  promisedDate: string | null;
  warrantyDays: number;
  warrantyEndsOn: string | null;
  deliveredAt: string | null;
  deliveredTo: string | null;
  owedAtDeliveryCents: number;
};

export const RECEIPT_TITLES: Record<ReceiptDocument, string> = {
  entrada: "Comprovante de entrada",
  entrega: "Comprovante de entrega",
};

function Section({ title, paper, children }: { title: string; paper: Paper; children: ReactNode }) {
  return (
    <section className={cx("break-inside-avoid", paper === "a4" ? "mt-3" : "mt-2 border-t border-dashed border-slate-900 pt-1")}>
      <h2 className={cx("font-bold uppercase", paper === "a4" ? "mb-1 text-[12px] tracking-wide text-slate-700" : "text-[11px]")}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p>
      <span className="font-semibold">{label}:</span> {children}
    </p>
  );
}

function QuoteLines({ order, paper }: { order: PrintableOrder; paper: Paper }) {
  if (order.lines.length === 0) return <p>Orçamento a definir após o diagnóstico.</p>;
  const totalCents = Math.max(0, orderDueCents(order));
  return (
    <table className="w-full border-collapse text-left">
      <thead>
        <tr className="border-b border-slate-900">
          <th scope="col" className="py-0.5 pr-2 font-semibold">
            Descrição
          </th>
          <th scope="col" className="px-1 py-0.5 text-right font-semibold">
            Qtd.
          </th>
          {paper === "a4" ? (
            <th scope="col" className="px-1 py-0.5 text-right font-semibold">
              Unitário
            </th>
          ) : null}
          <th scope="col" className="py-0.5 pl-1 text-right font-semibold">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line, index) => (
          <tr key={index} className="border-b border-slate-200 align-top">
            <td className="py-0.5 pr-2">{line.description}</td>
            <td className="px-1 py-0.5 text-right">{line.quantity}</td>
            {paper === "a4" ? (
              <td className="px-1 py-0.5 text-right whitespace-nowrap">{formatCents(line.unitPriceCents)}</td>
            ) : null}
            <td className="py-0.5 pl-1 text-right whitespace-nowrap">{formatCents(line.quantity * line.unitPriceCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {[
          ["Subtotal", order.linesTotalCents, order.discountCents > 0],
          ["Desconto", -order.discountCents, order.discountCents > 0],
          ["Total", totalCents, true],
          ["Sinal", order.depositCents, order.depositCents > 0],
          ["Pago", order.paidCents, true],
          ["Saldo a pagar", order.balanceCents, true],
        ]
          .filter(([, , isShown]) => isShown)
          .map(([label, cents]) => (
            <tr key={String(label)}>
              <th scope="row" colSpan={paper === "a4" ? 3 : 2} className="py-0.5 pr-1 text-right font-semibold">
                {label}
              </th>
              <td className="py-0.5 pl-1 text-right whitespace-nowrap">
                {Number(cents) < 0 ? `− ${formatCents(-Number(cents))}` : formatCents(Number(cents))}
              </td>
            </tr>
          ))}
      </tfoot>
    </table>
  );
}

function EntryTerms({ order, trackingUrl }: { order: PrintableOrder; trackingUrl: string }) {
  return (
    <ol className="list-decimal space-y-0.5 pl-4">
      <li>
        Guarde este comprovante: ele é pedido na retirada. Sem ele, o aparelho é entregue ao titular, com documento com foto.
      </li>
      <li>
        Nenhum reparo é feito sem a aprovação do orçamento pelo cliente, na loja, por telefone, por WhatsApp ou pela consulta
        online.
      </li>
      <li>
        Acompanhe o andamento em {trackingUrl.replace(/\?.*$/, "")} com o código {formatTrackingCode(order.trackingCode)}, ou pelo
        QR code deste comprovante.
      </li>
      <li>
        Os acessórios não listados acima não ficaram na loja. Recomendamos retirar o chip e o cartão de memória e fazer cópia dos
        dados.
      </li>
      <li>O prazo prometido é uma previsão e pode mudar se for preciso encomendar peças; avisaremos pelo telefone informado.</li>
      <li>
        O serviço executado tem garantia de {order.warrantyDays} dias a partir da entrega (Código de Defesa do Consumidor, art.
        26, II).
      </li>
      <li>
        Concluído o serviço, recusado o orçamento ou constatada a falta de reparo, o cliente é avisado para retirar o aparelho.
        Aparelhos não retirados em até 90 dias após o aviso continuam guardados, e a loja registra cada tentativa de contato; as
        providências seguintes serão as previstas em lei.
      </li>
    </ol>
  );
}

function DeliveryTerms({ order }: { order: PrintableOrder }) {
  return (
    <ol className="list-decimal space-y-0.5 pl-4">
      <li>
        {order.wasRepaired
          ? "O cliente declara ter recebido o aparelho descrito acima, testado na sua presença, com os acessórios listados."
          : "O cliente declara ter recebido o aparelho descrito acima, sem reparo, no estado em que foi deixado, com os acessórios listados."}
      </li>
      {order.wasRepaired && order.warrantyEndsOn ? (
        <li>
          Garantia de {order.warrantyDays} dias para o serviço executado e as peças substituídas, até{" "}
          {formatDate(order.warrantyEndsOn)} (Código de Defesa do Consumidor, art. 26, II). A garantia não cobre quedas, contato
          com líquido, mau uso, nem aparelho aberto ou consertado por terceiros depois desta entrega. Para usá-la, traga este
          comprovante.
        </li>
      ) : null}
      {order.owedAtDeliveryCents > 0 ? (
        <li>
          O saldo de {formatCents(order.owedAtDeliveryCents)} ficou em aberto na entrega e foi registrado como débito do cliente.
        </li>
      ) : null}
    </ol>
  );
}

/** Entry and delivery receipts (A4 or an 80 mm roll), with the tracking QR and the signature lines. */
export function PrintReceipt({
  document,
  paper,
  shop,
  order,
  qrImage,
  trackingUrl,
}: {
  document: ReceiptDocument;
  paper: Paper;
  shop: PrintShop;
  order: PrintableOrder;
  /** The tracking QR as an SVG data URL, drawn on the server (the page prints without waiting for scripts). */
  qrImage: string;
  trackingUrl: string;
}) {
  const isA4 = paper === "a4";
  return (
    <article>
      <PrintShopHeader shop={shop} paper={paper} />

      <div className={cx("mt-2 flex gap-3", isA4 ? "items-start justify-between" : "flex-col items-center text-center")}>
        <div>
          <h1 className={cx("font-bold", isA4 ? "text-lg" : "text-[13px]")}>
            {RECEIPT_TITLES[document]} · OS nº {order.orderNumber}
          </h1>
          <p>
            Código de acompanhamento:{" "}
            <strong className="font-mono tracking-wider">{formatTrackingCode(order.trackingCode)}</strong>
          </p>
          <p>Entrada: {formatDateTime(order.createdAt)}</p>
          {document === "entrega" && order.deliveredAt ? <p>Entrega: {formatDateTime(order.deliveredAt)}</p> : null}
          {document === "entrada" && order.promisedDate ? <p>Previsão: {formatDate(order.promisedDate)}</p> : null}
        </div>
        <figure className="flex flex-col items-center">
          <img
            src={qrImage}
            alt={`QR code para consultar a OS nº ${order.orderNumber}`}
            className={isA4 ? "size-28" : "size-32"}
          />
          <figcaption className="text-[10px]">Consulte pelo QR code</figcaption>
        </figure>
      </div>

      <Section title="Cliente" paper={paper}>
        <Row label="Nome">{order.customer.name}</Row>
        {order.customer.phone ? <Row label="Telefone">{formatPhone(order.customer.phone)}</Row> : null}
      </Section>

      <Section title="Aparelho" paper={paper}>
        <Row label="Aparelho">{order.device.name}</Row>
        {order.device.color ? <Row label="Cor">{order.device.color}</Row> : null}
        {order.device.imeiOrSerial ? <Row label="IMEI/série">{order.device.imeiOrSerial}</Row> : null}
        <Row label="Acessórios deixados">{order.accessories.trim() || "Nenhum"}</Row>
        <Row label="Estado na entrada">{order.checklist.length > 0 ? order.checklist.join(", ") : "Sem itens marcados"}</Row>
        {order.conditionNotes ? <Row label="Observações do estado">{order.conditionNotes}</Row> : null}
        <Row label="Defeito relatado">{order.reportedDefect}</Row>
        {document === "entrega" && order.diagnosis ? <Row label="Diagnóstico">{order.diagnosis}</Row> : null}
      </Section>

      <Section title="Orçamento e pagamentos" paper={paper}>
        <QuoteLines order={order} paper={paper} />
      </Section>

      <Section title={document === "entrada" ? "Condições" : "Entrega e garantia"} paper={paper}>
        {document === "entrega" ? (
          <>
            <Row label="Situação">{order.statusLabel}</Row>
            {order.deliveredTo ? <Row label="Retirado por">{order.deliveredTo}</Row> : null}
            {order.wasRepaired ? (
              <Row label="Garantia">
                {order.warrantyDays} dias{order.warrantyEndsOn ? `, até ${formatDate(order.warrantyEndsOn)}` : ""}
              </Row>
            ) : null}
            <div className="mt-1">
              <DeliveryTerms order={order} />
            </div>
          </>
        ) : (
          <EntryTerms order={order} trackingUrl={trackingUrl} />
        )}
      </Section>

      <div className={cx(isA4 ? "mt-4 grid grid-cols-2 gap-10" : "mt-2")}>
        <PrintSignature
          label={document === "entrega" ? "Assinatura de quem retirou" : "Assinatura do cliente"}
          detail={document === "entrega" ? (order.deliveredTo ?? undefined) : order.customer.name}
        />
        <PrintSignature label="Assinatura da loja" detail={shop.name} />
      </div>
    </article>
  );
}
