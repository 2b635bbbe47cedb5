import type { PartOrigin, ProductKind, RevenueSource } from "~/db/schema/inventory";
import { lookup } from "~/lib/lookup";

/**
 * The columns of the products CSV, as a Brazilian spreadsheet names them.
 * Export writes them in this order; import finds them by name in the header
 * (accents, case and spaces ignored), so a shop's own sheet with the columns
 * in another order, or only some of them, is read too.
 */
export const CSV_COLUMNS = [
  { key: "sku", header: "SKU" },
  { key: "name", header: "Nome" },
  { key: "kind", header: "Tipo" },
  { key: "barcode", header: "Código de barras" },
  { key: "category", header: "Categoria" },
  { key: "brand", header: "Marca" },
  { key: "price", header: "Preço" },
  { key: "cost", header: "Custo" },
  { key: "stock", header: "Estoque" },
  { key: "minimumStock", header: "Estoque mínimo" },
  { key: "location", header: "Localização" },
  { key: "shownInShop", header: "Na loja" },
  { key: "partOrigin", header: "Procedência" },
  { key: "revenueSource", header: "Receita" },
  { key: "description", header: "Descrição" },
] as const;

/** A spreadsheet of a shop's whole catalogue fits; a bigger file is split. */
export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

/** The reason the ledger shows for a stock a re-import changed (a count movement). */
export const IMPORT_STOCK_REASON = "importação";

export type CsvColumnKey = (typeof CSV_COLUMNS)[number]["key"];

/** "Código de barras" → "codigodebarras": what a header is compared by. */
export function headerKey(text: string) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** Other names a shop's sheet may use for a column. */
const HEADER_ALIASES: Record<string, CsvColumnKey> = {
  codigo: "sku",
  produto: "name",
  descricaocurta: "name",
  ean: "barcode",
  codigobarras: "barcode",
  gtin: "barcode",
  precovenda: "price",
  precodevenda: "price",
  valor: "price",
  custounitario: "cost",
  quantidade: "stock",
  qtd: "stock",
  estoqueinicial: "stock",
  minimo: "minimumStock",
  local: "location",
  loja: "shownInShop",
  origem: "partOrigin",
};

export function columnOfHeader(text: string): CsvColumnKey | null {
  const key = headerKey(text);
  const column = CSV_COLUMNS.find((candidate) => headerKey(candidate.header) === key);
  return column?.key ?? lookup(HEADER_ALIASES, key) ?? null;
}

/** "Peça" / "peca" / "part" → "part"; "" → null (the default); anything else → undefined (refused). */
export function kindOfWord(text: string): ProductKind | null | undefined {
  const key = headerKey(text);
  if (key === "") return null;
  if (["produto", "product", "mercadoria"].includes(key)) return "product";
  if (["peca", "part", "pecas"].includes(key)) return "part";
  if (["servico", "service", "servicos"].includes(key)) return "service";
  return undefined;
}

export function partOriginOfWord(text: string): PartOrigin | null | undefined {
  const key = headerKey(text);
  if (key === "") return null;
  // Before "original": the screen's "Nova compatível (não original)" is not an original part.
  if (key.includes("compat") || key.includes("paralel") || key.includes("naooriginal")) return "new-compatible";
  if (key.includes("original")) return "new-original";
  if (key.includes("usad") || key.includes("recond") || key === "used") return "used";
  return undefined;
}

export function revenueSourceOfWord(text: string): RevenueSource | null | undefined {
  const key = headerKey(text);
  if (key === "") return null;
  if (key.startsWith("servic")) return "services";
  if (key.startsWith("produt")) return "products";
  if (key.includes("impress") || key.includes("design")) return "printing-design";
  return undefined;
}

/** "sim", "s", "x", "1", "true" → true; "", "não", "n", "0" → false; anything else → undefined. */
export function yesNoOfWord(text: string): boolean | undefined {
  const key = headerKey(text);
  if (["sim", "s", "x", "1", "true", "yes"].includes(key)) return true;
  if (["", "nao", "n", "0", "false", "no"].includes(key)) return false;
  return undefined;
}
