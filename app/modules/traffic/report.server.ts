import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { addDays } from "~/lib/dates";
import { CONVERSION_KINDS, type ConversionKind } from "~/lib/traffic-events";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { type TrafficDimension, type TrafficPeriod } from "./period";
import { keptLikeLiveRows, liveRowsFor } from "./live-rows.server";
import { dailyRowsOf } from "./rollup.server";

export type TrafficCounts = { views: number; visits: number; visitors: number; conversions: number };
export type TrafficRow = TrafficCounts & { value: string };
export type TrafficDay = TrafficCounts & { day: string };
type DimensionRow = TrafficRow & { dimension: string };
type LiveRow = DimensionRow & { day: string };

/** Rows a table shows on the page; its CSV has them all. */
export const TABLE_ROWS = 20;

const ZERO: TrafficCounts = { views: 0, visits: 0, visitors: 0, conversions: 0 };

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

function add(into: TrafficCounts, counts: TrafficCounts) {
  into.views += counts.views;
  into.visits += counts.visits;
  into.visitors += counts.visitors;
  into.conversions += counts.conversions;
}

/**
 * What the page reads: traffic_daily up to the last day rolled for good, and
 * the days after it (today) computed once from the raw events as the rollup
 * would (dailyRowsOf), so the page is live without a rollup. Every period
 * the request needs reads the same live rows.
 */
async function readingPlan(from: string, to: string) {
  const db = await getDb();
  const state = await db.execute<{ rolled_through: string | null }>(
    sql`select rolled_through::text from traffic_rollup_state where id = 1`,
  );
  const rolledThrough = state.rows[0]?.rolled_through ?? null;
  const liveFrom = rolledThrough && rolledThrough >= from ? addDays(rolledThrough, 1) : from;
  const computeLive = async () =>
    (
      await db.execute<CountsRow & { day: string; dimension: string; value: string }>(
        dailyRowsOf(sql`day >= ${liveFrom} and day <= ${to}`),
      )
    ).rows.map((row): LiveRow => ({ day: String(row.day), dimension: row.dimension, value: row.value, ...countsOf(row) }));
  const live = liveFrom > to ? [] : await liveRowsFor(`${liveFrom}|${to}`, computeLive);
  /** traffic_daily's days of from..to that are rolled for good (none when nothing was rolled). */
  const rolledDays = (periodFrom: string, periodTo: string) =>
    rolledThrough ? sql`day >= ${periodFrom} and day <= ${periodTo} and day <= ${rolledThrough}` : sql`false`;
  const liveOf = (periodFrom: string, periodTo: string) => live.filter((row) => row.day >= periodFrom && row.day <= periodTo);
  return { rolledDays, liveOf };
}

type Plan = Awaited<ReturnType<typeof readingPlan>>;

/** Each (dimension, value) of a period with its counts summed over the days (`dimensions`: which to read). */
async function groupedRows(plan: Plan, from: string, to: string, dimensions?: readonly string[]): Promise<DimensionRow[]> {
  const db = await getDb();
  const only = dimensions
    ? sql`and dimension in (${sql.join(
        dimensions.map((dimension) => sql`${dimension}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute<CountsRow & { dimension: string; value: string }>(sql`
    select dimension, value, ${COUNTS} from traffic_daily where ${plan.rolledDays(from, to)} ${only}
    group by dimension, value`);
  const byKey = new Map<string, DimensionRow>();
  const merge = (row: DimensionRow) => {
    const key = `${row.dimension}\n${row.value}`;
    const existing = byKey.get(key);
    if (existing) add(existing, row);
    else byKey.set(key, { dimension: row.dimension, value: row.value, ...ZERO, ...countsOf(row) });
  };
  for (const row of result.rows) merge({ dimension: row.dimension, value: row.value, ...countsOf(row) });
  for (const row of plan.liveOf(from, to)) if (!dimensions || dimensions.includes(row.dimension)) merge(row);
  return [...byKey.values()];
}

/** Most viewed first, then most conversions, then by name: the tables' order. */
function byWeight(a: TrafficRow, b: TrafficRow) {
  return b.views - a.views || b.conversions - a.conversions || a.value.localeCompare(b.value);
}

