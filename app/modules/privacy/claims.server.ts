import { and, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { creditPlans, debts } from "~/db/schema/credit";
import { serviceOrders } from "~/db/schema/service-orders";

type Reader = Database | Transaction;

/**
 * What the shop still claims from (or holds for) these customers, in words,
 * one line each: an open crediário plan, an open fiado or debt, an order
 * delivered with a balance left unpaid, a device still in the shop (an order
 * neither delivered nor cancelled). Empty: the data may be anonymised.
 */
export async function openClaimsOf(reader: Reader, customerIds: readonly number[]): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const [plans, openDebts, devices, owedOrders] = await Promise.all([
    reader
      .select({ id: creditPlans.id })
      .from(creditPlans)
      .where(and(inArray(creditPlans.customerId, customerIds), eq(creditPlans.status, "active")))
      .orderBy(creditPlans.id),
    reader
      .select({ id: debts.id, owed: sql<number>`${debts.amountCents} - ${debts.paidCents}` })
      .from(debts)
      .where(and(inArray(debts.customerId, customerIds), isNull(debts.settledAt), isNull(debts.cancelledAt)))
      .orderBy(debts.id),
    reader
      .select({ id: serviceOrders.id })
      .from(serviceOrders)
      .where(and(inArray(serviceOrders.customerId, customerIds), notInArray(serviceOrders.status, ["delivered", "cancelled"])))
      .orderBy(serviceOrders.id),
    reader
      .select({ id: serviceOrders.id })
      .from(serviceOrders)
      .where(
        and(
          inArray(serviceOrders.customerId, customerIds),
          eq(serviceOrders.status, "delivered"),
          sql`${serviceOrders.linesTotalCents} - ${serviceOrders.discountCents} - ${serviceOrders.paidCents} > 0`,
        ),
      )
      .orderBy(serviceOrders.id),
  ]);
  return [
    ...plans.map(({ id }) => `o crediário nº ${id} está em aberto`),
    ...openDebts.map(({ id }) => `o fiado/dívida nº ${id} está em aberto`),
    ...owedOrders.map(({ id }) => `a OS nº ${id} foi entregue com saldo a pagar`),
    ...devices.map(({ id }) => `o aparelho da OS nº ${id} ainda está na loja`),
  ];
}
