/**
 * `npm run bench:dashboard`: p50/p95 of the staff's Painel (getShopOverview,
 * everything /dashboard reads) on the scale seed, issue 25's budget: p95 ≤
 * 50 ms with 4 staff opening it at once, on PGlite and PostgreSQL. Besides
 * the scale seed's orders (their lines, pickups and parts awaited), a year
 * of what the other figures read:
 *   - 60 000 register entries (every kind and method), a closed register;
 *   - 20 000 finance entries due over two years (receivables and payables);
 *   - 2 000 crediário plans of 12 monthly instalments;
 *   - 5 000 warranties of delivered orders, 1 500 claims over the year;
 *   - 300 000 site events over a year (rolled up), today's left raw;
 *   - a "previsão de chegada" on the part lines of orders awaiting a part.
 * Measured: one staff member alone, and four at once (a run is the time
 * until all four have their page).
 *
 *   npm run bench:dashboard                                    temp DATA_DIR, seeds 100 000 orders
 *   BENCH_DATA_DIR=/tmp/balcao-dashboard npm run bench:dashboard  reuses (or fills once) that folder
 *   npm run bench:dashboard -- --runs 400 --scale 20000
 */
import {
  benchOptions,
  measureBenches,
  reportFromWorker,
  runBenchmarks,
  type Bench,
  type WorkerResult,
} from "./support/query-bench";

const options = benchOptions(100_000);
const REGISTER_ENTRIES = 60_000;
const FINANCE_ENTRIES = 20_000;
const PLANS = 2_000;
const WARRANTIES = 5_000;
const CLAIMS = 1_500;
const EVENTS = 300_000;
const CONCURRENT_STAFF = 4;

/** Issue 25's budget, on PGlite and PostgreSQL. */
const P95_BUDGET_MS = 50;

