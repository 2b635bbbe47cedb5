import { sql, type SQL } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/db/client.server";
import type { FinanceDirection, FinanceResultLine } from "~/db/schema/finance";
import { addDays, addMonths, isIsoMonth, shopMonthRange } from "~/lib/dates";
import { readTogether } from "~/db/read-together.server";
import { keptUntilWrite } from "~/db/kept-until-write.server";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";

type Reader = Database | Transaction;

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

/**
 * The report is read in one statement (readTogether): each part below is its
 * queries, keyed, and what it builds from their rows, so a part read alone
 * (its tests, bench:money) and the whole page read the same SQL.
 */
type Rows = Record<string, Record<string, unknown>[]>;
type Part<T> = { queries: Record<string, SQL>; build: (rows: Rows) => T };

async function readPart<T>(reader: Reader, part: Part<T>): Promise<T> {
  return part.build(await readTogether(reader, part.queries));
}

/**
 * The month result of `month` ("2026-11"). Revenue and expenses are the
 * entries paid in the month (paid_date, a calendar day of the shop);
 * cancelled entries and categories outside the result (stock purchases,
 * loans, capital) are left out; the cost of goods is the stock ledger's, for
 * the movements of the month in São Paulo time.
 */
export function monthResultInTx(reader: Reader, month: string): Promise<MonthResult> {
  return readPart(reader, monthResultPart(month));
}

function monthResultPart(month: string): Part<MonthResult> {
  const months = twelveMonthsUpTo(month);
  // The page's other parts read these same queries (the same keys, the same SQL): the month's lines are
  // its row of the monthly totals and its cost of goods the last of the twelve months' stock costs.
  const monthly = monthlyTotalsQuery(month);
  const stock = monthlyStockCostQuery(months);
  return {
    queries: { monthlyTotals: monthly, financeCategories: categoriesQuery, monthlyStockCost: stock },
    build: (rows) =>
      buildMonthResult(
        month,
        resultCategoryRows(month, rows.financeCategories as CategoryRow[], rows.monthlyTotals as MonthlyTotalRow[]),
        toNumber(
          (rows.monthlyStockCost as { month: string; cents: unknown }[]).find((row) => row.month.startsWith(month))?.cents,
        ),
      ),
  };
}

/** The 12 months up to `month` ("2026-11"), oldest first. */
function twelveMonthsUpTo(month: string) {
  return Array.from({ length: 12 }, (_, index) => addMonths(`${month}-01`, index - 11).slice(0, 7));
}

type CategoryRow = { id: number; name: string; systemKey: string | null; resultLine: FinanceResultLine; active: boolean };
/**
 * `month` is the month's first day as readTogether's JSON writes a date
 * ("2026-11-01"): to_char on each row cost more than the rest of the query.
 */
type MonthlyTotalRow = { month: string; categoryId: unknown; cents: unknown };

/** Every category, in the order the result lists them (a few dozen rows). */
const categoriesQuery = sql`select id, name, system_key as "systemKey", result_line as "resultLine", archived_at is null as active
        from finance_categories order by position, id`;

/**
 * What was paid (in − out) per calendar month and category, for the 12
 * months up to `month` (finance_monthly_totals, migration 0052): the month
 * result takes its month's rows, the 12-month chart all of them.
 */
function monthlyTotalsQuery(month: string): SQL {
  const months = twelveMonthsUpTo(month);
  return sql`select month, category_id as "categoryId", in_cents - out_cents as cents
        from finance_monthly_totals
        where month >= ${`${months[0]}-01`}::date and month <= ${`${month}-01`}::date`;
}

/**
 * The month's result lines, as the result shows them: categories outside the
 * result left out; revenue and deduction lines always (a month without
 * discounts says R$ 0,00), the others when they moved.
 */
function resultCategoryRows(month: string, categories: CategoryRow[], monthly: MonthlyTotalRow[]): CategoryResultRow[] {
  const paid = new Map<number, number>();
  for (const row of monthly) if (row.month.startsWith(month)) paid.set(toNumber(row.categoryId), toNumber(row.cents));
  return categories
    .filter(
      (category) =>
        category.resultLine !== "outside-result" &&
        ((paid.get(toNumber(category.id)) ?? 0) !== 0 ||
          (category.active && (category.resultLine === "gross-revenue" || category.resultLine === "deduction"))),
    )
    .map((category) => ({ ...category, cents: paid.get(toNumber(category.id)) ?? 0 }));
}

