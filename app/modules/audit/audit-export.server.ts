import { toCsv } from "~/lib/csv";
import { formatDateTime } from "~/lib/dates";
import { auditEntriesForExport } from "./audit-log.server";
import { auditSearchParams, type AuditFilters } from "./filters";
import { actionLabelOf, areaLabelOf, detailLinesOf, detailText } from "./presentation";
import { recordDataExport } from "./record-audit.server";

const HEADER = ["Quando", "Quem", "O quê", "Área", "Registro", "Detalhes", "Ação (código)"];

/**
 * The filtered log as CSV chunks (UTF-8 with BOM, `;`), newest first, streamed
 * in batches; recorded (in the log it exports) before the first chunk. The
 * owner's: the route checks the role, as for every reader of the log.
 */
export async function exportAuditCsv(
  by: { userId?: string | null; label: string },
  filters: AuditFilters,
): Promise<AsyncGenerator<string>> {
  await recordDataExport(by, {
    action: "audit.export",
    entity: "audit_log",
    details: { filters: auditSearchParams(filters).toString() },
  });
  return csvChunks(filters);
}

async function* csvChunks(filters: AuditFilters): AsyncGenerator<string> {
  yield toCsv([HEADER]);
  for await (const batch of auditEntriesForExport(filters)) {
    // Without the BOM: only the file's first chunk carries it.
    yield toCsv(
      batch.map((row) => [
        formatDateTime(row.createdAt),
        row.actorLabel,
        actionLabelOf(row.action),
        areaLabelOf(row.entity),
        row.entityId ?? "",
        detailText(detailLinesOf(row.details)),
        row.action,
      ]),
    ).slice(1);
  }
}
