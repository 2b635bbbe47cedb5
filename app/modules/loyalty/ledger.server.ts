import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { inTransaction, type Transaction } from "~/db/client.server";
import { registerEntries, type RegisterEntryKind, type RegisterMethod } from "~/db/schema/cash-register";
import { customers } from "~/db/schema/customers";
import { loyaltyEntries } from "~/db/schema/loyalty";
import { serviceOrderPayments, serviceOrders } from "~/db/schema/service-orders";
import { warrantyClaims } from "~/db/schema/warranties";
import { shopToday } from "~/lib/dates";
import { NotFoundError } from "~/lib/errors";
import { idempotencyKeyField, parseInput, requiredText } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { assertOwnerActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { ledgerTotalsInTx } from "./balance.server";
import { earnForPayment, expiryOf, pointsDueToExpire, reverseForRefund } from "./points";
import { rulesInForce } from "./programme.server";
import { cycleStartFor, type LoyaltyRules } from "./rules";

/**
 * The points ledger's writers, each in the transaction of the change that
 * causes it (a payment, its cancellation, a delivery), so points and money
 * commit together or not at all. Every rule comes from `rulesInForce` on
 * the day it applies: the owner's changes count forward only.
 */

/** Register entries whose money earns points, when paid with money (not owed, not store credit). */
const EARNING_KINDS: readonly RegisterEntryKind[] = ["sale", "order-payment", "credit-payment", "debt-payment"];
const UNPAID_METHODS: readonly RegisterMethod[] = ["crediario", "store-credit"];

/** One customer's ledger writes at a time (a payment and a refund at once must not both read the same carry). */
const LOYALTY_CUSTOMER_LOCK = 0x4c4f5941; // "LOYA"

async function lockCustomerLedgerInTx(tx: Transaction, customerId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOYALTY_CUSTOMER_LOCK}, ${customerId})`);
}

/** What the customer has paid towards the next step: the carry of their latest money entry. */
async function currentCarryInTx(tx: Transaction, customerId: number) {
  const [latest] = await tx
    .select({ carryCents: loyaltyEntries.carryCents })
    .from(loyaltyEntries)
    .where(and(eq(loyaltyEntries.customerId, customerId), isNotNull(loyaltyEntries.carryCents)))
    .orderBy(desc(loyaltyEntries.id))
    .limit(1);
  return latest?.carryCents ?? 0;
}

/**
 * Writes off what has lapsed for one customer, dated when the last of it
 * lapsed. Done before any other negative entry, so a reversal never takes
 * points that had already expired ("points already expired stay expired").
 */
async function expireDueForCustomerInTx(tx: Transaction, customerId: number, now: Date) {
  const totals = await ledgerTotalsInTx(tx, customerId, now);
  const due = pointsDueToExpire(totals);
  if (due <= 0) return 0;
  const [last] = await tx
    .select({ at: sql<Date>`max(${loyaltyEntries.expiresAt})`.mapWith((value) => new Date(value as string)) })
    .from(loyaltyEntries)
    .where(
      and(
        eq(loyaltyEntries.customerId, customerId),
        sql`${loyaltyEntries.points} > 0 and ${loyaltyEntries.expiresAt} <= ${now.toISOString()}`,
      ),
    );
  await tx.insert(loyaltyEntries).values({
    customerId,
    kind: "expired",
    points: -due,
    description: "Pontos com mais de um ano",
    occurredAt: last?.at ?? now,
    actorLabel: "validade dos pontos",
  });
  return due;
}

export type RegisterEntryForLoyalty = {
  entryId: number;
  kind: RegisterEntryKind;
  method: RegisterMethod;
  amountCents: number;
  customerId: number | null;
  saleId: number | null;
  serviceOrderPaymentId: number | null;
  /** A crediário's contract fee: money for the credit, not for services or products. */
  isCreditFee: boolean;
  description: string;
};

/**
 * Money through the register, in its transaction: paid money for services
 * or products earns points (10 per R$ 200,00 under the default rules, the
 * remainder carried); money given back (a refund) takes away what it had
 * earned. Owed money (crediário) earns as its instalments are paid; store
 * credit was paid once already and does not earn again.
 */
export async function recordLoyaltyForRegisterEntryInTx(
  tx: Transaction,
  actor: Actor,
  entry: RegisterEntryForLoyalty,
  now = new Date(),
) {
  if (entry.customerId === null || UNPAID_METHODS.includes(entry.method) || entry.isCreditFee) return;
  const isEarning = EARNING_KINDS.includes(entry.kind) && entry.amountCents > 0;
  const isRefund = entry.kind === "refund" && entry.amountCents < 0;
  if (!isEarning && !isRefund) return;
  const rules = await rulesInForce(tx, shopToday(now));
  await lockCustomerLedgerInTx(tx, entry.customerId);
  const serviceOrderId = await serviceOrderOfPaymentInTx(tx, entry.serviceOrderPaymentId);
  if (isRefund) {
    await reverseMoneyInTx(tx, actor, {
      customerId: entry.customerId,
      backCents: -entry.amountCents,
      registerEntryId: entry.entryId,
      saleId: entry.saleId,
      serviceOrderId,
      description: entry.description || "Devolução de dinheiro",
      rules,
      now,
    });
    return;
  }
  if (!rules.enabled) return;
  const carry = await currentCarryInTx(tx, entry.customerId);
  const earned = earnForPayment(carry, entry.amountCents, rules);
  await tx
    .insert(loyaltyEntries)
    .values({
      customerId: entry.customerId,
      kind: "earned",
      points: earned.points,
      paidCents: entry.amountCents,
      carryCents: earned.carryCents,
      registerEntryId: entry.entryId,
      serviceOrderId,
      saleId: entry.saleId,
      description: entry.description,
      occurredAt: now,
      expiresAt: expiryOf(now, rules.validityYears),
      actorUserId: actor.userId,
      actorLabel: actor.label,
    })
    .onConflictDoNothing();
}

async function serviceOrderOfPaymentInTx(tx: Transaction, paymentId: number | null) {
  if (paymentId === null) return null;
  const [payment] = await tx
    .select({ orderId: serviceOrderPayments.orderId })
    .from(serviceOrderPayments)
    .where(eq(serviceOrderPayments.id, paymentId));
  return payment?.orderId ?? null;
}

async function reverseMoneyInTx(
  tx: Transaction,
  actor: Actor,
  input: {
    customerId: number;
    backCents: number;
    /** The register entry being undone (or the refund's own entry): reversed once. */
    registerEntryId: number;
    saleId: number | null;
    serviceOrderId: number | null;
    description: string;
    rules: LoyaltyRules;
    now: Date;
  },
) {
  await expireDueForCustomerInTx(tx, input.customerId, input.now);
  const carry = await currentCarryInTx(tx, input.customerId);
  const reversed = reverseForRefund(carry, input.backCents, input.rules);
  const balance = (await ledgerTotalsInTx(tx, input.customerId, input.now)).sum;
  // Never below zero: what already expired stays expired, the rest of the reversal is forgone.
  const points = -Math.min(-reversed.points, Math.max(0, balance));
  await tx
    .insert(loyaltyEntries)
    .values({
      customerId: input.customerId,
      kind: "reversed",
      points,
      paidCents: -input.backCents,
      carryCents: reversed.carryCents,
      registerEntryId: input.registerEntryId,
      serviceOrderId: input.serviceOrderId,
      saleId: input.saleId,
      description: input.description,
      occurredAt: input.now,
      actorUserId: actor.userId,
      actorLabel: actor.label,
    })
    .onConflictDoNothing();
}

/**
 * A register entry cancelled (a payment typed twice, a PIX that never
 * arrived, a sale cancelled, a crediário or debt payment undone): what its
 * money earned goes back, once.
 */
export async function reverseLoyaltyForRegisterEntriesInTx(
  tx: Transaction,
  actor: Actor,
  registerEntryIds: readonly number[],
  reason: string,
  now = new Date(),
) {
  if (registerEntryIds.length === 0) return;
  const earned = await tx
    .select({
      registerEntryId: loyaltyEntries.registerEntryId,
      customerId: loyaltyEntries.customerId,
      paidCents: loyaltyEntries.paidCents,
      saleId: loyaltyEntries.saleId,
      serviceOrderId: loyaltyEntries.serviceOrderId,
    })
    .from(loyaltyEntries)
    .where(and(inArray(loyaltyEntries.registerEntryId, [...registerEntryIds]), eq(loyaltyEntries.kind, "earned")))
    .orderBy(loyaltyEntries.id);
  if (earned.length === 0) return;
  const rules = await rulesInForce(tx, shopToday(now));
  for (const entry of earned) {
    await lockCustomerLedgerInTx(tx, entry.customerId);
    const [already] = await tx
      .select({ id: loyaltyEntries.id })
      .from(loyaltyEntries)
      .where(and(eq(loyaltyEntries.registerEntryId, entry.registerEntryId!), eq(loyaltyEntries.kind, "reversed")));
    if (already) continue;
    await reverseMoneyInTx(tx, actor, {
      customerId: entry.customerId,
      backCents: entry.paidCents,
      registerEntryId: entry.registerEntryId!,
      saleId: entry.saleId,
      serviceOrderId: entry.serviceOrderId,
      description: `Estorno: ${reason}`,
      rules,
      now,
    });
  }
}

/** A service order cancelled: what its payments earned goes back (the money itself is the register's business). */
export async function reverseLoyaltyForCancelledOrderInTx(tx: Transaction, actor: Actor, orderId: number, now = new Date()) {
  const entries = await tx
    .select({ id: registerEntries.id })
    .from(registerEntries)
    .innerJoin(serviceOrderPayments, eq(serviceOrderPayments.id, registerEntries.serviceOrderPaymentId))
    .where(and(eq(serviceOrderPayments.orderId, orderId), isNull(registerEntries.cancelledAt)));
  await reverseLoyaltyForRegisterEntriesInTx(
    tx,
    actor,
    entries.map((entry) => entry.id),
    `OS nº ${orderId} cancelada`,
    now,
  );
}

/** A repair for the cycle bonus: delivered, paid in full, not a warranty claim (a cancelled order is never delivered). */
const isPaidRepair = sql`${serviceOrders.status} = 'delivered' and ${serviceOrders.paidCents} >= ${serviceOrders.linesTotalCents} - ${serviceOrders.discountCents}
  and not exists (select 1 from ${warrantyClaims} where ${warrantyClaims.serviceOrderId} = ${serviceOrders.id})`;

/**
 * After an order's payment or delivery, in its transaction: the referral
 * (the referred customer's first service paid in full earns the referrer
 * its points, once per referred customer) and the cycle bonus (the third
 * paid repair delivered within a cycle that starts on 7 September, once per
 * cycle).
 */
export async function recordLoyaltyForOrderInTx(tx: Transaction, actor: Actor, orderId: number, now = new Date()) {
  const [order] = await tx
    .select({
      customerId: serviceOrders.customerId,
      deliveredAt: serviceOrders.deliveredAt,
      isPaid: sql<boolean>`${serviceOrders.paidCents} >= ${serviceOrders.linesTotalCents} - ${serviceOrders.discountCents} and ${serviceOrders.status} <> 'cancelled'`,
      isRepair: sql<boolean>`${isPaidRepair}`,
      referredBy: customers.referredByCustomerId,
    })
    .from(serviceOrders)
    .innerJoin(customers, eq(customers.id, serviceOrders.customerId))
    .where(eq(serviceOrders.id, orderId));
  if (!order || !order.isPaid) return;
  const rules = await rulesInForce(tx, shopToday(now));
  if (!rules.enabled) return;
  if (order.referredBy !== null && order.referredBy !== order.customerId && rules.referralPoints > 0) {
    await lockCustomerLedgerInTx(tx, order.referredBy);
    await tx
      .insert(loyaltyEntries)
      .values({
        customerId: order.referredBy,
        kind: "referral",
        points: rules.referralPoints,
        referredCustomerId: order.customerId,
        serviceOrderId: orderId,
        description: "Indicação: o cliente indicado fez o primeiro serviço",
        occurredAt: now,
        expiresAt: expiryOf(now, rules.validityYears),
        actorUserId: actor.userId,
        actorLabel: actor.label,
      })
      .onConflictDoNothing();
  }
  if (!order.isRepair || order.deliveredAt === null || rules.cycleBonusPoints <= 0) return;
  const cycleStart = cycleStartFor(order.deliveredAt);
  const nextCycleStart = `${Number(cycleStart.slice(0, 4)) + 1}${cycleStart.slice(4)}`;
  const [count] = await tx
    .select({ repairs: sql<number>`count(*)`.mapWith(Number) })
    .from(serviceOrders)
    .where(
      and(
        eq(serviceOrders.customerId, order.customerId),
        sql`(${serviceOrders.deliveredAt} at time zone 'America/Sao_Paulo')::date >= ${cycleStart}::date`,
        sql`(${serviceOrders.deliveredAt} at time zone 'America/Sao_Paulo')::date < ${nextCycleStart}::date`,
        isPaidRepair,
      ),
    );
  if ((count?.repairs ?? 0) < rules.cycleBonusMinRepairs) return;
  await lockCustomerLedgerInTx(tx, order.customerId);
  await tx
    .insert(loyaltyEntries)
    .values({
      customerId: order.customerId,
      kind: "cycle-bonus",
      points: rules.cycleBonusPoints,
      cycleStart,
      serviceOrderId: orderId,
      description: `Bônus do ciclo: ${rules.cycleBonusMinRepairs} reparos desde ${cycleStart.split("-").reverse().join("/")}`,
      occurredAt: now,
      expiresAt: expiryOf(now, rules.validityYears),
      actorUserId: actor.userId,
      actorLabel: actor.label,
    })
    .onConflictDoNothing();
}

/** The owner's manual adjustment, with its reason; never below zero. Returns the points written. */
export async function adjustPointsInTx(
  tx: Transaction,
  actor: Actor,
  input: { customerId: number; points: number; reason: string },
  now = new Date(),
) {
  await lockCustomerLedgerInTx(tx, input.customerId);
  const rules = await rulesInForce(tx, shopToday(now));
  let points = input.points;
  if (points < 0) {
    await expireDueForCustomerInTx(tx, input.customerId, now);
    const balance = (await ledgerTotalsInTx(tx, input.customerId, now)).sum;
    points = -Math.min(-points, Math.max(0, balance));
  }
  if (points === 0) return 0;
  await tx.insert(loyaltyEntries).values({
    customerId: input.customerId,
    kind: "adjustment",
    points,
    reason: input.reason,
    description: "Ajuste manual",
    occurredAt: now,
    expiresAt: points > 0 ? expiryOf(now, rules.validityYears) : null,
    actorUserId: actor.userId,
    actorLabel: actor.label,
  });
  return points;
}

/**
 * Writes off every customer's lapsed points: the same arithmetic as
 * expireDueForCustomerInTx (lapsed positive points less every negative entry
 * so far, never more than the balance), dated when the last of it lapsed.
 * Running it again writes nothing; after days off it writes what lapsed in
 * those days, once. A customer whose ledger a payment is writing right now
 * (their lock is taken) is left to that payment, which writes their lapsed
 * points off first, or to the next run: waiting for it could deadlock, and
 * not waiting would write the same points off twice.
 */
export async function expireLapsedPointsInTx(tx: Transaction, now: Date): Promise<number> {
  const at = now.toISOString();
  const candidates = await tx.execute<{ customer_id: number }>(sql`
    with lapsed as materialized (
      select distinct l.customer_id from loyalty_entries l
      join loyalty_balances b on b.customer_id = l.customer_id and b.points > 0
      where l.points > 0 and l.expires_at <= ${at}
    )
    select customer_id from lapsed
    where pg_try_advisory_xact_lock(${LOYALTY_CUSTOMER_LOCK}, customer_id)`);
  const customerIds = (candidates as unknown as { rows: { customer_id: number }[] }).rows.map((row) => row.customer_id);
  if (customerIds.length === 0) return 0;
  // A new statement, so it sees every write committed before the locks were taken.
  const result = await tx.execute<{ customer_id: number }>(sql`
    insert into loyalty_entries (customer_id, kind, points, description, occurred_at, actor_label)
    select customer_id, 'expired', -due, 'Pontos com mais de um ano', lapsed_at, 'validade dos pontos'
    from (
      select e.customer_id,
        greatest(0, least(sum(e.points), coalesce(sum(e.points) filter (where e.points > 0 and e.expires_at <= ${at}), 0)
          + coalesce(sum(e.points) filter (where e.points < 0), 0))) as due,
        max(e.expires_at) filter (where e.points > 0 and e.expires_at <= ${at}) as lapsed_at
      from loyalty_entries e
      where e.customer_id in (select unnest(${`{${customerIds.join(",")}}`}::int[]))
      group by e.customer_id
    ) as per_customer
    where due > 0
    order by customer_id
    returning customer_id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

