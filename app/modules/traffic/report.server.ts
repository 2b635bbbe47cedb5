import { sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { addDays } from "~/lib/dates";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { CONVERSION_KINDS, type ConversionKind } from "~/lib/traffic-events";
import { type TrafficDimension, type TrafficPeriod } from "./period";
import { dailyRowsOf } from "./rollup.server";

export type TrafficCounts = { views: number; visits: number; visitors: number; conversions: number };
export type TrafficRow = TrafficCounts & { value: string };
export type TrafficDay = TrafficCounts & { day: string };

/** Rows a table shows on the page; its CSV has them all. */
export const TABLE_ROWS = 20;

const ZERO: TrafficCounts = { views: 0, visits: 0, visitors: 0, conversions: 0 };

/**
 * traffic_daily's rows of the days `from`..`to`: the rolled-up ones up to the
 * last day rolled for good, and the days after it (today) computed from the
 * raw events as the rollup would, so the page is live without a rollup.
 */
function rowsOfPeriod(from: string, to: string, rolledThrough: string | null): SQL {
  const live = dailyRowsOf(sql`day >= ${from} and day <= ${to} ${rolledThrough ? sql`and day > ${rolledThrough}` : sql``}`);
  if (!rolledThrough || rolledThrough < from) return live;
  return sql`(select day, dimension, value, views, visits, visitors, conversions from traffic_daily
      where day >= ${from} and day <= ${to} and day <= ${rolledThrough})
    union all (${live})`;
}

const COUNTS = sql`sum(views)::int as views, sum(visits)::int as visits, sum(visitors)::int as visitors, sum(conversions)::int as conversions`;

type CountsRow = { views: number | string; visits: number | string; visitors: number | string; conversions: number | string };

function countsOf(row: CountsRow | undefined): TrafficCounts {
  if (!row) return { ...ZERO };
  return {
    views: Number(row.views),
    visits: Number(row.visits),
    visitors: Number(row.visitors),
    conversions: Number(row.conversions),
  };
}

async function rolledThroughDay(): Promise<string | null> {
  const db = await getDb();
  const state = await db.execute<{ rolled_through: string | null }>(
    sql`select rolled_through::text from traffic_rollup_state where id = 1`,
  );
  return state.rows[0]?.rolled_through ?? null;
}

/** Totals and conversions by kind of a period: what the page compares with the previous period. */
async function summaryOf(from: string, to: string, rolledThrough: string | null) {
  const db = await getDb();
  const result = await db.execute<CountsRow & { dimension: string; value: string }>(sql`
    select dimension, value, ${COUNTS} from (${rowsOfPeriod(from, to, rolledThrough)}) rows
    where dimension in ('total', 'conversion') group by dimension, value`);
  const total = result.rows.find((row) => row.dimension === "total");
  const byKind = new Map(
    result.rows.filter((row) => row.dimension === "conversion").map((row) => [row.value, Number(row.conversions)]),
  );
  return { totals: countsOf(total), byKind };
}

export type TrafficPageData = Awaited<ReturnType<typeof getTrafficReport>>;

/**
 * Everything /traffic-analysis shows for a period: each day's views,
 * visits, unique visitors and conversions (every day present, zeros
 * included), the totals and conversions by kind against the previous
 * period, and the first rows of each table. A period's unique visitors are
 * the sum of its days' (a hash lives one day: the same person on two days
 * counts twice).
 */
export async function getTrafficReport(actor: Actor, period: TrafficPeriod) {
  assertStaffActor(actor);
  const db = await getDb();
  const rolledThrough = await rolledThroughDay();
  const [dailyResult, tablesResult, current, previous] = await Promise.all([
    db.execute<CountsRow & { day: string }>(sql`
      select day::text as day, ${COUNTS} from (${rowsOfPeriod(period.from, period.to, rolledThrough)}) rows
      where dimension = 'total' group by day order by day`),
    db.execute<CountsRow & { dimension: string; value: string }>(sql`
      select dimension, value, views, visits, visitors, conversions from (
        select dimension, value, ${COUNTS},
          row_number() over (partition by dimension order by sum(views) desc, sum(conversions) desc, value) as place
        from (${rowsOfPeriod(period.from, period.to, rolledThrough)}) rows
        where dimension not in ('total', 'conversion')
        group by dimension, value
      ) ranked where place <= ${TABLE_ROWS} order by dimension, place`),
    summaryOf(period.from, period.to, rolledThrough),
    summaryOf(period.previous.from, period.previous.to, rolledThrough),
  ]);
  const byDay = new Map(dailyResult.rows.map((row) => [row.day, countsOf(row)]));
  const daily: TrafficDay[] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) daily.push({ day, ...(byDay.get(day) ?? ZERO) });
  const tables: Record<Exclude<TrafficDimension, "conversion">, TrafficRow[]> = {
    page: [],
    referrer: [],
    source: [],
    campaign: [],
    device: [],
    browser: [],
  };
  for (const row of tablesResult.rows) {
    const table = tables[row.dimension as keyof typeof tables];
    table?.push({ value: row.value, ...countsOf(row) });
  }
  const conversions = (Object.keys(CONVERSION_KINDS) as ConversionKind[]).map((kind) => ({
    kind,
    label: CONVERSION_KINDS[kind],
    count: current.byKind.get(kind) ?? 0,
    previous: previous.byKind.get(kind) ?? 0,
  }));
  return { period, daily, totals: current.totals, previousTotals: previous.totals, conversions, tables };
}

/** Every row of one table of a period, for its CSV. */
export async function trafficTableRows(actor: Actor, period: TrafficPeriod, dimension: TrafficDimension): Promise<TrafficRow[]> {
  assertStaffActor(actor);
  const db = await getDb();
  const rolledThrough = await rolledThroughDay();
  const result = await db.execute<CountsRow & { value: string }>(sql`
    select value, ${COUNTS} from (${rowsOfPeriod(period.from, period.to, rolledThrough)}) rows
    where dimension = ${dimension} group by value order by sum(views) desc, sum(conversions) desc, value`);
  return result.rows.map((row) => ({ value: row.value, ...countsOf(row) }));
}

/** Each day of a period, for the CSV of the chart. */
export async function trafficDailyRows(actor: Actor, period: TrafficPeriod): Promise<TrafficDay[]> {
  return (await getTrafficReport(actor, period)).daily;
}
