import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { creditCorrections, creditInstalments, creditPaymentItems, creditPayments, creditPlans } from "~/db/schema/credit";
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
import { revenuePartsOf, type ReceiptPart, type RevenueLine } from "~/modules/finance/revenue-parts";
import { RETURN_CREDIT_METHOD } from "./payment-labels";
import { CreditPaymentNotFoundError, CreditPaymentRuleError, CreditPlanNotFoundError } from "./payment-errors";
import {
  CREDIT_PLAN_ENTITY,
  futureOf,
  openInstalmentsOn,
  planRevenueOf,
  quotePayoff,
  type CreditPlanRow,
  type OpenInstalment,
} from "./payment-dues.server";
import {
  CancelCreditPaymentSchema,
  CreditPaymentSchema,
  CreditPayoffSchema,
  type CreditPaymentMethod,
} from "./payment-validation";
import { allocatePayment, settleFuture } from "./price-table";

/** What a payment recorded; a replay of its form answers the same, with `isReplay`. */
export type RecordedCreditPayment = {
  paymentId: number;
  planId: number;
  amountCents: number;
  chargesCents: number;
  interestCents: number;
  principalCents: number;
  waivedInterestCents: number;
  registerEntryId: number;
  isPlanPaid: boolean;
};

/** As written: goods returned taken off the plan have no register entry (no money moved). */
type WrittenPayment = Omit<RecordedCreditPayment, "registerEntryId"> & { registerEntryId: number | null };

/** A money payment's record: its register entry is always there. */
function withEntry(written: WrittenPayment): RecordedCreditPayment {
  if (written.registerEntryId === null) throw new Error(`pagamento ${written.paymentId} sem lançamento no caixa`);
  return { ...written, registerEntryId: written.registerEntryId };
}

/** The plan, locked against every other payment until the transaction ends; a paid or cancelled one takes no money. */
async function lockActivePlanInTx(tx: Transaction, planId: number) {
  if (!Number.isSafeInteger(planId) || planId < 1 || planId > 2_147_483_647) throw new CreditPlanNotFoundError();
  const [plan] = await tx.select().from(creditPlans).where(eq(creditPlans.id, planId)).for("update");
  if (!plan) throw new CreditPlanNotFoundError();
  if (plan.status === "paid") throw new CreditPaymentRuleError("Este crediário já está quitado.");
  if (plan.status === "cancelled") throw new CreditPaymentRuleError("Este crediário foi cancelado: não recebe pagamentos.");
  return plan;
}

/** Principal as revenue by source less its share of the discount, the plan's interest, and the late charges. */
export function creditFinanceParts(
  split: { principalCents: number; interestCents: number; chargesCents: number },
  revenue: { lines: readonly RevenueLine[]; totalCents: number },
  feeCents = 0,
): ReceiptPart[] {
  const goodsCents = split.principalCents - feeCents;
  const parts: ReceiptPart[] = goodsCents > 0 ? revenuePartsOf(goodsCents, revenue.lines, revenue.totalCents) : [];
  if (feeCents > 0) parts.push({ categoryKey: "credit-fee", amountCents: feeCents });
  if (split.interestCents > 0) parts.push({ categoryKey: "credit-interest", amountCents: split.interestCents });
  if (split.chargesCents > 0) parts.push({ categoryKey: "late-charges", amountCents: split.chargesCents });
  return parts;
}

