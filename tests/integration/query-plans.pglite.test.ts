import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase } from "../support/database";

async function load() {
  const [client, plans, maintenance] = await Promise.all([
    import("~/db/client.server"),
    import("../../scripts/support/query-plans"),
    import("~/lib/maintenance.server"),
  ]);
  return { db: await client.getDb(), plans, maintenance };
}

/**
 * The reduced form of `npm run proof:plans` (the full run, on a copy of the
 * scale seed, is in docs/reliability.md): every hot query's statements are
 * captured from the app's own functions and explained; a year of rewrites
 * leaves PGlite's statistics stale until the nightly VACUUM (ANALYZE)
 * brings them back to the table's real size.
 */
describeOnDatabase("pglite", "planos das consultas quentes e o VACUUM (ANALYZE) noturno", () => {
  let modules: Awaited<ReturnType<typeof load>>;

  beforeAll(async () => {
    await openTestDatabase("pglite");
    modules = await load();
  });

  afterAll(async () => {
    await closeOpenDatabase();
  });

  const estimatedCustomers = async () => {
    const result = await modules.db.execute<{ estimate: number }>(
      sql`select reltuples::int as estimate from pg_class where relname = 'customers'`,
    );
    return Number(result.rows[0]?.estimate);
  };

  it("captures and explains every hot query; the statistics follow the writes only after VACUUM (ANALYZE)", async () => {
    const { db, plans, maintenance } = modules;
    await db.execute(sql`
      insert into customers (name, phone, created_at, updated_at)
      select 'Cliente Silva ' || g, '1199' || lpad(g::text, 7, '0'), now(), now() from generate_series(1, 3000) g`);
    await db.execute(sql`update customers set updated_at = updated_at`);
    const stale = await estimatedCustomers();

    await maintenance.vacuumAnalyze();
    const [{ total } = { total: 0 }] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from customers`))
      .rows;
    expect(stale).not.toBe(Number(total));
    expect(await estimatedCustomers()).toBe(Number(total));

    const explained = await plans.explainHotQueries(db, await plans.hotQueries());
    expect(explained.map((each) => each.name)).toEqual([
      "busca de ordens (nome)",
      "busca de clientes (nome)",
      "/devedores",
      "caixa: página do caixa",
      "lançamentos: busca por texto",
      "fidelidade: perto do próximo nível",
      "fidelidade: expiram em 30 dias",
      "auditoria: primeira página",
    ]);
    for (const each of explained) expect(each.statements.length, each.name).toBeGreaterThan(0);
    // The customers' search: 3 000 customers, fresh statistics, on its trigram index.
    const customers = explained.find((each) => each.name === "busca de clientes (nome)")!;
    expect(plans.seqScansOfGrowingTables(customers)).toEqual([]);
    expect(customers.statements.some((statement) => statement.usesIndex)).toBe(true);
  });
});
