/**
 * `npm run bench:debtors`: p50/p95 of the /devedores list (listDebtorsInTx)
 * on the large data set (issue 23: p95 ≤ 50 ms on PGlite and PostgreSQL):
 *   - the orders of the scale seed (delivered ones with a balance among them);
 *   - 5 000 crediário plans of 12 instalments, started over the last year:
 *     four in five paid up to date, one in five stopped paying at some
 *     instalment (so overdue from then on), a few paid in part;
 *   - 1 500 open IOUs over the last 200 days, and a contact log.
 * Measured: the first page, a bucket filter, a later page, and a search.
 *
 *   npm run bench:debtors                                 temp DATA_DIR, seeds 100 000 orders
 *   BENCH_DATA_DIR=/tmp/balcao-debtors npm run bench:debtors  reuses (or fills once) that folder
 *   npm run bench:debtors -- --runs 400 --scale 20000
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
const PLANS = 5_000;
const INSTALMENTS = 12;
const IOUS = 1_500;
const CONTACTS = 4_000;

/** Issue 23's budget (issue 12 had 100 ms), on PGlite and PostgreSQL. */
const P95_BUDGET_MS = 50;

async function runWorker(): Promise<WorkerResult> {
  const [{ getDb, closeDb, databaseKind, inTransaction }, { sql, count }, ordersSchema, creditSchema, debtors, demo, dates] =
    await Promise.all([
      import("~/db/client.server"),
      import("drizzle-orm"),
      import("~/db/schema/service-orders"),
      import("~/db/schema/credit"),
      import("~/modules/debtors/queries.server"),
      import("~/modules/demo/demo-service-orders.server"),
      import("~/lib/dates"),
    ]);
  const { serviceOrders } = ordersSchema;
  const { creditPlans } = creditSchema;
  const db = await getDb();
  const kind = databaseKind();
  const today = dates.shopToday();

  let seededMs: number | null = null;
  const [{ total: existingOrders } = { total: 0 }] = await db.select({ total: count() }).from(serviceOrders);
  const [{ total: existingPlans } = { total: 0 }] = await db.select({ total: count() }).from(creditPlans);
  if (existingOrders < options.scale * 0.9 || existingPlans < PLANS) {
    const startedAt = performance.now();
    if (existingOrders < options.scale * 0.9) {
      console.error(`[${kind}] ${existingOrders} ordens: semeando ${options.scale - existingOrders}…`);
      await demo.seedLargeDataSet({ orders: options.scale - existingOrders });
    }
    if (existingPlans < PLANS) {
      console.error(`[${kind}] semeando ${PLANS} crediários, ${IOUS} fiados e ${CONTACTS} contatos…`);
      await seedDebts(today);
    }
    seededMs = performance.now() - startedAt;
  }

  /**
   * Straight inserts, as the scale data would hold them: each plan
   * comes from a (settled) debt of a random customer; its instalments fall
   * due monthly from up to a year ago. Four plans in five are paid up to
   * today; the fifth stopped at a random instalment, one in four of those
   * after paying half of it.
   */
  async function seedDebts(onDay: string) {
    await db.execute(sql`
      insert into debts (customer_id, kind, description, amount_cents, paid_cents, incurred_on, due_date, settled_at, created_by_label, is_demo)
      select c.id, 'iou', 'Origem do crediário (bench)', 120000, 0, ${onDay}::date - 400, ${onDay}::date - 400, now(), 'bench', true
      from (select id from customers order by random() limit ${PLANS}) c`);
    await db.execute(sql`
      insert into credit_plans (customer_id, debt_id, status, cash_price_cents, financed_cents, instalment_count,
        monthly_rate_basis_points, yearly_rate_basis_points, cet_monthly_basis_points, cet_yearly_basis_points,
        contract_date, first_due_date, instalment_cents, total_cents, late_fee_basis_points, late_interest_monthly_basis_points,
        disclosure, offer_valid_until, created_by_label, is_demo)
      select d.customer_id, d.id, 'active', 120000, 120000, ${INSTALMENTS}, 0, 0, 0, 0,
        start_day, start_day + 30, 10000, 120000, 200, 100, '{}'::jsonb, start_day + 2, 'bench', true
      from (
        select id, customer_id, ${onDay}::date - (floor(random() * 365))::int as start_day
        from debts where created_by_label = 'bench' and description = 'Origem do crediário (bench)'
      ) d`);
    await db.execute(sql`
      insert into credit_instalments (plan_id, customer_id, number, due_date, amount_cents, principal_cents, interest_cents,
        paid_principal_cents, settled_at)
      select plan_id, customer_id, n, due_date, 10000, 10000, 0, paid, case when paid = 10000 then now() end
      from (
        select p.id as plan_id, p.customer_id, n, p.first_due_date + (n - 1) * 30 as due_date,
          case when p.first_due_date + (n - 1) * 30 >= ${onDay}::date then 0
               when n < p.stopped_at then 10000
               when n = p.stopped_at and p.id % 4 = 0 then 5000 else 0 end as paid
        from (
          select id, customer_id, first_due_date,
            case when random() < 0.2 then 1 + floor(random() * ${INSTALMENTS})::int else ${INSTALMENTS} + 1 end as stopped_at
          from credit_plans where created_by_label = 'bench'
        ) p cross join generate_series(1, ${INSTALMENTS}) n
      ) i`);
    await db.execute(sql`
      insert into debts (customer_id, kind, description, amount_cents, paid_cents, incurred_on, due_date, created_by_label, is_demo)
      select c.id, 'iou', 'Fiado (bench)', 1000 + (c.id % 500) * 100, 0, ${onDay}::date - (c.id % 200), ${onDay}::date - (c.id % 200) + 30, 'bench', true
      from (select id from customers order by random() limit ${IOUS}) c`);
    await db.execute(sql`
      insert into debt_contacts (customer_id, contacted_at, channel, note, actor_label)
      select customer_id, now() - (random() * interval '90 days'), 'whatsapp', '', 'bench'
      from (select customer_id from debts where created_by_label = 'bench' order by random() limit ${CONTACTS}) d`);
    // As the scale seeds do: statistics for the planner, and the visibility map PGlite has no autovacuum to build.
    await db.execute(sql`vacuum analyze`);
  }

  const [{ total: orders } = { total: 0 }] = await db.select({ total: count() }).from(serviceOrders);
  const [{ total: plans } = { total: 0 }] = await db.select({ total: count() }).from(creditPlans);
  const first = await inTransaction((tx) => debtors.listDebtorsInTx(tx, { today }));
  const names = first.rows.map((row) => row.name.split(" ")[0]!).filter((name) => name.length >= 3);
  if (names.length === 0) throw new Error("nenhum devedor para medir");
  const filters = ["0-30", "31-60", "61-90", "90+", "upcoming"] as const;

  const kinds = ["primeira página", "faixa", "página 3", "busca por nome"];
  const benches: Bench[] = [
    {
      name: "devedores (listDebtorsInTx)",
      budgetMs: P95_BUDGET_MS,
      kinds,
      run: async (index) => {
        const which = pick(kinds, index);
        const list = await inTransaction((tx) =>
          debtors.listDebtorsInTx(tx, {
            today,
            bucket: which === "faixa" ? pick([...filters], Math.floor(index / kinds.length)) : null,
            page: which === "página 3" ? 3 : 1,
            search: which === "busca por nome" ? pick(names, Math.floor(index / kinds.length)) : "",
          }),
        );
        return { kind: which, ok: list.totals.overdueCustomers > 0 && (which === "busca por nome" || list.rows.length > 0) };
      },
    },
    {
      // The Painel's "Em atraso" and "Vence nos próximos 7 dias": the same items as /devedores (issue 23).
      name: "painel: em atraso (overdueByCustomerInTx + owedDueBetweenInTx)",
      budgetMs: P95_BUDGET_MS,
      kinds: ["painel"],
      run: async () => {
        const { overdue } = await inTransaction(async (tx) => ({
          overdue: await debtors.overdueByCustomerInTx(tx, today),
          dueSoonCents: await debtors.owedDueBetweenInTx(tx, today, dates.addDays(today, 7)),
        }));
        return { kind: "painel", ok: overdue.overdueCents > 0 };
      },
    },
  ];
  const measurements = await measureBenches(kind, benches, options.runs);
  await closeDb();
  return {
    database: kind,
    rows: `${orders} ordens, ${plans} crediários, ${first.totals.overdueCustomers} devedores com atraso`,
    measurements,
    seededMs,
  };
}

if (options.isWorker) {
  await reportFromWorker(runWorker);
} else {
  await runBenchmarks({ title: "bench:debtors", script: import.meta.filename, options });
}
