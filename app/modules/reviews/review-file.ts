import { atShopTime, isIsoDate } from "~/lib/dates";
import { hasNoNul } from "~/lib/text-input";
import { CsvEncodingError, decodeCsvBytes, parseCsv } from "~/lib/csv";
import { ReviewInputError } from "./errors";
import { FUTURE_DATE_MESSAGE, ratingOf, REVIEW_LIMITS } from "./validation";
import { lookup } from "~/lib/lookup";

/** A review service's export is a few hundred reviews; more is not an export of one shop. */
export const MAX_REVIEW_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_REVIEW_IMPORT_ROWS = 5000;

export type ReviewFileFormat = "csv" | "json";
export type ImportedReview = { line: number; authorName: string; rating: number; text: string; reviewedAt: Date };
export type ReviewFileProblem = { line: number; message: string };
export type ReviewFile = {
  format: ReviewFileFormat;
  reviews: ImportedReview[];
  problems: ReviewFileProblem[];
  /** The file had photo addresses: they are not fetched (a photo only comes by upload). */
  hasPhotoColumn: boolean;
};

type Column = "authorName" | "rating" | "text" | "date" | "photo";

/** Column names as review services and people write them, compared without accents, case, spaces or punctuation. */
const COLUMN_NAMES: Record<Column, readonly string[]> = {
  authorName: ["autor", "author", "nome", "name", "cliente", "reviewer", "displayname", "authorname", "reviewername"],
  rating: ["nota", "rating", "estrelas", "stars", "starrating", "avaliacao", "score"],
  text: ["texto", "text", "comentario", "comment", "review", "depoimento", "mensagem", "reviewtext"],
  date: ["data", "date", "createtime", "reviewedat", "publicadoem", "datadaavaliacao", "time", "updatetime"],
  photo: ["foto", "photo", "photourl", "profilephotourl", "avatar", "imagem", "image", "fotodeperfil", "authorphoto"],
};

function normaliseName(name: string) {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

function columnOf(name: string): Column | null {
  const key = normaliseName(name);
  for (const [column, names] of Object.entries(COLUMN_NAMES) as [Column, readonly string[]][]) {
    if (names.includes(key)) return column;
  }
  return null;
}

/** Google's export writes the rating as a word. */
const RATING_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };

function parseRating(value: string): number | null {
  return ratingOf(value) ?? lookup(RATING_WORDS, value.trim().toLowerCase()) ?? null;
}

const BRAZILIAN_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T,]+(\d{1,2}):(\d{2})(?::\d{2})?)?$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * "25/12/2025", "25/12/2025 14:30", "2025-12-25" or an ISO instant with its
 * zone. A day without a time is noon at the shop (its "há 2 meses" is right
 * whatever the hour); a time without a zone is the shop's clock.
 */
export function parseReviewDate(value: string): Date | null {
  const text = value.trim();
  const brazilian = BRAZILIAN_DATE.exec(text);
  if (brazilian) {
    const [, day = "", month = "", year = "", hour, minute] = brazilian;
    const isoDate = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
    if (!isIsoDate(isoDate) || (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59))) return null;
    return atShopTime(isoDate, hour === undefined ? "12:00" : `${hour.padStart(2, "0")}:${minute}`);
  }
  const iso = ISO_DATE_TIME.exec(text);
  if (!iso) return null;
  const [, isoDate = "", hour, minute, zone] = iso;
  if (!isIsoDate(isoDate) || (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59))) return null;
  if (zone !== undefined && hour !== undefined) {
    const instant = new Date(text.replace(" ", "T"));
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  return atShopTime(isoDate, hour === undefined ? "12:00" : `${hour}:${minute}`);
}

type RawReview = Partial<Record<Column, string>>;

const NO_REVIEW_FIELDS_MESSAGE =
  "O arquivo precisa ter as colunas do autor, da nota e da data (por exemplo “Autor; Nota; Texto; Data”).";

/** One row's cells → a review, or the reason it was refused. */
function reviewOf(raw: RawReview, line: number, now: Date): ImportedReview | ReviewFileProblem {
  const problem = (message: string) => ({ line, message });
  const authorName = (raw.authorName ?? "").trim().replace(/\s+/g, " ");
  const ratingText = (raw.rating ?? "").trim();
  const text = (raw.text ?? "").trim();
  const dateText = (raw.date ?? "").trim();
  if (![authorName, ratingText, text, dateText].every(hasNoNul)) return problem("A linha tem um caractere inválido.");
  if (!authorName) return problem("Falta o nome de quem avaliou.");
  if (authorName.length > REVIEW_LIMITS.authorName) return problem(`O nome passa de ${REVIEW_LIMITS.authorName} caracteres.`);
  const rating = parseRating(ratingText);
  if (rating === null)
    return problem(ratingText ? `Nota “${ratingText}” inválida: use um número de 1 a 5.` : "Falta a nota (de 1 a 5).");
  if (text.length > REVIEW_LIMITS.text) return problem(`O texto passa de ${REVIEW_LIMITS.text} caracteres.`);
  if (!dateText) return problem("Falta a data (dd/mm/aaaa ou aaaa-mm-dd).");
  const reviewedAt = parseReviewDate(dateText);
  if (!reviewedAt) return problem(`Data “${dateText}” inválida: use dd/mm/aaaa ou aaaa-mm-dd.`);
  if (reviewedAt.getTime() > now.getTime()) return problem(FUTURE_DATE_MESSAGE);
  return { line, authorName, rating, text, reviewedAt };
}

