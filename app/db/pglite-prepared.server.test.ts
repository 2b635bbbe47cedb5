import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "./open-pglite.server";
import { withRowCountsWritten } from "./pglite-prepared.server";

describe("PGlite with kept statements", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "balcao-prepared-"));
  const client = openPglite(path.join(folder, "pglite"));

  beforeAll(async () => {
    await client.waitReady;
    await client.exec(`
      create table till (id serial primary key, is_open boolean not null, float_cents integer not null, opened_at timestamptz not null default now());
      create unique index one_open_till on till (is_open) where is_open = true;`);
  });
  afterAll(async () => {
    await client.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("answers as PGlite does: types parsed, rows as objects or arrays, the count of changed rows", async () => {
    const inserted = await client.query<{ id: number; opened_at: Date }>(
      "insert into till (is_open, float_cents) values ($1, $2) returning id, opened_at",
      [false, 1_050],
    );
    expect(inserted.affectedRows).toBe(1);
    expect(inserted.rows[0]!.opened_at).toBeInstanceOf(Date);
    const read = await client.query(
      "select float_cents, $1::date as day from till where id = $2",
      ["2026-11-29", inserted.rows[0]!.id],
      {
        rowMode: "array",
        parsers: { 1082: (value: string) => `dia ${value}` },
      },
    );
    expect(read.rows).toEqual([[1_050, "dia 2026-11-29"]]);
    expect(read.fields.map((field) => field.name)).toEqual(["float_cents", "day"]);
  });

  const keptPlans = async (statement: string) =>
    (
      await client.query<{ generic: number; custom: number }>(
        "select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement = $1",
        [statement],
      )
    ).rows;

  it("leaves `on conflict … where` to PGlite's path, planned at every run: a partial unique index still decides it after many runs", async () => {
    // Kept, it failed on its sixth run: a generic plan cannot match the partial index to a parameter.
    const open =
      "insert into till (is_open, float_cents) values (true, $1) on conflict (is_open) where is_open = $2 do nothing returning id";
    const answers = [];
    for (let run = 0; run < 12; run++) answers.push((await client.query(open, [run, true])).rows.length);
    expect(answers).toEqual([1, ...Array<number>(11).fill(0)]);
    expect(await keptPlans(open), "not kept").toEqual([]);
  });

  it("plans a kept statement once for any values after its first runs, as PostgreSQL does with prepared statements", async () => {
    const byFloat = "select id from till where float_cents = $1 and not is_open";
    for (let run = 0; run < 12; run++) await client.query(byFloat, [run]);
    const [plans] = await keptPlans(byFloat);
    expect(plans!.custom).toBe(5);
    expect(plans!.generic).toBe(7);
  });

  it("writes a page's limit into a kept statement, so that a short page of a large table is planned once", async () => {
    await client.exec(`
      create table ticket (id serial primary key, day date not null, cents integer not null);
      insert into ticket (day, cents) select date '2026-01-01' + (n % 300), n from generate_series(1, 20000) as n;
      create index ticket_day on ticket (day);
      analyze ticket;`);
    // As Drizzle writes `.where(…).orderBy(…).limit(20)`: the limit a parameter after the others.
    const newest = "select id, cents from ticket where cents > $1 order by day desc, id desc limit $2";
    const pages = [];
    for (let run = 0; run < 12; run++) pages.push((await client.query<{ id: number }>(newest, [run, 20])).rows);
    expect(pages.every((rows) => rows.length === 20)).toBe(true);
    expect(pages[11]![0]!.id).toBe(19_799);
    const [plans] = await keptPlans("select id, cents from ticket where cents > $1 order by day desc, id desc limit 20");
    expect(plans).toEqual({ custom: 5, generic: 7 });
    // The cause: with `limit $2` PostgreSQL judges the plan for any values costlier (it assumes a tenth of the rows) at every run.
    await client.exec(`prepare with_limit_parameter as ${newest}`);
    for (let run = 0; run < 12; run++) await client.exec(`execute with_limit_parameter(${run}, 20)`);
    expect(await keptPlans(`prepare with_limit_parameter as ${newest}`)).toEqual([{ custom: 12, generic: 0 }]);
  });

  it("writes only whole-number limits and zero offsets, once each, and renumbers the other parameters", () => {
    expect(withRowCountsWritten("select a from t where b = $1 limit $2 offset $3", ["x", 20, 0])).toEqual({
      query: "select a from t where b = $1 limit 20 offset 0",
      params: ["x"],
    });
    // A later page's offset stays a parameter: one kept text per page number would fill the kept statements.
    expect(
      withRowCountsWritten("select (select x from a limit $1 offset $2), (select y from b where c = $3 LIMIT $4)", [
        50,
        100,
        "c",
        1,
      ]),
    ).toEqual({
      query: "select (select x from a limit 50 offset $1), (select y from b where c = $2 LIMIT 1)",
      params: [100, "c"],
    });
    const untouched = [
      ["select a from t limit $1", ["20"]],
      ["select a from t limit $1", [2.5]],
      ["select a from t limit $1", [-1]],
      ["select a from t limit $1", [null]],
      ["select a from t where b < $1 limit $1", [3]],
      ["select a from t where b = $1", [3]],
    ] as const;
    for (const [query, params] of untouched) expect(withRowCountsWritten(query, [...params])).toEqual({ query, params });
    expect(withRowCountsWritten("select a from t limit $1", [5], { paramTypes: [23] }).query).toBe("select a from t limit $1");
  });

  it("keeps statements through a rolled-back transaction, and an error is PostgreSQL's, with its code", async () => {
    const count = "select count(*)::int as n from till where float_cents = $1";
    await expect(
      client.transaction(async (tx) => {
        await tx.query("insert into till (is_open, float_cents) values (false, $1)", [777]);
        expect((await tx.query<{ n: number }>(count, [777])).rows[0]!.n).toBe(1);
        throw new Error("desfeita");
      }),
    ).rejects.toThrow("desfeita");
    expect((await client.query<{ n: number }>(count, [777])).rows[0]!.n).toBe(0);
    const refused = await client
      .query("insert into till (is_open, float_cents) values (true, $1)", [1])
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "23505" });
    expect((await client.query<{ n: number }>(count, [1])).rows[0]!.n).toBe(0);
  });

  it("prepares again a statement whose table changed shape, outside a transaction", async () => {
    const everything = "select * from till where id = $1";
    const before = await client.query<Record<string, unknown>>(everything, [1]);
    await client.exec("alter table till add column note text not null default 'nota'");
    const after = await client.query<Record<string, unknown>>(everything, [1]);
    expect(Object.keys(after.rows[0]!)).toEqual([...Object.keys(before.rows[0]!), "note"]);
  });

  it("takes a long list of parameters by PGlite's own path", async () => {
    const ids = Array.from({ length: 40 }, (_, index) => index + 1);
    const placeholders = ids.map((_, index) => `$${index + 1}`).join(", ");
    const found = await client.query<{ n: number }>(`select count(*)::int as n from till where id in (${placeholders})`, ids);
    expect(found.rows[0]!.n).toBeGreaterThan(0);
  });
});
