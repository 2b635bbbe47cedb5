import { sql, type SQL } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { addDays, addMonths, shopToday } from "~/lib/dates";
import type { ScheduledJob } from "~/lib/job-runner.server";
import { logger } from "~/lib/logger.server";
import { pruneSharedLimits } from "~/lib/shared-rate-limit.server";
import { deleteOldSalts } from "./salts.server";
import { plural } from "~/lib/wording";

/** Raw events are kept this many months; their daily aggregates forever. */
export const RAW_EVENTS_MONTHS = 6;

/** The advisory lock the rollup holds: one instance rolls up, the others skip that round ("TRAF" in ASCII). */
export const ROLLUP_LOCK = 0x54524146;

/**
 * The events of the days `days` selects (a condition on `day`) as
 * traffic_daily's rows: one per day and dimension value, by one GROUPING
 * SETS pass. Visitors are the distinct hashes of that day only (a hash
 * means nothing on another day). The rollup inserts these; the page reads
 * today's straight from here, so today is live before any rollup.
 */
export function dailyRowsOf(days: SQL) {
  return sql`
    select day, dimension, value, views, visits, visitors, conversions from (
      select
        day,
        case
          when grouping(path) = 0 then 'page'
          when grouping(referrer) = 0 then 'referrer'
          when grouping(source) = 0 then 'source'
          when grouping(campaign) = 0 then 'campaign'
          when grouping(device) = 0 then 'device'
          when grouping(browser) = 0 then 'browser'
          when grouping(kind) = 0 then 'conversion'
          else 'total'
        end as dimension,
        coalesce(path, referrer, source, campaign, device, browser, kind, '') as value,
        (count(*) filter (where kind = 'view'))::int as views,
        (count(*) filter (where kind = 'view' and is_entry))::int as visits,
        (count(distinct visitor_hash))::int as visitors,
        (count(*) filter (where kind <> 'view'))::int as conversions
      from (
        select day, kind, path, referrer, source, device, browser, is_entry, visitor_hash,
          case when utm_medium is not null or utm_campaign is not null
            then source || chr(9) || coalesce(utm_medium, '') || chr(9) || coalesce(utm_campaign, '') end as campaign
        from traffic_events where ${days}
      ) events
      group by day, grouping sets ((), (path), (referrer), (source), (campaign), (device), (browser), (kind))
    ) grouped
    where not (dimension = 'total' and value <> '')
      and not (dimension in ('referrer', 'campaign') and value = '')
      and not (dimension = 'conversion' and value = 'view')`;
}

/** Rows a statement touched: node-postgres says rowCount, PGlite affectedRows. */
function deletedCount(result: unknown) {
  const counts = result as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}

async function rollUpDay(tx: Transaction, day: string) {
  await tx.execute(sql`delete from traffic_daily where day = ${day}`);
  await tx.execute(sql`
    insert into traffic_daily (day, dimension, value, views, visits, visitors, conversions)
    ${dailyRowsOf(sql`day = ${day}`)}`);
}

export type RollupResult = { ran: false } | { ran: true; days: string[]; rolledThrough: string; deletedEvents: number };

/**
 * Rolls the events into traffic_daily: every day after the last one rolled
 * for good, up to today (today again on each run, until it is over), each
 * day rebuilt whole, so a second run changes nothing and a run after days
 * of downtime catches up on all of them. Then the events older than six
 * months (already rolled) and the salts of past days are deleted. Under an
 * advisory lock: with several instances, one runs and the others skip.
 */
export async function rollupTraffic(now = new Date()): Promise<RollupResult> {
  const today = shopToday(now);
  const yesterday = addDays(today, -1);
  const result = await inTransaction(async (tx): Promise<RollupResult> => {
    const locked = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as locked`);
    if (!locked.rows[0]?.locked) return { ran: false };
    const state = await tx.execute<{ rolled_through: string | null }>(
      sql`select rolled_through::text from traffic_rollup_state where id = 1`,
    );
    const rolledThrough = state.rows[0]?.rolled_through ?? null;
    const pending = await tx.execute<{ day: string }>(sql`
      select distinct day::text as day from traffic_events
      where day <= ${today} ${rolledThrough ? sql`and day > ${rolledThrough}` : sql``}
      order by day`);
    const days = pending.rows.map((row) => row.day);
    for (const day of days) await rollUpDay(tx, day);
    const through = rolledThrough && rolledThrough > yesterday ? rolledThrough : yesterday;
    await tx.execute(sql`
      insert into traffic_rollup_state (id, rolled_through, ran_at) values (1, ${through}, ${now})
      on conflict (id) do update set rolled_through = excluded.rolled_through, ran_at = excluded.ran_at`);
    const keepFrom = addMonths(today, -RAW_EVENTS_MONTHS);
    const deleted = await tx.execute(sql`delete from traffic_events where day < ${keepFrom} and day <= ${through}`);
    return { ran: true, days, rolledThrough: through, deletedEvents: deletedCount(deleted) };
  });
  await deleteOldSalts(today);
  await pruneSharedLimits(now.getTime());
  return result;
}

/** How often the server rolls up: today's numbers in the aggregates lag at most this (the page reads today live). */
export const ROLLUP_INTERVAL_MS = 10 * 60_000;

/** On the job runner: a rollup at start when due (catching up after downtime), then every ROLLUP_INTERVAL_MS. */
export const trafficRollupJob: ScheduledJob = {
  name: "traffic.rollup",
  intervalMs: ROLLUP_INTERVAL_MS,
  async run(now) {
    const result = await rollupTraffic(now);
    if (result.ran && result.days.length > 1) logger.info({ days: result.days.length }, "tráfego: dias consolidados");
    return {
      summary: result.ran ? plural(result.days.length, "dia consolidado", "dias consolidados") : "outra instância rodando",
    };
  },
};
