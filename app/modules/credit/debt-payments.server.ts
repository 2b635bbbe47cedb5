import { eq } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import type { RegisterMethod } from "~/db/schema/cash-register";
import { debtPayments, debts } from "~/db/schema/credit";
import { shopToday } from "~/lib/dates";
import { parseInput } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { formatCents } from "~/lib/money";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import {
  closedRegisterOfEntryInTx,
  markRegisterEntryCancelledInTx,
  recordRegisterEntryInTx,
} from "~/modules/finance/register-entries.server";
import { REVENUE_CATEGORY_OF, revenuePartsOf, type ReceiptPart } from "~/modules/finance/revenue-parts";
import { saleRevenueOf } from "./payment-dues.server";
import { CreditPaymentNotFoundError, CreditPaymentRuleError, DebtNotFoundError } from "./payment-errors";
import { CancelCreditPaymentSchema, DebtPaymentSchema } from "./payment-validation";

/** A debt's entity in the audit log. */
export const DEBT_ENTITY = "debt";

export type RecordedDebtPayment = {
  debtPaymentId: number;
  debtId: number;
  amountCents: number;
  registerEntryId: number;
  isSettled: boolean;
};

/**
 * Money received against a debt (an IOU, or a sale left owed before plans
 * existed), whole or partial, through the register (kind "debt-payment"):
 * an IOU is revenue of its own source; a sale's debt, of the sale's lines
 * less their share of its discount. Settled once nothing is owed. The same
 * form sent twice records once.
 */
export async function payDebtInTx(
  tx: Transaction,
  actor: Actor,
  debtId: number,
  rawInput: unknown,
): Promise<RecordedDebtPayment & { isReplay: boolean }> {
  assertStaffActor(actor);
  const input = parseInput(DebtPaymentSchema, rawInput);
  const { result, isReplay } = await runOnce(
    tx,
    { key: input.idempotencyKey, scope: `debt.payment:${debtId}`, actorUserId: actor.userId, content: input },
    async () => {
      if (!Number.isSafeInteger(debtId) || debtId < 1 || debtId > 2_147_483_647) throw new DebtNotFoundError();
      const [debt] = await tx.select().from(debts).where(eq(debts.id, debtId)).for("update");
      if (!debt) throw new DebtNotFoundError();
      if (debt.cancelledAt) throw new CreditPaymentRuleError("Este débito foi cancelado.", "amount");
      if (debt.settledAt) throw new CreditPaymentRuleError("Este débito já está pago.", "amount");
      const owedCents = debt.amountCents - debt.paidCents;
      if (input.amount > owedCents) {
        throw new CreditPaymentRuleError(`O valor passa do que falta pagar (${formatCents(owedCents)}).`, "amount");
      }
      const { debtPaymentId, registerEntryId, isSettled } = await recordDebtPaymentInTx(tx, actor, debt, {
        amountCents: input.amount,
        method: input.method,
        reason: `Débito nº ${debt.id}: ${debt.description}`,
        field: "method",
      });
      await recordAudit(tx, {
        actorUserId: actor.userId,
        actorLabel: actor.label,
        action: "debt.payment",
        entity: DEBT_ENTITY,
        entityId: String(debt.id),
        details: { debtPaymentId, method: input.method, amountCents: input.amount, isSettled },
      });
      return { debtPaymentId, debtId: debt.id, amountCents: input.amount, registerEntryId, isSettled };
    },
  );
  return { ...result, isReplay };
}

/**
 * The rows of a debt's payment, for a caller that has locked the debt and
 * checked the amount (a payment here, a plan's down payment): the register
 * entry with its revenue (an IOU's source, a sale's lines less their share
 * of its discount), the payment row and the debt's paid total.
 */
