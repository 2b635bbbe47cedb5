import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { financeEntries } from "~/db/schema/finance";
import { addMonths, shopToday } from "~/lib/dates";
import { parseInput, readId } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { splitCents } from "~/lib/money";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { FinanceInputError, FinanceNotFoundError, FinanceStateError } from "./errors";
import { activeAccountInTx, activeCategoryInTx } from "./lookups.server";
import { CancelEntrySchema, ENTRY_METHODS, NewEntrySchema, PayEntrySchema, UpdateEntrySchema } from "./validation";

const ENTRY_ENTITY = "finance-entry";
const refuse = (errors: Record<string, string>) => new FinanceInputError("invalid-input", errors);
const ENTRY_METHODS_SET: ReadonlySet<string> = new Set(ENTRY_METHODS);
const FUTURE_PAYMENT_MESSAGE = "A data do pagamento não pode ser depois de hoje.";

export type CreatedEntries = { entryIds: number[]; isReplay: boolean };

/**
 * A payable or receivable typed by staff. "Em N parcelas" writes N entries a
 * month apart sharing a group, the amount split to the cent (the first ones
 * take the extra centavos). Paid at once only when it is one entry: each
 * instalment is paid on its own day.
 */
export async function createEntriesInTx(
  tx: Transaction,
  actor: Actor,
  rawInput: unknown,
  today = shopToday(),
): Promise<CreatedEntries> {
  assertStaffActor(actor);
  const input = parseInput(NewEntrySchema, rawInput, refuse);
  if (input.isPaid) {
    const errors: Record<string, string> = {};
    if (input.instalments > 1) errors.instalments = "Lançamentos em parcelas ficam em aberto: pague cada parcela na sua data.";
    if (input.paidDate === "") errors.paidDate = "Informe a data do pagamento.";
    else if (input.paidDate > today) errors.paidDate = FUTURE_PAYMENT_MESSAGE;
    if (input.accountId === null) errors.accountId = "Escolha a conta de onde saiu ou onde entrou o dinheiro.";
    if (!ENTRY_METHODS_SET.has(input.method)) errors.method = "Escolha a forma de pagamento.";
    if (Object.keys(errors).length > 0) throw refuse(errors);
  }
  const scope = "finance.entry.create";
  const { result, isReplay } = await runOnce(
    tx,
    { key: input.idempotencyKey, scope, actorUserId: actor.userId, content: input },
    async () => {
      await activeCategoryInTx(tx, input.categoryId, input.direction);
      if (input.isPaid) await activeAccountInTx(tx, input.accountId!);
      const amounts = splitCents(input.amount, input.instalments);
      const group = input.instalments > 1 ? randomUUID() : null;
      const rows = await tx
        .insert(financeEntries)
        .values(
          amounts.map((amountCents, index) => ({
            direction: input.direction,
            description: input.instalments > 1 ? `${input.description} (${index + 1}/${input.instalments})` : input.description,
            categoryId: input.categoryId,
            amountCents,
            dueDate: addMonths(input.dueDate, index),
            paidDate: input.isPaid ? input.paidDate : null,
            method: input.isPaid ? input.method : null,
            accountId: input.isPaid ? input.accountId : null,
            counterparty: input.counterparty,
            instalmentGroup: group,
            instalmentNumber: group ? index + 1 : null,
            instalmentCount: group ? input.instalments : null,
            notes: input.notes,
            createdByUserId: actor.userId,
            createdByLabel: actor.label,
          })),
        )
        .returning({ id: financeEntries.id });
      const entryIds = rows.map((row) => row.id);
      await recordAudit(tx, {
        actorUserId: actor.userId,
        actorLabel: actor.label,
        action: "finance.entry.create",
        entity: ENTRY_ENTITY,
        entityId: String(entryIds[0]),
        details: {
          entryIds,
          direction: input.direction,
          amountCents: input.amount,
          instalments: input.instalments,
          isPaid: input.isPaid,
        },
      });
      return { entryIds };
    },
  );
  return { ...result, isReplay };
}

export function createEntries(actor: Actor, input: unknown) {
  return inTransaction((tx) => createEntriesInTx(tx, actor, input));
}

/** The entry locked for a change; automatic ones are changed at their origin only. */
async function lockEntryInTx(tx: Transaction, rawEntryId: unknown) {
  const entryId = typeof rawEntryId === "number" || typeof rawEntryId === "string" ? readId(rawEntryId) : null;
  if (entryId === null) throw new FinanceNotFoundError("lançamento não encontrado");
  const [entry] = await tx.select().from(financeEntries).where(eq(financeEntries.id, entryId)).for("update");
  if (!entry) throw new FinanceNotFoundError("lançamento não encontrado");
  return entry;
}

