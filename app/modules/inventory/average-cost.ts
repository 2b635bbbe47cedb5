import { roundCents } from "~/lib/money";

/**
 * The weighted average cost after a movement. Only what comes in changes it
 * (an entry at its cost, a returned item at the cost it left at): (stock × average + quantity × cost) / (stock + quantity),
 * rounded to the cent. What leaves, leaves at the average, which stays. When
 * the stock was empty or negative (the owner allows selling ahead of
 * entries), the entry's cost is the new average: nothing is left to weigh.
 */
export function averageCostAfter(
  stockBefore: number,
  averageBeforeCents: number,
  incoming: { quantity: number; unitCostCents: number } | null,
): number {
  if (!incoming || incoming.quantity <= 0) return averageBeforeCents;
  if (stockBefore <= 0) return incoming.unitCostCents;
  return roundCents(
    (stockBefore * averageBeforeCents + incoming.quantity * incoming.unitCostCents) / (stockBefore + incoming.quantity),
  );
}
