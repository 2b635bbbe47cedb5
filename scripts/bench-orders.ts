/**
 * `npm run bench:orders`: p50/p95 of the service-order queries people wait
 * for, on the large data set (issue 4: p95 ≤ 50 ms each on PGlite):
 *   - the staff search box (searchServiceOrders) with a mix of queries:
 *     order number, tracking code, IMEI (whole or its end), phone (whole,
 *     without area code, last 4 digits), CPF, name and model fragments;
 *   - the list with filters and status counts (listServiceOrders);
 *   - the /consultar lookup (findOrderForCustomer) by code and by number + last 4.
 *
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL (a throwaway database
 * is created on that server and dropped) or DATABASE_URL (used as it is) is set.
 *
 *   npm run bench:orders                                 temp DATA_DIR, seeds 100 000 orders
 *   BENCH_DATA_DIR=/tmp/balcao-100k npm run bench:orders  reuses (or fills once) that folder
 *   npm run bench:orders -- --runs 400 --scale 100000
 *
 * Each database is measured in a child process of its own: the app reads its
 * configuration once and keeps one database per process.
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
const RUNS = options.runs;
const SCALE = options.scale;

/** Issue 4's budget, on PGlite. */
const P95_BUDGET_MS = 50;

// ---------------------------------------------------------------- worker

