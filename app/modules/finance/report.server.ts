import { sql, type SQL } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/db/client.server";
import type { FinanceDirection, FinanceResultLine } from "~/db/schema/finance";
import { addDays, addMonths, isIsoMonth, shopMonthRange } from "~/lib/dates";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";

type Reader = Database | Transaction;

/**
 * Stock movements whose cost is the cost of goods sold (decision 0019): what
 * left sold or fitted to an order, less what came back. A cancelled sale's
 * goods come back as "cancel" at the cost they left at, so its cost leaves
 * the result with its revenue.
 */
const COST_OF_GOODS_KINDS = sql.raw(`('sale', 'order-part', 'return', 'cancel')`);

/** One category's part of the month result: positive adds to it (revenue), negative takes from it (an expense). */
export type ResultCategoryLine = {
  categoryId: number;
  name: string;
  systemKey: string | null;
  resultCents: number;
};

export type ResultSection = { lines: ResultCategoryLine[]; totalCents: number };

/**
 * The month result (DRE) on a cash basis, as Brazilian small businesses read
 * it. Every amount is its effect on the result: deductions, costs and
 * expenses are negative.
 */
export type MonthResult = {
  month: string;
  grossRevenue: ResultSection;
  deductions: ResultSection;
  netRevenueCents: number;
  /** The stock ledger's cost of what was sold or fitted (negative), then "cost-of-goods" entries. */
  costOfGoods: ResultSection & { stockLedgerCents: number };
  grossProfitCents: number;
  operatingExpenses: ResultSection;
  operatingResultCents: number;
  otherResults: ResultSection;
  resultCents: number;
};

const toNumber = (value: unknown) => Number(value ?? 0);

/** Rows of a raw query, the same on PGlite and node-postgres. */
async function rowsOf<T>(reader: Reader, query: SQL): Promise<T[]> {
  return (await reader.execute(query)).rows as T[];
}

/** The cost of goods sold between two instants, from the stock ledger, as a positive amount. */
async function stockCostOfGoodsInTx(reader: Reader, from: Date, to: Date): Promise<number> {
  const [row] = await rowsOf<{ cents: unknown }>(
    reader,
    sql`select coalesce(sum(-quantity::bigint * unit_cost_cents), 0) as cents from stock_movements
        where kind in ${COST_OF_GOODS_KINDS} and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz`,
  );
  return toNumber(row?.cents);
}

/**
 * The month result of `month` ("2026-11"). Revenue and expenses are the
 * entries paid in the month (paid_date, a calendar day of the shop);
 * cancelled entries and categories outside the result (stock purchases,
 * loans, capital) are left out; the cost of goods is the stock ledger's, for
 * the movements of the month in São Paulo time.
 */
export async function monthResultInTx(reader: Reader, month: string): Promise<MonthResult> {
  const range = shopMonthRange(month);
  // Revenue and deduction lines are always shown (a month without discounts says R$ 0,00); others when they moved.
  const categoryRows = await rowsOf<{
    id: number;
    name: string;
    systemKey: string | null;
    resultLine: FinanceResultLine;
    cents: unknown;
  }>(
    reader,
    sql`with paid as (
          select category_id, sum(case when direction = 'in' then amount_cents else -amount_cents end) as cents
          from finance_entries
          where cancelled_at is null and paid_date is not null
            and paid_date >= ${range.firstDay}::date and paid_date <= ${range.lastDay}::date
          group by category_id
        )
        select c.id, c.name, c.system_key as "systemKey", c.result_line as "resultLine", coalesce(p.cents, 0) as cents
        from finance_categories c left join paid p on p.category_id = c.id
        where c.result_line <> 'outside-result'
          and (p.cents <> 0 or (c.archived_at is null and c.result_line in ('gross-revenue', 'deduction')))
        order by c.position, c.id`,
  );
  const stockCost = await stockCostOfGoodsInTx(reader, range.from, range.to);

  const section = (line: FinanceResultLine): ResultSection => {
    const lines = categoryRows
      .filter((row) => row.resultLine === line)
      .map((row) => ({ categoryId: row.id, name: row.name, systemKey: row.systemKey, resultCents: toNumber(row.cents) }));
    return { lines, totalCents: lines.reduce((sum, row) => sum + row.resultCents, 0) };
  };
  const grossRevenue = section("gross-revenue");
  const deductions = section("deduction");
  const costEntries = section("cost-of-goods");
  const operatingExpenses = section("operating-expense");
  const otherResults = section("other-result");
  const netRevenueCents = grossRevenue.totalCents + deductions.totalCents;
  const costOfGoods = { ...costEntries, stockLedgerCents: -stockCost, totalCents: costEntries.totalCents - stockCost };
  const grossProfitCents = netRevenueCents + costOfGoods.totalCents;
  const operatingResultCents = grossProfitCents + operatingExpenses.totalCents;
  return {
    month,
    grossRevenue,
    deductions,
    netRevenueCents,
    costOfGoods,
    grossProfitCents,
    operatingExpenses,
    operatingResultCents,
    otherResults,
    resultCents: operatingResultCents + otherResults.totalCents,
  };
}

