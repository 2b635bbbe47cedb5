import { getTableColumns, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "~/db/client.server";
import { customers } from "~/db/schema/customers";
import { serviceOrderLines, serviceOrderPayments, serviceOrderStatusEvents, serviceOrders } from "~/db/schema/service-orders";
import { generateTrackingCode } from "~/modules/service-orders/tracking-code";
import type { CustomerRow } from "./fake-people";
import type { ServiceOrderPlan } from "./service-order-plan";

export type Writer = Database | Transaction;

/** Any of the app's tables: the large seeds fill orders, the catalogue and the money tables alike. */
type SeededTable = PgTable;

/** One value inside a PostgreSQL array literal ('{"a","b",NULL}'). */
function arrayElement(value: unknown) {
  if (value === null || value === undefined) return "NULL";
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === "object"
        ? JSON.stringify(value)
        : typeof value === "boolean"
          ? value
            ? "t"
            : "f"
          : String(value);
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** Rows per statement: with one array per column, the statement's size is bounded by memory, not by parameters. */
const ROWS_PER_STATEMENT = 5_000;

/**
 * Many rows in one INSERT … SELECT FROM unnest(): one parameter per column
 * (an array literal) instead of one per value. Building and parsing a
 * VALUES list of thousands of rows costs more than inserting them, on
 * PGlite especially; this keeps the large seed within minutes.
 */
export async function insertRows(writer: Writer, table: SeededTable, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]!).filter((key) => key in columns);
  const names = keys.map((key) => `"${columns[key]!.name}"`).join(", ");
  const types = keys.map((key) =>
    columns[key]!.getSQLType()
      .replace(/^serial$/, "integer")
      .replace(/^bigserial$/, "bigint"),
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const arrays = keys.map(
      (key, index) => sql`${`{${chunk.map((row) => arrayElement(row[key])).join(",")}}`}::${sql.raw(types[index]!)}[]`,
    );
    await writer.execute(sql`insert into ${table} (${sql.raw(names)}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}

/** Ids drawn from a table's own sequence, so rows inserted later by the app never collide with them. */
export async function nextIds(writer: Writer, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await writer.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return (result.rows as { id: number }[]).map((row) => Number(row.id));
}

/**
 * Whether the rows are the demo's (removed by "Apagar dados de demonstração")
 * or stand for the shop's own (a test's records): every caller says which.
 */
export type Origin = { isDemo: boolean };

/** Many customers in a few multi-row statements; returns their ids in the same order. */
export async function insertCustomers(writer: Writer, rows: CustomerRow[], { isDemo }: Origin) {
  const ids = await nextIds(writer, "customers", rows.length);
  await insertRows(
    writer,
    customers,
    rows.map((row, index) => ({ id: ids[index]!, ...row, isDemo })),
  );
  return ids;
}

/**
 * Many orders with their lines, payments and timelines. Tracking codes come
 * from the app's generator; `takenCodes` (codes already in the table) keeps
 * a second large seed from colliding with the first.
 */
export async function insertServiceOrderPlans(
  writer: Writer,
  plans: { customerId: number; plan: ServiceOrderPlan; trackingCode?: string }[],
  { isDemo, takenCodes = new Set() }: Origin & { takenCodes?: Set<string> },
) {
  const ids = await nextIds(writer, "service_orders", plans.length);
  const orderRows = plans.map(({ customerId, plan, trackingCode }, index) => {
    let code = trackingCode ?? generateTrackingCode();
    while (takenCodes.has(code)) code = generateTrackingCode();
    takenCodes.add(code);
    return { id: ids[index]!, customerId, trackingCode: code, ...plan.order, isDemo };
  });
  await insertRows(writer, serviceOrders, orderRows);
  const withId = <T>(rowsOf: (plan: ServiceOrderPlan) => T[]) =>
    plans.flatMap(({ plan }, index) => rowsOf(plan).map((row) => ({ orderId: ids[index]!, ...row })));
  await insertRows(
    writer,
    serviceOrderLines,
    withId((plan) => plan.lines),
  );
  await insertRows(
    writer,
    serviceOrderPayments,
    withId((plan) => plan.payments),
  );
  await insertRows(
    writer,
    serviceOrderStatusEvents,
    withId((plan) => plan.events),
  );
  return orderRows.map((row) => ({ id: row.id, trackingCode: row.trackingCode }));
}
