import { eq } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { serviceOrders } from "~/db/schema/service-orders";
import { shopToday } from "~/lib/dates";
import { formatCents, percentOfCents } from "~/lib/money";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { checkPostedLevelDiscount, MANUAL_ON_TOP_OF_LEVEL_MESSAGE } from "~/modules/loyalty/level-discount";
import { loyaltyStanding } from "~/modules/loyalty/programme.server";
import { ServiceOrderNotFoundError, ServiceOrderRuleError } from "./errors";
import { isOrderNumber, SERVICE_ORDER_ENTITY } from "./order-number";

/** The field the order page shows the loyalty refusals next to. */
export const LOYALTY_DISCOUNT_FIELD = "loyaltyDiscount";

export const MANUAL_ON_TOP_MESSAGE = MANUAL_ON_TOP_OF_LEVEL_MESSAGE;

const CLOSED: readonly string[] = ["delivered", "cancelled"];

/** The order's row, locked: two writes to one order's totals run one after the other. */
async function lockOrderRow(tx: Transaction, orderId: number) {
  if (!isOrderNumber(orderId)) throw new ServiceOrderNotFoundError(orderId);
  const [order] = await tx.select().from(serviceOrders).where(eq(serviceOrders.id, orderId)).for("update");
  if (!order) throw new ServiceOrderNotFoundError(orderId);
  if (CLOSED.includes(order.status)) {
    throw new ServiceOrderRuleError("Uma OS entregue ou cancelada não pode mais ser alterada.", LOYALTY_DISCOUNT_FIELD);
  }
  return order;
}

/**
 * The loyalty level's part of an order's discount when its quote's lines
 * total `linesTotalCents`: the percentage it was applied at, on the whole
 * service (labour and parts). Used by the edit so the level's discount
 * follows the quote.
 */
export function loyaltyPartFor(order: { loyaltyDiscountBasisPoints: number | null }, linesTotalCents: number) {
  return order.loyaltyDiscountBasisPoints ? percentOfCents(linesTotalCents, order.loyaltyDiscountBasisPoints) : 0;
}

/**
 * Staff's one tap: the customer's level's discount on the whole order. The
 * percentage posted is checked against the customer's level on the server
 * (a posted one above it is refused) and the amount is computed here from
 * the quote, never taken from the page. A manual discount already on the
 * order stays, but adding the level's to it is the owner's decision.
 */
export async function applyServiceOrderLoyaltyDiscountInTx(
  tx: Transaction,
  actor: Actor,
  orderId: number,
  postedBasisPoints: number,
  today = shopToday(),
) {
  assertStaffActor(actor);
  const order = await lockOrderRow(tx, orderId);
  const standing = await loyaltyStanding(tx, order.customerId, today);
  const level = standing.rules.enabled ? standing.level : null;
  const checked = checkPostedLevelDiscount(level, postedBasisPoints, order.linesTotalCents);
  if (!checked.ok) throw new ServiceOrderRuleError(checked.message, LOYALTY_DISCOUNT_FIELD);
  const manualCents = order.discountCents - order.loyaltyDiscountCents;
  if (manualCents > 0 && actor.role !== "owner") throw new ServiceOrderRuleError(MANUAL_ON_TOP_MESSAGE, LOYALTY_DISCOUNT_FIELD);
  const discountCents = manualCents + checked.offer.cents;
  if (discountCents > order.linesTotalCents) {
    throw new ServiceOrderRuleError("O desconto não pode passar do total do orçamento.", LOYALTY_DISCOUNT_FIELD);
  }
  if (order.linesTotalCents - discountCents < order.paidCents) {
    throw new ServiceOrderRuleError(
      `O total com desconto (${formatCents(order.linesTotalCents - discountCents)}) não pode ficar abaixo do que já foi pago (${formatCents(order.paidCents)}).`,
      LOYALTY_DISCOUNT_FIELD,
    );
  }
  await tx
    .update(serviceOrders)
    .set({
      discountCents,
      loyaltyDiscountCents: checked.offer.cents,
      loyaltyLevelName: checked.offer.levelName,
      loyaltyDiscountBasisPoints: checked.offer.basisPoints,
      updatedAt: new Date(),
    })
    .where(eq(serviceOrders.id, orderId));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "service-order.loyalty-discount",
    entity: SERVICE_ORDER_ENTITY,
    entityId: String(orderId),
    details: {
      level: checked.offer.levelName,
      basisPoints: checked.offer.basisPoints,
      points: standing.points,
      loyaltyDiscountCents: checked.offer.cents,
      discountCents,
    },
  });
  return checked.offer;
}

export function applyServiceOrderLoyaltyDiscount(actor: Actor, orderId: number, postedBasisPoints: number) {
  return inTransaction((tx) => applyServiceOrderLoyaltyDiscountInTx(tx, actor, orderId, postedBasisPoints));
}

/** Takes the level's discount off the order again (a tap by mistake); a manual discount stays. */
export async function removeServiceOrderLoyaltyDiscountInTx(tx: Transaction, actor: Actor, orderId: number) {
  assertStaffActor(actor);
  const order = await lockOrderRow(tx, orderId);
  if (order.loyaltyDiscountCents === 0 && order.loyaltyDiscountBasisPoints === null) return;
  const discountCents = order.discountCents - order.loyaltyDiscountCents;
  await tx
    .update(serviceOrders)
    .set({
      discountCents,
      loyaltyDiscountCents: 0,
      loyaltyLevelName: null,
      loyaltyDiscountBasisPoints: null,
      updatedAt: new Date(),
    })
    .where(eq(serviceOrders.id, orderId));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "service-order.loyalty-discount-removed",
    entity: SERVICE_ORDER_ENTITY,
    entityId: String(orderId),
    details: { level: order.loyaltyLevelName, loyaltyDiscountCents: order.loyaltyDiscountCents, discountCents },
  });
}

export function removeServiceOrderLoyaltyDiscount(actor: Actor, orderId: number) {
  return inTransaction((tx) => removeServiceOrderLoyaltyDiscountInTx(tx, actor, orderId));
}