/**
 * What all the shop's accounts hold together at the end of `day`: opening
 * balances plus paid entries in, less paid entries out. Transfers and card
 * receivables move money between the shop's own accounts, so they add
 * nothing to the total.
 */
// TODO(lead): replace with the sum of finance-ledger's accountBalancesInTx once it is on main.
export async function totalBalanceOnInTx(reader: Reader, day: string): Promise<number> {
  const [row] = await rowsOf<{ cents: unknown }>(
    reader,
    sql`select (select coalesce(sum(opening_balance_cents), 0) from finance_accounts)
          + (select coalesce(sum(case when direction = 'in' then amount_cents else -amount_cents end), 0)
             from finance_entries
             where cancelled_at is null and paid_date is not null and paid_date <= ${day}::date) as cents`,
  );
  return toNumber(row?.cents);
}

export type CashFlowDay = { day: string; inCents: number; outCents: number; balanceCents: number };

/**
 * Cash in and out of the month by day, every paid entry included (stock
 * purchases and capital too: this is cash, not result), and the accounts'
 * total balance at the end of each day.
 */
export async function cashFlowByDayInTx(reader: Reader, month: string): Promise<CashFlowDay[]> {
  const range = shopMonthRange(month);
  const rows = await rowsOf<{ day: string; inCents: unknown; outCents: unknown }>(
    reader,
    sql`select to_char(paid_date, 'YYYY-MM-DD') as day,
          sum(case when direction = 'in' then amount_cents else 0 end) as "inCents",
          sum(case when direction = 'out' then amount_cents else 0 end) as "outCents"
        from finance_entries
        where cancelled_at is null and paid_date is not null
          and paid_date >= ${range.firstDay}::date and paid_date <= ${range.lastDay}::date
        group by paid_date`,
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  let balanceCents = await totalBalanceOnInTx(reader, addDays(range.firstDay, -1));
  const days: CashFlowDay[] = [];
  for (let day = range.firstDay; day <= range.lastDay; day = addDays(day, 1)) {
    const row = byDay.get(day);
    const inCents = toNumber(row?.inCents);
    const outCents = toNumber(row?.outCents);
    balanceCents += inCents - outCents;
    days.push({ day, inCents, outCents, balanceCents });
  }
  return days;
}

/** An array parameter as one literal: the same on PGlite and node-postgres. */
function arrayOf(values: readonly string[], type: "text" | "timestamptz") {
  return sql`${`{${values.map((value) => `"${value}"`).join(",")}}`}::${sql.raw(type)}[]`;
}

export type MonthSummary = { month: string; revenueCents: number; expensesCents: number; resultCents: number };

/**
 * The last 12 months up to `month`, oldest first: gross revenue, everything
 * the result takes from it (deductions, costs, expenses, less other
 * income), and the result, so revenue − expenses = result.
 */
export async function lastTwelveMonthsInTx(reader: Reader, month: string): Promise<MonthSummary[]> {
  const months = Array.from({ length: 12 }, (_, index) => addMonths(`${month}-01`, index - 11).slice(0, 7));
  const ranges = months.map((each) => ({ month: each, ...shopMonthRange(each) }));
  const first = ranges[0]!;
  const last = ranges.at(-1)!;
  const entryRows = await rowsOf<{ month: string; resultLine: FinanceResultLine; cents: unknown }>(
    reader,
    sql`select to_char(e.paid_date, 'YYYY-MM') as month, c.result_line as "resultLine",
          sum(case when e.direction = 'in' then e.amount_cents else -e.amount_cents end) as cents
        from finance_entries e join finance_categories c on c.id = e.category_id
        where e.cancelled_at is null and e.paid_date is not null
          and e.paid_date >= ${first.firstDay}::date and e.paid_date <= ${last.lastDay}::date
          and c.result_line <> 'outside-result'
        group by 1, 2`,
  );
  // Month boundaries are São Paulo's, computed in lib/dates: each movement is matched to its month's instants.
  const stockRows = await rowsOf<{ month: string; cents: unknown }>(
    reader,
    sql`select m.month, coalesce(sum(-s.quantity::bigint * s.unit_cost_cents), 0) as cents
        from unnest(${arrayOf(months, "text")}, ${arrayOf(
          ranges.map((range) => range.from.toISOString()),
          "timestamptz",
        )}, ${arrayOf(
          ranges.map((range) => range.to.toISOString()),
          "timestamptz",
        )}) as m(month, from_at, to_at)
        join stock_movements s on s.created_at >= m.from_at and s.created_at < m.to_at and s.kind in ${COST_OF_GOODS_KINDS}
        group by m.month`,
  );
  return months.map((each) => {
    const lines = entryRows.filter((row) => row.month === each);
    const revenueCents = lines
      .filter((row) => row.resultLine === "gross-revenue")
      .reduce((sum, row) => sum + toNumber(row.cents), 0);
    const stockCost = toNumber(stockRows.find((row) => row.month === each)?.cents);
    const resultCents = lines.reduce((sum, row) => sum + toNumber(row.cents), 0) - stockCost;
    return { month: each, revenueCents, expensesCents: revenueCents - resultCents, resultCents };
  });
}

export type OpenEntry = {
  id: number;
  direction: FinanceDirection;
  description: string;
  categoryName: string;
  counterparty: string;
  amountCents: number;
  dueDate: string;
};

export type OpenEntryList = { entries: OpenEntry[]; count: number; inCents: number; outCents: number };

/** How many of each list the page shows; the totals count them all. */
export const OPEN_ENTRIES_SHOWN = 8;

/** Open entries (not paid, not cancelled) due in [from, to], the earliest first, with the totals of them all. */
async function openEntriesDueInTx(reader: Reader, from: string | null, to: string): Promise<OpenEntryList> {
  const lower = from === null ? sql`true` : sql`e.due_date >= ${from}::date`;
  const where = sql`e.cancelled_at is null and e.paid_date is null and ${lower} and e.due_date <= ${to}::date`;
  const entries = await rowsOf<OpenEntry & { amountCents: unknown }>(
    reader,
    sql`select e.id, e.direction, e.description, c.name as "categoryName", e.counterparty,
          e.amount_cents as "amountCents", to_char(e.due_date, 'YYYY-MM-DD') as "dueDate"
        from finance_entries e join finance_categories c on c.id = e.category_id
        where ${where}
        order by e.due_date, e.id
        limit ${OPEN_ENTRIES_SHOWN}`,
  );
  const [totals] = await rowsOf<{ count: unknown; inCents: unknown; outCents: unknown }>(
    reader,
    sql`select count(*) as count,
          coalesce(sum(case when e.direction = 'in' then e.amount_cents else 0 end), 0) as "inCents",
          coalesce(sum(case when e.direction = 'out' then e.amount_cents else 0 end), 0) as "outCents"
        from finance_entries e where ${where}`,
  );
  return {
    entries: entries.map((entry) => ({ ...entry, id: toNumber(entry.id), amountCents: toNumber(entry.amountCents) })),
    count: toNumber(totals?.count),
    inCents: toNumber(totals?.inCents),
    outCents: toNumber(totals?.outCents),
  };
}

/** Open entries whose due date has passed (before `today`). */
export function overdueEntriesInTx(reader: Reader, today: string) {
  return openEntriesDueInTx(reader, null, addDays(today, -1));
}

/** Open entries due from `today` to six days later: this week's to pay and to receive. */
export function entriesDueThisWeekInTx(reader: Reader, today: string) {
  return openEntriesDueInTx(reader, today, addDays(today, 6));
}

export type FinanceReport = {
  month: string;
  result: MonthResult;
  cashFlow: CashFlowDay[];
  lastTwelveMonths: MonthSummary[];
  overdue: OpenEntryList;
  dueThisWeek: OpenEntryList;
};

/** Everything `/financial-management` shows for `month`, with "today" given by the caller (never the database's clock). */
export async function getFinanceReport(actor: Actor, { month, today }: { month: string; today: string }): Promise<FinanceReport> {
  assertStaffActor(actor);
  if (!isIsoMonth(month)) throw new RangeError(`Não é um mês (aaaa-mm): ${JSON.stringify(month)}`);
  const db = await getDb();
  return {
    month,
    result: await monthResultInTx(db, month),
    cashFlow: await cashFlowByDayInTx(db, month),
    lastTwelveMonths: await lastTwelveMonthsInTx(db, month),
    overdue: await overdueEntriesInTx(db, today),
    dueThisWeek: await entriesDueThisWeekInTx(db, today),
  };
}
