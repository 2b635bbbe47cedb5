import { eq, gte, sql, type SQL } from "drizzle-orm";
import { PgDialect, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { keptStatement } from "./read-together.server";

const orders = pgTable("orders", {
  id: integer("id").primaryKey(),
  status: text("status").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
const dialect = new PgDialect();

/** The text and parameters a driver receives (the typings aside: node-postgres and PGlite do not read them). */
function sent(statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return { sql: query.sql, params: query.params };
}

/** The statement built the usual way, with its values in it. */
function plain(status: string, from: Date, offset: number) {
  return sent(sql`select ${orders.id} from ${orders} where ${eq(orders.status, status)}
    and ${gte(orders.createdAt, from)} and ${eq(orders.createdAt, from)} limit 10 offset ${offset}`);
}

describe("keptStatement", () => {
  it("builds the text once and gives each call its own values", () => {
    let builds = 0;
    const statement = keptStatement(() => {
      builds++;
      return sql`select ${orders.id} from ${orders} where ${eq(orders.status, sql.placeholder("status"))}
    and ${gte(orders.createdAt, sql.placeholder("from"))} and ${eq(orders.createdAt, sql.placeholder("from"))} limit 10 offset ${sql.placeholder("offset")}`;
    });
    const first = new Date("2026-11-01T03:00:00.000Z");
    const second = new Date("2026-11-20T03:00:00.000Z");
    // A placeholder's value goes to the driver as it is (a column's encoder does not see it): a timestamp as its text.
    expect(sent(statement({ status: "received", from: first.toISOString(), offset: 0 }))).toEqual(plain("received", first, 0));
    expect(sent(statement({ status: "delivered", from: second.toISOString(), offset: 25 }))).toEqual(
      plain("delivered", second, 25),
    );
    expect(builds).toBe(1);
  });

  it("refuses a text with a $n of its own, which the kept text would number wrong", () => {
    const statement = keptStatement(() => sql`select '$1' as price, ${sql.placeholder("id")} as id`);
    expect(() => statement({ id: 1 })).toThrow(/\$1, \$2/);
  });
});
