import { and, eq, sql } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { cashRegisters, registerEntries, type RegisterEntryKind } from "~/db/schema/cash-register";
import { creditPayments, debtPayments } from "~/db/schema/credit";
import { parseInput, readId } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { formatCents } from "~/lib/money";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { cancelDebtPaymentInTx } from "~/modules/credit/debt-payments.server";
import { cancelCreditPaymentInTx } from "~/modules/credit/payments.server";
import {
  lockOpenRegisterForUpdateInTx,
  markRegisterEntryCancelledInTx,
  RegisterClosedError,
  recordRegisterEntryInTx,
} from "~/modules/finance/register-entries.server";
import { cashCounterAccountInTx } from "~/modules/finance/register-postings.server";
import { reverseServiceOrderPaymentInTx } from "~/modules/service-orders/mutations.server";
import { CashRegisterInputError, CashRegisterNotFoundError, CashRegisterStateError } from "./errors";
import { CANCELLABLE_KINDS, ENTRY_KIND_LABELS } from "./register-rules";
import { CancelEntrySchema, CashMovementSchema } from "./validation";

const REGISTER_ENTRY_ENTITY = "register-entry";

const refuse = (errors: Record<string, string>) => new CashRegisterInputError("invalid-input", errors);

/** The cash the open register should hold now: its float and every cash entry not cancelled. */
async function expectedCashInTx(tx: Transaction, registerId: number, openingFloatCents: number) {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${registerEntries.amountCents}), 0)::int` })
    .from(registerEntries)
    .where(
      and(
        eq(registerEntries.registerId, registerId),
        eq(registerEntries.method, "cash"),
        sql`${registerEntries.cancelledAt} is null`,
      ),
    );
  return openingFloatCents + (row?.total ?? 0);
}

export type RecordedMovement = { entryId: number; registerId: number; isReplay: boolean };

/**
 * Suprimento (cash put in) or sangria (cash taken out), with the reason the
 * signed slip carries. A sangria cannot take more than the drawer should
 * hold: the register is locked for update while that is checked.
 */
export async function recordCashMovementInTx(tx: Transaction, actor: Actor, rawInput: unknown): Promise<RecordedMovement> {
  assertStaffActor(actor);
  const input = parseInput(CashMovementSchema, rawInput, refuse);
  const key = { key: input.idempotencyKey, scope: `cash-register.${input.kind}`, actorUserId: actor.userId, content: input };
  const { result, isReplay } = await runOnce(tx, key, async () => {
    const register = await lockOpenRegisterForUpdateInTx(tx);
    if (!register) throw new RegisterClosedError();
    if (input.kind === "withdrawal") {
      const expectedCash = await expectedCashInTx(tx, register.id, register.openingFloatCents);
      if (input.amount > expectedCash) {
        throw refuse({ amount: `A sangria passa do dinheiro esperado no caixa (${formatCents(Math.max(0, expectedCash))}).` });
      }
    }
    if (input.account !== null && !(await cashCounterAccountInTx(tx, input.account))) {
      throw refuse({ account: "Escolha uma das contas da lista." });
    }
    const signedCents = input.kind === "withdrawal" ? -input.amount : input.amount;
    const { entryId } = await recordRegisterEntryInTx(tx, actor, {
      kind: input.kind,
      method: "cash",
      amountCents: signedCents,
      reason: input.reason,
      field: "amount",
      counterAccountId: input.account,
    });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: `cash-register.${input.kind}`,
      entity: REGISTER_ENTRY_ENTITY,
      entityId: String(entryId),
      details: { registerId: register.id, amountCents: signedCents, reason: input.reason, accountId: input.account },
    });
    return { entryId, registerId: register.id };
  });
  return { ...result, isReplay };
}

export function recordCashMovement(actor: Actor, input: unknown) {
  return inTransaction((tx) => recordCashMovementInTx(tx, actor, input));
}

/** The entry locked for a change, and its register (FOR SHARE: a closing waits for the change, and the change for it). */
async function lockEntryInTx(tx: Transaction, rawEntryId: unknown) {
  const entryId = typeof rawEntryId === "number" || typeof rawEntryId === "string" ? readId(rawEntryId) : null;
  if (entryId === null) throw new CashRegisterNotFoundError("lançamento não encontrado");
  const [entry] = await tx.select().from(registerEntries).where(eq(registerEntries.id, entryId)).for("update");
  if (!entry) throw new CashRegisterNotFoundError("lançamento não encontrado");
  const register = entry.registerId
    ? (await tx.select().from(cashRegisters).where(eq(cashRegisters.id, entry.registerId)).for("share"))[0]
    : undefined;
  return { entry, register };
}

export type CancelledEntry = { entryId: number; wasCancelled: boolean };

/**
 * Cancels a suprimento, a sangria or an order payment, with a reason: the
 * entry stays, marked, and the expected totals skip it. An order payment
 * is also taken off the order's paid amount, in this transaction. A sale's
 * entries are cancelled with the sale (its stock comes back there). A
 * closed register's entries do not change.
 */
export async function cancelRegisterEntryInTx(
  tx: Transaction,
  actor: Actor,
  rawEntryId: unknown,
  rawInput: unknown,
): Promise<CancelledEntry> {
  assertStaffActor(actor);
  const input = parseInput(CancelEntrySchema, rawInput, refuse);
  const { entry, register } = await lockEntryInTx(tx, rawEntryId);
  // A second click of the same cancel finds it done: nothing more to write.
  if (entry.cancelledAt) return { entryId: entry.id, wasCancelled: true };
  // A plan's or a debt's payment is undone by its own core: it gives the amount back to the instalments or the debt, and cancels this entry.
  if (entry.kind === "credit-payment" || entry.kind === "debt-payment") {
    return cancelOwnedPaymentInTx(tx, actor, entry, input);
  }
  if (!CANCELLABLE_KINDS.includes(entry.kind)) {
    throw new CashRegisterStateError(
      "entry-not-cancellable",
      `${ENTRY_KIND_LABELS[entry.kind]} não se cancela aqui: cancele pela página da venda, que devolve o estoque.`,
    );
  }
  // An order's crediário is its plan's (modules/credit): cancelled here, the order would be owed twice, by it and by the plan.
  if (entry.method === "crediario") {
    throw new CashRegisterStateError(
      "entry-belongs-to-credit-plan",
      "Este crediário não se cancela aqui: cancele o crediário na página do crediário (/cdc), que devolve o saldo à OS.",
    );
  }
  if (register && !register.isOpen) {
    throw new CashRegisterStateError(
      "register-closed-read-only",
      `O caixa nº ${register.id} já foi fechado: seus lançamentos não mudam mais.`,
    );
  }
  await markRegisterEntryCancelledInTx(tx, actor, entry.id, input.reason);
  if (entry.kind === "order-payment" && entry.serviceOrderPaymentId !== null) {
    await reverseServiceOrderPaymentInTx(tx, actor, entry.serviceOrderPaymentId, input.reason);
  }
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "cash-register.entry.cancel",
    entity: REGISTER_ENTRY_ENTITY,
    entityId: String(entry.id),
    details: {
      registerId: entry.registerId,
      kind: entry.kind,
      method: entry.method,
      amountCents: entry.amountCents,
      reason: input.reason,
    },
  });
  return { entryId: entry.id, wasCancelled: false };
}

async function cancelOwnedPaymentInTx(
  tx: Transaction,
  actor: Actor,
  entry: { id: number; kind: RegisterEntryKind },
  input: { reason: string },
): Promise<CancelledEntry> {
  if (entry.kind === "credit-payment") {
    const [payment] = await tx
      .select({ id: creditPayments.id })
      .from(creditPayments)
      .where(eq(creditPayments.registerEntryId, entry.id));
    if (!payment) {
      throw new CashRegisterStateError(
        "entry-belongs-to-credit-plan",
        "A tarifa de cadastro do crediário não se cancela aqui: ela sai com o cancelamento do crediário (/cdc).",
      );
    }
    await cancelCreditPaymentInTx(tx, actor, payment.id, input);
  } else {
    const [payment] = await tx
      .select({ id: debtPayments.id })
      .from(debtPayments)
      .where(eq(debtPayments.registerEntryId, entry.id));
    if (payment) await cancelDebtPaymentInTx(tx, actor, payment.id, input);
  }
  return { entryId: entry.id, wasCancelled: false };
}

export function cancelRegisterEntry(actor: Actor, entryId: unknown, input: unknown) {
  return inTransaction((tx) => cancelRegisterEntryInTx(tx, actor, entryId, input));
}

export type ConfirmedPix = { entryId: number; wasConfirmed: boolean };

/**
 * "PIX recebido": staff checked the bank and the money is there (a static
 * code is not confirmed by the bank). The closing page lists the PIX still
 * pending; once closed, the register's entries no longer change.
 */
export async function confirmPixEntryInTx(tx: Transaction, actor: Actor, rawEntryId: unknown): Promise<ConfirmedPix> {
  assertStaffActor(actor);
  const { entry, register } = await lockEntryInTx(tx, rawEntryId);
  if (register && !register.isOpen) {
    throw new CashRegisterStateError(
      "register-closed-read-only",
      `O caixa nº ${register.id} já foi fechado: seus lançamentos não mudam mais.`,
    );
  }
  if (entry.method !== "pix" || (!entry.pixPending && !entry.pixConfirmedAt)) {
    throw new CashRegisterStateError("not-pending-pix", "Este lançamento não é um PIX a confirmar.");
  }
  if (entry.cancelledAt)
    throw new CashRegisterStateError("entry-cancelled", "Este lançamento foi cancelado: não há PIX a confirmar.");
  if (!entry.pixPending) return { entryId: entry.id, wasConfirmed: true };
  await tx
    .update(registerEntries)
    .set({ pixPending: false, pixConfirmedAt: new Date(), pixConfirmedByLabel: actor.label })
    .where(eq(registerEntries.id, entry.id));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "cash-register.pix.confirm",
    entity: REGISTER_ENTRY_ENTITY,
    entityId: String(entry.id),
    details: { registerId: entry.registerId, amountCents: entry.amountCents },
  });
  return { entryId: entry.id, wasConfirmed: false };
}

export function confirmPixEntry(actor: Actor, entryId: unknown) {
  return inTransaction((tx) => confirmPixEntryInTx(tx, actor, entryId));
}
