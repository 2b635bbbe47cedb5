import { centsToInput } from "~/lib/money";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordDataExport } from "~/modules/audit/record-audit.server";
import { textCell, toCsv } from "~/lib/csv";
import { PART_ORIGIN_LABELS, PRODUCT_KIND_LABELS, REVENUE_SOURCE_LABELS } from "./labels";
import { CSV_COLUMNS } from "./product-csv";
import { productsForExport } from "./queries.server";

/**
 * The active products as CSV chunks (UTF-8 with BOM, `;`), read in batches so
 * 100 000 rows stream out without sitting in memory at once. The columns are
 * the import's: an exported file can be edited and imported back.
 */
export async function exportProductsCsv(actor: Actor): Promise<AsyncGenerator<string>> {
  // Checked and recorded before the first chunk: a refusal is the page's 403, not a broken download.
  assertStaffActor(actor);
  await recordDataExport(actor, { action: "product.export", entity: "product" });
  return csvChunks();
}

async function* csvChunks(): AsyncGenerator<string> {
  yield toCsv([CSV_COLUMNS.map((column) => column.header)]);
  for await (const batch of productsForExport()) {
    // Codes of digits stay text in a spreadsheet (a barcode became 7,89E+12, a SKU lost its leading zeros).
    const rows = batch.map((row) => [
      textCell(row.sku),
      row.name,
      PRODUCT_KIND_LABELS[row.kind],
      textCell(row.barcode ?? ""),
      row.category,
      row.brand,
      centsToInput(row.priceCents),
      centsToInput(row.averageCostCents),
      row.stockQuantity,
      row.minimumStock,
      row.location,
      row.shownInShop ? "sim" : "não",
      row.partOrigin ? PART_ORIGIN_LABELS[row.partOrigin] : "",
      row.kind === "service" ? REVENUE_SOURCE_LABELS[row.revenueSource] : "",
      row.description,
    ]);
    // Without the BOM: only the file's first chunk carries it.
    yield toCsv(rows).slice(1);
  }
}
