/**
 * `npm run bench:money`: p50/p95 of what /financial-management waits for,
 * on the money scale data set (seedMoneyScale: a year of sales with their
 * postings and stock costs, expenses, 5 000 crediário plans, IOUs). Issue
 * 12's budget, on PGlite: the month result and the cash-flow chart data
 * each ≤ 100 ms p95; the 12-month chart and the open-entry lists are
 * measured with the same budget, since the page waits for them too.
 *
 *   npm run bench:money                                   temp DATA_DIR, seeds 5 000 plans and a year of sales
 *   BENCH_DATA_DIR=/tmp/balcao-money npm run bench:money  reuses (or fills once) that folder
 *   TEST_DATABASE_URL=postgres://… npm run bench:money    PostgreSQL too (throwaway database)
 *   npm run bench:money -- --runs 400 --scale 5000
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

const options = benchOptions(5_000);

/** Months before the current one: this month (partly done), last month, and older ones. */
const MONTH_CASES = [
  { kind: "mês atual", back: 0 },
  { kind: "mês passado", back: 1 },
  { kind: "há 6 meses", back: 6 },
  { kind: "há 11 meses", back: 11 },
] as const;

/** Issue 23's budget for the Lançamentos text search, on PGlite and PostgreSQL. */
const SEARCH_BUDGET_MS = 50;
const BENCH_OWNER = { userId: null, label: "bench", role: "owner" } as const;
/** What an owner types in Lançamentos' search: a word many entries have, a rare one, one without its accent, a person. */
const SEARCH_CASES = [
  { kind: "palavra comum", query: () => "q=aluguel" },
  { kind: "número", query: (index: number) => `q=${encodeURIComponent(`nº ${100 + (index % 800)}`)}` },
  { kind: "sem acento", query: () => "q=cartao" },
  { kind: "palavra que não existe", query: () => "q=xyzzy" },
  { kind: "cliente ou fornecedor", query: (index: number) => `contraparte=${pick(["maria", "jose", "silva", "souza"], index)}` },
] as const;

async function runWorker(): Promise<WorkerResult> {
  const [{ getDb, closeDb, databaseKind }, { sql }, dates, report, moneyScale, register, entryList, entryFilters] =
    await Promise.all([
      import("~/db/client.server"),
      import("drizzle-orm"),
      import("~/lib/dates"),
      import("~/modules/finance/report.server"),
      import("~/modules/demo/money-scale.server"),
      import("~/modules/cash-register/queries.server"),
      import("~/modules/finance/entry-list.server"),
      import("~/modules/finance/entry-filters"),
    ]);
  const db = await getDb();
  const kind = databaseKind();
  const count = async (table: string) =>
    Number(((await db.execute(sql.raw(`select count(*)::int as total from ${table}`))).rows[0] as { total: number }).total);

  let seededMs: number | null = null;
  const existing = await count("credit_plans");
  if (existing < options.scale * 0.9) {
    console.error(`[${kind}] ${existing} crediários: semeando um ano de vendas e ${options.scale} crediários…`);
    const seeded = await moneyScale.seedMoneyScale({
      plans: options.scale,
      onProgress: ({ month, sales, plans, entries, elapsedMs }) =>
        console.error(
          `  ${month}: ${sales} vendas, ${plans} crediários, ${entries} lançamentos (${(elapsedMs / 1000).toFixed(1)} s)`,
        ),
    });
    seededMs = seeded.elapsedMs;
  }
  const today = dates.shopToday();
  const month = dates.shopMonthOf(today);
  const monthOf = (back: number) => dates.addMonths(`${month}-01`, -back).slice(0, 7);
  const timed = (name: string, run: (month: string) => Promise<boolean>): Bench => ({
    name,
    budgetMs: 100,
    kinds: MONTH_CASES.map((each) => each.kind),
    run: async (index) => {
      const each = pick(MONTH_CASES, index);
      return { kind: each.kind, ok: await run(monthOf(each.back)) };
    },
  });
  const benches: Bench[] = [
    timed(
      "resultado do mês (monthResultInTx)",
      async (each) => (await report.monthResultInTx(db, each)).grossRevenue.totalCents > 0,
    ),
    timed("fluxo de caixa por dia (cashFlowByDayInTx)", async (each) => (await report.cashFlowByDayInTx(db, each)).length >= 28),
    timed("últimos 12 meses (lastTwelveMonthsInTx)", async (each) => (await report.lastTwelveMonthsInTx(db, each)).length === 12),
    {
      name: "vencidos e a vencer na semana",
      budgetMs: 100,
      kinds: ["hoje"],
      run: async () => {
        const [overdue, week] = await Promise.all([
          report.overdueEntriesInTx(db, today),
          report.entriesDueThisWeekInTx(db, today),
        ]);
        return { kind: "hoje", ok: overdue.count + week.count > 0 };
      },
    },
    {
      // Issue 23: a year of PIX taken with no register open once made /cash-register 43,5 MB; now bounded pages (decision 0024).
      name: "caixa: página, dias sem caixa, um dia",
      budgetMs: 100,
      kinds: ["página do caixa", "dias sem caixa", "um dia sem caixa"],
      run: async (index) => {
        const which = pick(["página do caixa", "dias sem caixa", "um dia sem caixa"], index);
        if (which === "página do caixa") {
          const desk = await register.getRegisterDesk(today);
          return { kind: which, ok: desk.entries.length + desk.unassigned.length <= register.DESK_ENTRIES_SHOWN };
        }
        if (which === "dias sem caixa") {
          return { kind: which, ok: (await register.listUnassignedDays(1 + (index % 5))).days.length > 0 };
        }
        const day = await register.getUnassignedDay(dates.addDays(today, -1 - (index % 300)), 1);
        return { kind: which, ok: day.entries.length <= register.DAY_ENTRIES_PAGE_SIZE };
      },
    },
    {
      // Issue 23: the Lançamentos text search took ~180 ms at 100 000 entries; budget 50 ms p95.
      name: "lançamentos: busca por texto (listEntries)",
      budgetMs: SEARCH_BUDGET_MS,
      kinds: SEARCH_CASES.map((each) => each.kind),
      run: async (index) => {
        const each = pick(SEARCH_CASES, index);
        const filters = entryFilters.entryFiltersFromSearchParams(new URLSearchParams(each.query(index)));
        const list = await entryList.listEntries(BENCH_OWNER, filters, 1, today);
        return { kind: each.kind, ok: list.totals !== null };
      },
    },
  ];

  const measurements = await measureBenches(kind, benches, options.runs);
  const rows = `${await count("sales")} vendas, ${await count("finance_entries")} lançamentos, ${await count("stock_movements")} movimentos de estoque, ${await count("credit_plans")} crediários, ${await count("credit_instalments")} parcelas, ${await count("debts")} fiados`;
  await closeDb();
  return { database: kind, rows, measurements, seededMs };
}

if (options.isWorker) {
  await reportFromWorker(runWorker);
} else {
  await runBenchmarks({ title: "bench:money", script: import.meta.filename, options });
}
