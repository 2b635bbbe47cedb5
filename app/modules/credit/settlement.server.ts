import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { creditInstalments, creditPlans, debts } from "~/db/schema/credit";
import { customers } from "~/db/schema/customers";
import { serviceOrders } from "~/db/schema/service-orders";
import { shopToday } from "~/lib/dates";
import { parseInput } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { centsToInput, formatCents } from "~/lib/money";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { addServiceOrderPaymentInTx } from "~/modules/service-orders/mutations.server";
import { payDebtInTx } from "./debt-payments.server";
import { openInstalmentsOn, quotePayoff, type Reader } from "./payment-dues.server";
import { CreditPaymentRuleError } from "./payment-errors";
import { payCreditPlanInTx } from "./payments.server";
import { SettlementSchema } from "./payment-validation";

export type SettlementItemKind = "order" | "instalment" | "debt";

/** Something a customer owes, as the settlement page lists it and the settlement pays it. */
export type OpenItem = {
  /** "order:12", "instalment:40", "debt:7": the form's value. */
  key: string;
  kind: SettlementItemKind;
  id: number;
  /** The plan of an instalment (its instalments are paid oldest first). */
  planId: number | null;
  description: string;
  dueDate: string;
  /** What it takes to pay it today (an instalment's late charges included). */
  dueCents: number;
  /** An instalment's plan paid off today (interest not yet run waived, CDC art. 52 §2): the most its instalments together take. */
  planPayoffCents: number | null;
};

/**
 * What the chosen items take today: each item's amount, but a plan's
 * instalments together never more than paying that plan off today (its
 * later instalments are worth less than their face before they fall due).
 */
export function chosenTotalCents(items: readonly OpenItem[]) {
  const planShares = new Map<number, { sum: number; cap: number }>();
  let total = 0;
  for (const item of items) {
    if (item.planId === null || item.planPayoffCents === null) {
      total += item.dueCents;
      continue;
    }
    const share = planShares.get(item.planId) ?? { sum: 0, cap: item.planPayoffCents };
    share.sum += item.dueCents;
    planShares.set(item.planId, share);
  }
  for (const share of planShares.values()) total += Math.min(share.sum, share.cap);
  return total;
}

const KIND_ORDER: Record<SettlementItemKind, number> = { order: 0, instalment: 1, debt: 2 };

/** Oldest due first; on the same day, orders, then instalments, then debts (and each by number). */
function byDueDate(a: OpenItem, b: OpenItem) {
  return a.dueDate.localeCompare(b.dueDate) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.id - b.id;
}

/**
 * Everything the customer owes today, oldest first: orders delivered with
 * a balance (due on the day delivered), open instalments of active plans
 * (with their late charges) and open debts.
 */
export async function listCustomerOpenItems(db: Reader, customerId: number, today: string): Promise<OpenItem[]> {
  const orders = await db
    .select({
      id: serviceOrders.id,
      balanceCents: sql<number>`${serviceOrders.linesTotalCents} - ${serviceOrders.discountCents} - ${serviceOrders.paidCents}`,
      deliveredAt: serviceOrders.deliveredAt,
      brand: serviceOrders.brand,
      model: serviceOrders.model,
    })
    .from(serviceOrders)
    .where(
      and(
        eq(serviceOrders.customerId, customerId),
        eq(serviceOrders.status, "delivered"),
        gt(sql`${serviceOrders.linesTotalCents} - ${serviceOrders.discountCents} - ${serviceOrders.paidCents}`, 0),
      ),
    );
  const plans = await db
    .select()
    .from(creditPlans)
    .where(and(eq(creditPlans.customerId, customerId), eq(creditPlans.status, "active")));
  const instalmentItems: OpenItem[] = [];
  for (const plan of plans) {
    const open = await openInstalmentsOn(db, plan, today);
    const planPayoffCents = open.length > 0 ? quotePayoff(plan, open, null, today).totalCents : 0;
    for (const instalment of open) {
      instalmentItems.push({
        key: `instalment:${instalment.id}`,
        kind: "instalment",
        id: instalment.id,
        planId: plan.id,
        description: `Crediário nº ${plan.id}, parcela ${instalment.number}/${plan.instalmentCount}`,
        dueDate: instalment.dueDate,
        dueCents: instalment.dues.totalCents,
        planPayoffCents,
      });
    }
  }
  const openDebts = await db
    .select({
      id: debts.id,
      description: debts.description,
      dueDate: debts.dueDate,
      owedCents: sql<number>`${debts.amountCents} - ${debts.paidCents}`,
    })
    .from(debts)
    .where(and(eq(debts.customerId, customerId), isNull(debts.settledAt), isNull(debts.cancelledAt)));
  return [
    ...orders.map((order) => ({
      key: `order:${order.id}`,
      kind: "order" as const,
      id: order.id,
      planId: null,
      description: `OS nº ${order.id}${order.brand || order.model ? ` (${`${order.brand} ${order.model}`.trim()})` : ""}`,
      dueDate: order.deliveredAt ? shopToday(new Date(order.deliveredAt)) : today,
      dueCents: Number(order.balanceCents),
      planPayoffCents: null,
    })),
    ...instalmentItems,
    ...openDebts.map((debt) => ({
      key: `debt:${debt.id}`,
      kind: "debt" as const,
      id: debt.id,
      planId: null,
      description: debt.description,
      dueDate: debt.dueDate,
      dueCents: Number(debt.owedCents),
      planPayoffCents: null,
    })),
  ].sort(byDueDate);
}

