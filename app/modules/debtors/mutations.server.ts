import { eq } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { debtContacts, debts } from "~/db/schema/credit";
import { customers } from "~/db/schema/customers";
import { addDays, isInTheFuture, shopToday } from "~/lib/dates";
import { parseInput } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { formatCents } from "~/lib/money";
import { whatsappLink } from "~/lib/whatsapp";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { readShopSettingsInTx } from "~/modules/shop-settings/queries.server";
import { DebtorNotFoundError, DebtorsInputError } from "./errors";
import { getCustomerDebtsInTx } from "./queries.server";
import { reminderFor } from "./reminder.server";
import { DEBT_LIMITS, DebtContactSchema, IouSchema } from "./validation";

const DEBT_ENTITY = "debt";
const CUSTOMER_ENTITY = "customer";

function refuse(fieldErrors: Record<string, string>) {
  return new DebtorsInputError(fieldErrors);
}

async function assertCustomerExists(tx: Transaction, customerId: number) {
  const [customer] = await tx
    .select({ id: customers.id, name: customers.name, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for("share");
  if (!customer) throw new DebtorNotFoundError(customerId);
  return customer;
}

/**
 * A manual IOU ("fiado") for a customer: description, amount, the day it was
 * made and its due date, and the line of the month result its payment will
 * reach. A repeated submission (same idempotency key) records it once.
 */
export async function createDebtInTx(
  tx: Transaction,
  actor: Actor,
  customerId: number,
  rawInput: unknown,
  today = shopToday(),
): Promise<{ debtId: number; isReplay: boolean }> {
  assertStaffActor(actor);
  const input = parseInput(IouSchema, rawInput, refuse);
  if (input.incurredOn > today) throw refuse({ incurredOn: "A data da dívida não pode estar no futuro." });
  if (input.incurredOn < addDays(today, -DEBT_LIMITS.pastDays)) {
    throw refuse({ incurredOn: "Data antiga demais: confira o ano." });
  }
  if (input.dueDate > addDays(today, DEBT_LIMITS.futureDays))
    throw refuse({ dueDate: "Vencimento distante demais: confira o ano." });
  const { result, isReplay } = await runOnce(
    tx,
    { key: input.idempotencyKey, scope: `debt.iou:${customerId}`, actorUserId: actor.userId, content: input },
    async () => {
      await assertCustomerExists(tx, customerId);
      const [created] = await tx
        .insert(debts)
        .values({
          customerId,
          kind: "iou",
          description: input.description,
          revenueSource: input.revenueSource,
          amountCents: input.amount,
          incurredOn: input.incurredOn,
          dueDate: input.dueDate,
          createdByUserId: actor.userId,
          createdByLabel: actor.label,
        })
        .returning({ id: debts.id });
      await recordAudit(tx, {
        actorUserId: actor.userId,
        actorLabel: actor.label,
        action: "debt.iou.create",
        entity: DEBT_ENTITY,
        entityId: String(created!.id),
        details: {
          customerId,
          amountCents: input.amount,
          incurredOn: input.incurredOn,
          dueDate: input.dueDate,
          revenueSource: input.revenueSource,
        },
      });
      return { debtId: created!.id };
    },
  );
  return { ...result, isReplay };
}

export function createDebt(actor: Actor, customerId: number, input: unknown, today = shopToday()) {
  return inTransaction((tx) => createDebtInTx(tx, actor, customerId, input, today));
}

/** Logs one contact with the customer about what they owe (date, channel, note), with its audit entry. */
export async function recordDebtContactInTx(
  tx: Transaction,
  actor: Actor,
  customerId: number,
  rawInput: unknown,
  now = new Date(),
): Promise<{ contactId: number }> {
  assertStaffActor(actor);
  const input = parseInput(DebtContactSchema, rawInput, refuse);
  if (isInTheFuture(input.contactedAt, now)) {
    throw refuse({ contactedAt: "A data do contato não pode estar no futuro." });
  }
  await assertCustomerExists(tx, customerId);
  const [created] = await tx
    .insert(debtContacts)
    .values({
      customerId,
      contactedAt: input.contactedAt,
      channel: input.channel,
      note: input.note,
      actorUserId: actor.userId,
      actorLabel: actor.label,
    })
    .returning({ id: debtContacts.id });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "debt.contact.create",
    entity: CUSTOMER_ENTITY,
    entityId: String(customerId),
    details: { contactId: created!.id, channel: input.channel, contactedAt: input.contactedAt.toISOString() },
  });
  return { contactId: created!.id };
}

export function recordDebtContact(actor: Actor, customerId: number, input: unknown, now = new Date()) {
  return inTransaction((tx) => recordDebtContactInTx(tx, actor, customerId, input, now));
}

/**
 * "Lembrar pelo WhatsApp": builds the reminder from what the customer owes
 * right now (amount, the shop's name, address and CNPJ, PIX code) and logs
 * it as a WhatsApp contact with that amount, in one transaction. The link
 * goes to the customer's own number only (CDC art. 42).
 */
export async function sendDebtReminderInTx(
  tx: Transaction,
  actor: Actor,
  customerId: number,
  { today = shopToday(), now = new Date() }: { today?: string; now?: Date } = {},
): Promise<{ whatsappUrl: string; message: string; amountCents: number; contactId: number }> {
  assertStaffActor(actor);
  const customer = await assertCustomerExists(tx, customerId);
  if (!customer.phone) throw refuse({ form: "Este cliente não tem WhatsApp cadastrado: registre o contato por outro meio." });
  const debt = await getCustomerDebtsInTx(tx, customerId, today);
  if (!debt || debt.items.length === 0)
    throw new DebtorsInputError({ form: "Este cliente não deve nada à loja." }, "nothing-owed", 409);
  const settings = await readShopSettingsInTx(tx);
  const reminder = await reminderFor(settings, debt, tx);
  if (reminder.refusal) throw new DebtorsInputError({ form: reminder.refusal }, "shop-unconfirmed", 409);
  const [created] = await tx
    .insert(debtContacts)
    .values({
      customerId,
      contactedAt: now,
      channel: "whatsapp",
      note: `Lembrete pelo WhatsApp: ${formatCents(reminder.amountCents)}.`,
      owedCents: reminder.amountCents,
      actorUserId: actor.userId,
      actorLabel: actor.label,
    })
    .returning({ id: debtContacts.id });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "debt.reminder.send",
    entity: CUSTOMER_ENTITY,
    entityId: String(customerId),
    details: { contactId: created!.id, owedCents: reminder.amountCents, hasPix: reminder.pixCopyPaste !== null },
  });
  return {
    whatsappUrl: whatsappLink(customer.phone, reminder.message),
    message: reminder.message,
    amountCents: reminder.amountCents,
    contactId: created!.id,
  };
}

export function sendDebtReminder(actor: Actor, customerId: number, options: { today?: string; now?: Date } = {}) {
  return inTransaction((tx) => sendDebtReminderInTx(tx, actor, customerId, options));
}
