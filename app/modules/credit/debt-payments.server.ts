import { eq } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { debtPayments, debts } from "~/db/schema/credit";
import { shopToday } from "~/lib/dates";
import { parseInput } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { formatCents } from "~/lib/money";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { recordRegisterEntryInTx } from "~/modules/cash-register/register-entries.server";
import { REVENUE_CATEGORY_OF, revenuePartsOf, type ReceiptPart } from "~/modules/finance/revenue-parts";
import { saleRevenueOf } from "./payment-dues.server";
import { CreditPaymentRuleError, DebtNotFoundError } from "./payment-errors";
import { DebtPaymentSchema } from "./payment-validation";

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
): Promise<RecordedDebtPayment & { isRepeat: boolean }> {
  assertStaffActor(actor);
  const input = parseInput(DebtPaymentSchema, rawInput);
  const { result, isReplay } = await runOnce(
    tx,
    { key: input.idempotencyKey, scope: `debt.payment:${debtId}`, actorUserId: actor.userId },
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
      let parts: ReceiptPart[];
      if (debt.saleId !== null) {
        const revenue = await saleRevenueOf(tx, debt.saleId);
        parts = revenuePartsOf(input.amount, revenue.lines, revenue.totalCents);
      } else {
        parts = [{ categoryKey: REVENUE_CATEGORY_OF[debt.revenueSource], amountCents: input.amount }];
      }
      const { entryId } = await recordRegisterEntryInTx(tx, actor, {
        kind: "debt-payment",
        method: input.method,
        amountCents: input.amount,
        customerId: debt.customerId,
        reason: `Débito nº ${debt.id}: ${debt.description}`.slice(0, 300),
        field: "method",
        financeParts: parts,
      });
      const [payment] = await tx
        .insert(debtPayments)
        .values({
          debtId: debt.id,
          amountCents: input.amount,
          method: input.method,
          registerEntryId: entryId,
          businessDate: shopToday(),
          actorUserId: actor.userId,
          actorLabel: actor.label,
        })
        .returning({ id: debtPayments.id });
      const isSettled = input.amount === owedCents;
      await tx
        .update(debts)
        .set({ paidCents: debt.paidCents + input.amount, ...(isSettled ? { settledAt: new Date() } : {}) })
        .where(eq(debts.id, debt.id));
      await recordAudit(tx, {
        actorUserId: actor.userId,
        actorLabel: actor.label,
        action: "debt.payment",
        entity: DEBT_ENTITY,
        entityId: String(debt.id),
        details: { debtPaymentId: payment!.id, method: input.method, amountCents: input.amount, isSettled },
      });
      return { debtPaymentId: payment!.id, debtId: debt.id, amountCents: input.amount, registerEntryId: entryId, isSettled };
    },
  );
  return { ...result, isRepeat: isReplay };
}

export function payDebt(actor: Actor, debtId: number, input: unknown) {
  return inTransaction((tx) => payDebtInTx(tx, actor, debtId, input));
}
