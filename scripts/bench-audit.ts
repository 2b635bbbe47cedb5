/**
 * `npm run bench:audit`: p50/p95 of the owner's audit log (/auditoria) on a
 * year of entries (issue 25 §3: ≤ 50 ms p95 on PGlite and PostgreSQL):
 * the newest page, each filter (person, area, record, a month long ago)
 * and a page deep in the year by its cursor.
 *
 *   npm run bench:audit                                   temp DATA_DIR, seeds 1 000 entries a day for a year
 *   BENCH_DATA_DIR=/tmp/balcao-audit npm run bench:audit  reuses (or fills once) that folder
 *   TEST_DATABASE_URL=postgres://… npm run bench:audit    PostgreSQL too (throwaway database)
 *   npm run bench:audit -- --runs 400 --scale 2000        entries a day
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

const options = benchOptions(1_000);
const BUDGET_MS = 50;
const PEOPLE = ["bench-owner", "bench-ana", "bench-rui", "bench-lia", "bench-zeca"];
/** Entities in the proportions a shop writes them: mostly sales, orders and money. */
const ENTITIES = [
  "sale",
  "sale",
  "service_order",
  "service_order",
  "finance-entry",
  "register-entry",
  "product",
  "customer",
  "credit_plan",
  "auth",
];

const CASES = [
  { kind: "sem filtro", query: () => "" },
  { kind: "pessoa", query: (index: number) => `pessoa=${pick(PEOPLE, index)}` },
  { kind: "área", query: (index: number) => `area=${pick(["caixa", "ordens", "financeiro", "credito", "clientes"], index)}` },
  // An order the seed wrote entries for: entity_id is 1 + (n × 7919) mod 5000 for the n of its entities.
  { kind: "área e registro", query: (index: number) => `area=ordens&registro=${1 + (((10 * (index % 100) + 2) * 7919) % 5000)}` },
  { kind: "um mês antigo", query: (index: number) => `de=${monthStart(6 + (index % 5))}&ate=${monthEnd(6 + (index % 5))}` },
  {
    kind: "pessoa e área num mês",
    query: (index: number) => `pessoa=${pick(PEOPLE, index)}&area=caixa&de=${monthStart(3)}&ate=${monthEnd(3)}`,
  },
] as const;

let today = "";
let addDays: (day: string, days: number) => string = () => "";
const monthStart = (back: number) => `${addDays(today, -30 * back).slice(0, 7)}-01`;
const monthEnd = (back: number) => `${addDays(today, -30 * back).slice(0, 7)}-28`;

async function runWorker(): Promise<WorkerResult> {
  const [{ getDb, closeDb, databaseKind }, { sql }, dates, log, filters] = await Promise.all([
    import("~/db/client.server"),
    import("drizzle-orm"),
    import("~/lib/dates"),
    import("~/modules/audit/audit-log.server"),
    import("~/modules/audit/filters"),
  ]);
  const db = await getDb();
  const kind = databaseKind();
  today = dates.shopToday();
  addDays = dates.addDays;
  const count = async () =>
    Number(((await db.execute(sql`select count(*)::int as total from audit_log`)).rows[0] as { total: number }).total);

  let seededMs: number | null = null;
  const wanted = options.scale * 365;
  if ((await count()) < wanted * 0.9) {
    console.error(`[${kind}] semeando ${wanted} entradas de auditoria (um ano)…`);
    const started = performance.now();
    const people = sql.raw(`array[${PEOPLE.map((person) => `'${person}'`).join(",")}]`);
    const entities = sql.raw(`array[${ENTITIES.map((entity) => `'${entity}'`).join(",")}]`);
    for (let day = 0; day < 365; day++) {
      await db.execute(sql`
        insert into audit_log (actor_user_id, actor_label, action, entity, entity_id, details, created_at)
        select (${people})[1 + n % 5], (${people})[1 + n % 5] || '@loja.test', 'bench.' || (${entities})[1 + n % 10],
               (${entities})[1 + n % 10], (1 + (n * 7919) % 5000)::text, jsonb_build_object('n', n),
               now() - make_interval(days => ${day}) - make_interval(secs => n * 86400.0 / ${options.scale})
        from generate_series(0, ${options.scale - 1}) as n`);
    }
    if (kind === "pglite") await db.execute(sql`analyze audit_log`);
    seededMs = performance.now() - started;
  }

  const benches: Bench[] = [
    {
      name: "registro de auditoria (listAuditEntries)",
      budgetMs: BUDGET_MS,
      kinds: CASES.map((each) => each.kind),
      run: async (index) => {
        const each = pick(CASES, index);
        const page = await log.listAuditEntries(
          filters.auditFiltersFromSearchParams(new URLSearchParams(each.query(index))),
          null,
        );
        return { kind: each.kind, ok: page.rows.length > 0 };
      },
    },
    {
      name: "registro: página seguinte (cursor no meio do ano)",
      budgetMs: BUDGET_MS,
      kinds: ["sem filtro", "área"],
      run: async (index) => {
        const area = index % 2 === 1;
        const before = 1 + ((index * 104_729) % (wanted - 100));
        const page = await log.listAuditEntries(
          filters.auditFiltersFromSearchParams(new URLSearchParams(area ? "area=caixa" : "")),
          before,
        );
        return { kind: area ? "área" : "sem filtro", ok: page.rows.length > 0 };
      },
    },
  ];
  const measurements = await measureBenches(kind, benches, options.runs);
  const rows = `${await count()} entradas de auditoria`;
  await closeDb();
  return { database: kind, rows, measurements, seededMs };
}

if (options.isWorker) {
  await reportFromWorker(runWorker);
} else {
  await runBenchmarks({ title: "bench:audit", script: import.meta.filename, options });
}
