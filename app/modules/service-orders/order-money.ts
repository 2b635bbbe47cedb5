/** An order's money as kept on its row (see app/db/schema/service-orders.ts). */
type OrderMoney = { linesTotalCents: number; discountCents: number; paidCents: number };

/** What the order costs: its quote lines less the discount. */
export function orderDueCents(order: Omit<OrderMoney, "paidCents">) {
  return order.linesTotalCents - order.discountCents;
}

/** What is still to pay: the due amount less what was paid (the deposit included). */
export function orderBalanceCents(order: OrderMoney) {
  return orderDueCents(order) - order.paidCents;
}
