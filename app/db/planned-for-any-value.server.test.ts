import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "./open-pglite.server";
import { plannedForAnyValue } from "./planned-for-any-value";

const byParameter = (till: number) => sql`select id from entry where till = ${till} and cents > 0 order by id`;
const byAnyValue = (till: number) =>
  sql`select id from entry where till = ${plannedForAnyValue(till)} and cents >= 0 order by id`;

describe("plannedForAnyValue", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "balcao-any-value-"));
  const client = openPglite(path.join(folder, "pglite"));
  const db = drizzle({ client });

  beforeAll(async () => {
    await client.waitReady;
    // Most rows in a few busy tills, the rest spread thin: the statistics know the values.
    await client.exec(`
      create table entry (id serial primary key, till integer not null, cents integer not null);
      insert into entry (till, cents) select case when n % 10 < 8 then n % 4 else 100 + n % 900 end, n from generate_series(1, 20000) as n;
      create index entry_till on entry (till);
      analyze entry;`);
  });
  afterAll(async () => {
    await client.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const plansOf = async (fragment: string) =>
    (
      await client.query<{ generic: number; custom: number }>(
        "select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like $1",
        [`%${fragment}%`],
      )
    ).rows;

  it("gives the same rows, and a kept statement planned once instead of at every run", async () => {
    for (let run = 0; run < 12; run++) {
      const till = 108 + run * 10;
      const [asParameter, asAnyValue] = [await db.execute(byParameter(till)), await db.execute(byAnyValue(till))];
      expect(asAnyValue.rows).toEqual(asParameter.rows);
      expect(asAnyValue.rows.length).toBeGreaterThan(0);
    }
    // With the value seen, a thin till's plan looks cheaper than the plan for any till: planned at every run.
    expect(await plansOf("cents > 0")).toEqual([{ generic: 0, custom: 12 }]);
    expect(await plansOf("cents >= 0")).toEqual([{ generic: 7, custom: 5 }]);
  });
});