export async function recordDebtPaymentInTx(
  tx: Transaction,
  actor: Actor,
  debt: typeof debts.$inferSelect,
  payment: { amountCents: number; method: RegisterMethod; reason: string; field: string },
) {
  let parts: ReceiptPart[];
  if (debt.saleId !== null) {
    const revenue = await saleRevenueOf(tx, debt.saleId);
    parts = revenuePartsOf(payment.amountCents, revenue.lines, revenue.totalCents);
  } else {
    parts = [{ categoryKey: REVENUE_CATEGORY_OF[debt.revenueSource], amountCents: payment.amountCents }];
  }
  const { entryId } = await recordRegisterEntryInTx(tx, actor, {
    kind: "debt-payment",
    method: payment.method,
    amountCents: payment.amountCents,
    customerId: debt.customerId,
    reason: payment.reason.slice(0, 300),
    field: payment.field,
    financeParts: parts,
  });
  const [row] = await tx
    .insert(debtPayments)
    .values({
      debtId: debt.id,
      amountCents: payment.amountCents,
      method: payment.method,
      registerEntryId: entryId,
      businessDate: shopToday(),
      actorUserId: actor.userId,
      actorLabel: actor.label,
    })
    .returning({ id: debtPayments.id });
  const isSettled = payment.amountCents === debt.amountCents - debt.paidCents;
  await tx
    .update(debts)
    .set({ paidCents: debt.paidCents + payment.amountCents, ...(isSettled ? { settledAt: new Date() } : {}) })
    .where(eq(debts.id, debt.id));
  return { debtPaymentId: row!.id, registerEntryId: entryId, isSettled };
}

export function payDebt(actor: Actor, debtId: number, input: unknown) {
  return inTransaction((tx) => payDebtInTx(tx, actor, debtId, input));
}

/**
 * Undoes a debt's payment (a PIX that never arrived, a payment typed on the
 * wrong debt), with a reason: the debt owes it again, its register entry and
 * the entry's postings are cancelled; the rows stay, marked. A closed
 * register's entries do not change, so neither does its payment.
 */
export async function cancelDebtPaymentInTx(tx: Transaction, actor: Actor, debtPaymentId: number, rawInput: unknown) {
  assertStaffActor(actor);
  const input = parseInput(CancelCreditPaymentSchema, rawInput);
  if (!Number.isSafeInteger(debtPaymentId) || debtPaymentId < 1 || debtPaymentId > 2_147_483_647) {
    throw new CreditPaymentNotFoundError();
  }
  const [found] = await tx.select({ debtId: debtPayments.debtId }).from(debtPayments).where(eq(debtPayments.id, debtPaymentId));
  if (!found) throw new CreditPaymentNotFoundError();
  // The debt first, as a payment locks it: a cancel and a payment wait for each other.
  const [debt] = await tx.select().from(debts).where(eq(debts.id, found.debtId)).for("update");
  const [payment] = await tx.select().from(debtPayments).where(eq(debtPayments.id, debtPaymentId)).for("update");
  if (!debt || !payment) throw new CreditPaymentNotFoundError();
  if (payment.cancelledAt) return { debtPaymentId, debtId: debt.id, wasCancelled: true };
  const closedRegisterId = payment.registerEntryId === null ? null : await closedRegisterOfEntryInTx(tx, payment.registerEntryId);
  if (closedRegisterId !== null) {
    throw new CreditPaymentRuleError(
      `O caixa nº ${closedRegisterId} já foi fechado: este pagamento não se cancela mais. Registre um ajuste no financeiro.`,
    );
  }
  const now = new Date();
  await tx.update(debtPayments).set({ cancelledAt: now }).where(eq(debtPayments.id, debtPaymentId));
  await tx
    .update(debts)
    .set({ paidCents: debt.paidCents - payment.amountCents, settledAt: null })
    .where(eq(debts.id, debt.id));
  if (payment.registerEntryId !== null) {
    await markRegisterEntryCancelledInTx(tx, actor, payment.registerEntryId, input.reason);
  }
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "debt.payment.cancel",
    entity: DEBT_ENTITY,
    entityId: String(debt.id),
    details: { debtPaymentId, amountCents: payment.amountCents, method: payment.method, reason: input.reason },
  });
  return { debtPaymentId, debtId: debt.id, wasCancelled: false };
}

export function cancelDebtPayment(actor: Actor, debtPaymentId: number, input: unknown) {
  return inTransaction((tx) => cancelDebtPaymentInTx(tx, actor, debtPaymentId, input));
}
