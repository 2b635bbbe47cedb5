/**
 * `npm run bench:traffic`: p50/p95 of /traffic-analysis's data
 * (getTrafficReport) over a year of visits (issue 25: p95 ≤ 100 ms on PGlite
 * and PostgreSQL). Seeds `--scale` events (a million by default) spread over
 * the last 365 days, as the beacon stores them (200 pages, a dozen sources,
 * campaigns, devices, browsers, one event in ten a conversion, a few
 * thousand visitors a day), then runs the rollup once, as the server would
 * after being down for a year: the days become traffic_daily rows and the
 * events older than six months are deleted. Today's events stay raw (the
 * page reads them live). Measured: the last 7, 30, 90 and 365 days, each
 * compared with the period before it.
 *
 *   npm run bench:traffic                                   temp DATA_DIR, a million events
 *   BENCH_DATA_DIR=/tmp/balcao-traffic npm run bench:traffic  reuses (or fills once) that folder
 *   npm run bench:traffic -- --runs 100 --scale 200000
 */
import {
  benchOptions,
  measureBenches,
  pick,
  reportFromWorker,
  runBenchmarks,
  type Bench,
  type WorkerResult,
} from "./support/query-bench";

const options = benchOptions(1_000_000);

/** Issue 25's budget for the traffic page, on PGlite and PostgreSQL. */
const P95_BUDGET_MS = 100;
const DAYS = 365;

async function runWorker(): Promise<WorkerResult> {
  const [{ getDb, closeDb, databaseKind }, { sql }, rollup, report, period, dates] = await Promise.all([
    import("~/db/client.server"),
    import("drizzle-orm"),
    import("~/modules/traffic/rollup.server"),
    import("~/modules/traffic/report.server"),
    import("~/modules/traffic/period"),
    import("~/lib/dates"),
  ]);
  const db = await getDb();
  const kind = databaseKind();
  const today = dates.shopToday();
  const countOf = async (table: string) =>
    Number((await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]?.n ?? 0);

  let seededMs: number | null = null;
  if ((await countOf("traffic_daily")) === 0) {
    const startedAt = performance.now();
    console.error(`[${kind}] semeando ${options.scale} eventos em ${DAYS} dias…`);
    const batch = 200_000;
    for (let first = 0; first < options.scale; first += batch) {
      const last = Math.min(first + batch, options.scale) - 1;
      // Event i falls on day (i mod 365) back from today; its visitor is one of ~1 000 of that day.
      await db.execute(sql`
        insert into traffic_events (at, day, kind, path, is_entry, source, referrer, utm_medium, utm_campaign, device, browser, visitor_hash)
        select ${dates.startOfShopDay(today)}::timestamptz - (i % ${DAYS}) * interval '1 day' + (i % 86000) * interval '1 second',
          ${today}::date - (i % ${DAYS}),
          case when i % 10 = 0 then (array['whatsapp','orcamento_rapido','orcamento_servico','consulta_reparo','whatsapp_produto','contato'])[1 + (i / 10) % 6] else 'view' end,
          case when i % 7 = 0 then '/' else '/pagina-' || (i % 200) end,
          i % 4 = 0,
          (array['(direto)','google.com','instagram','facebook','recibo','whatsapp-status','bing.com','l.instagram.com','youtube.com','tiktok.com','panfleto','duckduckgo.com'])[1 + i % 12],
          case when i % 3 = 0 then (array['google.com','l.instagram.com','facebook.com','bing.com'])[1 + i % 4] end,
          case when i % 5 = 0 then (array['stories','bio','status','post'])[1 + i % 4] end,
          case when i % 5 = 0 then 'campanha-' || (i % 20) end,
          (array['Celular','Celular','Computador','Tablet'])[1 + i % 4],
          (array['Chrome','Safari','Samsung Internet','Firefox','Edge','Outro'])[1 + i % 6],
          case when i % 9 = 0 then null else md5((i % 1000)::text || ':' || (i % ${DAYS})::text) end
        from generate_series(${first}::int, ${last}::int) i`);
    }
    const rollupStartedAt = performance.now();
    const result = await rollup.rollupTraffic();
    console.error(
      `[${kind}] consolidação de ${result.ran ? result.days.length : 0} dias em ${((performance.now() - rollupStartedAt) / 1000).toFixed(1)} s`,
    );
    // As the scale seeds do: statistics for the planner, and the visibility map PGlite has no autovacuum to build.
    await db.execute(sql`vacuum analyze`);
    seededMs = performance.now() - startedAt;
  }

  const events = await countOf("traffic_events");
  const daily = await countOf("traffic_daily");
  const staff = { userId: "bench", label: "bench", role: "staff" as const };
  const periods = [7, 30, 90, 365].map((days) => ({
    name: `${days} dias`,
    period: period.periodOf(dates.addDays(today, -(days - 1)), today),
  }));
  const kinds = periods.map((entry) => entry.name);
  const benches: Bench[] = [
    {
      name: "tráfego do site (getTrafficReport, com o período anterior)",
      budgetMs: P95_BUDGET_MS,
      kinds,
      run: async (index) => {
        const chosen = pick(periods, index);
        const data = await report.getTrafficReport(staff, chosen.period);
        return { kind: chosen.name, ok: data.totals.views > 0 && data.tables.page.length > 0 };
      },
    },
  ];
  const measurements = await measureBenches(kind, benches, options.runs);
  await closeDb();
  return {
    database: kind,
    rows: `${events} eventos brutos (últimos 6 meses), ${daily} linhas diárias (${DAYS} dias)`,
    measurements,
    seededMs,
  };
}

if (options.isWorker) {
  await reportFromWorker(runWorker);
} else {
  await runBenchmarks({ title: "bench:traffic", script: import.meta.filename, options });
}
