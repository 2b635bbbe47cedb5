import { formatCents } from "~/lib/money";
import type { ServiceOrderStatus } from "./status";

export type PickupReminder = {
  customerName: string;
  shopName: string;
  orderNumber: number;
  status: ServiceOrderStatus;
  /** "iPhone 11", "Notebook Dell Inspiron 15": what the customer calls the device. */
  deviceName: string;
  balanceCents: number;
  /** describeWeeklyHours() lines: ["Seg–Sex: 9h–19h", "Sáb: 9h–18h", "Dom: fechado"]. */
  hours: readonly string[];
  address: string;
  trackingUrl: string;
};

function firstName(fullName: string) {
  return fullName.trim().split(/\s+/)[0] ?? "";
}

function readyLine({ status, deviceName, orderNumber }: PickupReminder) {
  const device = deviceName.trim() || "aparelho";
  if (status === "declined")
    return `Seu ${device} (OS nº ${orderNumber}) está disponível para retirada, conforme sua resposta ao orçamento.`;
  if (status === "not_repairable") {
    return `Infelizmente não foi possível consertar seu ${device} (OS nº ${orderNumber}). Ele está disponível para retirada.`;
  }
  return `Seu ${device} (OS nº ${orderNumber}) está pronto e aguardando retirada.`;
}

/** The prefilled WhatsApp text staff send from /pending-pickups: device ready, amount due, hours, where. */
export function pickupReminderMessage(reminder: PickupReminder) {
  const name = firstName(reminder.customerName);
  return [
    `Olá${name ? `, ${name}` : ""}! Aqui é da ${reminder.shopName}.`,
    readyLine(reminder),
    reminder.balanceCents > 0
      ? `Valor a pagar na retirada: ${formatCents(reminder.balanceCents)}.`
      : "Não há valor a pagar na retirada.",
    `Horário de atendimento: ${reminder.hours.join("; ")}.`,
    `Endereço: ${reminder.address}.`,
    `Acompanhe pelo site: ${reminder.trackingUrl}`,
    "Traga o comprovante da ordem de serviço ou um documento com foto. Até breve!",
  ].join("\n");
}