function assertTypedEntry(entry: { originKind: string | null; cancelledAt: Date | null }) {
  if (entry.cancelledAt) throw new FinanceStateError("entry-cancelled", "Este lançamento foi cancelado: ele não muda mais.");
  if (entry.originKind) {
    throw new FinanceStateError(
      "entry-automatic",
      "Este lançamento veio de outro módulo (venda, caixa, estoque, crediário): corrija ou cancele na origem.",
    );
  }
}

/** Fixes a typed entry (description, category, amount, due date…); the direction stays. */
export async function updateEntryInTx(tx: Transaction, actor: Actor, rawEntryId: unknown, rawInput: unknown) {
  assertStaffActor(actor);
  const input = parseInput(UpdateEntrySchema, rawInput, refuse);
  const entry = await lockEntryInTx(tx, rawEntryId);
  assertTypedEntry(entry);
  await activeCategoryInTx(tx, input.categoryId, entry.direction);
  await tx
    .update(financeEntries)
    .set({
      description: input.description,
      categoryId: input.categoryId,
      amountCents: input.amount,
      dueDate: input.dueDate,
      counterparty: input.counterparty,
      notes: input.notes,
    })
    .where(eq(financeEntries.id, entry.id));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "finance.entry.update",
    entity: ENTRY_ENTITY,
    entityId: String(entry.id),
    details: {
      before: {
        description: entry.description,
        categoryId: entry.categoryId,
        amountCents: entry.amountCents,
        dueDate: entry.dueDate,
      },
      after: { description: input.description, categoryId: input.categoryId, amountCents: input.amount, dueDate: input.dueDate },
    },
  });
  return { entryId: entry.id };
}

export function updateEntry(actor: Actor, entryId: unknown, input: unknown) {
  return inTransaction((tx) => updateEntryInTx(tx, actor, entryId, input));
}

/** Marks an open entry paid: the day, the account the money left or entered, and how. */
export async function payEntryInTx(tx: Transaction, actor: Actor, rawEntryId: unknown, rawInput: unknown, today = shopToday()) {
  assertStaffActor(actor);
  const input = parseInput(PayEntrySchema, rawInput, refuse);
  if (input.paidDate > today) throw refuse({ paidDate: FUTURE_PAYMENT_MESSAGE });
  const entryId = typeof rawEntryId === "number" || typeof rawEntryId === "string" ? readId(rawEntryId) : null;
  if (entryId === null) throw new FinanceNotFoundError("lançamento não encontrado");
  const scope = `finance.entry.pay:${entryId}`;
  const { result, isReplay } = await runOnce(
    tx,
    { key: input.idempotencyKey, scope, actorUserId: actor.userId, content: input },
    async () => {
      const entry = await lockEntryInTx(tx, entryId);
      assertTypedEntry(entry);
      if (entry.paidDate) throw new FinanceStateError("entry-paid", "Este lançamento já está pago.");
      await activeAccountInTx(tx, input.accountId);
      await tx
        .update(financeEntries)
        .set({ paidDate: input.paidDate, accountId: input.accountId, method: input.method })
        .where(eq(financeEntries.id, entry.id));
      await recordAudit(tx, {
        actorUserId: actor.userId,
        actorLabel: actor.label,
        action: "finance.entry.pay",
        entity: ENTRY_ENTITY,
        entityId: String(entry.id),
        details: { amountCents: entry.amountCents, paidDate: input.paidDate, accountId: input.accountId, method: input.method },
      });
      return { entryId: entry.id };
    },
  );
  return { ...result, isReplay };
}

export function payEntry(actor: Actor, entryId: unknown, input: unknown) {
  return inTransaction((tx) => payEntryInTx(tx, actor, entryId, input));
}

/** Cancels a typed entry, with a reason: it stays, marked, and every total skips it. */
export async function cancelEntryInTx(tx: Transaction, actor: Actor, rawEntryId: unknown, rawInput: unknown) {
  assertStaffActor(actor);
  const input = parseInput(CancelEntrySchema, rawInput, refuse);
  const entry = await lockEntryInTx(tx, rawEntryId);
  // A second click of the same cancel finds it done.
  if (entry.cancelledAt) return { entryId: entry.id, wasCancelled: true };
  assertTypedEntry(entry);
  await tx
    .update(financeEntries)
    .set({ cancelledAt: new Date(), cancelledByLabel: actor.label, cancelReason: input.reason })
    .where(eq(financeEntries.id, entry.id));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "finance.entry.cancel",
    entity: ENTRY_ENTITY,
    entityId: String(entry.id),
    details: { amountCents: entry.amountCents, wasPaid: entry.paidDate !== null, reason: input.reason },
  });
  return { entryId: entry.id, wasCancelled: false };
}

export function cancelEntry(actor: Actor, entryId: unknown, input: unknown) {
  return inTransaction((tx) => cancelEntryInTx(tx, actor, entryId, input));
}
