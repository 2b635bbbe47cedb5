/**
 * npm run proof:crash [-- --kills 20] [-- --database pglite|postgres]
 *
 * Kills the production server with SIGKILL at random moments of a stream of
 * sales, service orders, payments, crediário instalments and uploads, and
 * checks the database after each kill (scripts/support/crash-proof.ts).
 * PostgreSQL runs on a throwaway database of TEST_DATABASE_URL's server, and
 * is also taken away under the running app (503 meanwhile, back after).
 * Needs a build (`npm run build`; `npm start` builds a stale one itself).
 *
 * Its child modes (`--prepare`, `--check <file>`, and `--jobs` for the disk
 * proof) open the database of the
 * environment's DATA_DIR / DATABASE_URL while no server runs.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { Acknowledged, CheckResult, CrashDatabase } from "./support/crash-proof";

const PASSWORD = "Prova-Queda#2026";
const OWNER_EMAIL = "dona@prova-queda.test";

async function prepare() {
  const [{ getDb, closeDb }, { getAuth }, { setUserRole }, { user }, { customers }, sessions, products] = await Promise.all([
    import("~/db/client.server"),
    import("~/modules/accounts/auth.server"),
    import("~/modules/accounts/user-roles.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/customers"),
    import("~/modules/cash-register/sessions.server"),
    import("~/modules/inventory/products.server"),
  ]);
  const db = await getDb();
  const auth = await getAuth();
  await auth.api.signUpEmail({ body: { name: "Dona da Prova", email: OWNER_EMAIL, password: PASSWORD } });
  await db
    .update(user)
    .set({ emailVerified: true })
    .where(sql`${user.email} = ${OWNER_EMAIL}`);
  await setUserRole(OWNER_EMAIL, "owner", "prova de queda");
  const [owner] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`${user.email} = ${OWNER_EMAIL}`);
  const actor = { userId: owner!.id, label: OWNER_EMAIL, role: "owner" as const };
  await sessions.openCashRegister(actor, { openingFloat: "100,00", floatAccount: "", idempotencyKey: crypto.randomUUID() });
  const productIds: number[] = [];
  for (let index = 0; index < 8; index++) {
    const created = await products.createProduct(actor, {
      kind: "product",
      name: `Película prova ${index + 1}`,
      sku: "",
      barcode: "",
      category: "Acessórios",
      brand: "",
      priceCents: "10,00",
      minimumStock: "0",
      location: "",
      description: "",
      partOrigin: "",
      revenueSource: "",
      initialQuantity: "100000",
      initialCostCents: "4,00",
      idempotencyKey: crypto.randomUUID(),
    });
    productIds.push(created.id);
  }
  const [customer] = await db
    .insert(customers)
    .values({ name: "Cliente da Prova", phone: "11987650000" })
    .returning({ id: customers.id });
  await closeDb();
  console.log(JSON.stringify({ productIds, customerId: customer!.id }));
}

async function rows<T>(db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }, query: ReturnType<typeof sql>) {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/** The database of this child's environment, opened as a restart opens it (PGlite replays its log). */
async function openRestartedDatabase() {
  const { openMaintenanceDatabase } = await import("~/db/backup/maintenance-database.server");
  const { getEnv } = await import("~/lib/env.server");
  const env = getEnv();
  return openMaintenanceDatabase(
    env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR },
    { create: false },
  );
}

