import { sql, type SQL } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/db/client.server";
import type { FinanceAccountKind } from "~/db/schema/finance";

export type AccountBalance = {
  accountId: number;
  name: string;
  kind: FinanceAccountKind;
  isArchived: boolean;
  openingBalanceCents: number;
  /** At the end of `onDate`: every paid entry, transfer and card receivable dated that day or before. */
  balanceCents: number;
};

/**
 * Each account's balance at the end of the shop's day `onDate` (decision
 * 0019): opening balance + paid entries in − paid entries out + transfers
 * in − transfers out + card receivables settled in − out (expected date ≤
 * the day, no job moves them), cancelled rows skipped. "Today" comes from
 * the caller, never from the database's clock, so a test can move it.
 * Archived accounts are listed too (a balance left in one must show).
 * The paid entries are read from finance_daily_totals (kept by triggers,
 * migration 0020: paid, uncancelled entries by paid date), a few rows a day
 * instead of every entry since the shop opened: the accounts' page summed a
 * year of sales on each view.
 */
export async function accountBalancesInTx(tx: Transaction | Database, onDate: string): Promise<AccountBalance[]> {
  const result = await tx.execute(accountBalancesQuery(onDate));
  return (result.rows as Record<string, unknown>[]).map((row) => ({
    accountId: Number(row.id),
    name: String(row.name),
    kind: row.kind as FinanceAccountKind,
    isArchived: row.is_archived === true || row.is_archived === "t",
    openingBalanceCents: Number(row.opening_balance_cents),
    balanceCents: Number(row.balance_cents),
  }));
}

/**
 * The statement accountBalancesInTx runs (exported for its plan test), and,
 * with `accountId` (an id, or a subquery giving one), the same sum for that
 * account alone, each part read through its rows only: one definition of a
 * balance for the accounts' page and the register's drawer.
 */
export function accountBalancesQuery(onDate: string, accountId: number | SQL | null = null) {
  const only = (column: SQL) => (accountId === null ? sql`` : sql` and ${column} = ${accountId}`);
  return sql`
    with movements as (
      select account_id, (in_cents - out_cents)::bigint as cents
        from finance_daily_totals
        where day <= ${onDate}::date${only(sql`account_id`)}
      union all
      select to_account_id, amount_cents::bigint from finance_transfers
        where cancelled_at is null and transfer_date <= ${onDate}::date${only(sql`to_account_id`)}
      union all
      select from_account_id, -amount_cents::bigint from finance_transfers
        where cancelled_at is null and transfer_date <= ${onDate}::date${only(sql`from_account_id`)}
      union all
      select settlement_account_id, net_cents::bigint from card_receivables
        where cancelled_at is null and expected_date <= ${onDate}::date${only(sql`settlement_account_id`)}
      union all
      select acquirer_account_id, -net_cents::bigint from card_receivables
        where cancelled_at is null and expected_date <= ${onDate}::date${only(sql`acquirer_account_id`)}
    ), totals as (
      select account_id, sum(cents) as cents from movements group by account_id
    )
    select a.id, a.name, a.kind, a.archived_at is not null as is_archived, a.opening_balance_cents,
           (a.opening_balance_cents + coalesce(t.cents, 0))::text as balance_cents
      from finance_accounts a left join totals t on t.account_id = a.id
      ${accountId === null ? sql`` : sql`where a.id = ${accountId}`}
      order by a.archived_at is not null, a.position, a.id`;
}

/** The balances on a day, outside any transaction (a page's loader). */
export async function accountBalances(onDate: string) {
  return accountBalancesInTx(await getDb(), onDate);
}

/**
 * One account's balance at the end of `onDate`: accountBalancesInTx's row for
 * it, read through that account's rows only (the register's page wants the
 * drawer's: summing every account over a year of entries to keep one was
 * most of that page's cost).
 */
export async function accountBalanceInTx(tx: Transaction | Database, accountId: number, onDate: string): Promise<number> {
  const result = await tx.execute(accountBalancesQuery(onDate, accountId));
  const [row] = result.rows as Record<string, unknown>[];
  return Number(row?.balance_cents ?? 0);
}
