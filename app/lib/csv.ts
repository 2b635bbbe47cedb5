/**
 * CSV as Brazilian spreadsheets write it. Excel in Portuguese saves with `;`
 * (the comma is the decimal separator) in Windows-1252; Google Sheets and
 * LibreOffice often use `,` and UTF-8. Reading accepts all four; writing
 * is UTF-8 with a BOM (so Excel reads the accents) and `;`.
 */

export type CsvRow = { line: number; fields: string[] };

export type CsvEncoding = "UTF-8" | "Windows-1252";

/**
 * A file mostly in UTF-8 with a few bytes that are not (a spreadsheet cell
 * pasted from elsewhere, a file cut short): read as Windows-1252 it would
 * turn every accent into two letters ("Preço" → "PreÃ§o") and its header
 * would silently stop matching, so it is refused, naming the lines.
 */
export class CsvEncodingError extends Error {
  override name = "CsvEncodingError";
  constructor(readonly lines: number[]) {
    const where = lines.length === 1 ? `a linha ${lines[0]} tem` : `as linhas ${lines.join(", ")} têm`;
    super(
      `O arquivo está em UTF-8, mas ${where} caracteres que não são UTF-8 (lidos assim, os acentos viram outras letras): corrija essas linhas ou salve a planilha de novo como “CSV UTF-8” e importe outra vez.`,
    );
  }
}

/** The length of the valid UTF-8 sequence starting at `index` (its lead byte ≥ 0x80), or 0 when it is not one. */
function utf8SequenceLength(bytes: Uint8Array, index: number): number {
  const lead = bytes[index]!;
  const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
  if (length === 0 || index + length > bytes.length) return 0;
  for (let offset = 1; offset < length; offset++) {
    const byte = bytes[index + offset]!;
    if (byte < 0x80 || byte > 0xbf) return 0;
  }
  // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
  const second = bytes[index + 1]!;
  if ((lead === 0xe0 && second < 0xa0) || (lead === 0xed && second > 0x9f)) return 0;
  if ((lead === 0xf0 && second < 0x90) || (lead === 0xf4 && second > 0x8f)) return 0;
  return length;
}

/**
 * The file's bytes as text, and the encoding they were read in, guessed from
 * the bytes of this file: valid UTF-8 is UTF-8 (ASCII included); bytes with
 * no UTF-8 sequence at all are Windows-1252 (what Excel in Portuguese
 * saves); UTF-8 sequences mixed with invalid bytes throw CsvEncodingError
 * with the lines of the invalid bytes (at most 5).
 */
export function readCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  let utf8Sequences = 0;
  const invalidLines: number[] = [];
  let line = 1;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index]!;
    if (byte === 0x0a) line++;
    if (byte < 0x80) continue;
    const length = utf8SequenceLength(bytes, index);
    if (length === 0) {
      if (invalidLines.at(-1) !== line) invalidLines.push(line);
    } else {
      utf8Sequences++;
      index += length - 1;
    }
  }
  const isUtf8 = invalidLines.length === 0;
  if (!isUtf8 && utf8Sequences > 0) throw new CsvEncodingError(invalidLines.slice(0, 5));
  const text = new TextDecoder(isUtf8 ? "utf-8" : "windows-1252").decode(bytes);
  return { text: text.replace(/^\uFEFF/, ""), encoding: isUtf8 ? "UTF-8" : "Windows-1252" };
}

/** The file's bytes as text (see readCsvBytes, which also says the encoding). */
export function decodeCsvBytes(bytes: Uint8Array): string {
  return readCsvBytes(bytes).text;
}

/** `;` or `,`: whichever appears more often outside quotes on the header line. */
export function detectSeparator(text: string): ";" | "," {
  let semicolons = 0;
  let commas = 0;
  let isQuoted = false;
  for (const char of text) {
    if (char === '"') isQuoted = !isQuoted;
    else if (!isQuoted && (char === "\n" || char === "\r")) break;
    else if (!isQuoted && char === ";") semicolons++;
    else if (!isQuoted && char === ",") commas++;
  }
  return commas > semicolons ? "," : ";";
}

/**
 * Rows with the line each starts on (a quoted field may span lines), blank
 * lines left out. Quotes follow RFC 4180: a field in quotes may hold the
 * separator, line breaks and doubled quotes ("").
 */
export function parseCsv(text: string, separator: ";" | "," = detectSeparator(text)): CsvRow[] {
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = "";
  let isQuoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0]!.trim() !== "") rows.push({ line: rowLine, fields });
    fields = [];
    field = "";
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (isQuoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index++;
        } else isQuoted = false;
      } else {
        if (char === "\n") line++;
        field += char;
      }
    } else if (char === '"' && field.trim() === "") {
      field = "";
      isQuoted = true;
    } else if (char === separator) {
      fields.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      endRow();
      line++;
      rowLine = line;
    } else {
      field += char;
    }
  }
  if (field !== "" || fields.length > 0) endRow();
  return rows;
}

/**
 * A value a spreadsheet must keep as text: a barcode or a code of digits
 * ("7891234567895" became 7,89E+12, "00123" lost its zeros). Written as
 * `="…"`, the one form Excel, LibreOffice and Google Sheets all open as
 * text; `unwrapTextCell` reads it back.
 */
export type CsvTextCell = { text: string };

export function textCell(text: string): CsvTextCell {
  return { text };
}

/**
 * A signed amount in reais ("-1800,00", "1800,00"): made from a number, so
 * the minus sign is a sign, never the start of a formula, and is written as
 * is (a text starting with "-" gets the apostrophe, which would turn the
 * amount into text a spreadsheet cannot add up).
 */
export type CsvAmountCell = { cents: number };

export function amountCell(cents: number): CsvAmountCell {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Valor em centavos inválido: ${cents}`);
  return { cents };
}

/** `="0123"` (what textCell writes) → `0123`; anything else unchanged. */
export function unwrapTextCell(value: string): string {
  const match = /^="((?:[^"]|"")*)"$/.exec(value.trim());
  return match ? match[1]!.replace(/""/g, '"') : value;
}

/**
 * A field as a spreadsheet reads it back: quoted when it holds the separator,
 * a quote or a line break; text starting with = + - @ gets a leading
 * apostrophe, so a spreadsheet never runs it as a formula (CSV injection).
 * A text cell of digits only is the one formula written, a constant.
 */
function csvField(value: string | number | CsvTextCell | CsvAmountCell): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "object" && "cents" in value) {
    const digits = String(Math.abs(value.cents)).padStart(3, "0");
    return `${value.cents < 0 ? "-" : ""}${digits.slice(0, -2)},${digits.slice(-2)}`;
  }
  if (typeof value === "object") {
    if (!/^\d+$/.test(value.text)) return csvField(value.text);
    value = `="${value.text}"`;
  } else if (/^[=+\-@\t\r]/.test(value)) {
    value = `'${value}`;
  }
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The file to download: UTF-8 with BOM, `;`, CRLF line ends (what Excel writes). */
export function toCsv(rows: readonly (readonly (string | number | CsvTextCell | CsvAmountCell)[])[]): string {
  return "\uFEFF" + rows.map((row) => row.map(csvField).join(";")).join("\r\n") + "\r\n";
}