export type SettlementPart = { kind: SettlementItemKind; id: number; description: string; amountCents: number };
export type Settlement = { customerId: number; amountCents: number; parts: SettlementPart[] };

/** Why a chosen item cannot be paid by this customer now, in words. */
async function refusalFor(tx: Transaction, customerId: number, kind: SettlementItemKind, id: number) {
  if (kind === "order") {
    const [order] = await tx.select({ customerId: serviceOrders.customerId }).from(serviceOrders).where(eq(serviceOrders.id, id));
    return order?.customerId === customerId ? `A OS nº ${id} não tem saldo em aberto.` : `A OS nº ${id} não é deste cliente.`;
  }
  if (kind === "instalment") {
    const [instalment] = await tx
      .select({ customerId: creditInstalments.customerId, number: creditInstalments.number, planId: creditInstalments.planId })
      .from(creditInstalments)
      .where(eq(creditInstalments.id, id));
    return instalment?.customerId === customerId
      ? `A parcela ${instalment.number} do crediário nº ${instalment.planId} não está em aberto.`
      : "Esta parcela não é deste cliente.";
  }
  const [debt] = await tx.select({ customerId: debts.customerId }).from(debts).where(eq(debts.id, id));
  return debt?.customerId === customerId ? `O débito nº ${id} não está em aberto.` : `O débito nº ${id} não é deste cliente.`;
}

/**
 * One payment from a customer over the items chosen on /devedores, oldest
 * due first: each through its own core (an order's payment, a plan's
 * payment, a debt's payment), so each reaches the register and finance
 * as it would alone, in one transaction. An amount below the total pays
 * the oldest in full and the next in part. A plan's instalments are paid
 * oldest first (its payment core spreads that way), so a later one cannot
 * be chosen without the earlier. The same form sent twice records once.
 */
