/**
 * `npm run bench:loyalty`: the points ledger on the large data set (issue
 * 24's budgets, PGlite and PostgreSQL): the orders of the scale seed
 * (40 000 customers) and a year of their payments as ledger entries
 * (seedLoyaltyScale), a month of it lapsed. Measured: a customer's balance
 * and level (≤ 10 ms p95), the staff list by level and the "close to the
 * next level" list, the "expiring in 30 days" list (≤ 50 ms p95), and the
 * expiry job over the year of points (< 10 s, its first run, once).
 *
 *   npm run bench:loyalty                                  temp DATA_DIR, seeds 100 000 orders
 *   BENCH_DATA_DIR=/tmp/balcao-loyalty npm run bench:loyalty   reuses (or fills once) that folder
 *   npm run bench:loyalty -- --runs 400 --scale 20000
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

const options = benchOptions(100_000);

const STANDING_BUDGET_MS = 10;
const LIST_BUDGET_MS = 50;
const EXPIRY_JOB_BUDGET_MS = 10_000;

async function runWorker(): Promise<WorkerResult> {
  const [{ getDb, closeDb, databaseKind }, { sql, count }, ordersSchema, demo, seed, programme, queries, expiry, dates] =
    await Promise.all([
      import("~/db/client.server"),
      import("drizzle-orm"),
      import("~/db/schema/service-orders"),
      import("~/modules/demo/demo-service-orders.server"),
      import("~/modules/loyalty/scale-seed.server"),
      import("~/modules/loyalty/programme.server"),
      import("~/modules/loyalty/queries.server"),
      import("~/modules/loyalty/expiry-job.server"),
      import("~/lib/dates"),
    ]);
  const db = await getDb();
  const kind = databaseKind();
  const today = dates.shopToday();

  let seededMs: number | null = null;
  const [{ total: existingOrders } = { total: 0 }] = await db.select({ total: count() }).from(ordersSchema.serviceOrders);
  if (existingOrders < options.scale * 0.9) {
    const startedAt = performance.now();
    console.error(`[${kind}] ${existingOrders} ordens: semeando ${options.scale - existingOrders}…`);
    await demo.seedLargeDataSet({ orders: options.scale - existingOrders });
    seededMs = performance.now() - startedAt;
  }
  const seeded = await seed.seedLoyaltyScale(db);
  if (seeded.entries > 0) console.error(`[${kind}] ${seeded.entries} lançamentos de pontos semeados`);

  // The expiry job's first run over the year of points (a month of it lapsed): measured once, it is a job, not a page.
  const jobStartedAt = performance.now();
  const job = await expiry.runLoyaltyExpiry();
  const jobMs = performance.now() - jobStartedAt;
  console.error(`[${kind}] expiração: ${job.customers} clientes em ${jobMs.toFixed(0)} ms`);

  const customerIds = (
    (await db.execute(sql`select customer_id from loyalty_balances where points > 0 order by customer_id limit 2000`)).rows as {
      customer_id: number;
    }[]
  ).map((row) => Number(row.customer_id));
  const [{ total: entries } = { total: 0 }] = (await db.execute(sql`select count(*)::int as total from loyalty_entries`))
    .rows as { total: number }[];
  const levelNames = (await programme.rulesInForce(db, today)).levels.map((level) => level.name);

  const benches: Bench[] = [
    {
      name: "saldo e nível de um cliente (loyaltyStanding)",
      budgetMs: STANDING_BUDGET_MS,
      kinds: ["cliente"],
      run: async (index) => {
        const standing = await programme.loyaltyStanding(db, pick(customerIds, index * 7), today);
        return { kind: "cliente", ok: standing.points >= 0 };
      },
    },
    {
      name: "clientes por nível (listCustomersByLevel)",
      budgetMs: LIST_BUDGET_MS,
      kinds: ["nível", "perto do próximo", "página 3"],
      run: async (index) => {
        const which = pick(["nível", "perto do próximo", "página 3"], index);
        const list = await queries.listCustomersByLevel({
          levelName: which === "perto do próximo" ? null : pick(levelNames, Math.floor(index / 3)),
          closeOnly: which === "perto do próximo",
          page: which === "página 3" ? 3 : 1,
        });
        return { kind: which, ok: which === "página 3" || list.rows.length > 0 };
      },
    },
    {
      name: "expiram em 30 dias (listExpiringSoon)",
      budgetMs: LIST_BUDGET_MS,
      kinds: ["primeira página", "página 5"],
      run: async (index) => {
        const which = pick(["primeira página", "página 5"], index);
        const list = await queries.listExpiringSoon({ page: which === "página 5" ? 5 : 1 });
        return { kind: which, ok: list.rows.length > 0 };
      },
    },
  ];
  const measurements = await measureBenches(kind, benches, options.runs);
  measurements.push({
    name: "expiração de pontos (runLoyaltyExpiry, 1ª execução)",
    kind: "todas",
    budgetMs: EXPIRY_JOB_BUDGET_MS,
    timesMs: [jobMs],
  });
  await closeDb();
  return {
    database: kind,
    rows: `${customerIds.length}+ clientes com pontos, ${entries} lançamentos de pontos`,
    measurements,
    seededMs,
  };
}

if (options.isWorker) {
  await reportFromWorker(runWorker);
} else {
  await runBenchmarks({ title: "bench:loyalty", script: import.meta.filename, options });
}
