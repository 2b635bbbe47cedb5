import { randomUUID } from "node:crypto";
import { count, inArray, sql } from "drizzle-orm";
import { getDb, type Transaction } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { customers } from "~/db/schema/customers";
import { serviceOrders } from "~/db/schema/service-orders";
import type { ServiceOrderStatus } from "~/modules/service-orders/status";
import { insertCustomers, insertServiceOrderPlans } from "./bulk-insert.server";
import { markShopHasDemoDataInTx } from "./demo-flag.server";
import { buildCustomer, type CustomerRow } from "./fake-people";
import { createRandom, type Random } from "./random";
import { planServiceOrder } from "./service-order-plan";

const DAY_MS = 86_400_000;

/**
 * Who moves the demo orders along: labels only, no accounts (a fresh shop gets no staff it did not create).
 * Names, as the shop's timelines show people (issue 10, Part 3).
 */
const DEMO_STAFF = [
  { userId: null, label: "Rafael Técnico (demonstração)" },
  { userId: null, label: "Juliana Atendimento (demonstração)" },
] as const;

/**
 * The 40 orders of the demo: every status appears, with a few devices
 * ready for pickup (one waiting past 90 days) and a few quotes awaiting approval.
 */
type DemoOrder = { status: ServiceOrderStatus; ageDays: [number, number] };

const DEMO_ORDERS: DemoOrder[] = [
  ...repeat(3, { status: "received", ageDays: [0, 1] }),
  ...repeat(3, { status: "diagnosing", ageDays: [1, 3] }),
  ...repeat(4, { status: "awaiting_approval", ageDays: [2, 6] }),
  ...repeat(2, { status: "approved", ageDays: [3, 7] }),
  ...repeat(3, { status: "awaiting_part", ageDays: [5, 12] }),
  ...repeat(4, { status: "repairing", ageDays: [3, 9] }),
  ...repeat(4, { status: "ready", ageDays: [3, 30] }),
  { status: "ready", ageDays: [110, 130] },
  ...repeat(2, { status: "declined", ageDays: [6, 20] }),
  { status: "not_repairable", ageDays: [8, 15] },
  ...repeat(2, { status: "cancelled", ageDays: [10, 60] }),
  ...repeat(11, { status: "delivered", ageDays: [15, 120] }),
];

function repeat(times: number, item: DemoOrder): DemoOrder[] {
  return Array.from({ length: times }, () => item);
}

async function countRows(tx: Transaction, table: typeof customers | typeof serviceOrders) {
  const [row] = await tx.select({ total: count() }).from(table);
  return row?.total ?? 0;
}

/**
 * ~30 customers and 40 orders, marked as demo, only while both tables are
 * empty (a second run adds nothing); true when it created them.
 */
export async function seedDemoServiceOrders(tx: Transaction, now = new Date()) {
  if ((await countRows(tx, customers)) > 0 || (await countRows(tx, serviceOrders)) > 0) return false;
  const random = createRandom(20_240_907);
  const customerRows = Array.from({ length: 30 }, (_, index) =>
    buildCustomer(random, { createdAt: new Date(now.getTime() - random.int(130, 400) * DAY_MS), serial: index + 1 }),
  );
  const customerIds = await insertCustomers(tx, customerRows, { isDemo: true });
  const plans = DEMO_ORDERS.map(({ status, ageDays }) => {
    const createdAt = new Date(now.getTime() - random.int(ageDays[0] * 24, ageDays[1] * 24 + 20) * 3_600_000);
    return {
      customerId: random.pick(customerIds),
      createdAt,
      plan: planServiceOrder(random, { createdAt, now, status, staff: DEMO_STAFF }),
    };
  }).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  // Order numbers follow arrival, as they would at the counter.
  await insertServiceOrderPlans(tx, plans, { isDemo: true });
  return true;
}

export type LargeSeedProgress = { orders: number; customers: number; elapsedMs: number };

/**
 * The technicians the large data set assigns orders to (staff accounts with
 * no password: nobody can sign in as them), demo accounts like its rows.
 */