/** round(a × b ÷ c), half up, in BigInt (the product may pass 2^53). */
function mulDivRound(a: number, b: number, c: number) {
  return Number((BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (2n * BigInt(c)));
}

/**
 * The part of `principalCents` that pays a financed fee: the fee's share of
 * the amount financed, on the principal paid so far, so the shares of all
 * payments add up to the fee exactly when the plan is paid.
 */
export async function financedFeeShareInTx(tx: Transaction, plan: CreditPlanRow, principalCents: number) {
  if (plan.feePaidWith !== "financed" || plan.feeCents <= 0 || principalCents <= 0) return 0;
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${creditInstalments.paidPrincipalCents}), 0)` })
    .from(creditInstalments)
    .where(eq(creditInstalments.planId, plan.id));
  const before = Number(row?.cents ?? 0);
  return (
    mulDivRound(before + principalCents, plan.feeCents, plan.financedCents) -
    mulDivRound(before, plan.feeCents, plan.financedCents)
  );
}

type PaymentLine = {
  instalment: OpenInstalment;
  chargesCents: number;
  interestCents: number;
  principalCents: number;
  waivedInterestCents: number;
};

/**
 * Writes one payment on a locked plan: the register entry (kind
 * "credit-payment", whose postings finance makes from `financeParts`), the
 * payment and how it spread over instalments, each instalment's paid
 * columns (settled once nothing of it is owed), the plan paid when no
 * instalment is open, and the audit entry.
 */
async function writePaymentInTx(
  tx: Transaction,
  actor: Actor,
  plan: CreditPlanRow,
  payment:
    | { kind: "instalment" | "payoff"; method: CreditPaymentMethod; lines: PaymentLine[] }
    | { kind: "return"; method: typeof RETURN_CREDIT_METHOD; lines: PaymentLine[]; saleReturnId: number },
  today: string,
): Promise<WrittenPayment> {
  const lines = payment.lines.filter(
    (line) => line.chargesCents + line.interestCents + line.principalCents + line.waivedInterestCents > 0,
  );
  const sum = (pick: (line: PaymentLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const split = {
    chargesCents: sum((line) => line.chargesCents),
    interestCents: sum((line) => line.interestCents),
    principalCents: sum((line) => line.principalCents),
    waivedInterestCents: sum((line) => line.waivedInterestCents),
  };
  const amountCents = split.chargesCents + split.interestCents + split.principalCents;
  const numbers = lines.map((line) => line.instalment.number).join(", ");
  const description =
    payment.kind === "payoff"
      ? `Crediário nº ${plan.id}: quitação (parcelas ${numbers})`
      : `Crediário nº ${plan.id}: parcela${lines.length > 1 ? "s" : ""} ${numbers}`;
  // Goods returned reduce what is owed with no money moving: no register entry, nothing for the month result (cash basis).
  const { entryId } =
    payment.kind === "return"
      ? { entryId: null }
      : await recordRegisterEntryInTx(
          tx,
          actor,
          {
            kind: "credit-payment",
            method: payment.method,
            amountCents,
            customerId: plan.customerId,
            reason: description,
            field: "method",
            financeParts: creditFinanceParts(
              split,
              await planRevenueOf(tx, plan),
              await financedFeeShareInTx(tx, plan, split.principalCents),
            ),
          },
          today,
        );
  const [row] = await tx
    .insert(creditPayments)
    .values({
      planId: plan.id,
      customerId: plan.customerId,
      kind: payment.kind,
      method: payment.method,
      amountCents,
      ...split,
      registerEntryId: entryId,
      businessDate: today,
      actorUserId: actor.userId,
      actorLabel: actor.label,
    })
    .returning({ id: creditPayments.id });
  const paymentId = row!.id;
  await tx.insert(creditPaymentItems).values(
    lines.map((line) => ({
      paymentId,
      instalmentId: line.instalment.id,
      chargesCents: line.chargesCents,
      interestCents: line.interestCents,
      principalCents: line.principalCents,
      waivedInterestCents: line.waivedInterestCents,
    })),
  );
  const now = new Date();
  for (const line of lines) {
    const settles =
      line.interestCents + line.principalCents + line.waivedInterestCents >= line.instalment.dues.outstandingCents &&
      line.chargesCents >= line.instalment.dues.chargesCents;
    await tx
      .update(creditInstalments)
      .set({
        paidPrincipalCents: sql`${creditInstalments.paidPrincipalCents} + ${line.principalCents}`,
        paidInterestCents: sql`${creditInstalments.paidInterestCents} + ${line.interestCents}`,
        paidChargesCents: sql`${creditInstalments.paidChargesCents} + ${line.chargesCents}`,
        waivedInterestCents: sql`${creditInstalments.waivedInterestCents} + ${line.waivedInterestCents}`,
        ...(settles ? { settledAt: now } : {}),
      })
      .where(eq(creditInstalments.id, line.instalment.id));
  }
  const [stillOpen] = await tx
    .select({ id: creditInstalments.id })
    .from(creditInstalments)
    .where(and(eq(creditInstalments.planId, plan.id), isNull(creditInstalments.settledAt)))
    .limit(1);
  const isPlanPaid = !stillOpen;
  if (isPlanPaid) await tx.update(creditPlans).set({ status: "paid" }).where(eq(creditPlans.id, plan.id));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action:
      payment.kind === "payoff"
        ? "credit-plan.payoff"
        : payment.kind === "return"
          ? "credit-plan.return-credit"
          : "credit-plan.payment",
    entity: CREDIT_PLAN_ENTITY,
    entityId: String(plan.id),
    details: {
      paymentId,
      method: payment.method,
      amountCents,
      ...split,
      instalments: numbers,
      isPlanPaid,
      ...(payment.kind === "return" ? { saleReturnId: payment.saleReturnId } : {}),
    },
  });
  return { paymentId, planId: plan.id, amountCents, ...split, registerEntryId: entryId, isPlanPaid };
}

/**
 * Money received on a plan, whole or partial: each open instalment's late
 * charges computed on `today` (the shop's day, from the caller; the register
 * entry and the payment are dated with it), the amount spread oldest instalment first and,
 * within each, charges → interest → principal (Código Civil art. 354).
 * More than is owed is refused (the payoff page reduces the interest). The
 * same form sent twice records once.
 */
export async function payCreditPlanInTx(
  tx: Transaction,
  actor: Actor,
  planId: number,
  rawInput: unknown,
  today = shopToday(),
): Promise<RecordedCreditPayment & { isReplay: boolean }> {
  assertStaffActor(actor);
  const input = parseInput(CreditPaymentSchema, rawInput);
  const { result, isReplay } = await runOnce(
    tx,
    { key: input.idempotencyKey, scope: `credit-plan.payment:${planId}`, actorUserId: actor.userId, content: input },
    async () => {
      const plan = await lockActivePlanInTx(tx, planId);
      const open = await openInstalmentsOn(tx, plan, today);
      const spread = spreadPayment(plan, open, input.amount, today);
      if (spread.excessCents > 0) {
        throw new CreditPaymentRuleError(
          `O valor passa do total devido hoje, já com os juros reduzidos (${formatCents(spread.owedCents)}). Para pagar tudo, use “Quitar”.`,
          "amount",
        );
      }
      return withEntry(
        await writePaymentInTx(tx, actor, plan, { kind: "instalment", method: input.method, lines: spread.lines }, today),
      );
    },
  );
  return { ...result, isReplay };
}

/**
 * An amount spread over the open instalments as a payment on `today`:
 * the ones due (charges → interest → principal), then the rest before its
 * time (interest run so far, then principal; CDC art. 52 §2). `owedCents`
 * is everything owed today (the payoff); `excessCents` what passes it.
 */
function spreadPayment(plan: CreditPlanRow, open: readonly OpenInstalment[], amountCents: number, today: string) {
  const due = open.filter((instalment) => instalment.dueDate <= today);
  const { future, rows, terms } = futureOf(plan, open, today);
  const allocation = allocatePayment(
    amountCents,
    due.map((instalment) => ({
      id: instalment.id,
      chargesCents: instalment.dues.chargesCents,
      interestCents: instalment.dues.interestCents,
      principalCents: instalment.dues.principalCents,
    })),
  );
  const ahead = settleFuture(rows, terms, { amountCents: allocation.unallocatedCents });
  const owedCents = due.reduce((sum, instalment) => sum + instalment.dues.totalCents, 0) + ahead.value.totalCents;
  const byId = new Map(open.map((instalment) => [instalment.id, instalment]));
  const lines: PaymentLine[] = [
    ...allocation.items.map((item) => ({
      instalment: byId.get(item.id)!,
      chargesCents: item.chargesCents,
      interestCents: item.interestCents,
      principalCents: item.principalCents,
      waivedInterestCents: 0,
    })),
    ...future.map((instalment, index) => ({ instalment, chargesCents: 0, ...ahead.items[index]! })),
  ];
  return { lines, owedCents, excessCents: ahead.excessCents };
}

/**
 * Goods of a crediário sale returned (decision 0025): what the customer
 * paid for them is set against what the plan owes today, as a payment of
 * that amount on the day of the return would be (Código Civil art. 368,
 * compensation; the instalments due first, then the rest ahead of time
 * with the interest not yet run waived, CDC art. 52 §2), with no money and
 * no register entry. Returns how much the plan took (at most its payoff
 * today, which settles it); the caller refunds the rest. No active plan:
 * nothing taken.
 */
export async function applySaleReturnToPlanInTx(
  tx: Transaction,
  actor: Actor,
  input: { saleId: number; returnedCents: number; saleReturnId: number },
  today = shopToday(),
): Promise<{ planId: number | null; takenCents: number; isPlanPaid: boolean }> {
  assertStaffActor(actor);
  const [found] = await tx
    .select({ id: creditPlans.id })
    .from(creditPlans)
    .where(and(eq(creditPlans.saleId, input.saleId), eq(creditPlans.status, "active")));
  if (!found || input.returnedCents <= 0) return { planId: null, takenCents: 0, isPlanPaid: false };
  const plan = await lockActivePlanInTx(tx, found.id);
  const open = await openInstalmentsOn(tx, plan, today);
  if (open.length === 0) return { planId: plan.id, takenCents: 0, isPlanPaid: false };
  const owedCents = spreadPayment(plan, open, 0, today).owedCents;
  const takenCents = Math.min(input.returnedCents, owedCents);
  const spread = spreadPayment(plan, open, takenCents, today);
  const written = await writePaymentInTx(
    tx,
    actor,
    plan,
    { kind: "return", method: RETURN_CREDIT_METHOD, lines: spread.lines, saleReturnId: input.saleReturnId },
    today,
  );
  return { planId: plan.id, takenCents: written.amountCents, isPlanPaid: written.isPlanPaid };
}

export function payCreditPlan(actor: Actor, planId: number, input: unknown, today = shopToday()) {
  return inTransaction((tx) => payCreditPlanInTx(tx, actor, planId, input, today));
}

/**
 * Early payoff of all the open instalments or of the last N, with interest
 * reduced to present value (CDC art. 52 §2). The quote the person
 * confirmed travels with the form: if today's differs (a day passed, a
 * payment came in), the payoff is refused with the new amount.
 */
export async function payoffCreditPlanInTx(
  tx: Transaction,
  actor: Actor,
  planId: number,
  rawInput: unknown,
  today = shopToday(),
): Promise<RecordedCreditPayment & { isReplay: boolean }> {
  assertStaffActor(actor);
  const input = parseInput(CreditPayoffSchema, rawInput);
  const { result, isReplay } = await runOnce(
    tx,
    { key: input.idempotencyKey, scope: `credit-plan.payoff:${planId}`, actorUserId: actor.userId, content: input },
    async () => {
      const plan = await lockActivePlanInTx(tx, planId);
      const open = await openInstalmentsOn(tx, plan, today);
      if (input.instalments !== null && input.instalments > open.length) {
        throw new CreditPaymentRuleError(
          `Este crediário tem ${open.length} parcela${open.length === 1 ? "" : "s"} em aberto.`,
          "instalments",
        );
      }
      const quote = quotePayoff(plan, open, input.instalments, today);
      if (quote.totalCents !== input.expectedTotal) {
        throw new CreditPaymentRuleError(
          `O valor da quitação hoje é ${formatCents(quote.totalCents)}: confira e confirme de novo.`,
          "expectedTotal",
        );
      }
      return withEntry(
        await writePaymentInTx(tx, actor, plan, { kind: "payoff", method: input.method, lines: quote.lines }, today),
      );
    },
  );
  return { ...result, isReplay };
}

export function payoffCreditPlan(actor: Actor, planId: number, input: unknown, today = shopToday()) {
  return inTransaction((tx) => payoffCreditPlanInTx(tx, actor, planId, input, today));
}

/**
 * Undoes a payment (a PIX that never arrived, a payment typed on the wrong
 * plan), with a reason: the instalments get back what it paid, the plan is
 * active again, its register entry and the entry's postings are cancelled;
 * the rows stay, marked. Only the plan's latest payment can go: the late
 * charges of the later ones were computed on what this one had paid. A
 * closed register's entries do not change, so neither does its payment.
 */
export async function cancelCreditPaymentInTx(
  tx: Transaction,
  actor: Actor,
  paymentId: number,
  rawInput: unknown,
  now = new Date(),
) {
  assertStaffActor(actor);
  const input = parseInput(CancelCreditPaymentSchema, rawInput);
  if (!Number.isSafeInteger(paymentId) || paymentId < 1 || paymentId > 2_147_483_647) throw new CreditPaymentNotFoundError();
  const [found] = await tx.select({ planId: creditPayments.planId }).from(creditPayments).where(eq(creditPayments.id, paymentId));
  if (!found) throw new CreditPaymentNotFoundError();
  // The plan first, as a payment locks it: two cancels or a cancel and a payment wait for each other.
  const [plan] = await tx.select().from(creditPlans).where(eq(creditPlans.id, found.planId)).for("update");
  const [payment] = await tx.select().from(creditPayments).where(eq(creditPayments.id, paymentId)).for("update");
  if (!plan || !payment) throw new CreditPaymentNotFoundError();
  // A second click of the same cancel finds it done.
  if (payment.cancelledAt) return { paymentId, planId: plan.id, wasCancelled: true };
  if (plan.status === "cancelled") throw new CreditPaymentRuleError("Este crediário foi cancelado.");
  if (payment.kind === "return") {
    throw new CreditPaymentRuleError("O abatimento de uma devolução não se cancela: as mercadorias já voltaram ao estoque.");
  }
  const [corrected] = await tx
    .select({ id: creditCorrections.id })
    .from(creditCorrections)
    .where(and(eq(creditCorrections.paymentId, paymentId), eq(creditCorrections.status, "corrected")));
  if (corrected) {
    throw new CreditPaymentRuleError(
      "Esta quitação já foi corrigida pela nova regra (Correções do crediário): não se cancela mais. Registre um ajuste no financeiro.",
    );
  }
  const [later] = await tx
    .select({ id: creditPayments.id })
    .from(creditPayments)
    .where(and(eq(creditPayments.planId, plan.id), isNull(creditPayments.cancelledAt), gt(creditPayments.id, paymentId)))
    .orderBy(desc(creditPayments.id))
    .limit(1);
  if (later) {
    throw new CreditPaymentRuleError(
      `Cancele antes o pagamento nº ${later.id}, feito depois deste: os encargos dele contam com este pagamento.`,
    );
  }
  const closedRegisterId = payment.registerEntryId === null ? null : await closedRegisterOfEntryInTx(tx, payment.registerEntryId);
  if (closedRegisterId !== null) {
    throw new CreditPaymentRuleError(
      `O caixa nº ${closedRegisterId} já foi fechado: este pagamento não se cancela mais. Registre um ajuste no financeiro.`,
    );
  }
  const items = await tx.select().from(creditPaymentItems).where(eq(creditPaymentItems.paymentId, paymentId));
  for (const item of items) {
    await tx
      .update(creditInstalments)
      .set({
        paidPrincipalCents: sql`${creditInstalments.paidPrincipalCents} - ${item.principalCents}`,
        paidInterestCents: sql`${creditInstalments.paidInterestCents} - ${item.interestCents}`,
        paidChargesCents: sql`${creditInstalments.paidChargesCents} - ${item.chargesCents}`,
        waivedInterestCents: sql`${creditInstalments.waivedInterestCents} - ${item.waivedInterestCents}`,
        settledAt: null,
      })
      .where(eq(creditInstalments.id, item.instalmentId));
  }
  await tx.update(creditPayments).set({ cancelledAt: now, cancelReason: input.reason }).where(eq(creditPayments.id, paymentId));
  if (plan.status === "paid") await tx.update(creditPlans).set({ status: "active" }).where(eq(creditPlans.id, plan.id));
  if (payment.registerEntryId !== null) {
    await markRegisterEntryCancelledInTx(tx, actor, payment.registerEntryId, input.reason, now);
  }
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "credit-plan.payment.cancel",
    entity: CREDIT_PLAN_ENTITY,
    entityId: String(plan.id),
    details: { paymentId, amountCents: payment.amountCents, method: payment.method, reason: input.reason },
  });
  return { paymentId, planId: plan.id, wasCancelled: false };
}

export function cancelCreditPayment(actor: Actor, paymentId: number, input: unknown, now = new Date()) {
  return inTransaction((tx) => cancelCreditPaymentInTx(tx, actor, paymentId, input, now));
}
