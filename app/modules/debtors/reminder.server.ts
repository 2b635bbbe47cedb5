import { listCustomerOpenItems } from "~/modules/credit/settlement.server";
import { getDb, type Database, type Transaction } from "~/db/client.server";
import type { ShopSettings } from "~/modules/shop-settings/queries.server";
import { pixChargeFor } from "~/modules/pix/pix-charge.server";
import type { CustomerDebts } from "./queries.server";
import { debtReminderMessage, type DebtReminder } from "./reminder";

export type PreparedReminder = Pick<
  DebtReminder,
  "amountCents" | "kind" | "dueDate" | "pixCopyPaste" | "lateChargesCents" | "validUntil"
> & {
  message: string;
  /** Why the message carries no PIX code (no key of the shop's own yet); null when it does. */
  pixUnavailableMessage: string | null;
  /** Why no reminder may go out yet (the shop's details are still the demo's); null when it may. */
  refusal: string | null;
};

/**
 * A charge names the supplier's real name, address and CNPJ or CPF (CDC art.
 * 42-A); until the owner confirms the shop's details they are the demo's
 * fictional ones.
 */
export const UNCONFIRMED_SHOP_MESSAGE =
  "Confirme os dados da loja em Configurações antes de cobrar: a cobrança precisa trazer o nome, o endereço e o CNPJ ou CPF reais da loja (CDC art. 42-A).";

/**
 * What a reminder asks for: everything overdue or due today, at what paying
 * it today costs (a late crediário instalment with its late fee and interest,
 * as the payment computes them, so paying exactly this settles what was due);
 * when nothing is due yet, what falls due on the next due date. Its PIX code
 * is for that exact amount, named after the customer (txid DEV<id>), and the
 * message says until when it holds: late interest grows by the day.
 */
export async function reminderFor(
  settings: Pick<
    ShopSettings,
    | "name"
    | "legalName"
    | "cnpj"
    | "address"
    | "city"
    | "state"
    | "pixKey"
    | "pixKeyType"
    | "pixDiscountBasisPoints"
    | "detailsConfirmedAt"
  >,
  debt: Pick<CustomerDebts, "customer" | "items" | "today">,
  reader?: Database | Transaction,
): Promise<PreparedReminder> {
  const dueNow = debt.items.filter((item) => item.dueDate <= debt.today);
  const nextDueDate = debt.items.reduce<string | null>(
    (min, item) => (min === null || item.dueDate < min ? item.dueDate : min),
    null,
  );
  const asked = dueNow.length > 0 ? dueNow : debt.items.filter((item) => item.dueDate === nextDueDate);
  const owedCents = asked.reduce((sum, item) => sum + item.amountCents, 0);
  const dueDate = asked.reduce((min, item) => (item.dueDate < min ? item.dueDate : min), asked[0]?.dueDate ?? debt.today);
  const kind = dueDate < debt.today ? "overdue" : "due";
  // What the settlement asks today for the same items (late charges included): the amount that clears them. Only a
  // crediário instalment carries late charges: without one due, that is what is owed, and the settlement is not read.
  const dueTodayCents = dueNow.some((item) => item.source === "instalment")
    ? (await listCustomerOpenItems(reader ?? (await getDb()), debt.customer.id, debt.today))
        .filter((item) => item.dueDate <= debt.today)
        .reduce((sum, item) => sum + item.dueCents, 0)
    : owedCents;
  const lateChargesCents = Math.max(0, dueTodayCents - owedCents);
  const amountCents = owedCents + lateChargesCents;
  // Late interest runs by the day: an amount with it holds today only; one not yet due holds until its due date.
  const validUntil = lateChargesCents > 0 ? debt.today : kind === "due" ? dueDate : null;
  const pix =
    amountCents > 0
      ? await pixChargeFor(settings, { amountCents, txid: `DEV${debt.customer.id}`, description: "Pagamento" })
      : null;
  const pixCopyPaste = pix?.status === "ready" ? pix.charge.copyPaste : null;
  const message = debtReminderMessage({
    customerName: debt.customer.name,
    amountCents,
    kind,
    dueDate,
    shop: {
      name: settings.name,
      legalName: settings.legalName,
      document: settings.cnpj,
      address: `${settings.address}, ${settings.city} – ${settings.state}`,
    },
    pixCopyPaste,
    lateChargesCents,
    validUntil,
    today: debt.today,
  });
  return {
    amountCents,
    kind,
    dueDate,
    pixCopyPaste,
    lateChargesCents,
    validUntil,
    message,
    pixUnavailableMessage: pix?.status === "unavailable" ? pix.message : null,
    refusal: settings.detailsConfirmedAt === null ? UNCONFIRMED_SHOP_MESSAGE : null,
  };
}
