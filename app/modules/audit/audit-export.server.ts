import { toCsv } from "~/lib/csv";
import { formatDateTime } from "~/lib/dates";
import { auditEntriesForExport } from "./audit-log.server";
import type { AuditFilters } from "./filters";
import { actionLabelOf, areaLabelOf, detailLinesOf, detailText } from "./presentation";

const HEADER = ["Quando", "Quem", "O quê", "Área", "Registro", "Detalhes", "Ação (código)"];

/** The filtered log as CSV chunks (UTF-8 with BOM, `;`), newest first, streamed in batches. */
export async function* exportAuditCsv(filters: AuditFilters): AsyncGenerator<string> {
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