function readCsv(text: string): { raws: { line: number; raw: RawReview }[]; hasPhotoColumn: boolean } {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new ReviewInputError({ file: "O arquivo está vazio." });
  const columns = header.fields.map(columnOf);
  if (!columns.includes("authorName") || !columns.includes("rating") || !columns.includes("date"))
    throw new ReviewInputError({ file: NO_REVIEW_FIELDS_MESSAGE });
  const raws = rows.map((row) => {
    const raw: RawReview = {};
    columns.forEach((column, index) => {
      if (column && raw[column] === undefined) raw[column] = row.fields[index] ?? "";
    });
    return { line: row.line, raw };
  });
  return { raws, hasPhotoColumn: columns.includes("photo") };
}

/** A JSON value as a cell's text; a nested reviewer ({ displayName, profilePhotoUrl }) is flattened by readJson. */
function cellText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

function readJson(text: string): { raws: { line: number; raw: RawReview }[]; hasPhotoColumn: boolean } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ReviewInputError({ file: "O arquivo JSON está malformado: exporte de novo ou use CSV." });
  }
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === "object" && Array.isArray((parsed as { reviews?: unknown }).reviews)
      ? (parsed as { reviews: unknown[] }).reviews
      : null;
  if (!list) throw new ReviewInputError({ file: "O JSON deve ser uma lista de avaliações (ou ter uma lista “reviews”)." });
  let hasPhotoColumn = false;
  const raws = list.map((item, index) => {
    const raw: RawReview = {};
    if (item && typeof item === "object" && !Array.isArray(item)) {
      const entries = Object.entries(item as Record<string, unknown>);
      // Google's shape: { reviewer: { displayName, profilePhotoUrl }, starRating, comment, createTime }.
      for (const [key, value] of entries) {
        if (value && typeof value === "object" && !Array.isArray(value)) entries.push(...Object.entries(value));
        const column = columnOf(key);
        if (!column) continue;
        if (column === "photo") {
          if (cellText(value)) hasPhotoColumn = true;
          continue;
        }
        const cell = cellText(value);
        // A Google review's own "name" is its resource path; the person is the reviewer's displayName.
        const isPersonName = normaliseName(key) === "displayname";
        if (cell !== undefined && (raw[column] === undefined || isPersonName)) raw[column] = cell;
      }
    }
    return { line: index + 1, raw };
  });
  return { raws, hasPhotoColumn };
}

/** UTF-8 with a few bytes that are not is refused, naming the lines (lib/csv readCsvBytes). */
function decodedText(bytes: Uint8Array) {
  try {
    return decodeCsvBytes(bytes);
  } catch (error) {
    if (error instanceof CsvEncodingError) throw new ReviewInputError({ file: error.message });
    throw error;
  }
}

/**
 * A review service's export (CSV with `;` or `,`, UTF-8 with or without BOM
 * or Windows-1252; or JSON) → the good reviews and a problem per bad row
 * (CSV: its line in the file; JSON: its position in the list). Refuses the
 * whole file (ReviewInputError on "file") only when it cannot be read as reviews at all.
 */
export function readReviewFile(bytes: Uint8Array, now: Date = new Date()): ReviewFile {
  if (bytes.byteLength === 0) throw new ReviewInputError({ file: "Escolha um arquivo CSV ou JSON." });
  if (bytes.byteLength > MAX_REVIEW_IMPORT_BYTES)
    throw new ReviewInputError({
      file: `O arquivo passa de ${MAX_REVIEW_IMPORT_BYTES / 1024 / 1024} MB: divida-o em partes.`,
    });
  if (bytes.includes(0)) throw new ReviewInputError({ file: "Este arquivo não é um CSV nem um JSON de texto." });
  const text = decodedText(bytes);
  const isJson = /^\s*[[{]/.test(text);
  const { raws, hasPhotoColumn } = isJson ? readJson(text) : readCsv(text);
  if (raws.length === 0) throw new ReviewInputError({ file: "O arquivo não tem nenhuma avaliação." });
  if (raws.length > MAX_REVIEW_IMPORT_ROWS)
    throw new ReviewInputError({ file: `No máximo ${MAX_REVIEW_IMPORT_ROWS} avaliações por arquivo: divida-o em partes.` });
  const reviews: ImportedReview[] = [];
  const problems: ReviewFileProblem[] = [];
  for (const { line, raw } of raws) {
    const outcome = reviewOf(raw, line, now);
    if ("message" in outcome) problems.push(outcome);
    else reviews.push(outcome);
  }
  return { format: isJson ? "json" : "csv", reviews, problems, hasPhotoColumn };
}
