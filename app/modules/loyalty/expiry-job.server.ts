import { sql } from "drizzle-orm";
import { inTransaction } from "~/db/client.server";
import type { ScheduledJob } from "~/lib/job-runner.server";
import { logger } from "~/lib/logger.server";
import { expireLapsedPointsInTx } from "./ledger.server";
import { plural } from "~/lib/wording";

/** The advisory lock of the expiry run (any constant no other lock uses: "LEXP" in ASCII). */
const LOYALTY_EXPIRY_LOCK = 0x4c455850;

/**
 * One expiry run: points more than a year old leave the balances. Several
 * servers on one PostgreSQL: the first takes the lock and the others skip
 * (`ran: false`); a second run, or one after days off, writes only what
 * lapsed since (ledger.server.ts's arithmetic is idempotent).
 */
export async function runLoyaltyExpiry(now = new Date()): Promise<{ ran: boolean; customers: number }> {
  return inTransaction(async (tx) => {
    const locked = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${LOYALTY_EXPIRY_LOCK}) as locked`);
    const row = (locked as unknown as { rows: { locked: boolean }[] }).rows[0];
    if (!row?.locked) return { ran: false, customers: 0 };
    return { ran: true, customers: await expireLapsedPointsInTx(tx, now) };
  });
}

/** How often the server looks (points lapse by the instant; within an hour is on time for a daily-valued programme). */
export const LOYALTY_EXPIRY_INTERVAL_MS = 60 * 60 * 1000;

/** On the job runner: at start when due (catching up after downtime), then every hour. */
export const loyaltyExpiryJob: ScheduledJob = {
  name: "loyalty.expiry",
  intervalMs: LOYALTY_EXPIRY_INTERVAL_MS,
  async run(now) {
    const result = await runLoyaltyExpiry(now);
    if (result.customers > 0) logger.info({ customers: result.customers }, "pontos de fidelidade expirados");
    return {
      summary: result.ran
        ? plural(result.customers, "cliente com pontos expirados", "clientes com pontos expirados")
        : "outra instância rodando",
    };
  },
};
