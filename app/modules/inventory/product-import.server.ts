import { eq, sql } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { products } from "~/db/schema/inventory";
import { InputError } from "~/lib/errors";
import { centsToInput } from "~/lib/money";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { CsvEncodingError, parseCsv, readCsvBytes, unwrapTextCell, type CsvEncoding } from "~/lib/csv";
import { InventoryInputError } from "./errors";
import {
  CSV_COLUMNS,
  columnOfHeader,
  IMPORT_STOCK_REASON,
  kindOfWord,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  partOriginOfWord,
  revenueSourceOfWord,
  yesNoOfWord,
  type CsvColumnKey,
} from "./product-csv";
import { createProductInTx, PRODUCT_ENTITY, updateProductInTx } from "./products.server";
import { recordStockMovementInTx } from "./stock-ledger.server";
import { PRODUCT_FIELDS, type ProductFormValues } from "./validation";

export type ImportRowProblem = { line: number; message: string };
/** A re-imported "Estoque" that differed from the stock: counted, through the ledger. */
export type ImportStockAdjustment = { line: number; sku: string; from: number; to: number };
export type ImportReport = {
  created: number;
  updated: number;
  problems: ImportRowProblem[];
  /** How the file's bytes were read (guessed from them), shown with the result. */
  encoding: CsvEncoding;
  stockAdjustments: ImportStockAdjustment[];
};

const FIELD_LABELS: Record<string, string> = {
  kind: "Tipo",
  name: "Nome",
  sku: "SKU",
  barcode: "Código de barras",
  category: "Categoria",
  brand: "Marca",
  priceCents: "Preço",
  minimumStock: "Estoque mínimo",
  location: "Localização",
  description: "Descrição",
  shownInShop: "Na loja",
  partOrigin: "Procedência",
  isSerialised: "Serializado",
  revenueSource: "Receita",
  initialQuantity: "Estoque",
  initialCostCents: "Custo",
  form: "Linha",
};

/** The refusal of a row as one line: "Preço: Informe um valor, como 150,00." */
function messageOf(error: unknown): string {
  if (error instanceof InputError) {
    return Object.entries(error.fieldErrors)
      .map(([field, message]) => `${FIELD_LABELS[field] ?? field}: ${message}`)
      .join(" ");
  }
  throw error;
}

class RowProblem extends Error {}