export const LOYALTY_ENTITY = "loyalty";

const AdjustmentSchema = z.object({
  points: z
    .string({ error: "Informe os pontos." })
    .trim()
    .regex(/^[+-]?\d{1,6}$/, "Informe um número inteiro de pontos (negativo para tirar).")
    .transform(Number)
    .refine((points) => points !== 0, "Informe um número de pontos diferente de zero."),
  reason: requiredText("o motivo do ajuste", { min: 3, max: 300 }),
  idempotencyKey: idempotencyKeyField(),
});

/** The owner's manual adjustment from the staff page: reason required, audited, never below zero. */
export async function adjustPoints(actor: Actor, rawCustomerId: unknown, rawInput: unknown) {
  assertOwnerActor(actor, "Só o proprietário ajusta pontos.");
  const input = parseInput(AdjustmentSchema, rawInput);
  const customerId = Number(rawCustomerId);
  if (!Number.isSafeInteger(customerId) || customerId <= 0) throw new NotFoundError("Cliente não encontrado");
  return inTransaction(async (tx) => {
    const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
    if (!customer) throw new NotFoundError("Cliente não encontrado");
    // A second click of the same form (same key) answers with the first adjustment and writes nothing.
    const key = { key: input.idempotencyKey, scope: `loyalty.adjust:${customerId}`, actorUserId: actor.userId, content: input };
    const { result } = await runOnce(tx, key, async () => {
      const points = await adjustPointsInTx(tx, actor, { customerId, points: input.points, reason: input.reason });
      await recordAudit(tx, {
        actorUserId: actor.userId,
        actorLabel: actor.label,
        action: "loyalty.adjust",
        entity: LOYALTY_ENTITY,
        entityId: String(customerId),
        details: { requestedPoints: input.points, writtenPoints: points, reason: input.reason },
      });
      return { points };
    });
    const written = result.points;
    return { points: written };
  });
}
