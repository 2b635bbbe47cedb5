import { and, desc, eq, ne, sql } from "drizzle-orm";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { storeCreditMovements } from "~/db/schema/cash-register";
import {
  creditCorrectionRuns,
  creditCorrections,
  creditInstalments,
  creditPaymentItems,
  creditPayments,
  creditPlans,
  type CreditCorrectionStatus,
} from "~/db/schema/credit";
import { customers } from "~/db/schema/customers";
import { formatDate, shopToday } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { postedPartsOfOriginInTx, postReclassificationInTx, REGISTER_ENTRY_ORIGIN } from "~/modules/finance/ledger.server";
import type { ReceiptPart, SystemCategoryKey } from "~/modules/finance/revenue-parts";
import { CREDIT_PLAN_ENTITY, openInstalmentsOn, planRevenueOf, quotePayoff, type CreditPlanRow } from "./payment-dues.server";
import { creditFinanceParts, financedFeeShareInTx } from "./payments.server";

/**
 * The payoff rule of issue 23 (decision 0025's sibling in price-table.ts):
 * the balance after the last due date passed plus interest pro rata die,
 * replacing a present value over calendar days ÷ 30 that recorded principal
 * as "juros abatidos". Its correction runs once per database (decision 0027).
 */
export const PAYOFF_RULE_CORRECTION = "payoff-pro-rata-die";

/** Who made the corrections, in the audit log, the finance entries and the store credit. */
export const CORRECTION_ACTOR: Actor = { userId: null, label: "Correção do crediário (regra de quitação)", role: "owner" };

/** Finance entries a correction posts name it as their origin, one per category. */
export const CREDIT_CORRECTION_ORIGIN = "credit-correction";

/** The lock two servers on one PostgreSQL take before looking (any constant no other lock uses). */
const CORRECTION_LOCK = "credit_corrections.payoff-rule";

export type CorrectionRunResult =
  | { outcome: "ran"; examined: number; corrected: number; failed: number; creditedCents: number; absorbedCents: number }
  | { outcome: "already-ran" }
  | { outcome: "busy" };

/** Thrown inside the savepoint to undo what the recomputation changed; carries its answer out. */
class RecomputeRollback<T> extends Error {
  constructor(readonly value: T) {
    super("recálculo desfeito");
  }
}

type PaymentRow = typeof creditPayments.$inferSelect;

type Split = { chargesCents: number; interestCents: number; principalCents: number };

/**
 * What the rule in force would have charged on the payoff's own day: inside
 * a savepoint the payment is marked cancelled and its instalments get back
 * what it paid (as cancelling it would), the payoff is quoted on its
 * business date, and the savepoint is rolled back, so nothing of it stays.
 */
