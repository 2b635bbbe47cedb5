import { formatDate } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { documentKind, formatDocument, normalizeDocument } from "~/modules/customers/document";

/**
 * The WhatsApp reminder of a debt, sent to the one customer's own number
 * (CDC art. 42: never a group, never a list others see). Art. 42-A: a
 * charge names the supplier: its name, address and CNPJ (or CPF).
 */
export type DebtReminder = {
  customerName: string;
  /** What the message asks for now: everything overdue or due today, else what falls due next. */
  amountCents: number;
  /** "overdue" when some of it is late; "due" when it falls due on `dueDate` (today or later). */
  kind: "overdue" | "due";
  dueDate: string;
  shop: { name: string; legalName: string; document: string; address: string };
  /** The PIX "copia e cola" for exactly `amountCents`; null when the shop has no PIX key. */
  pixCopyPaste: string | null;
  /** The crediário's late fee and interest are worked out on the day paid, so the message says so. */
  hasCreditInstalments: boolean;
};

function firstName(fullName: string) {
  return fullName.trim().split(/\s+/)[0] ?? "";
}

function documentLabel(document: string) {
  return documentKind(document) === "cpf" ? "CPF" : "CNPJ";
}

export function debtReminderMessage(reminder: DebtReminder) {
  const name = firstName(reminder.customerName);
  const amount = formatCents(reminder.amountCents);
  const { shop } = reminder;
  const amountLine =
    reminder.kind === "overdue"
      ? `Consta em aberto, vencido desde ${formatDate(reminder.dueDate)}, o valor de ${amount}.`
      : `Lembramos que o valor de ${amount} vence em ${formatDate(reminder.dueDate)}.`;
  return [
    `Olá${name ? `, ${name}` : ""}! Aqui é da ${shop.name}.`,
    amountLine,
    ...(reminder.hasCreditInstalments
      ? ["Nas parcelas do crediário em atraso, a multa e os juros de atraso são calculados no dia do pagamento."]
      : []),
    reminder.pixCopyPaste
      ? `Para pagar por PIX, use o código "copia e cola" abaixo (valor de ${amount}):\n${reminder.pixCopyPaste}`
      : "Para pagar, procure a loja: aceitamos dinheiro e cartão no balcão.",
    "Se já pagou, por favor desconsidere esta mensagem.",
    `${shop.legalName} — ${documentLabel(shop.document)} ${formatDocument(normalizeDocument(shop.document))}`,
    `Endereço: ${shop.address}.`,
  ].join("\n");
}