/** The export's guard against spreadsheet formulas ("'=…") comes back off, so a file round-trips unchanged. */
function unguard(value: string) {
  return value.replace(/^'(?=[=+\-@])/, "");
}

/** A row's cells by column → what the product form would send (words turned into the form's values). */
function rowToFormValues(cells: Partial<Record<CsvColumnKey, string>>, current: ProductFormValues | null): ProductFormValues {
  const has = (key: CsvColumnKey) => cells[key] !== undefined;
  const values: ProductFormValues = { ...current };
  const text = (key: CsvColumnKey) => unguard((cells[key] ?? "").trim());
  if (has("name")) values.name = text("name");
  // A code exported as ="0123" (so a spreadsheet keeps it as text) comes back as 0123.
  if (has("sku")) values.sku = unwrapTextCell(text("sku"));
  if (has("barcode")) values.barcode = unwrapTextCell(text("barcode"));
  if (has("category")) values.category = text("category");
  if (has("brand")) values.brand = text("brand");
  // An empty price would be R$ 0,00 without a word: a price is written, 0,00 included.
  if (has("price") || !current) {
    if (text("price") === "") {
      throw new RowProblem(
        has("price")
          ? "Preço: em branco. Informe o preço de venda (0,00 se for gratuito)."
          : "Preço: a planilha não tem a coluna “Preço”, necessária para cadastrar um item novo.",
      );
    }
    values.priceCents = text("price");
  }
  if (has("minimumStock")) values.minimumStock = text("minimumStock");
  if (has("location")) values.location = text("location");
  if (has("description")) values.description = unguard(cells.description ?? "");
  if (has("kind") || !current) {
    const kind = kindOfWord(text("kind"));
    if (kind === undefined) throw new RowProblem(`Tipo: “${text("kind")}” não é Produto, Peça ou Serviço.`);
    values.kind = kind ?? current?.kind ?? "product";
  }
  if (has("shownInShop")) {
    const shown = yesNoOfWord(text("shownInShop"));
    if (shown === undefined) throw new RowProblem(`Na loja: use “sim” ou “não”, não “${text("shownInShop")}”.`);
    values.shownInShop = shown ? "on" : "";
  }
  if (has("partOrigin")) {
    const origin = partOriginOfWord(text("partOrigin"));
    if (origin === undefined)
      throw new RowProblem(`Procedência: use Nova original, Nova compatível ou Usada, não “${text("partOrigin")}”.`);
    values.partOrigin = origin ?? "";
  }
  if (has("revenueSource")) {
    const source = revenueSourceOfWord(text("revenueSource"));
    if (source === undefined)
      throw new RowProblem(`Receita: use Serviços, Produtos ou Impressão e design, não “${text("revenueSource")}”.`);
    values.revenueSource = source ?? "";
  }
  if (values.kind === "service" && !values.revenueSource) values.revenueSource = "services";
  return values;
}

function storedFormValues(row: typeof products.$inferSelect): ProductFormValues {
  const values: ProductFormValues = {
    kind: row.kind,
    name: row.name,
    sku: row.sku,
    barcode: row.barcode ?? "",
    category: row.category,
    brand: row.brand,
    priceCents: centsToInput(row.priceCents),
    minimumStock: String(row.minimumStock),
    location: row.location,
    description: row.description,
    shownInShop: row.shownInShop ? "on" : "",
    partOrigin: row.partOrigin ?? "",
    isSerialised: row.isSerialised ? "on" : "",
    revenueSource: row.revenueSource,
  };
  for (const field of PRODUCT_FIELDS) values[field] ??= "";
  return values;
}

/** The file's text in the encoding its bytes show; UTF-8 with stray invalid bytes is refused, naming the lines. */
function decodedFile(bytes: Uint8Array) {
  try {
    return readCsvBytes(bytes);
  } catch (error) {
    if (error instanceof CsvEncodingError) throw new InventoryInputError({ file: error.message });
    throw error;
  }
}

/**
 * The header's columns, each recognised: a column the import does not know
 * (a typo, or "PreÃ§o" from a file read in the wrong encoding) would be
 * skipped without a word and its values lost, so it refuses the file,
 * naming it; so does a column named twice. A file without "SKU" only
 * creates items, so it needs "Nome" and "Preço".
 */
function columnsOfHeader(fields: string[]): (CsvColumnKey | null)[] {
  const columns = fields.map((field) => (field.trim() === "" ? null : columnOfHeader(field)));
  const known = CSV_COLUMNS.map((column) => column.header).join("; ");
  const unknown = fields.filter((field, index) => field.trim() !== "" && columns[index] === null);
  if (unknown.length > 0) {
    const names = unknown.map((field) => `“${field.trim()}”`).join(", ");
    throw new InventoryInputError({
      file: `${unknown.length === 1 ? "Coluna não reconhecida" : "Colunas não reconhecidas"}: ${names}. Use os nomes do modelo (${known}) ou apague a coluna.`,
    });
  }
  const repeated = CSV_COLUMNS.find((column) => columns.filter((key) => key === column.key).length > 1);
  if (repeated) throw new InventoryInputError({ file: `A coluna “${repeated.header}” aparece mais de uma vez.` });
  if (!columns.includes("sku")) {
    const missing = CSV_COLUMNS.filter((column) => (column.key === "name" || column.key === "price") && !columns.includes(column.key));
    if (missing.length > 0) {
      throw new InventoryInputError({
        file: `Falta a coluna ${missing.map((column) => `“${column.header}”`).join(" e a coluna ")}: sem “SKU”, cada linha cadastra um item novo, que precisa de nome e preço (veja o modelo abaixo).`,
      });
    }
  }
  return columns;
}

/**
 * A re-imported "Estoque" that differs from the product's stock is what was
 * counted: the difference goes through the ledger as a count with the
 * reason "importação" (so the extract says who changed it, when and why),
 * never by writing the quantity. An empty cell leaves the stock alone.
 * Serialised items move by unit, and services have no stock: refused.
 */
async function countedStockInTx(
  tx: Transaction,
  actor: Actor,
  current: typeof products.$inferSelect,
  cell: string | undefined,
): Promise<{ from: number; to: number } | null> {
  const written = (cell ?? "").trim();
  if (written === "") return null;
  if (!/^\d{1,9}$/.test(written)) throw new RowProblem(`Estoque: informe um número inteiro, 0 ou mais, não “${written}”.`);
  const counted = Number(written);
  if (counted === current.stockQuantity) return null;
  if (current.kind === "service") throw new RowProblem(`Estoque: “${current.name}” é um serviço e não tem estoque.`);
  if (current.isSerialised) {
    throw new RowProblem(
      `Estoque: “${current.name}” é controlado por IMEI/número de série; registre a entrada ou a baixa de cada unidade na página do item.`,
    );
  }
  const movement = await recordStockMovementInTx(tx, actor, {
    productId: current.id,
    kind: "count",
    quantity: counted - current.stockQuantity,
    reason: IMPORT_STOCK_REASON,
    field: "initialQuantity",
  });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "stock.import-count",
    entity: PRODUCT_ENTITY,
    entityId: String(current.id),
    details: { movementId: movement.movementId, from: current.stockQuantity, to: counted, reason: IMPORT_STOCK_REASON },
  });
  return { from: current.stockQuantity, to: counted };
}

