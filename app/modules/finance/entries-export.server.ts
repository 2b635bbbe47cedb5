import { formatDate, shopToday } from "~/lib/dates";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordDataExport } from "~/modules/audit/record-audit.server";
import { amountCell, toCsv } from "~/lib/csv";
import { ENTRY_STATUS_LABELS, entrySearchParams, entryStatusOf, type EntryFilters } from "./entry-filters";
import { entriesForExport } from "./entry-list.server";
import { DIRECTION_SHORT_LABELS, ENTRY_METHOD_LABELS } from "./validation";

/** "Valor (R$)" is signed: saídas negative, entradas positive (issue 23: unsigned amounts could not be summed). */
const HEADER = [
  "Vencimento",
  "Pagamento",
  "Tipo",
  "Descrição",
  "Categoria",
  "Valor (R$)",
  "Situação",
  "Conta",
  "Forma de pagamento",
  "Cliente ou fornecedor",
  "Parcela",
  "Origem",
  "Observações",
];

const ORIGIN_LABELS: Record<string, string> = {
  "register-entry": "Caixa",
  "register-closing": "Fechamento de caixa",
  "register-opening": "Abertura de caixa",
  "register-closing-pix": "Fechamento de caixa",
  "register-closing-debit": "Fechamento de caixa",
  "register-closing-credit": "Fechamento de caixa",
  "stock-movement": "Estoque",
};

/**
 * The filtered list as CSV chunks (UTF-8 with BOM, `;`, formulas
 * neutralised by the inventory's writer), read in batches so a year of
 * entries streams out without sitting in memory.
 */
export async function exportEntriesCsv(
  actor: Actor,
  filters: EntryFilters,
  today = shopToday(),
): Promise<AsyncGenerator<string>> {
  // Checked and recorded before the first chunk: a refusal is the page's 403, not a broken download.
  assertStaffActor(actor);
  await recordDataExport(actor, {
    action: "finance-entry.export",
    entity: "finance-entry",
    details: { filters: entrySearchParams(filters).toString() },
  });
  return csvChunks(filters, today);
}

async function* csvChunks(filters: EntryFilters, today: string): AsyncGenerator<string> {
  yield toCsv([HEADER]);
  for await (const batch of entriesForExport(filters, today)) {
    const rows = batch.map((entry) => [
      formatDate(entry.dueDate),
      entry.paidDate ? formatDate(entry.paidDate) : "",
      DIRECTION_SHORT_LABELS[entry.direction],
      entry.description,
      entry.categoryName,
      // Signed: what goes out (a bill, an expense) is negative, what comes in positive, so a column sum is the balance.
      amountCell(entry.direction === "out" ? -entry.amountCents : entry.amountCents),
      ENTRY_STATUS_LABELS[entryStatusOf(entry, today)],
      entry.accountName ?? "",
      entry.method ? (ENTRY_METHOD_LABELS[entry.method] ?? entry.method) : "",
      entry.customerName ?? entry.counterparty,
      entry.instalmentCount ? `${entry.instalmentNumber}/${entry.instalmentCount}` : "",
      entry.originKind ? (ORIGIN_LABELS[entry.originKind] ?? entry.originKind) : entry.recurringId ? "Recorrente" : "",
      entry.notes,
    ]);
    // Without the BOM: only the file's first chunk carries it.
    yield toCsv(rows).slice(1);
  }
}
