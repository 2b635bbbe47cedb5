import type { Database, Transaction } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";

export type AuditEntry = {
  actorUserId?: string | null;
  /** Who, in words: an e-mail, or "linha de comando" for the CLI. */
  actorLabel: string;
  action: string;
  entity: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
};

/** Called inside the transaction of the change it records. */
export async function recordAudit(tx: Database | Transaction, entry: AuditEntry) {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}
