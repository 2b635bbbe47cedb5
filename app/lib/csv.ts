/**
 * CSV as Brazilian spreadsheets write it. Excel in Portuguese saves with `;`
 * (the comma is the decimal separator) in Windows-1252; Google Sheets and
 * LibreOffice often use `,` and UTF-8. Reading accepts all four; writing
 * is UTF-8 with a BOM (so Excel reads the accents) and `;`.
 */

export type CsvRow = { line: number; fields: string[] };

/** The file's bytes as text: UTF-8 when they are valid UTF-8, Windows-1252 otherwise. */
export function decodeCsvBytes(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  return text.replace(/^\uFEFF/, "");
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
 * A field as a spreadsheet reads it back: quoted when it holds the separator,
 * a quote or a line break; text starting with = + - @ gets a leading
 * apostrophe, so a spreadsheet never runs it as a formula (CSV injection).
 */
function csvField(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The file to download: UTF-8 with BOM, `;`, CRLF line ends (what Excel writes). */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return "\uFEFF" + rows.map((row) => row.map(csvField).join(";")).join("\r\n") + "\r\n";
}
