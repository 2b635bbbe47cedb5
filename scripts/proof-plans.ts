/**
 * npm run proof:plans — on a COPY of a scale-seeded PGlite folder (DATA_DIR):
 *
 *   cp -a <scale DATA_DIR> /tmp/plans && DATA_DIR=/tmp/plans npm run proof:plans
 *
 * 1. simulates a year of writes and deletes (every order, customer and
 *    finance entry rewritten twice, a year of idempotency keys written and
 *    purged, a year of audit entries appended): dead rows and stale
 *    statistics, as a PGlite shop has with no autovacuum;
 * 2. prints the hot queries' plans (orders search, customers search,
 *    /devedores, register, Lançamentos, loyalty, audit) before VACUUM;
 * 3. runs the nightly VACUUM (ANALYZE) and prints how long it held the
 *    database (every request waits that long on PGlite);
 * 4. prints the plans again, and fails when a hot query reads a growing
 *    table whole.
 *
 * It writes into the folder: never point it at the shop's own.
 */
import { sql } from "drizzle-orm";
import { closeDb, databaseKind, getDb } from "~/db/client.server";
import { vacuumAnalyze } from "~/lib/maintenance.server";
import {
  explainHotQueries,
  hotQueries,
  largeGrowingTables,
  seqScansOfGrowingTables,
  type QueryPlans,
} from "./support/query-plans";

const isVerbose = process.argv.includes("--verbose");
const skipYear = process.argv.includes("--no-year");

async function timed<T>(label: string, work: () => Promise<T>) {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label}: ${Math.round(performance.now() - started)} ms`);
  return result;
}

function print(title: string, all: QueryPlans[], large: ReadonlySet<string>) {
  console.log(`\n## ${title}`);
  let problems = 0;
  for (const plans of all) {
    const whole = seqScansOfGrowingTables(plans, large);
    if (whole.length > 0) problems++;
    const verdict = whole.length === 0 ? "nos índices" : `LÊ A TABELA INTEIRA: ${whole.join(", ")}`;
    console.log(`\n### ${plans.name}: ${plans.statements.length} consulta(s), ${verdict}`);
    for (const statement of plans.statements) {
      if (isVerbose) console.log(`\n${statement.sql.replace(/\s+/g, " ").slice(0, 300)}`);
      console.log(statement.plan.replace(/^/gm, "    "));
    }
  }
  return problems;
}

async function simulateYear() {
  const db = await getDb();
  console.log("\n## Um ano simulado de escritas e exclusões");
  for (let round = 1; round <= 2; round++) {
    await timed(`ordens reescritas (${round}ª vez)`, () => db.execute(sql`update service_orders set updated_at = updated_at`));
    await timed(`clientes reescritos (${round}ª vez)`, () => db.execute(sql`update customers set updated_at = updated_at`));
    await timed(`lançamentos reescritos (${round}ª vez)`, () =>
      db.execute(sql`update finance_entries set description = description`),
    );
  }
  await timed("um ano de chaves de idempotência gravadas e apagadas", async () => {
    await db.execute(sql`
      insert into idempotency_keys (key, scope, created_at)
      select 'prova-ano-' || g, 'prova', now() - (g % 365) * interval '1 day' from generate_series(1, 50000) g`);
    await db.execute(sql`delete from idempotency_keys where key like 'prova-ano-%'`);
  });
  await timed("um ano de auditoria acrescentado (100 000 entradas)", () =>
    db.execute(sql`
      insert into audit_log (actor_label, action, entity, entity_id, details, created_at)
      select 'prova de planos', 'service_order.update', 'service_order', (g % 1000)::text, '{}'::jsonb,
        now() - (g % 365) * interval '1 day'
      from generate_series(1, 100000) g`),
  );
}

const db = await getDb();
if (databaseKind() !== "pglite") {
  console.error("proof:plans é para PGlite (sem autovacuum); no PostgreSQL o autovacuum mantém as estatísticas.");
  process.exit(2);
}
const counts = await db.execute<{ name: string; total: number }>(sql`
  select 'service_orders' as name, count(*)::int as total from service_orders
  union all select 'customers', count(*)::int from customers
  union all select 'finance_entries', count(*)::int from finance_entries
  union all select 'register_entries', count(*)::int from register_entries
  union all select 'loyalty_entries', count(*)::int from loyalty_entries
  union all select 'audit_log', count(*)::int from audit_log`);
console.log(`# proof:plans (${process.env.DATA_DIR ?? "./data"})`);
console.log(counts.rows.map((row) => `${row.name} ${row.total}`).join(", "));
if (!skipYear) await simulateYear();
const queries = await hotQueries();
// A table of a few rows is rightly read whole; the verdict counts the growing tables of 10 000 rows or more.
const large = await largeGrowingTables(db);
console.log(`\ntabelas grandes: ${[...large].join(", ") || "nenhuma"}`);
const before = print("Planos depois do ano, antes do VACUUM", await explainHotQueries(db, queries), large);
console.log("\n## VACUUM (ANALYZE) noturno");
const { ms } = await vacuumAnalyze();
console.log(`  VACUUM (ANALYZE): ${ms} ms com o banco ocupado`);
const after = print("Planos depois do VACUUM (ANALYZE)", await explainHotQueries(db, queries), large);
console.log(`\nconsultas lendo tabela inteira: antes ${before}, depois ${after}`);
await closeDb();
process.exit(after === 0 ? 0 : 1);
