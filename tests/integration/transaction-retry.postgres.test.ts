import { randomUUID } from "node:crypto";
import { and, eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase } from "../support/database";

/** Resolves once `parties` callers wait on it. */
function barrier(parties: number) {
  let arrived = 0;
  let release!: () => void;
  const allArrived = new Promise<void>((resolve) => (release = resolve));
  return () => {
    arrived += 1;
    if (arrived === parties) release();
    return allArrived;
  };
}

/**
 * Stop 36's soak on PostgreSQL: a sale and a crediário payment posted to the
 * same day's finance totals (finance_daily_totals, kept by a trigger) in
 * opposite orders, PostgreSQL broke the deadlock by rolling one back, and the
 * staff member got a 500. Such a transaction is now run again
 * (client.server.ts). PGlite has one connection: it cannot deadlock.
 */
describeOnDatabase("postgres", "A transaction rolled back for a deadlock", () => {
  let drop: () => Promise<void>;
  let client: typeof import("~/db/client.server");
  let finance: typeof import("~/db/schema/finance");

  beforeAll(async () => {
    drop = await openTestDatabase("postgres");
    client = await import("~/db/client.server");
    finance = await import("~/db/schema/finance");
  });

  afterAll(async () => {
    await closeOpenDatabase();
    await drop();
  });

  it("is run again: two writers posting to one day's totals in opposite orders both commit, and the totals add up", async () => {
    const db = await client.getDb();
    const day = "2026-11-30";
    const tag = randomUUID().slice(0, 8);
    const [account] = await db
      .insert(finance.financeAccounts)
      .values({ name: `Banco ${tag}`, kind: "bank", openingDate: "2026-01-01" })
      .returning();
    const [sales, credit] = await db
      .insert(finance.financeCategories)
      .values([
        { name: `Vendas ${tag}`, direction: "in", resultLine: "gross-revenue" },
        { name: `Crediário ${tag}`, direction: "in", resultLine: "gross-revenue" },
      ])
      .returning();
    const entry = (categoryId: number, amountCents: number) => ({
      direction: "in" as const,
      description: `teste ${tag}`,
      categoryId,
      amountCents,
      dueDate: day,
      paidDate: day,
      method: "debit",
      accountId: account!.id,
      createdByLabel: "teste",
    });

    const attempts = { sale: 0, payment: 0 };
    const bothHoldTheirFirstDay = barrier(2);
    const writer = (name: keyof typeof attempts, first: number, second: number) =>
      db.transaction(async (tx) => {
        attempts[name] += 1;
        await tx.insert(finance.financeEntries).values(entry(first, 1_000));
        // Only the first attempt waits: each then wants the totals row the other holds.
        if (attempts[name] === 1) await bothHoldTheirFirstDay();
        await tx.insert(finance.financeEntries).values(entry(second, 10));
      });

    await Promise.all([writer("sale", sales!.id, credit!.id), writer("payment", credit!.id, sales!.id)]);

    // One of them was PostgreSQL's deadlock victim and ran a second time.
    expect(attempts.sale + attempts.payment).toBe(3);
    for (const category of [sales!, credit!]) {
      const [entries] = await db
        .select({ total: sum(finance.financeEntries.amountCents).mapWith(Number) })
        .from(finance.financeEntries)
        .where(eq(finance.financeEntries.categoryId, category.id));
      const [totals] = await db
        .select({ inCents: finance.financeDailyTotals.inCents })
        .from(finance.financeDailyTotals)
        .where(
          and(
            eq(finance.financeDailyTotals.day, day),
            eq(finance.financeDailyTotals.accountId, account!.id),
            eq(finance.financeDailyTotals.categoryId, category.id),
          ),
        );
      expect(entries!.total).toBe(1_010);
      expect(totals!.inCents).toBe(1_010);
    }
  });
});