/**
 * Imports products from a CSV file (`;` or `,`, UTF-8 or Windows-1252): a
 * header row, then a product per row. A row whose SKU exists updates that
 * product (only the columns present; a changed "Estoque" is a count in the
 * ledger); any other row creates one, and its "Estoque" becomes an entry at
 * its "Custo". The encoding is guessed from the bytes and reported; an
 * unknown column refuses the file. Each row is its own
 * transaction: a bad row is reported with its line and message and the good
 * ones are kept.
 */
export async function importProductsCsv(actor: Actor, bytes: Uint8Array): Promise<ImportReport> {
  assertStaffActor(actor);
  if (bytes.byteLength === 0) throw new InventoryInputError({ file: "Escolha um arquivo CSV." });
  if (bytes.byteLength > MAX_IMPORT_BYTES) {
    throw new InventoryInputError({
      file: `O arquivo passa de ${MAX_IMPORT_BYTES / 1024 / 1024} MB: divida a planilha em partes.`,
    });
  }
  if (bytes.includes(0))
    throw new InventoryInputError({ file: "Este arquivo não é um CSV de texto: salve a planilha como CSV." });
  const { text, encoding } = decodedFile(bytes);
  const rows = parseCsv(text);
  const [header, ...dataRows] = rows;
  if (!header) throw new InventoryInputError({ file: "O arquivo está vazio." });
  const columns = columnsOfHeader(header.fields);
  // Values under a column with no name would be dropped as silently as under an unknown one.
  const unnamed = columns.findIndex(
    (column, index) => column === null && dataRows.some((row) => (row.fields[index] ?? "").trim() !== ""),
  );
  if (unnamed >= 0) {
    throw new InventoryInputError({
      file: `A ${unnamed + 1}ª coluna tem valores mas não tem nome na primeira linha: dê a ela um nome do modelo ou apague-a.`,
    });
  }
  if (dataRows.length === 0) throw new InventoryInputError({ file: "O arquivo não tem nenhuma linha de produto." });
  if (dataRows.length > MAX_IMPORT_ROWS) {
    throw new InventoryInputError({ file: `No máximo ${MAX_IMPORT_ROWS} linhas por arquivo: divida a planilha em partes.` });
  }

  const report: ImportReport = { created: 0, updated: 0, problems: [], encoding, stockAdjustments: [] };
  for (const row of dataRows) {
    const cells: Partial<Record<CsvColumnKey, string>> = {};
    columns.forEach((column, index) => {
      if (column) cells[column] = row.fields[index] ?? "";
    });
    try {
      const outcome = await inTransaction(async (tx) => {
        const sku = unwrapTextCell((cells.sku ?? "").trim());
        const [current] = sku
          ? await tx
              .select()
              .from(products)
              .where(eq(sql`lower(${products.sku})`, sku.toLowerCase()))
              .limit(1)
              .for("update")
          : [];
        const values = rowToFormValues(cells, current ? storedFormValues(current) : null);
        if (current) {
          await updateProductInTx(tx, actor, current.id, values);
          const adjustment = await countedStockInTx(tx, actor, current, cells.stock);
          if (adjustment) report.stockAdjustments.push({ line: row.line, sku: current.sku, ...adjustment });
          return "updated" as const;
        }
        await createProductInTx(tx, actor, { ...values, initialQuantity: cells.stock ?? "", initialCostCents: cells.cost ?? "" });
        return "created" as const;
      });
      report[outcome]++;
    } catch (error) {
      // A row's stock adjustment is reported only when its transaction committed.
      if (report.stockAdjustments.at(-1)?.line === row.line) report.stockAdjustments.pop();
      report.problems.push({ line: row.line, message: error instanceof RowProblem ? error.message : messageOf(error) });
    }
  }
  await inTransaction((tx) =>
    recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "product.import",
      entity: PRODUCT_ENTITY,
      details: {
        rows: dataRows.length,
        created: report.created,
        updated: report.updated,
        refused: report.problems.length,
        stockAdjusted: report.stockAdjustments.length,
        encoding,
      },
    }),
  );
  return report;
}
