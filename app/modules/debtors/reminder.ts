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
  /** What the message asks for now: everything overdue or due today (with late charges), else what falls due next. */
  amountCents: number;
  /** "overdue" when some of it is late; "due" when it falls due on `dueDate` (today or later). */
  kind: "overdue" | "due";
  dueDate: string;
  shop: { name: string; legalName: string; document: string; address: string };
  /** The PIX "copia e cola" for exactly `amountCents`; null when the shop has no PIX key. */
  pixCopyPaste: string | null;
  /** Of `amountCents`, the late fee and interest of crediário instalments, as of `today`. */
  lateChargesCents: number;
  /** The last day `amountCents` holds: today when late interest runs, the due date when not yet due; null when it does not change. */
  validUntil: string | null;
  today: string;
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
  const validity =
    reminder.validUntil === null
      ? ""
      : reminder.validUntil === reminder.today
        ? `, válido para pagamento até hoje, ${formatDate(reminder.today)}`
        : `, válido para pagamento até ${formatDate(reminder.validUntil)}`;
  const amountLine =
    reminder.kind === "overdue"
      ? `Consta em aberto, vencido desde ${formatDate(reminder.dueDate)}, o valor de ${amount}${validity}.`
      : `Lembramos que o valor de ${amount} vence em ${formatDate(reminder.dueDate)}.`;
  return [
    `Olá${name ? `, ${name}` : ""}! Aqui é da ${shop.name}.`,
    amountLine,
    ...(reminder.lateChargesCents > 0
      ? [
          `O valor já inclui ${formatCents(reminder.lateChargesCents)} de multa e juros de atraso das parcelas do crediário, calculados até hoje; a partir de amanhã os juros mudam o valor.`,
        ]
      : []),
    reminder.pixCopyPaste
      ? `Para pagar por PIX, use o código "copia e cola" abaixo (valor de ${amount}):\n${reminder.pixCopyPaste}`
      : "Para pagar, procure a loja: aceitamos dinheiro e cartão no balcão.",
    "Se já pagou, por favor desconsidere esta mensagem.",
    `${shop.legalName} — ${documentLabel(shop.document)} ${formatDocument(normalizeDocument(shop.document))}`,
    `Endereço: ${shop.address}.`,
  ].join("\n");
}