export async function settleCustomerDebtsInTx(
  tx: Transaction,
  actor: Actor,
  customerId: number,
  rawInput: unknown,
): Promise<Settlement & { isReplay: boolean }> {
  assertStaffActor(actor);
  const input = parseInput(SettlementSchema, rawInput);
  const { result, isReplay } = await runOnce(
    tx,
    { key: input.idempotencyKey, scope: `debtors.settlement:${customerId}`, actorUserId: actor.userId, content: input },
    async () => {
      if (!Number.isSafeInteger(customerId) || customerId < 1 || customerId > 2_147_483_647) {
        throw new CreditPaymentRuleError("Cliente não encontrado.", "items");
      }
      // The customer's row, locked: two settlements of one customer wait for each other ("no key update" lets rows that only reference the customer, a sale, go on).
      const [customer] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, customerId))
        .for("no key update");
      if (!customer) throw new CreditPaymentRuleError("Cliente não encontrado.", "items");
      const today = shopToday();
      const open = await listCustomerOpenItems(tx, customerId, today);
      const openByKey = new Map(open.map((item) => [item.key, item]));
      const chosenKeys = [...new Set(input.items)];
      for (const chosenKey of chosenKeys) {
        if (!openByKey.has(chosenKey)) {
          const [kind, id] = chosenKey.split(":") as [SettlementItemKind, string];
          throw new CreditPaymentRuleError(await refusalFor(tx, customerId, kind, Number(id)), "items");
        }
      }
      const chosen = open.filter((item) => chosenKeys.includes(item.key));
      for (const item of chosen) {
        const skipped = open.find(
          (other) =>
            other.planId !== null && other.planId === item.planId && other.id < item.id && !chosenKeys.includes(other.key),
        );
        if (skipped)
          throw new CreditPaymentRuleError(`Escolha antes a ${skipped.description.split(", ")[1]} do mesmo crediário.`, "items");
      }
      // A plan whose every open instalment is chosen takes its payoff today, not the face of instalments not yet due.
      const totalCents = chosenTotalCents(chosen);
      const amountCents = input.amount === 0 ? totalCents : input.amount;
      if (amountCents > totalCents) {
        throw new CreditPaymentRuleError(`O valor passa do total escolhido (${formatCents(totalCents)}).`, "amount");
      }
      let left = amountCents;
      const parts: SettlementPart[] = [];
      const planLeft = new Map<number, number>();
      for (const item of chosen) {
        if (left === 0) break;
        let take = Math.min(left, item.dueCents);
        if (item.planId !== null && item.planPayoffCents !== null) {
          const capLeft = planLeft.get(item.planId) ?? item.planPayoffCents;
          take = Math.min(take, capLeft);
          planLeft.set(item.planId, capLeft - take);
        }
        if (take === 0) continue;
        left -= take;
        parts.push({ kind: item.kind, id: item.id, description: item.description, amountCents: take });
      }
      const planCents = new Map<number, number>();
      for (const part of parts) {
        const planId = openByKey.get(`${part.kind}:${part.id}`)!.planId;
        if (planId !== null) planCents.set(planId, (planCents.get(planId) ?? 0) + part.amountCents);
      }
      const paidPlans = new Set<number>();
      for (const part of parts) {
        const itemKey = `${input.idempotencyKey}-${part.kind[0]}${part.id}`;
        if (part.kind === "order") {
          await addServiceOrderPaymentInTx(tx, actor, part.id, {
            method: input.method,
            amount: centsToInput(part.amountCents),
            note: input.note,
            idempotencyKey: itemKey,
          });
        } else if (part.kind === "debt") {
          await payDebtInTx(tx, actor, part.id, {
            method: input.method,
            amount: centsToInput(part.amountCents),
            idempotencyKey: itemKey,
          });
        } else {
          const planId = openByKey.get(`instalment:${part.id}`)!.planId!;
          if (paidPlans.has(planId)) continue;
          paidPlans.add(planId);
          await payCreditPlanInTx(
            tx,
            actor,
            planId,
            {
              method: input.method,
              amount: centsToInput(planCents.get(planId)!),
              idempotencyKey: `${input.idempotencyKey}-p${planId}`,
            },
            today,
          );
        }
      }
      await recordAudit(tx, {
        actorUserId: actor.userId,
        actorLabel: actor.label,
        action: "debtors.settlement",
        entity: "customer",
        entityId: String(customerId),
        details: { amountCents, method: input.method, parts: parts.map((part) => ({ ...part, description: undefined })) },
      });
      return { customerId, amountCents, parts };
    },
  );
  return { ...result, isReplay };
}

export function settleCustomerDebts(actor: Actor, customerId: number, input: unknown) {
  return inTransaction((tx) => settleCustomerDebtsInTx(tx, actor, customerId, input));
}

/** The settlement page's data: the customer and everything they owe today, oldest first; null for no such customer. */
export async function getCustomerSettlement(actor: Actor, customerId: number, today = shopToday()) {
  assertStaffActor(actor);
  const db = await getDb();
  const [customer] = await db
    .select({ id: customers.id, name: customers.name, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return null;
  const items = await listCustomerOpenItems(db, customerId, today);
  return { customer, items, totalCents: chosenTotalCents(items), today };
}
