import { desc, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { serviceOrders } from "~/db/schema/service-orders";
import { customerIdsOfAccount } from "~/modules/customers/account-links.server";
import { deviceName } from "./device-name";
import { orderBalanceCents } from "./order-money";
import { STATUS_LABELS, isServiceOrderStatus } from "./status";
import { trackingUrl } from "./tracking-code";

/** More than a customer brings in years; the page lists the newest. */
const ACCOUNT_ORDERS_LIMIT = 50;

/**
 * A signed-in customer's own repairs for "Minha conta": the orders of the
 * customer records their account sees (customerIdsOfAccount), newest first,
 * with what the public tracking page shows and its link. Keyed only by the
 * session's user id: nothing the customer types or requests chooses them.
 */
export async function listAccountServiceOrders(userId: string) {
  const customerIds = await customerIdsOfAccount(userId);
  if (customerIds.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({
      id: serviceOrders.id,
      trackingCode: serviceOrders.trackingCode,
      status: serviceOrders.status,
      deviceType: serviceOrders.deviceType,
      brand: serviceOrders.brand,
      model: serviceOrders.model,
      promisedDate: serviceOrders.promisedDate,
      linesTotalCents: serviceOrders.linesTotalCents,
      discountCents: serviceOrders.discountCents,
      paidCents: serviceOrders.paidCents,
      createdAt: serviceOrders.createdAt,
    })
    .from(serviceOrders)
    .where(inArray(serviceOrders.customerId, customerIds))
    .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id))
    .limit(ACCOUNT_ORDERS_LIMIT);
  return rows.map((order) => ({
    id: order.id,
    device: deviceName(order),
    statusLabel: isServiceOrderStatus(order.status) ? STATUS_LABELS[order.status] : order.status,
    isDelivered: order.status === "delivered",
    promisedDate: order.promisedDate,
    balanceCents: Math.max(0, orderBalanceCents(order)),
    createdAt: new Date(order.createdAt).toISOString(),
    trackingPath: trackingUrl("", order.trackingCode),
  }));
}

export type AccountServiceOrder = Awaited<ReturnType<typeof listAccountServiceOrders>>[number];
