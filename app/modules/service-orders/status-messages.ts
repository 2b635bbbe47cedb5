import { formatCents } from "~/lib/money";
import { formatDate } from "~/lib/dates";
import type { ServiceOrderStatus } from "./status";

export type StatusMessageInput = {
  status: ServiceOrderStatus;
  orderNumber: number;
  /** "iPhone 11", "Notebook Dell Inspiron": what the customer calls the device. */
  device: string;
  customerName: string;
  shopName: string;
  /** What the customer pays: lines − discount. */
  totalCents: number;
  balanceCents: number;
  promisedDate: string | null;
  trackingUrl: string;
};

function firstName(fullName: string) {
  return fullName.trim().split(/\s+/)[0] ?? "";
}

/** The sentences that say what happened to the order, per status. */
function statusLines({ status, device, orderNumber, totalCents, balanceCents, promisedDate }: StatusMessageInput): string[] {
  const it = `${device.trim() || "aparelho"} (OS nº ${orderNumber})`;
  switch (status) {
    case "received":
      return [
        `Recebemos seu ${it}. Ele já está na fila para avaliação.`,
        ...(promisedDate ? [`Previsão de entrega: ${formatDate(promisedDate)}.`] : []),
      ];
    case "diagnosing":
      return [`Nosso técnico está avaliando seu ${it}. Assim que o orçamento estiver pronto, avisamos você.`];
    case "awaiting_approval":
      return [
        `O orçamento do seu ${it} está pronto: total de ${formatCents(totalCents)}.`,
        "Veja os detalhes e aprove ou recuse pelo link abaixo, ou responda esta mensagem.",
      ];
    case "approved":
      return [`Recebemos a aprovação do orçamento. O reparo do seu ${it} será iniciado.`];
    case "declined":
      return [`Registramos que o orçamento foi recusado. Seu ${it} está disponível para retirada.`];
    case "awaiting_part":
      return [`Estamos aguardando a chegada de uma peça para o reparo do seu ${it}. Avisamos assim que chegar.`];
    case "repairing":
      return [`Seu ${it} está em reparo.`];
    case "ready":
      return [
        `Boa notícia: seu ${it} está pronto! Já pode vir retirar.`,
        balanceCents > 0 ? `Valor a pagar na retirada: ${formatCents(balanceCents)}.` : "Não há valor a pagar na retirada.",
      ];
    case "delivered":
      return [`Obrigado pela confiança! Registramos a entrega do seu ${it}.`];
    case "cancelled":
      return [`O serviço do seu ${it} foi cancelado. Se tiver dúvidas, é só responder esta mensagem.`];
    case "not_repairable":
      return [`Infelizmente não foi possível consertar seu ${it}. Ele está disponível para retirada.`];
  }
}

/**
 * The prefilled WhatsApp text staff send from the order's page; editable
 * there before it opens. The awaiting-approval text carries the quote total
 * and the /consultar link where the customer approves online.
 */
export function statusMessage(input: StatusMessageInput) {
  const name = firstName(input.customerName);
  return [
    `Olá${name ? `, ${name}` : ""}! Aqui é da ${input.shopName}.`,
    ...statusLines(input),
    `Acompanhe pelo site: ${input.trackingUrl}`,
  ].join("\n");
}