async function runWorker(): Promise<WorkerResult> {
  const [{ getDb, closeDb, databaseKind }, { sql, eq, count }, schema, customersSchema, queries, tracking, demo] =
    await Promise.all([
      import("~/db/client.server"),
      import("drizzle-orm"),
      import("~/db/schema/service-orders"),
      import("~/db/schema/customers"),
      import("~/modules/service-orders/queries.server"),
      import("~/modules/service-orders/public-tracking.server"),
      import("~/modules/demo/demo-service-orders.server"),
    ]);
  const { serviceOrders } = schema;
  const { customers } = customersSchema;
  const db = await getDb();
  const kind = databaseKind();

  let seededMs: number | null = null;
  const [{ total: existing } = { total: 0 }] = await db.select({ total: count() }).from(serviceOrders);
  if (existing < SCALE * 0.9) {
    console.error(`[${kind}] ${existing} ordens: semeando ${SCALE - existing}…`);
    let lastPrint = 0;
    const seeded = await demo.seedLargeDataSet({
      orders: SCALE - existing,
      onProgress: ({ orders, elapsedMs }) => {
        if (elapsedMs - lastPrint < 5_000) return;
        lastPrint = elapsedMs;
        console.error(`[${kind}]   ${orders} ordens (${(elapsedMs / 1000).toFixed(0)} s)`);
      },
    });
    seededMs = seeded.elapsedMs;
  }
  const [{ total: orders } = { total: 0 }] = await db.select({ total: count() }).from(serviceOrders);

  // Inputs drawn from the data itself, spread over the whole table.
  const sample = await db
    .select({
      id: serviceOrders.id,
      trackingCode: serviceOrders.trackingCode,
      imeiOrSerial: serviceOrders.imeiOrSerial,
      model: serviceOrders.model,
      technicianUserId: serviceOrders.technicianUserId,
      phone: customers.phone,
      document: customers.document,
      name: customers.name,
    })
    .from(serviceOrders)
    .innerJoin(customers, eq(customers.id, serviceOrders.customerId))
    .where(sql`${serviceOrders.id} % 997 = 0`)
    .limit(100);
  if (sample.length < 20) throw new Error(`poucos dados para medir (${sample.length} ordens na amostra)`);
  const withImei = sample.filter((row) => /^\d{15}$/.test(row.imeiOrSerial));
  const withDocument = sample.filter((row) => row.document);
  const technicians = [...new Set(sample.flatMap((row) => (row.technicianUserId ? [row.technicianUserId] : [])))];
  const surnames = ["Silva", "Oliveira", "Ferreira", "Cavalcanti", "Nascimento", "Gonçalves"];
  const modelFragments = ["Galaxy A5", "iPhone 13", "Redmi Note", "Moto G", "Inspiron", "PlayStation", "Tab S6"];

  const searchQueries: { kind: string; text: (index: number) => string; expectedId?: (index: number) => number }[] = [
    { kind: "nº da OS", text: (index) => String(pick(sample, index).id) },
    { kind: "código", text: (index) => pick(sample, index).trackingCode },
    { kind: "IMEI", text: (index) => pick(withImei, index).imeiOrSerial },
    { kind: "telefone", text: (index) => pick(sample, index).phone },
    { kind: "telefone sem DDD", text: (index) => pick(sample, index).phone.slice(2) },
    // What a counter usually has: the end of a number. The sampled order itself must be among the results.
    {
      kind: "telefone (4 últimos)",
      text: (index) => pick(sample, index).phone.slice(-4),
      expectedId: (index) => pick(sample, index).id,
    },
    {
      kind: "IMEI (6 últimos)",
      text: (index) => pick(withImei, index).imeiOrSerial.slice(-6),
      expectedId: (index) => pick(withImei, index).id,
    },
    { kind: "CPF", text: (index) => pick(withDocument, index).document ?? "" },
    { kind: "nome (parte)", text: (index) => (index % 2 ? pick(surnames, index) : pick(sample, index).name.split(" ")[0]!) },
    { kind: "modelo (parte)", text: (index) => pick(modelFragments, index) },
  ];
  const statuses = ["received", "repairing", "ready", "delivered", "awaiting_approval", null] as const;
  const listFilters = (index: number) => {
    const status = pick([...statuses], index);
    const technicianId = index % 3 === 0 ? null : pick(technicians, index);
    const toDay = new Date(Date.now() - (index % 365) * 86_400_000);
    const fromDay = new Date(toDay.getTime() - (7 + (index % 60)) * 86_400_000);
    const hasDates = index % 4 !== 3;
    return {
      status,
      technicianId,
      from: hasDates ? fromDay.toISOString().slice(0, 10) : null,
      to: hasDates ? toDay.toISOString().slice(0, 10) : null,
      page: 1 + (index % 3),
    };
  };

  const benches: Bench[] = [
    {
      name: "busca (searchServiceOrders)",
      budgetMs: P95_BUDGET_MS,
      kinds: searchQueries.map((query) => query.kind),
      run: async (index) => {
        const query = pick(searchQueries, index);
        const round = Math.floor(index / searchQueries.length);
        const rows = await queries.searchServiceOrders(query.text(round));
        const expectedId = query.expectedId?.(round);
        return { kind: query.kind, ok: expectedId === undefined ? rows.length > 0 : rows.some((row) => row.id === expectedId) };
      },
    },
    {
      name: "lista com filtros (listServiceOrders)",
      budgetMs: P95_BUDGET_MS,
      kinds: ["status + técnico + datas", "sem status"],
      run: async (index) => {
        const filters = listFilters(index);
        const result = await queries.listServiceOrders(filters);
        return { kind: filters.status ? "status + técnico + datas" : "sem status", ok: result.total >= 0 };
      },
    },
    {
      name: "/consultar (findOrderForCustomer)",
      budgetMs: P95_BUDGET_MS,
      kinds: ["código", "nº + 4 dígitos"],
      run: async (index) => {
        const row = pick(sample, Math.floor(index / 2));
        const byCode = index % 2 === 0;
        const found = await tracking.findOrderForCustomer(
          byCode
            ? { kind: "code", code: row.trackingCode }
            : { kind: "order-number", orderNumber: row.id, phoneLast4: row.phone.slice(-4) },
        );
        return { kind: byCode ? "código" : "nº + 4 dígitos", ok: found?.orderNumber === row.id };
      },
    },
  ];

  const measurements = await measureBenches(kind, benches, RUNS);
  await closeDb();
  return { database: kind, rows: `${orders} ordens`, measurements, seededMs };
}

if (options.isWorker) {
  await reportFromWorker(runWorker);
} else {
  await runBenchmarks({ title: "bench:orders", script: import.meta.filename, options });
}