/** The invariants, read from the database as a restart finds it. */
async function check(ackFile: string) {
  const database = await openRestartedDatabase();
  const { db } = database;
  const acknowledged = JSON.parse(fs.readFileSync(ackFile, "utf8")) as Acknowledged[];
  const problems: string[] = [];
  try {
    const keys = new Set((await rows<{ key: string }>(db, sql`select key from idempotency_keys`)).map(({ key }) => key));
    const tableOf: Record<string, string> = {
      sale: "sales",
      "crediario-sale": "sales",
      order: "service_orders",
      upload: "products",
    };
    const existing = new Map<string, Set<number>>();
    for (const table of new Set(Object.values(tableOf))) {
      existing.set(
        table,
        new Set((await rows<{ id: number }>(db, sql.raw(`select id from ${table}`))).map(({ id }) => Number(id))),
      );
    }
    for (const entry of acknowledged) {
      if (!keys.has(entry.key)) problems.push(`${entry.kind} confirmado sem a chave ${entry.key} no banco`);
      const table = tableOf[entry.kind];
      if (table && entry.id !== null && !existing.get(table)!.has(entry.id))
        problems.push(`${entry.kind} ${entry.id} confirmado e ausente de ${table}`);
    }
    const uploadsWithoutPhoto = await rows<{ id: number }>(
      db,
      sql`select p.id from products p left join uploads u on u.id = p.photo_upload_id
          where p.name like 'Capinha prova %' and u.id is null`,
    );
    for (const { id } of uploadsWithoutPhoto) problems.push(`produto ${id} sem a foto enviada`);
    const stock = await rows<{ id: number; stock: number; ledger: number }>(
      db,
      sql`select p.id, p.stock_quantity as stock, coalesce(sum(m.quantity), 0)::int as ledger
          from products p left join stock_movements m on m.product_id = p.id
          group by p.id having p.stock_quantity <> coalesce(sum(m.quantity), 0)`,
    );
    for (const row of stock) problems.push(`produto ${row.id}: estoque ${row.stock}, extrato ${row.ledger}`);
    const sales = await rows<{ id: number; total: number; entries: number }>(
      db,
      sql`select s.id, s.total_cents as total, coalesce(sum(e.amount_cents), 0)::int as entries
          from sales s left join register_entries e on e.sale_id = s.id and e.cancelled_at is null
          where s.status = 'completed' group by s.id having s.total_cents <> coalesce(sum(e.amount_cents), 0)`,
    );
    for (const row of sales) problems.push(`venda ${row.id}: total ${row.total}, lançamentos do caixa ${row.entries}`);
    const registers = await rows<{ id: number; method: string; expected: number; entries: number }>(
      db,
      sql`select r.id, t.key as method, (t.value->>'expectedCents')::int as expected,
            (coalesce((select sum(e.amount_cents) from register_entries e
              where e.register_id = r.id and e.method = t.key and e.cancelled_at is null), 0)
              + case when t.key = 'cash' then r.opening_float_cents else 0 end)::int as entries
          from cash_registers r, jsonb_each(r.closing_totals) t
          where r.closing_totals is not null`,
    );
    for (const row of registers.filter((register) => register.expected !== register.entries))
      problems.push(`caixa ${row.id} (${row.method}): total ${row.expected}, lançamentos ${row.entries}`);
    const finance = await rows<{ day: string; account: number; category: number }>(
      db,
      sql`with posted as (
            select paid_date as day, account_id, category_id,
              sum(case when direction = 'in' then amount_cents else 0 end)::bigint as in_cents,
              sum(case when direction = 'out' then amount_cents else 0 end)::bigint as out_cents
            from finance_entries where paid_date is not null and cancelled_at is null group by 1, 2, 3)
          select coalesce(p.day, t.day)::text as day, coalesce(p.account_id, t.account_id) as account,
            coalesce(p.category_id, t.category_id) as category
          from posted p full join finance_daily_totals t
            on t.day = p.day and t.account_id = p.account_id and t.category_id = p.category_id
          where coalesce(p.in_cents, 0) <> coalesce(t.in_cents, 0) or coalesce(p.out_cents, 0) <> coalesce(t.out_cents, 0)`,
    );
    for (const row of finance)
      problems.push(`conta ${row.account}, dia ${row.day}, categoria ${row.category}: saldo ≠ lançamentos`);
    const loyalty = await rows<{ customer: number }>(
      db,
      sql`select coalesce(b.customer_id, e.customer_id) as customer
          from loyalty_balances b full join (select customer_id, sum(points)::int as points from loyalty_entries group by 1) e
            on e.customer_id = b.customer_id
          where coalesce(b.points, 0) <> coalesce(e.points, 0)`,
    );
    for (const row of loyalty) problems.push(`cliente ${row.customer}: pontos ≠ extrato de fidelidade`);
    const plans = await rows<{ sale_id: number; id: number }>(
      db,
      sql`select sale_id, id from credit_plans where sale_id is not null`,
    );
    const counts = Object.fromEntries(
      await Promise.all(
        ["sales", "service_orders", "credit_payments", "register_entries", "finance_entries", "uploads"].map(async (table) => {
          const [row] = await rows<{ total: number }>(db, sql.raw(`select count(*)::int as total from ${table}`));
          return [table, row?.total ?? 0] as const;
        }),
      ),
    );
    const result: CheckResult & { plansBySale: Record<string, number> } = {
      acknowledged: acknowledged.length,
      problems,
      counts,
      plansBySale: Object.fromEntries(plans.map((plan) => [String(plan.sale_id), plan.id])),
    };
    console.log(JSON.stringify(result));
  } finally {
    await database.close();
  }
}

/** The scheduled jobs' last runs, one line each, minutes from now (the disk proof's clock jumps). */
async function jobs() {
  const database = await openRestartedDatabase();
  try {
    const now = Date.now();
    const minutes = (value: string | null) =>
      value === null ? "—" : `${Math.round((new Date(value).getTime() - now) / 60_000)} min`;
    const jobRuns = await rows<{
      name: string;
      last_started_at: string | null;
      lease_until: string | null;
      last_success_at: string | null;
      last_failure_at: string | null;
      last_failure_message: string | null;
    }>(database.db, sql`select * from job_runs order by name`);
    const lines = jobRuns.map((job) => {
      const hasFailed =
        job.last_failure_at !== null && (job.last_success_at === null || job.last_failure_at > job.last_success_at);
      return `${job.name}: início ${minutes(job.last_started_at)}, sucesso ${minutes(job.last_success_at)}, concessão até ${minutes(job.lease_until)}${hasFailed ? `, falhou: ${job.last_failure_message}` : ""}`;
    });
    console.log(lines.join("; "));
  } finally {
    await database.close();
  }
}

function readOption(argv: string[], name: string) {
  const index = argv.indexOf(name);
  return index === -1 ? undefined : argv[index + 1];
}

const argv = process.argv.slice(2);
if (argv[0] === "--prepare") {
  await prepare();
} else if (argv[0] === "--jobs") {
  await jobs();
} else if (argv[0] === "--check") {
  await check(argv[1] ?? "");
} else {
  const { describeCrashProof, runCrashProof } = await import("./support/crash-proof");
  const kills = Number(readOption(argv, "--kills") ?? 20);
  const only = readOption(argv, "--database") as CrashDatabase | undefined;
  const databases: CrashDatabase[] = only ? [only] : process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
  if (!only && !process.env.TEST_DATABASE_URL) console.log("PostgreSQL: pulado (defina TEST_DATABASE_URL)");
  let hasProblems = false;
  for (const database of databases) {
    const startedAt = performance.now();
    const report = await runCrashProof({ database, kills, databaseOutages: database === "postgres" ? 5 : 0 });
    console.log(`\n${describeCrashProof(report)}\n  ${((performance.now() - startedAt) / 1000).toFixed(0)} s\n`);
    hasProblems ||= report.problems.length > 0;
  }
  process.exit(hasProblems ? 1 : 0);
}