function summaryOf(rows: readonly DimensionRow[]) {
  const total = rows.find((row) => row.dimension === "total");
  const byKind = new Map(rows.filter((row) => row.dimension === "conversion").map((row) => [row.value, row.conversions]));
  return { totals: total ? countsOf(total) : { ...ZERO }, byKind };
}

/**
 * A period's visits and conversions by kind, read as /traffic-analysis reads
 * them (the rolled days, then today's raw events as the rollup would count
 * them): the Painel shows today's, only as counts.
 */
export async function getTrafficCounts(actor: Actor, from: string, to: string) {
  assertStaffActor(actor);
  const plan = await readingPlan(from, to);
  const summary = summaryOf(await groupedRows(plan, from, to, ["total", "conversion"]));
  return { visits: summary.totals.visits, conversions: (kind: ConversionKind) => summary.byKind.get(kind) ?? 0 };
}

/**
 * Today's visits and WhatsApp clicks as the Painel shows them: the counts of
 * getTrafficCounts over today, which come from today's raw events alone (the
 * rollup rolls for good only the days before today), so they are kept as
 * today's live rows are: read again once a report is stored here, the day
 * changes or 10 s have passed (another instance's reports). A page opened
 * between visits runs no statement for them.
 */
export async function getTodayTrafficCounts(actor: Actor, today: string) {
  assertStaffActor(actor);
  return todayCountsKept(today, async () => {
    const counts = await getTrafficCounts(actor, today, today);
    return { visits: counts.visits, whatsapp: counts.conversions("whatsapp") };
  });
}

const todayCountsKept = keptLikeLiveRows<{ visits: number; whatsapp: number }>();

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
  const plan = await readingPlan(period.previous.from, period.to);
  const dailyResult = await db.execute<CountsRow & { day: string }>(sql`
    select day::text as day, ${COUNTS} from traffic_daily
    where dimension = 'total' and ${plan.rolledDays(period.from, period.to)} group by day`);
  const current = await groupedRows(plan, period.from, period.to);
  const previous = summaryOf(await groupedRows(plan, period.previous.from, period.previous.to, ["total", "conversion"]));

  const byDay = new Map(dailyResult.rows.map((row) => [String(row.day), countsOf(row)]));
  for (const row of plan.liveOf(period.from, period.to)) {
    if (row.dimension !== "total") continue;
    const counts = byDay.get(row.day) ?? { ...ZERO };
    add(counts, row);
    byDay.set(row.day, counts);
  }
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
  for (const row of current) {
    const table = tables[row.dimension as keyof typeof tables];
    table?.push({ value: row.value, views: row.views, visits: row.visits, visitors: row.visitors, conversions: row.conversions });
  }
  for (const key of Object.keys(tables) as (keyof typeof tables)[]) tables[key] = tables[key].sort(byWeight).slice(0, TABLE_ROWS);

  const summary = summaryOf(current);
  const conversions = (Object.keys(CONVERSION_KINDS) as ConversionKind[]).map((kind) => ({
    kind,
    label: CONVERSION_KINDS[kind],
    count: summary.byKind.get(kind) ?? 0,
    previous: previous.byKind.get(kind) ?? 0,
  }));
  return { period, daily, totals: summary.totals, previousTotals: previous.totals, conversions, tables };
}

/** Every row of one table of a period, for its CSV. */
export async function trafficTableRows(actor: Actor, period: TrafficPeriod, dimension: TrafficDimension): Promise<TrafficRow[]> {
  assertStaffActor(actor);
  const plan = await readingPlan(period.from, period.to);
  const rows = await groupedRows(plan, period.from, period.to, [dimension]);
  return rows
    .map((row) => ({
      value: row.value,
      views: row.views,
      visits: row.visits,
      visitors: row.visitors,
      conversions: row.conversions,
    }))
    .sort(byWeight);
}

/** Each day of a period, for the CSV of the chart. */
export async function trafficDailyRows(actor: Actor, period: TrafficPeriod): Promise<TrafficDay[]> {
  return (await getTrafficReport(actor, period)).daily;
}
