import { eq, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { loyaltyEntries } from "~/db/schema/loyalty";
import { pointsDueToExpire, type LedgerTotals } from "./points";

/** The ledger's sums for one customer at an instant (its index on customer_id keeps it to that customer's rows). */
export async function ledgerTotalsInTx(db: Transaction | Database, customerId: number, at: Date): Promise<LedgerTotals> {
  const [row] = await db
    .select({
      sum: sql<number>`coalesce(sum(${loyaltyEntries.points}), 0)`.mapWith(Number),
      lapsedPositive:
        sql<number>`coalesce(sum(${loyaltyEntries.points}) filter (where ${loyaltyEntries.points} > 0 and ${loyaltyEntries.expiresAt} <= ${at.toISOString()}), 0)`.mapWith(
          Number,
        ),
      negatives: sql<number>`coalesce(sum(${loyaltyEntries.points}) filter (where ${loyaltyEntries.points} < 0), 0)`.mapWith(
        Number,
      ),
    })
    .from(loyaltyEntries)
    .where(eq(loyaltyEntries.customerId, customerId));
  return row ?? { sum: 0, lapsedPositive: 0, negatives: 0 };
}

/** A customer's valid points at `at`: the ledger's sum less what has lapsed and the job has not yet written off. */
export async function validPointsAt(db: Transaction | Database, customerId: number, at: Date) {
  const totals = await ledgerTotalsInTx(db, customerId, at);
  return totals.sum - pointsDueToExpire(totals);
}

/**
 * ledgerTotalsInTx as a query that rides in another read's statement
 * (readTogether), the customer given as SQL (another table's column, an
 * order's customer): its one row's sums come back under the same names.
 */
export function ledgerTotalsQuery(customerId: SQL, at: Date) {
  return sql`select
    coalesce(sum(${loyaltyEntries.points}), 0) as "sum",
    coalesce(sum(${loyaltyEntries.points}) filter (where ${loyaltyEntries.points} > 0 and ${loyaltyEntries.expiresAt} <= ${at.toISOString()}), 0) as "lapsedPositive",
    coalesce(sum(${loyaltyEntries.points}) filter (where ${loyaltyEntries.points} < 0), 0) as "negatives"
    from ${loyaltyEntries} where ${loyaltyEntries.customerId} = ${customerId}`;
}

/** A customer's valid points from ledgerTotalsQuery's row (none: no entries). */
export function validPointsOf(rows: readonly Record<string, unknown>[]) {
  const row = rows[0] ?? {};
  const totals: LedgerTotals = {
    sum: Number(row.sum ?? 0),
    lapsedPositive: Number(row.lapsedPositive ?? 0),
    negatives: Number(row.negatives ?? 0),
  };
  return totals.sum - pointsDueToExpire(totals);
}
