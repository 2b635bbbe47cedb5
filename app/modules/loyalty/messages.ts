import { formatDate } from "~/lib/dates";

/** The WhatsApp text offered for a customer whose points expire soon (only to customers who consented to marketing). */
export function expiringPointsMessage({ name, points, firstExpiry }: { name: string; points: number; firstExpiry: string }) {
  const firstName = name.trim().split(/\s+/)[0] ?? "";
  return `Olá${firstName ? `, ${firstName}` : ""}! Você tem ${new Intl.NumberFormat("pt-BR").format(points)} pontos de fidelidade que começam a vencer em ${formatDate(firstExpiry)}. Venha fazer um serviço ou compra e mantenha seu nível!`;
}
