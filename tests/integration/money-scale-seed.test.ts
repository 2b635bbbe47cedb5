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
});
