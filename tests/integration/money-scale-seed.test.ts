import { afterAll, beforeAll, expect, it } from "vitest";
import type { CreditDisclosure } from "~/modules/credit/plan-terms";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase } from "../support/database";

/**
 * The money scale seed (`npm run db:seed -- --scale`) writes crediário plans
 * the way the counter does: each plan's stored disclosure is the one its
 * page and contract read (it was a placeholder, and every plan's page
 * answered 500 on the scale seed).
 */
describeOnDatabase("pglite", "a semente do dinheiro em escala", () => {
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dropDatabase = await openTestDatabase("pglite");
  });

  afterAll(async () => {
    await closeOpenDatabase();
    await dropDatabase?.();
  });

  it("stores each plan's disclosure as a plan made at the counter: its schedule, amounts and rates", async () => {
    const [{ seedMoneyScale }, { getDb }, { creditPlans }] = await Promise.all([
      import("~/modules/demo/money-scale.server"),
      import("~/db/client.server"),
      import("~/db/schema/credit"),
    ]);
    await seedMoneyScale({ plans: 12, salesPerDay: 4, days: 90, seed: 3 });
    const plans = await (await getDb()).select().from(creditPlans);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      // Read as the plan's page reads it (queries.server.ts).
      const disclosure = plan.disclosure as unknown as CreditDisclosure;
      expect(Array.isArray(disclosure.instalments), `plano ${plan.id}`).toBe(true);
      expect(disclosure.instalments).toHaveLength(plan.instalmentCount);
      expect(disclosure.financedCents).toBe(plan.financedCents);
      expect(disclosure.instalmentsTotalCents).toBe(plan.totalCents);
      expect(disclosure.cetYearlyBasisPoints).toBe(plan.cetYearlyBasisPoints);
      expect(disclosure.instalments[0]!.dueDate).toBe(plan.firstDueDate);
    }
  });

  it("a seed made before that is upgraded in place: each placeholder disclosure becomes the one the seed writes now", async () => {
    const [{ upgradeScalePlanDisclosures }, { getDb }, { creditPlans }, { asc, sql }] = await Promise.all([
      import("~/modules/demo/money-scale.server"),
      import("~/db/client.server"),
      import("~/db/schema/credit"),
      import("drizzle-orm"),
    ]);
    const db = await getDb();
    const written = await db
      .select({ id: creditPlans.id, disclosure: creditPlans.disclosure })
      .from(creditPlans)
      .orderBy(asc(creditPlans.id));
    expect(written.length).toBeGreaterThan(0);
    // What the earlier seed stored (scripts/upgrade-scale-seed.ts brings the copies of /tmp/load-data up to date).
    await db.update(creditPlans).set({
      disclosure: sql`jsonb_build_object('fonte', 'dados de escala', 'parcelas', instalment_count, 'taxaMensal', monthly_rate_basis_points, 'totalCents', total_cents)`,
    });
    expect(await upgradeScalePlanDisclosures()).toBe(written.length);
    const upgraded = await db
      .select({ id: creditPlans.id, disclosure: creditPlans.disclosure })
      .from(creditPlans)
      .orderBy(asc(creditPlans.id));
    expect(upgraded).toEqual(written);
    // Twice changes nothing.
    expect(await upgradeScalePlanDisclosures()).toBe(0);
  });
});
