/**
 * The hot queries' plans, taken from the app's own functions (issue 26 §4):
 * each function runs once while every statement it sends to PGlite is
 * recorded; each SELECT is then explained with its parameters, after the
 * same `set local` settings it ran under. Used by `npm run proof:plans`
 * and by its reduced test (tests/integration/query-plans.pglite.test.ts).
 */
import type { PGlite, Transaction as PgliteTransaction } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { inTransaction, type Database } from "~/db/client.server";
import { shopToday } from "~/lib/dates";

type Statement = { sql: string; params: unknown[] };
export type HotQuery = { name: string; run: () => Promise<unknown> };
export type PlannedStatement = { sql: string; plan: string; seqScans: string[]; usesIndex: boolean };
export type QueryPlans = { name: string; statements: PlannedStatement[] };

/** Tables that grow with the shop: a sequential scan of one of them in a hot query is a plan gone wrong. */
export const GROWING_TABLES = [
  "service_orders",
  "customers",
  "register_entries",
  "finance_entries",
  "loyalty_entries",
  "loyalty_balances",
  "audit_log",
  "credit_plans",
  "credit_instalments",
  "sales",
  "debts",
] as const;

const STAFF_OWNER = { userId: null, label: "prova de planos", role: "owner" } as const;

/** The pages issue 26 names: orders search, customers search, /devedores, register entries, loyalty, audit. */
export async function hotQueries(today = shopToday()): Promise<HotQuery[]> {
  const [orders, customers, debtors, register, entryList, entryFilters, loyalty, audit, auditFilters] = await Promise.all([
    import("~/modules/service-orders/queries.server"),
    import("~/modules/customers/queries.server"),
    import("~/modules/debtors/queries.server"),
    import("~/modules/cash-register/queries.server"),
    import("~/modules/finance/entry-list.server"),
    import("~/modules/finance/entry-filters"),
    import("~/modules/loyalty/queries.server"),
    import("~/modules/audit/audit-log.server"),
    import("~/modules/audit/filters"),
  ]);
  return [
    { name: "busca de ordens (nome)", run: () => orders.searchServiceOrders("maria") },
    { name: "busca de clientes (nome)", run: () => customers.searchCustomers({ query: "silva" }) },
    {
      name: "/devedores",
      run: () => inTransaction((tx) => debtors.listDebtorsInTx(tx, { today, bucket: null, page: 1, search: "" })),
    },
    { name: "caixa: página do caixa", run: () => register.getRegisterDesk(today) },
    {
      name: "lançamentos: busca por texto",
      run: () =>
        entryList.listEntries(STAFF_OWNER, entryFilters.entryFiltersFromSearchParams(new URLSearchParams("q=aluguel")), 1, today),
    },
    {
      name: "fidelidade: perto do próximo nível",
      run: () => loyalty.listCustomersByLevel({ levelName: null, closeOnly: true, page: 1 }),
    },
    { name: "fidelidade: expiram em 30 dias", run: () => loyalty.listExpiringSoon({ page: 1 }) },
    {
      name: "auditoria: primeira página",
      run: () => audit.listAuditEntries(auditFilters.auditFiltersFromSearchParams(new URLSearchParams("")), null),
    },
  ];
}

type Queryable = { query: (text: string, params?: unknown[], options?: unknown) => Promise<unknown> };

/** Records every statement sent through the client (and through its transactions) while `work` runs. */
async function recordStatements(client: PGlite, work: () => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const wrap = <T extends Queryable>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value = Reflect.get(object, property, receiver) as unknown;
        if (property === "query" && typeof value === "function") {
          return (text: string, params: unknown[] = [], options?: unknown) => {
            statements.push({ sql: text, params });
            return (value as Queryable["query"]).call(object, text, params, options);
          };
        }
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(object) : value;
      },
    });
  const originalQuery = client.query.bind(client);
  const originalTransaction = client.transaction.bind(client);
  const patched = client as unknown as Queryable & { transaction: PGlite["transaction"] };
  patched.query = (text, params = [], options) => {
    statements.push({ sql: text, params });
    return originalQuery(text, params as unknown[], options as never);
  };
  patched.transaction = ((callback: (tx: PgliteTransaction) => Promise<unknown>) =>
    originalTransaction((tx) =>
      callback(wrap(tx as unknown as Queryable) as unknown as PgliteTransaction),
    )) as PGlite["transaction"];
  try {
    await work();
  } finally {
    patched.query = originalQuery as Queryable["query"];
    patched.transaction = originalTransaction;
  }
  return statements;
}

function summarise(text: string, plan: string): PlannedStatement {
  const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1]!);
  return { sql: text, plan, seqScans, usesIndex: /Index (Only )?Scan|Bitmap Index Scan/.test(plan) };
}

/** Each hot query's SELECTs, explained under the settings they ran with. */
export async function explainHotQueries(db: Database, queries: HotQuery[]): Promise<QueryPlans[]> {
  const client = (db as unknown as { $client: PGlite }).$client;
  const results: QueryPlans[] = [];
  for (const query of queries) {
    const statements = await recordStatements(client, query.run);
    const settings = statements.filter((each) => /^\s*set local\b/i.test(each.sql));
    const selects = statements.filter((each) => /^\s*(select|with)\b/i.test(each.sql));
    const planned: PlannedStatement[] = [];
    await client.transaction(async (tx) => {
      for (const setting of settings) await tx.query(setting.sql, setting.params);
      for (const select of selects) {
        const explained = await tx.query<{ "QUERY PLAN": string }>(`explain ${select.sql}`, select.params);
        planned.push(summarise(select.sql, explained.rows.map((row) => row["QUERY PLAN"]).join("\n")));
      }
      await tx.rollback();
    });
    results.push({ name: query.name, statements: planned });
  }
  return results;
}

/** The growing tables a query's plans read whole (of `large` only, when given: an empty table is rightly read whole). */
export function seqScansOfGrowingTables(plans: QueryPlans, large?: ReadonlySet<string>): string[] {
  const growing = new Set<string>(GROWING_TABLES);
  const matters = (table: string) => growing.has(table) && (!large || large.has(table));
  return [...new Set(plans.statements.flatMap((statement) => statement.seqScans.filter(matters)))];
}

/** The growing tables with at least `minRows` rows: where a whole read costs. */
export async function largeGrowingTables(db: Database, minRows = 10_000): Promise<Set<string>> {
  const large = new Set<string>();
  for (const table of GROWING_TABLES) {
    const result = await db.execute<{ total: number }>(sql.raw(`select count(*)::int as total from "${table}"`));
    if (Number(result.rows[0]?.total) >= minRows) large.add(table);
  }
  return large;
}