async function runWorker(): Promise<WorkerResult> {
  const [{ getDb, closeDb, databaseKind, inTransaction }, { eq, sql }, { products }, overview, demo, dates, rollup] =
    await Promise.all([
      import("~/db/client.server"),
      import("drizzle-orm"),
      import("~/db/schema/inventory"),
      import("~/modules/dashboard/overview.server"),
      import("~/modules/demo/demo-service-orders.server"),
      import("~/lib/dates"),
      import("~/modules/traffic/rollup.server"),
    ]);
  const db = await getDb();
  const kind = databaseKind();
  const today = dates.shopToday();
  const countOf = async (table: string) =>
    Number((await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]?.n ?? 0);

  let seededMs: number | null = null;
  const existingOrders = await countOf("service_orders");
  if (existingOrders < options.scale * 0.9 || (await countOf("warranties")) < WARRANTIES) {
    const startedAt = performance.now();
    if (existingOrders < options.scale * 0.9) {
      console.error(`[${kind}] ${existingOrders} ordens: semeando ${options.scale - existingOrders}…`);
      await demo.seedLargeDataSet({ orders: options.scale - existingOrders });
    }
    console.error(`[${kind}] semeando caixa, financeiro, crediário, garantias e tráfego…`);
    await seedFigures(today);
    seededMs = performance.now() - startedAt;
  }

  /** Straight inserts, as a year of a busy shop would leave them. */
  async function seedFigures(onDay: string) {
    const startOfToday = dates.startOfShopDay(onDay).toISOString();
    // A seed stopped halfway leaves some of these: start them over.
    await db.execute(sql`delete from register_entries where actor_label = 'bench'`);
    await db.execute(sql`delete from cash_registers where opened_by_label = 'bench'`);
    await db.execute(sql`delete from finance_entries where created_by_label = 'bench'`);
    await db.execute(sql`
      insert into cash_registers (is_open, opening_float_cents, opened_by_label, opened_at, closed_by_label, closed_at,
        counted_cash_cents, closing_totals)
      values (false, 20000, 'bench', now() - interval '1 day', 'bench', now() - interval '12 hours', 150000,
        '{"cash":{"expectedCents":150500,"countedCents":150000},"pix":{"expectedCents":90000,"countedCents":90000}}'::jsonb)`);
    await db.execute(sql`
      insert into register_entries (register_id, kind, method, amount_cents, business_date, actor_label, created_at)
      select case when method = 'cash' then (select max(id) from cash_registers) end, kind, method,
        case when kind = 'withdrawal' then -(1000 + i % 9000) else 1000 + (i * 37) % 90000 end,
        ${onDay}::date - (i % 365), 'bench', ${startOfToday}::timestamptz - (i % 365) * interval '1 day'
      from (
        select i,
          (array['sale','sale','order-payment','credit-payment','debt-payment','supply','withdrawal'])[1 + i % 7] as kind,
          (array['cash','pix','pix','debit','credit','crediario'])[1 + (i / 7) % 6] as method
        from generate_series(1, ${REGISTER_ENTRIES}) i
      ) e
      where not (kind in ('supply','withdrawal') and method <> 'cash')`);
    await db.execute(sql`
      insert into finance_entries (direction, description, category_id, amount_cents, due_date, created_by_label, is_demo)
      select case when i % 3 = 0 then 'in' else 'out' end, 'Lançamento (bench) ' || i,
        (select id from finance_categories order by id limit 1 offset i % 5), 1000 + (i * 53) % 500000,
        ${onDay}::date - 365 + (i % 730), 'bench', true
      from generate_series(1, ${FINANCE_ENTRIES}) i`);
    // Each plan comes from a (settled) debt of a customer, as a crediário of a fiado does.
    await db.execute(sql`
      insert into debts (customer_id, kind, description, amount_cents, paid_cents, incurred_on, due_date, settled_at, created_by_label, is_demo)
      select id, 'iou', 'Origem do crediário (bench)', 120000, 0, ${onDay}::date - 400, ${onDay}::date - 400, now(), 'bench', true
      from customers order by id limit ${PLANS}`);
    await db.execute(sql`
      insert into credit_plans (customer_id, debt_id, status, cash_price_cents, financed_cents, instalment_count,
        monthly_rate_basis_points, yearly_rate_basis_points, cet_monthly_basis_points, cet_yearly_basis_points,
        contract_date, first_due_date, instalment_cents, total_cents, late_fee_basis_points, late_interest_monthly_basis_points,
        disclosure, offer_valid_until, created_by_label, is_demo)
      select d.customer_id, d.id, 'active', 120000, 120000, 12, 0, 0, 0, 0, start_day, start_day + 30, 10000, 120000, 200, 100,
        '{}'::jsonb, start_day + 2, 'bench', true
      from (
        select id, customer_id, ${onDay}::date - (id % 365) as start_day
        from debts where created_by_label = 'bench' and description = 'Origem do crediário (bench)'
      ) d`);
    await db.execute(sql`
      insert into credit_instalments (plan_id, customer_id, number, due_date, amount_cents, principal_cents, interest_cents,
        paid_principal_cents, settled_at)
      select p.id, p.customer_id, n, p.first_due_date + (n - 1) * 30, 10000, 10000, 0,
        case when p.first_due_date + (n - 1) * 30 < ${onDay}::date and p.id % 5 <> 0 then 10000 else 0 end,
        case when p.first_due_date + (n - 1) * 30 < ${onDay}::date and p.id % 5 <> 0 then now() end
      from credit_plans p cross join generate_series(1, 12) n where p.created_by_label = 'bench'`);
    await db.execute(sql`
      insert into warranties (service_order_id, customer_id, item_description, starts_on, contractual_days, ends_on,
        coverage, exclusions, technician_user_id, issued_by_label, is_demo, created_at)
      select o.id, o.customer_id, 'Reparo (bench)', d, 90, d + 90, 'Peças e serviço', 'Quedas e líquidos',
        o.technician_user_id, 'bench', true, d::timestamptz
      from (
        select id, customer_id, technician_user_id, ${onDay}::date - (id % 365) as d
        from service_orders where status = 'delivered' and id not in (select service_order_id from warranties where service_order_id is not null)
        order by id limit ${WARRANTIES}
      ) o`);
    await db.execute(sql`
      insert into warranty_claims (warranty_id, service_order_id, reported_defect, is_demo, created_at)
      select w.id, o.id, 'Voltou (bench)', true, ${startOfToday}::timestamptz - (w.id % 365) * interval '1 day'
      from (select id, row_number() over (order by id) as n from warranties order by id limit ${CLAIMS}) w
      join (
        select id, row_number() over (order by id desc) as n from service_orders
        where id not in (select service_order_id from warranty_claims) order by id desc limit ${CLAIMS}
      ) o on o.n = w.n`);
    await db.execute(sql`
      update service_order_lines l set expected_arrival_date = ${onDay}::date + (l.id % 20) - 5
      from service_orders o where o.id = l.order_id and o.status = 'awaiting_part' and l.kind = 'part' and l.id % 4 <> 0`);
    // A year of visits, one in ten a conversion; the days before today rolled up, today's left raw as the page reads them.
    await db.execute(sql`
      insert into traffic_events (at, day, kind, path, is_entry, source, device, browser, visitor_hash)
      select ${startOfToday}::timestamptz - (i % 365) * interval '1 day' + (i % 40000) * interval '1 second',
        ${onDay}::date - (i % 365),
        case when i % 10 = 0 then (array['whatsapp','orcamento_rapido','whatsapp_produto'])[1 + (i / 10) % 3] else 'view' end,
        case when i % 7 = 0 then '/' else '/pagina-' || (i % 200) end, i % 4 = 0,
        (array['(direto)','google.com','instagram'])[1 + i % 3], 'Celular', 'Chrome', md5((i % 1000)::text || ':' || (i % 365)::text)
      from generate_series(1, ${EVENTS}) i`);
    await rollup.rollupTraffic();
    // As the scale seeds do: statistics for the planner, and the visibility map PGlite has no autovacuum to build.
    await db.execute(sql`vacuum analyze`);
  }

  const staff = { userId: "bench", label: "bench", role: "staff" as const };
  const sample = await overview.getShopOverview(staff);
  const seen = (page: typeof sample) =>
    page.orders.total > 0 && page.pickups.total > 0 && page.register.lastClose !== null && page.claims.total > 0;
  if (!seen(sample)) console.error(`[${kind}] o painel veio vazio em parte: ${JSON.stringify(sample).slice(0, 400)}`);

  const openTogether = () =>
    Promise.all(
      Array.from({ length: CONCURRENT_STAFF }, (_, index) =>
        overview.getShopOverviewForPage(staff, new Date(), { withFinance: index % 2 === 0 }),
      ),
    );
  const [{ id: touchedProductId } = { id: 0 }] = await db.select({ id: products.id }).from(products).limit(1);
  const benches: Bench[] = [
    {
      name: "painel (getShopOverview), 1 pessoa",
      budgetMs: P95_BUDGET_MS,
      kinds: ["1 pessoa"],
      run: async () => ({ kind: "1 pessoa", ok: seen(await overview.getShopOverview(staff)) }),
    },
    {
      name: `painel (getShopOverview), ${CONCURRENT_STAFF} pessoas ao mesmo tempo`,
      budgetMs: P95_BUDGET_MS,
      kinds: [`${CONCURRENT_STAFF} ao mesmo tempo`],
      run: async () => {
        const pages = await Promise.all(
          Array.from({ length: CONCURRENT_STAFF }, (_, index) =>
            overview.getShopOverview(staff, new Date(), { withFinance: index % 2 === 0 }),
          ),
        );
        return { kind: `${CONCURRENT_STAFF} ao mesmo tempo`, ok: pages.every(seen) };
      },
    },
    {
      name: `página /dashboard (getShopOverviewForPage), ${CONCURRENT_STAFF} pessoas, sem escrita entre as aberturas`,
      budgetMs: P95_BUDGET_MS,
      kinds: [`${CONCURRENT_STAFF} ao mesmo tempo`],
      run: async () => ({ kind: `${CONCURRENT_STAFF} ao mesmo tempo`, ok: (await openTogether()).every(seen) }),
    },
    {
      name: `página /dashboard (getShopOverviewForPage), ${CONCURRENT_STAFF} pessoas, uma escrita antes de cada abertura`,
      budgetMs: P95_BUDGET_MS,
      kinds: [`${CONCURRENT_STAFF} ao mesmo tempo`],
      run: async () => {
        // The worst case: something was saved since the last look, so the figures are read again (once for the four).
        await inTransaction((tx) => tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, touchedProductId)));
        return { kind: `${CONCURRENT_STAFF} ao mesmo tempo`, ok: (await openTogether()).every(seen) };
      },
    },
  ];
  const measurements = await measureBenches(kind, benches, options.runs);
  const rows =
    `${await countOf("service_orders")} ordens, ${await countOf("register_entries")} movimentos de caixa, ` +
    `${await countOf("finance_entries")} lançamentos, ${await countOf("credit_instalments")} parcelas, ` +
    `${await countOf("warranty_claims")} reclamações de garantia, ${await countOf("traffic_events")} eventos brutos`;
  await closeDb();
  return { database: kind, rows, measurements, seededMs };
}

if (options.isWorker) {
  await reportFromWorker(runWorker);
} else {
  await runBenchmarks({ title: "bench:dashboard", script: import.meta.filename, options });
}