async function payoffUnderRuleInForceInTx(tx: Transaction, plan: CreditPlanRow, payment: PaymentRow) {
  try {
    await tx.transaction(async (savepoint) => {
      const items = await savepoint.select().from(creditPaymentItems).where(eq(creditPaymentItems.paymentId, payment.id));
      for (const item of items) {
        await savepoint
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
      await savepoint.update(creditPayments).set({ cancelledAt: new Date() }).where(eq(creditPayments.id, payment.id));
      const open = await openInstalmentsOn(savepoint, plan, payment.businessDate);
      const quote = quotePayoff(plan, open, null, payment.businessDate);
      const sum = (pick: (line: (typeof quote.lines)[number]) => number) =>
        quote.lines.reduce((total, line) => total + pick(line), 0);
      const due: Split = {
        chargesCents: sum((line) => line.chargesCents),
        interestCents: sum((line) => line.interestCents),
        principalCents: sum((line) => line.principalCents),
      };
      // What the shop keeps of what was paid, and the financed fee's share of its principal reckoned on the principal
      // paid before this payment, as the payment itself does.
      const kept = keptSplit(due, payment.amountCents);
      const keptFeeCents = await financedFeeShareInTx(savepoint, plan, kept.principalCents);
      throw new RecomputeRollback({ totalCents: quote.totalCents, due, kept, keptFeeCents });
    });
  } catch (error) {
    if (error instanceof RecomputeRollback) {
      return error.value as { totalCents: number; due: Split; kept: Split; keptFeeCents: number };
    }
    throw error;
  }
  throw new Error("recálculo sem resposta");
}

/**
 * What the shop keeps of what was paid, split as the rule in force splits
 * it. Overpaid: the rule's own split (the excess is the customer's store
 * credit). Underpaid: the shop absorbs the shortfall as interest it does not
 * charge, then (only if the payoff fell short of the principal, as the old
 * rule could on the contract's first days) principal, then charges.
 */
export function keptSplit(due: Split, paidCents: number): Split {
  const dueCents = due.chargesCents + due.interestCents + due.principalCents;
  let short = Math.max(0, dueCents - Math.min(paidCents, dueCents));
  const take = (cents: number) => {
    const taken = Math.min(short, cents);
    short -= taken;
    return cents - taken;
  };
  const interestCents = take(due.interestCents);
  const principalCents = take(due.principalCents);
  const chargesCents = take(due.chargesCents);
  return { chargesCents, interestCents, principalCents };
}

/** Category → amount (in its own direction), summed. */
function byCategory(parts: readonly { categoryKey: SystemCategoryKey | null; amountCents: number }[]) {
  const totals = new Map<SystemCategoryKey, number>();
  for (const part of parts) {
    if (part.categoryKey === null) continue;
    totals.set(part.categoryKey, (totals.get(part.categoryKey) ?? 0) + part.amountCents);
  }
  return totals;
}

type PlanOutcome = {
  status: CreditCorrectionStatus;
  creditedCents: number;
  absorbedCents: number;
};

/**
 * One plan closed by a payoff: recomputed, compared, and corrected (store
 * credit, finance entries between categories, the correction's row, an
 * audit entry), all in the caller's transaction. A plan whose payoff the
 * rule in force agrees with, to the centavo and in its split, gets a row
 * "no-difference" and nothing else.
 */
async function correctPlanInTx(tx: Transaction, planId: number, paymentId: number, today: string): Promise<PlanOutcome> {
  const [plan] = await tx.select().from(creditPlans).where(eq(creditPlans.id, planId)).for("update");
  const [payment] = await tx.select().from(creditPayments).where(eq(creditPayments.id, paymentId));
  if (!plan || !payment) throw new Error(`crediário ${planId} ou pagamento ${paymentId} ausente`);
  const quote = await payoffUnderRuleInForceInTx(tx, plan, payment);
  const differenceCents = payment.amountCents - quote.totalCents;
  const creditedCents = Math.max(0, differenceCents);
  const absorbedCents = Math.max(0, -differenceCents);
  const { kept, keptFeeCents } = quote;

  // Finance: what the payment posted against what it should have, the credited excess kept as revenue of what was
  // sold (a sale paid later with that store credit posts nothing, as for a return's credit: decision 0019).
  const origin = payment.registerEntryId === null ? null : { kind: REGISTER_ENTRY_ORIGIN, id: payment.registerEntryId };
  const posted = origin ? (await postedPartsOfOriginInTx(tx, origin)).filter((part) => part.categoryKey !== "card-fees") : [];
  let interestToRevenueCents = 0;
  let moves: { categoryKey: SystemCategoryKey; deltaCents: number }[] = [];
  // A payoff the rule in force agrees with, in amount and split, is left alone: its postings are not re-derived (a
  // product's revenue source changed since would otherwise move revenue the payoff's rule has nothing to do with).
  const agrees =
    differenceCents === 0 &&
    payment.chargesCents === quote.due.chargesCents &&
    payment.interestCents === quote.due.interestCents &&
    payment.principalCents === quote.due.principalCents;
  if (posted.length > 0 && !agrees) {
    const target: ReceiptPart[] = creditFinanceParts(
      { ...kept, principalCents: kept.principalCents + creditedCents },
      await planRevenueOf(tx, plan),
      keptFeeCents,
    );
    const before = byCategory(posted);
    const after = byCategory(target);
    moves = [...new Set([...before.keys(), ...after.keys()])].map((categoryKey) => ({
      categoryKey,
      deltaCents: (after.get(categoryKey) ?? 0) - (before.get(categoryKey) ?? 0),
    }));
    interestToRevenueCents = (before.get("credit-interest") ?? 0) - (after.get("credit-interest") ?? 0);
  }
  const movesFinance = moves.some((move) => move.deltaCents !== 0);
  const status: CreditCorrectionStatus = differenceCents !== 0 || movesFinance ? "corrected" : "no-difference";

  const [customer] = await tx.select({ name: customers.name }).from(customers).where(eq(customers.id, plan.customerId));
  const payoffDay = formatDate(payment.businessDate);
  let storeCreditMovementId: number | null = null;
  if (creditedCents > 0) {
    const [movement] = await tx
      .insert(storeCreditMovements)
      .values({
        customerId: plan.customerId,
        amountCents: creditedCents,
        reason: `Crediário nº ${plan.id}: a quitação de ${payoffDay} cobrou ${formatCents(creditedCents)} a mais que a regra corrigida (art. 52 §2 do CDC)`,
        actorLabel: CORRECTION_ACTOR.label,
      })
      .returning({ id: storeCreditMovements.id });
    storeCreditMovementId = movement!.id;
  }
  const [row] = await tx
    .insert(creditCorrections)
    .values({
      rule: PAYOFF_RULE_CORRECTION,
      planId: plan.id,
      paymentId: payment.id,
      customerId: plan.customerId,
      status,
      payoffDate: payment.businessDate,
      paidCents: payment.amountCents,
      paidInterestCents: payment.interestCents,
      paidPrincipalCents: payment.principalCents,
      dueCents: quote.totalCents,
      dueInterestCents: quote.due.interestCents,
      duePrincipalCents: quote.due.principalCents,
      differenceCents,
      creditedCents,
      absorbedCents,
      interestToRevenueCents,
      storeCreditMovementId,
      businessDate: today,
      actorLabel: CORRECTION_ACTOR.label,
    })
    .returning({ id: creditCorrections.id });
  if (status === "no-difference") return { status, creditedCents: 0, absorbedCents: 0 };
  if (movesFinance && origin) {
    const [first] = posted;
    await postReclassificationInTx(tx, CORRECTION_ACTOR, {
      origin: { kind: CREDIT_CORRECTION_ORIGIN, id: row!.id },
      accountId: first!.accountId!,
      method: first!.method,
      date: today,
      description: `Crediário nº ${plan.id}: correção da quitação de ${payoffDay} (regra de quitação)`,
      customerId: plan.customerId,
      moves,
    });
  }
  await recordAudit(tx, {
    actorUserId: null,
    actorLabel: CORRECTION_ACTOR.label,
    action: "credit-plan.payoff-correction",
    entity: CREDIT_PLAN_ENTITY,
    entityId: String(plan.id),
    details: {
      correctionId: row!.id,
      paymentId: payment.id,
      customer: customer?.name ?? null,
      paidCents: payment.amountCents,
      dueCents: quote.totalCents,
      creditedCents,
      absorbedCents,
      interestToRevenueCents,
      moves: moves.filter((move) => move.deltaCents !== 0),
    },
  });
  return { status, creditedCents, absorbedCents };
}

/**
 * The plans a payoff closed before this correction ran: paid, and their
 * latest payment in force a payoff. Not yet examined (a row would say so).
 */
async function payoffClosedPlansInTx(tx: Transaction) {
  const result = await tx.execute(sql`
    select p.id as "planId", last.id as "paymentId"
    from ${creditPlans} p
    join lateral (
      select pay.id, pay.kind from ${creditPayments} pay
      where pay.plan_id = p.id and pay.cancelled_at is null
      order by pay.id desc limit 1
    ) last on true
    where p.status = 'paid' and last.kind = 'payoff'
      and not exists (select 1 from ${creditCorrections} c where c.plan_id = p.id)
    order by p.id`);
  return (result.rows as { planId: number; paymentId: number }[]).map((row) => ({
    planId: Number(row.planId),
    paymentId: Number(row.paymentId),
  }));
}

/**
 * Corrects, once per database, every plan closed by a payoff recorded under
 * the former payoff rule (issue 23 §2, decision 0027). One transaction: a
 * server that finds another one doing it (the lock is taken) or the run's
 * row already written does nothing; a plan that cannot be recomputed is
 * recorded as "failed" (the owner sees it) and the others go on. Called at
 * start, before the server listens.
 */
export async function correctFormerRulePayoffs(today = shopToday()): Promise<CorrectionRunResult> {
  return inTransaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${CORRECTION_LOCK})) as "locked"`);
    if (!(lock.rows[0] as { locked: boolean } | undefined)?.locked) return { outcome: "busy" };
    const [ran] = await tx
      .select({ rule: creditCorrectionRuns.rule })
      .from(creditCorrectionRuns)
      .where(eq(creditCorrectionRuns.rule, PAYOFF_RULE_CORRECTION));
    if (ran) return { outcome: "already-ran" };
    const candidates = await payoffClosedPlansInTx(tx);
    let corrected = 0;
    let failed = 0;
    let creditedCents = 0;
    let absorbedCents = 0;
    for (const candidate of candidates) {
      try {
        const outcome = await tx.transaction((savepoint) =>
          correctPlanInTx(savepoint, candidate.planId, candidate.paymentId, today),
        );
        if (outcome.status === "corrected") corrected++;
        creditedCents += outcome.creditedCents;
        absorbedCents += outcome.absorbedCents;
      } catch (error) {
        failed++;
        await recordFailureInTx(tx, candidate, today, error);
      }
    }
    await tx.insert(creditCorrectionRuns).values({
      rule: PAYOFF_RULE_CORRECTION,
      businessDate: today,
      examinedCount: candidates.length,
      correctedCount: corrected,
      creditedCents,
      absorbedCents,
    });
    return { outcome: "ran", examined: candidates.length, corrected, failed, creditedCents, absorbedCents };
  });
}

/** A plan the correction could not recompute: kept, with why, for the owner to look at by hand. */
async function recordFailureInTx(
  tx: Transaction,
  candidate: { planId: number; paymentId: number },
  today: string,
  error: unknown,
) {
  const [payment] = await tx.select().from(creditPayments).where(eq(creditPayments.id, candidate.paymentId));
  await tx.insert(creditCorrections).values({
    rule: PAYOFF_RULE_CORRECTION,
    planId: candidate.planId,
    paymentId: candidate.paymentId,
    customerId: payment!.customerId,
    status: "failed",
    payoffDate: payment!.businessDate,
    paidCents: payment!.amountCents,
    paidInterestCents: payment!.interestCents,
    paidPrincipalCents: payment!.principalCents,
    businessDate: today,
    failure: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
    actorLabel: CORRECTION_ACTOR.label,
  });
}

export const CREDIT_CORRECTION_PAGE_SIZE = 25;
const MAX_PAGE = 1_000;

/**
 * /financial-management/correcoes-do-crediario: the plans the correction changed or could not recompute,
 * newest first, a page at a time, and the run's totals.
 */
export async function listCreditCorrections(actor: Actor, { page }: { page: number }) {
  assertStaffActor(actor);
  const safePage = Number.isSafeInteger(page) ? Math.min(Math.max(page, 1), MAX_PAGE) : 1;
  const db = await getDb();
  const [run] = await db.select().from(creditCorrectionRuns).where(eq(creditCorrectionRuns.rule, PAYOFF_RULE_CORRECTION));
  const rows = await db
    .select({
      id: creditCorrections.id,
      planId: creditCorrections.planId,
      customerId: creditCorrections.customerId,
      customerName: customers.name,
      status: creditCorrections.status,
      payoffDate: creditCorrections.payoffDate,
      paidCents: creditCorrections.paidCents,
      dueCents: creditCorrections.dueCents,
      differenceCents: creditCorrections.differenceCents,
      creditedCents: creditCorrections.creditedCents,
      absorbedCents: creditCorrections.absorbedCents,
      interestToRevenueCents: creditCorrections.interestToRevenueCents,
      businessDate: creditCorrections.businessDate,
      failure: creditCorrections.failure,
    })
    .from(creditCorrections)
    .innerJoin(customers, eq(customers.id, creditCorrections.customerId))
    .where(and(eq(creditCorrections.rule, PAYOFF_RULE_CORRECTION), ne(creditCorrections.status, "no-difference")))
    .orderBy(desc(creditCorrections.id))
    .limit(CREDIT_CORRECTION_PAGE_SIZE + 1)
    .offset((safePage - 1) * CREDIT_CORRECTION_PAGE_SIZE);
  return {
    run: run ?? null,
    rows: rows.slice(0, CREDIT_CORRECTION_PAGE_SIZE),
    page: safePage,
    hasNextPage: rows.length > CREDIT_CORRECTION_PAGE_SIZE,
  };
}

/** Whether the correction changed (or could not recompute) any plan: /cdc links its report only then. */
export async function hasCreditCorrections(actor: Actor) {
  assertStaffActor(actor);
  const db = await getDb();
  const [row] = await db
    .select({ id: creditCorrections.id })
    .from(creditCorrections)
    .where(and(eq(creditCorrections.rule, PAYOFF_RULE_CORRECTION), ne(creditCorrections.status, "no-difference")))
    .limit(1);
  return row !== undefined;
}

/** The correction of one plan's payoff, when it changed something: the plan's page says what was done. */
export async function correctionOfPlan(actor: Actor, planId: number) {
  assertStaffActor(actor);
  const db = await getDb();
  const [row] = await db
    .select({
      status: creditCorrections.status,
      paidCents: creditCorrections.paidCents,
      dueCents: creditCorrections.dueCents,
      creditedCents: creditCorrections.creditedCents,
      absorbedCents: creditCorrections.absorbedCents,
      businessDate: creditCorrections.businessDate,
    })
    .from(creditCorrections)
    .where(and(eq(creditCorrections.planId, planId), ne(creditCorrections.status, "no-difference")));
  return row ?? null;
}
