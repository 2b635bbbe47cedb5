import type { Transaction } from "~/db/client.server";
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

/** Inside the transaction of the change it records (never on its own): the entry and the change commit together or not at all. */
export async function recordAudit(tx: Transaction, entry: AuditEntry) {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}
