import { eq } from "drizzle-orm";
import { inTransaction } from "~/db/client.server";
import { customers } from "~/db/schema/customers";
import { formatCep } from "~/lib/cep";
import type { Actor } from "~/modules/accounts/roles";
import type { Paper } from "~/modules/print-templates/papers";
import { renderPrintDocument } from "~/modules/print-templates/render.server";
import { currentShopData } from "~/modules/print-templates/shop-header.server";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import { getCustomerDebts } from "./queries.server";
import { reminderFor } from "./reminder.server";

export type DebtLetterPrint =
  | { status: "not-found" }
  /** A letter asking for nothing would be a charge without a debt (CDC art. 42). */
  | { status: "nothing-owed"; customerName: string }
  | { status: "ready"; customerName: string; html: string };

function firstName(fullName: string) {
  return fullName.trim().split(/\s+/)[0] ?? "";
}

/**
 * The debt reminder letter of one customer (the "debt-reminder-letter"
 * template): every open item with its due date, the totals, and how to pay,
 * with a PIX code for what the WhatsApp reminder asks (reminder.server.ts),
 * so both say the same amount. Staff only (getCustomerDebts checks the
 * role). Informative, printed from today's data, never stored.
 */
export async function printDebtReminderLetter(
  actor: Actor,
  customerId: number,
  paper: Paper,
  today: string,
): Promise<DebtLetterPrint> {
  const debt = await getCustomerDebts(actor, customerId, today);
  if (!debt) return { status: "not-found" };
  if (debt.items.length === 0) return { status: "nothing-owed", customerName: debt.customer.name };
  const [settings, address] = await Promise.all([
    getShopSettings(),
    inTransaction(async (tx) => {
      const [row] = await tx
        .select({
          address: customers.address,
          district: customers.district,
          city: customers.city,
          state: customers.state,
          cep: customers.cep,
          isDemo: customers.isDemo,
        })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row;
    }),
  ]);
  // A demo customer's letter is the demo shop's, marked.
  const loja = await currentShopData({ isDemo: address?.isDemo ?? false });
  const reminder = await reminderFor(settings, debt);
  const data = {
    loja,
    cliente: {
      nome: debt.customer.name,
      primeiro_nome: firstName(debt.customer.name),
      endereco: address?.address ?? "",
      bairro: address?.district ?? "",
      cidade: address?.city ?? "",
      uf: address?.state ?? "",
      cep: address?.cep ? formatCep(address.cep) : "",
    },
    cobranca: {
      data: today,
      itens: debt.items.map((item) => ({
        descricao: item.source === "debt" ? `Fiado: ${item.label}` : item.label,
        vencimento: item.dueDate,
        dias_atraso: item.daysOverdue,
        valor: item.amountCents,
      })),
      vencido: debt.overdueCents,
      a_vencer: debt.upcomingCents,
      total: debt.overdueCents + debt.upcomingCents,
      valor_pix: reminder.amountCents,
      vencimento_pix: reminder.dueDate,
      encargos_pix: reminder.lateChargesCents,
      valido_ate: reminder.validUntil ?? "",
      pix_copia_e_cola: reminder.pixCopyPaste ?? "",
      com_crediario_em_atraso: debt.items.some((item) => item.source === "instalment" && item.dueDate < today),
    },
  };
  return {
    status: "ready",
    customerName: debt.customer.name,
    html: await renderPrintDocument("debt-reminder-letter", paper, data),
  };
}
