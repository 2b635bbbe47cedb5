import { eq, sql } from "drizzle-orm";
import { inTransaction } from "~/db/client.server";
import { products } from "~/db/schema/inventory";
import { InputError } from "~/lib/errors";
import { centsToInput } from "~/lib/money";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { decodeCsvBytes, parseCsv } from "~/lib/csv";
import { InventoryInputError } from "./errors";
import {
  columnOfHeader,
  kindOfWord,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  partOriginOfWord,
  revenueSourceOfWord,
  yesNoOfWord,
  type CsvColumnKey,
} from "./product-csv";
import { createProductInTx, PRODUCT_ENTITY, updateProductInTx } from "./products.server";
import { PRODUCT_FIELDS, type ProductFormValues } from "./validation";

export type ImportRowProblem = { line: number; message: string };
export type ImportReport = { created: number; updated: number; problems: ImportRowProblem[] };

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
  if (has("sku")) values.sku = text("sku");
  if (has("barcode")) values.barcode = text("barcode");
  if (has("category")) values.category = text("category");
  if (has("brand")) values.brand = text("brand");
  if (has("price")) values.priceCents = text("price");
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

/**
 * Imports products from a CSV file (`;` or `,`, UTF-8 or Windows-1252): a
 * header row, then a product per row. A row whose SKU exists updates that
 * product (only the columns present); any other row creates one, and its
 * "Estoque" becomes an entry at its "Custo". Each row is its own
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
  const rows = parseCsv(decodeCsvBytes(bytes));
  const [header, ...dataRows] = rows;
  if (!header) throw new InventoryInputError({ file: "O arquivo está vazio." });
  const columns = header.fields.map((field) => columnOfHeader(field));
  if (!columns.includes("name") && !columns.includes("sku")) {
    throw new InventoryInputError({
      file: "A primeira linha deve ter os nomes das colunas, com ao menos “SKU” ou “Nome” (veja o modelo abaixo).",
    });
  }
  if (dataRows.length === 0) throw new InventoryInputError({ file: "O arquivo não tem nenhuma linha de produto." });
  if (dataRows.length > MAX_IMPORT_ROWS) {
    throw new InventoryInputError({ file: `No máximo ${MAX_IMPORT_ROWS} linhas por arquivo: divida a planilha em partes.` });
  }

  const report: ImportReport = { created: 0, updated: 0, problems: [] };
  for (const row of dataRows) {
    const cells: Partial<Record<CsvColumnKey, string>> = {};
    columns.forEach((column, index) => {
      if (column && cells[column] === undefined) cells[column] = row.fields[index] ?? "";
    });
    try {
      const outcome = await inTransaction(async (tx) => {
        const sku = (cells.sku ?? "").trim();
        const [current] = sku
          ? await tx
              .select()
              .from(products)
              .where(eq(sql`lower(${products.sku})`, sku.toLowerCase()))
              .limit(1)
          : [];
        const values = rowToFormValues(cells, current ? storedFormValues(current) : null);
        if (current) {
          await updateProductInTx(tx, actor, current.id, values);
          return "updated" as const;
        }
        await createProductInTx(tx, actor, { ...values, initialQuantity: cells.stock ?? "", initialCostCents: cells.cost ?? "" });
        return "created" as const;
      });
      report[outcome]++;
    } catch (error) {
      report.problems.push({ line: row.line, message: error instanceof RowProblem ? error.message : messageOf(error) });
    }
  }
  await inTransaction((tx) =>
    recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "product.import",
      entity: PRODUCT_ENTITY,
      details: { rows: dataRows.length, created: report.created, updated: report.updated, refused: report.problems.length },
    }),
  );
  return report;
}