type CategoryResultRow = { id: number; name: string; systemKey: string | null; resultLine: FinanceResultLine; cents: unknown };

function buildMonthResult(month: string, categoryRows: CategoryResultRow[], stockCost: number): MonthResult {
  const section = (line: FinanceResultLine): ResultSection => {
    const lines = categoryRows
      .filter((row) => row.resultLine === line)
      .map((row) => ({
        categoryId: toNumber(row.id),
        name: row.name,
        systemKey: row.systemKey,
        resultCents: toNumber(row.cents),
      }));
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

export type CashFlowDay = { day: string; inCents: number; outCents: number; balanceCents: number };

/**
 * Cash in and out of the month by day, every paid entry included (stock
 * purchases and capital too: this is cash, not result), and the accounts'
 * total balance at the end of each day.
 */
export function cashFlowByDayInTx(reader: Reader, month: string): Promise<CashFlowDay[]> {
  return readPart(reader, cashFlowPart(month));
}

function cashFlowPart(month: string): Part<CashFlowDay[]> {
  const range = shopMonthRange(month);
  // The month's days, from their index range; the day as JSON writes a date, not to_char'd (see MonthlyTotalRow).
  const cashFlowDays = sql`select day, sum(in_cents) as "inCents", sum(out_cents) as "outCents"
        from finance_daily_totals
        where day >= ${range.firstDay}::date and day <= ${range.lastDay}::date
        group by day`;
  // The balance before the month: every earlier month's total (a few rows a month), not every earlier day.
  const cashFlowBefore = sql`select coalesce(sum(in_cents - out_cents), 0) as cents from finance_monthly_totals
        where month < ${range.firstDay}::date`;
  return {
    queries: {
      cashFlowDays,
      cashFlowBefore,
      cashFlowOpening: sql`select coalesce(sum(opening_balance_cents), 0) as cents from finance_accounts`,
    },
    build: (rows) =>
      buildCashFlow(
        range,
        rows.cashFlowDays as { day: string; inCents: unknown; outCents: unknown }[],
        toNumber(rows.cashFlowOpening?.[0]?.cents) + toNumber(rows.cashFlowBefore?.[0]?.cents),
      ),
  };
}

function buildCashFlow(
  range: { firstDay: string; lastDay: string },
  rows: { day: string; inCents: unknown; outCents: unknown }[],
  openingCents: number,
): CashFlowDay[] {
  let balanceCents = openingCents;
  const byDay = new Map<string, { inCents: number; outCents: number }>();
  for (const row of rows) byDay.set(row.day, { inCents: toNumber(row.inCents), outCents: toNumber(row.outCents) });
  const days: CashFlowDay[] = [];
  for (let day = range.firstDay; day <= range.lastDay; day = addDays(day, 1)) {
    const { inCents, outCents } = byDay.get(day) ?? { inCents: 0, outCents: 0 };
    balanceCents += inCents - outCents;
    days.push({ day, inCents, outCents, balanceCents });
  }
  return days;
}

export type MonthSummary = { month: string; revenueCents: number; expensesCents: number; resultCents: number };

/**
 * The last 12 months up to `month`, oldest first: gross revenue, everything
 * the result takes from it (deductions, costs, expenses, less other
 * income), and the result, so revenue − expenses = result.
 */
export function lastTwelveMonthsInTx(reader: Reader, month: string): Promise<MonthSummary[]> {
  return readPart(reader, lastTwelveMonthsPart(month));
}

function lastTwelveMonthsPart(month: string): Part<MonthSummary[]> {
  const months = twelveMonthsUpTo(month);
  return {
    queries: {
      monthlyTotals: monthlyTotalsQuery(month),
      financeCategories: categoriesQuery,
      monthlyStockCost: monthlyStockCostQuery(months),
    },
    build: (rows) =>
      buildLastTwelveMonths(
        months,
        rows.financeCategories as CategoryRow[],
        rows.monthlyTotals as MonthlyTotalRow[],
        rows.monthlyStockCost as { month: string; cents: unknown }[],
      ),
  };
}

/**
 * The stock ledger's cost of goods (positive) per São Paulo month, for
 * `months` (finance_cost_of_goods_months, migration 0052: the cost hours
 * summed by month).
 */
function monthlyStockCostQuery(months: string[]): SQL {
  return sql`select month, cost_cents as cents from finance_cost_of_goods_months
        where month >= ${`${months[0]}-01`}::date and month <= ${`${months.at(-1)}-01`}::date`;
}

function buildLastTwelveMonths(
  months: string[],
  categories: CategoryRow[],
  monthlyRows: MonthlyTotalRow[],
  stockRows: { month: string; cents: unknown }[],
): MonthSummary[] {
  const lineOf = new Map(categories.map((category) => [toNumber(category.id), category.resultLine]));
  const summaries = new Map(months.map((each) => [each, { revenueCents: 0, resultCents: 0 }]));
  for (const row of monthlyRows) {
    const line = lineOf.get(toNumber(row.categoryId));
    const summary = summaries.get(row.month.slice(0, 7));
    if (!summary || !line || line === "outside-result") continue;
    const cents = toNumber(row.cents);
    if (line === "gross-revenue") summary.revenueCents += cents;
    summary.resultCents += cents;
  }
  return months.map((each) => {
    const { revenueCents, resultCents: entriesCents } = summaries.get(each)!;
    const resultCents = entriesCents - toNumber(stockRows.find((row) => row.month.startsWith(each))?.cents);
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
function openEntriesDuePart(key: string, from: string | null, to: string): Part<OpenEntryList> {
  const lower = from === null ? sql`true` : sql`e.due_date >= ${from}::date`;
  const where = sql`e.cancelled_at is null and e.paid_date is null and ${lower} and e.due_date <= ${to}::date`;
  const list = sql`select e.id, e.direction, e.description, c.name as "categoryName", e.counterparty,
          e.amount_cents as "amountCents", to_char(e.due_date, 'YYYY-MM-DD') as "dueDate"
        from finance_entries e join finance_categories c on c.id = e.category_id
        where ${where}
        order by e.due_date, e.id
        limit ${OPEN_ENTRIES_SHOWN}`;
  const totals = sql`select count(*) as count,
          coalesce(sum(case when e.direction = 'in' then e.amount_cents else 0 end), 0) as "inCents",
          coalesce(sum(case when e.direction = 'out' then e.amount_cents else 0 end), 0) as "outCents"
        from finance_entries e where ${where}`;
  return {
    queries: { [`${key}List`]: list, [`${key}Totals`]: totals },
    build: (rows) => {
      const entries = rows[`${key}List`] as (OpenEntry & { amountCents: unknown })[];
      const total = rows[`${key}Totals`]?.[0];
      return {
        entries: entries.map((entry) => ({ ...entry, id: toNumber(entry.id), amountCents: toNumber(entry.amountCents) })),
        count: toNumber(total?.count),
        inCents: toNumber(total?.inCents),
        outCents: toNumber(total?.outCents),
      };
    },
  };
}

const overduePart = (today: string) => openEntriesDuePart("overdue", null, addDays(today, -1));
const dueThisWeekPart = (today: string) => openEntriesDuePart("dueThisWeek", today, addDays(today, 6));

/** Open entries whose due date has passed (before `today`). */
export function overdueEntriesInTx(reader: Reader, today: string) {
  return readPart(reader, overduePart(today));
}

/** Open entries due from `today` to six days later: this week's to pay and to receive. */
export function entriesDueThisWeekInTx(reader: Reader, today: string) {
  return readPart(reader, dueThisWeekPart(today));
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
  const parts = {
    result: monthResultPart(month),
    cashFlow: cashFlowPart(month),
    lastTwelveMonths: lastTwelveMonthsPart(month),
    overdue: overduePart(today),
    dueThisWeek: dueThisWeekPart(today),
  };
  // One statement for the whole page (it was eleven). Parts that need the same rows name the same key with the same SQL,
  // so the monthly totals, the categories and the stock costs are read once.
  const rows = await readTogether(
    await getDb(),
    Object.assign({}, ...Object.values(parts).map((part) => part.queries)) as Record<string, SQL>,
  );
  return {
    month,
    result: parts.result.build(rows),
    cashFlow: parts.cashFlow.build(rows),
    lastTwelveMonths: parts.lastTwelveMonths.build(rows),
    overdue: parts.overdue.build(rows),
    dueThisWeek: parts.dueThisWeek.build(rows),
  };
}

const keptReports = keptUntilWrite();

/**
 * The overview's report as its page shows it: getFinanceReport, read again
 * only once a transaction that wrote something has committed or the shop's
 * day has changed (keptUntilWrite: on PGlite only). The role is checked on
 * every call, before the kept reading is handed out.
 */
export async function getFinanceReportForPage(actor: Actor, { month, today }: { month: string; today: string }) {
  assertStaffActor(actor);
  return keptReports(`${month} ${today}`, () => getFinanceReport(actor, { month, today }));
}
