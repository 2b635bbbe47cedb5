import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
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
import { STOCK_MOVEMENT_ORIGIN } from "./stock-purchases.server";
import { supplierOfIdInTx } from "./suppliers.server";
import {
  CancelEntrySchema,
  ENTRY_METHODS,
  NewEntrySchema,
  PayEntrySchema,
  RedateEntrySchema,
  SplitEntrySchema,
  UpdateEntrySchema,
} from "./validation";

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
      const supplier = input.supplierId === null ? null : await supplierOfIdInTx(tx, input.supplierId);
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
            counterparty: input.counterparty || (supplier?.name ?? ""),
            supplierId: supplier?.id ?? null,
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
      "Este lançamento veio de outro módulo (venda, caixa, crediário): corrija ou cancele na origem.",
    );
  }
}

/**
 * Origins whose entries are bills like any other once posted: a stock
 * purchase owed to a supplier is paid, re-dated or split here (issue 23);
 * its amount, category and cancellation stay with the stock entry.
 */
const BILL_ORIGINS: ReadonlySet<string> = new Set([STOCK_MOVEMENT_ORIGIN]);

/** An entry whose payment and due date the owner handles here: typed ones, and bills posted by stock purchases. */
export function isBillEntry(entry: { originKind: string | null }) {
  return entry.originKind === null || BILL_ORIGINS.has(entry.originKind);
}

function assertBillEntry(entry: { originKind: string | null; cancelledAt: Date | null }) {
  if (entry.originKind && BILL_ORIGINS.has(entry.originKind) && !entry.cancelledAt) return;
  assertTypedEntry(entry);
}

/** Fixes a typed entry (description, category, amount, due date…); the direction stays. */
export async function updateEntryInTx(tx: Transaction, actor: Actor, rawEntryId: unknown, rawInput: unknown) {
  assertStaffActor(actor);
  const input = parseInput(UpdateEntrySchema, rawInput, refuse);
  const entry = await lockEntryInTx(tx, rawEntryId);
  assertTypedEntry(entry);
  await activeCategoryInTx(tx, input.categoryId, entry.direction);
  const supplier = input.supplierId === null ? null : await supplierOfIdInTx(tx, input.supplierId);
  await tx
    .update(financeEntries)
    .set({
      description: input.description,
      categoryId: input.categoryId,
      amountCents: input.amount,
      dueDate: input.dueDate,
      counterparty: input.counterparty || (supplier?.name ?? ""),
      supplierId: supplier?.id ?? null,
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
      assertBillEntry(entry);
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

/** A new due date for an open bill (typed, or a stock purchase's). */
export async function redateEntryInTx(tx: Transaction, actor: Actor, rawEntryId: unknown, rawInput: unknown) {
  assertStaffActor(actor);
  const input = parseInput(RedateEntrySchema, rawInput, refuse);
  const entry = await lockEntryInTx(tx, rawEntryId);
  assertBillEntry(entry);
  if (entry.paidDate) throw new FinanceStateError("entry-paid", "Este lançamento já está pago: o vencimento não muda mais.");
  await tx.update(financeEntries).set({ dueDate: input.dueDate }).where(eq(financeEntries.id, entry.id));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "finance.entry.redate",
    entity: ENTRY_ENTITY,
    entityId: String(entry.id),
    details: { from: entry.dueDate, to: input.dueDate },
  });
  return { entryId: entry.id };
}

export function redateEntry(actor: Actor, entryId: unknown, input: unknown) {
  return inTransaction((tx) => redateEntryInTx(tx, actor, entryId, input));
}

/**
 * Splits an open bill in two (pay part now, the rest later): `amount` stays
 * on it, the rest is a new entry due on `dueDate`, with the same origin,
 * category, supplier and description. Both become instalments of one group
 * ("2 de 3"), numbered after the group's last, so the origin's unique index
 * holds; the parts add up to what was owed, to the centavo.
 */
export async function splitEntryInTx(tx: Transaction, actor: Actor, rawEntryId: unknown, rawInput: unknown) {
  assertStaffActor(actor);
  const input = parseInput(SplitEntrySchema, rawInput, refuse);
  const entryId = typeof rawEntryId === "number" || typeof rawEntryId === "string" ? readId(rawEntryId) : null;
  if (entryId === null) throw new FinanceNotFoundError("lançamento não encontrado");
  const scope = `finance.entry.split:${entryId}`;
  const { result, isReplay } = await runOnce(
    tx,
    { key: input.idempotencyKey, scope, actorUserId: actor.userId, content: input },
    async () => {
      const entry = await lockEntryInTx(tx, entryId);
      assertBillEntry(entry);
      if (entry.paidDate) throw new FinanceStateError("entry-paid", "Este lançamento já está pago: não se divide mais.");
      if (input.amount >= entry.amountCents) {
        throw refuse({ amount: "O valor que fica precisa ser menor que o do lançamento: o restante vira outro lançamento." });
      }
      const group = entry.instalmentGroup ?? randomUUID();
      const members = entry.instalmentGroup
        ? await tx
            .select({ id: financeEntries.id, number: financeEntries.instalmentNumber })
            .from(financeEntries)
            .where(eq(financeEntries.instalmentGroup, group))
            .for("update")
        : [];
      const lastNumber = Math.max(1, ...members.map((member) => member.number ?? 0));
      const count = Math.max(lastNumber, members.length, 1) + 1;
      const restCents = entry.amountCents - input.amount;
      await tx
        .update(financeEntries)
        .set({
          amountCents: input.amount,
          instalmentGroup: group,
          instalmentNumber: entry.instalmentNumber ?? 1,
        })
        .where(eq(financeEntries.id, entry.id));
      const [created] = await tx
        .insert(financeEntries)
        .values({
          direction: entry.direction,
          description: entry.description,
          categoryId: entry.categoryId,
          amountCents: restCents,
          dueDate: input.dueDate,
          counterparty: entry.counterparty,
          customerId: entry.customerId,
          supplierId: entry.supplierId,
          instalmentGroup: group,
          instalmentNumber: count,
          instalmentCount: count,
          originKind: entry.originKind,
          originId: entry.originId,
          notes: entry.notes,
          createdByUserId: actor.userId,
          createdByLabel: actor.label,
        })
        .returning({ id: financeEntries.id });
      await tx
        .update(financeEntries)
        .set({ instalmentCount: count })
        .where(and(eq(financeEntries.instalmentGroup, group), sql`${financeEntries.cancelledAt} is null`));
      await recordAudit(tx, {
        actorUserId: actor.userId,
        actorLabel: actor.label,
        action: "finance.entry.split",
        entity: ENTRY_ENTITY,
        entityId: String(entry.id),
        details: {
          amountCents: entry.amountCents,
          kept: input.amount,
          rest: restCents,
          newEntryId: created!.id,
          dueDate: input.dueDate,
        },
      });
      return { entryId: entry.id, newEntryId: created!.id };
    },
  );
  return { ...result, isReplay };
}

export function splitEntry(actor: Actor, entryId: unknown, input: unknown) {
  return inTransaction((tx) => splitEntryInTx(tx, actor, entryId, input));
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
