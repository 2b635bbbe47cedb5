import { inTransaction, type Transaction } from "~/db/client.server";
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

/**
 * A download of the shop's data (a CSV list): nothing changes, so the entry is
 * written on its own, before the first byte leaves; a download the database
 * cannot record is refused like any other write.
 */
export async function recordDataExport(
  by: { userId?: string | null; label: string },
  entry: Omit<AuditEntry, "actorUserId" | "actorLabel">,
) {
  await inTransaction((tx) => recordAudit(tx, { actorUserId: by.userId, actorLabel: by.label, ...entry }));
}

/**
 * What a change did to these fields, for an entry's details: `{ before, after }`
 * with only the fields whose value changed (the owner's log shows each as
 * "before → after"). Never pass a secret field.
 */
export function changedValues<T extends object>(before: T, after: Partial<T>, fields: readonly (keyof T & string)[]) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const field of fields) {
    if (!(field in after) || Object.is(before[field], after[field])) continue;
    was[field] = before[field] ?? null;
    now[field] = after[field] ?? null;
  }
  return { before: was, after: now };
}
