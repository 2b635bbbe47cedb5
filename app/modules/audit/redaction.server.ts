import { sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";

/**
 * The log refuses every change (a trigger, migration 0036) except inside a
 * transaction that opened it with this: the LGPD anonymiser's, which
 * replaces personal data inside entries and keeps what was done, by whom and when.
 */
export async function allowAuditRedactionInTx(tx: Transaction) {
  await tx.execute(sql`set local balcao.audit_redaction = 'on'`);
}