async function ensureScaleTechnicians(tx: Transaction) {
  const technicians = [
    { name: "Rafael Técnico (demonstração)", email: "rafael.tecnico@balcao.example" },
    { name: "Juliana Técnica (demonstração)", email: "juliana.tecnica@balcao.example" },
    { name: "Marcos Técnico (demonstração)", email: "marcos.tecnico@balcao.example" },
    { name: "Bianca Atendimento (demonstração)", email: "bianca.atendimento@balcao.example" },
  ];
  for (const technician of technicians) {
    await tx
      .insert(user)
      .values({
        id: randomUUID(),
        name: technician.name,
        email: technician.email,
        emailVerified: true,
        role: "staff",
        isDemo: true,
      })
      .onConflictDoNothing();
  }
  const rows = await tx
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(
      inArray(
        user.email,
        technicians.map((technician) => technician.email),
      ),
    );
  return rows.map((row) => ({ userId: row.id, label: row.name }));
}

const ORDERS_PER_BATCH = 2_000;
/** About 2.5 orders per customer over three years: most come back. */
const CUSTOMERS_PER_ORDER = 0.4;
const SPAN_DAYS = 3 * 365;

function uniqueDocument(random: Random, row: CustomerRow, taken: Set<string>) {
  if (!row.document) return row;
  let document = row.document;
  while (taken.has(document)) document = buildCustomer(random).document ?? `${document}`;
  taken.add(document);
  return { ...row, document };
}

/**
 * The large data set for the speed budget: `orders` orders over three
 * years (and 40% as many customers), in batches of multi-row INSERTs, one
 * transaction per batch, ids from the sequences; then VACUUM ANALYZE. Adds
 * to whatever is there. Its rows are demo rows like the small seed's: they
 * are as fictional, and should they ever land in a shop's database,
 * "Apagar dados de demonstração" takes them out with the rest.
 */
export async function seedLargeDataSet({
  orders,
  seed = 42,
  now = new Date(),
  onProgress,
}: {
  orders: number;
  seed?: number;
  now?: Date;
  onProgress?: (progress: LargeSeedProgress) => void;
}) {
  const db = await getDb();
  const startedAt = performance.now();
  const random = createRandom(seed);
  const staff = await db.transaction(async (tx) => {
    await markShopHasDemoDataInTx(tx);
    return ensureScaleTechnicians(tx);
  });
  const takenCodes = new Set((await db.select({ code: serviceOrders.trackingCode }).from(serviceOrders)).map((row) => row.code));
  const takenDocuments = new Set(
    (
      await db
        .select({ document: customers.document })
        .from(customers)
        .where(sql`${customers.document} is not null`)
    ).flatMap((row) => (row.document ? [row.document] : [])),
  );
  const firstDay = now.getTime() - SPAN_DAYS * DAY_MS;
  const stepMs = (SPAN_DAYS * DAY_MS) / Math.max(orders, 1);
  const customerPool: number[] = [];
  let createdOrders = 0;
  let createdCustomers = 0;

  while (createdOrders < orders) {
    const batchSize = Math.min(ORDERS_PER_BATCH, orders - createdOrders);
    const batchStart = firstDay + createdOrders * stepMs;
    const newCustomerCount = Math.max(1, Math.round(batchSize * CUSTOMERS_PER_ORDER));
    await db.transaction(async (tx) => {
      const customerRows = Array.from({ length: newCustomerCount }, (_, index) =>
        uniqueDocument(
          random,
          buildCustomer(random, { createdAt: new Date(batchStart), serial: createdCustomers + index + 1 }),
          takenDocuments,
        ),
      );
      const newIds = await insertCustomers(tx, customerRows, { isDemo: true });
      const plans = Array.from({ length: batchSize }, (_, index) => {
        const createdAt = new Date(batchStart + (index + random.next()) * stepMs);
        // New customers bring most orders of their batch; a third come from earlier customers returning.
        const isReturning = customerPool.length > 0 && random.chance(0.35);
        const customerId = isReturning ? random.pick(customerPool) : random.pick(newIds);
        return { customerId, plan: planServiceOrder(random, { createdAt, now, staff }) };
      });
      await insertServiceOrderPlans(tx, plans, { isDemo: true, takenCodes });
      customerPool.push(...newIds);
    });
    createdOrders += batchSize;
    createdCustomers += newCustomerCount;
    onProgress?.({ orders: createdOrders, customers: createdCustomers, elapsedMs: performance.now() - startedAt });
  }
  // ANALYZE: the planner learns the tables' new size. VACUUM: the visibility map, without which an
  // index-only scan still visits every row; PGlite has no autovacuum to do it later.
  await db.execute(sql`vacuum analyze`);
  return { orders: createdOrders, customers: createdCustomers, elapsedMs: performance.now() - startedAt };
}
