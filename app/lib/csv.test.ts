import { describe, expect, it } from "vitest";
import { CsvEncodingError, decodeCsvBytes, detectSeparator, parseCsv, readCsvBytes, textCell, toCsv, unwrapTextCell } from "./csv";

/** Windows-1252 bytes of a Latin-1 string (the characters used here are the same in both). */
function windows1252(text: string) {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

describe("decodeCsvBytes", () => {
  it("reads UTF-8, with or without a BOM", () => {
    const bytes = new TextEncoder().encode("nome;preço\nPelícula;10,00\n");
    expect(decodeCsvBytes(bytes)).toBe("nome;preço\nPelícula;10,00\n");
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]))).toBe("nome;preço\nPelícula;10,00\n");
  });

  it("reads Windows-1252 when the bytes are not valid UTF-8", () => {
    expect(decodeCsvBytes(windows1252("nome;preço\nCapa anti-impacto é ótima;10,00\n"))).toBe(
      "nome;preço\nCapa anti-impacto é ótima;10,00\n",
    );
    // 0x80 is the euro sign in Windows-1252 (not in Latin-1).
    expect(decodeCsvBytes(new Uint8Array([0x80, 0x3b, 0xe7]))).toBe("€;ç");
  });
});

describe("readCsvBytes guesses each file's encoding from its bytes (issue 23)", () => {
  it("says which encoding it read: UTF-8 (ASCII too) or Windows-1252", () => {
    expect(readCsvBytes(new TextEncoder().encode("Nome;Preço\nPelícula;10,00\n"))).toEqual({
      text: "Nome;Preço\nPelícula;10,00\n",
      encoding: "UTF-8",
    });
    expect(readCsvBytes(new TextEncoder().encode("sku;nome\n")).encoding).toBe("UTF-8");
    expect(readCsvBytes(windows1252("Nome;Preço\nPelícula;10,00\n"))).toEqual({
      text: "Nome;Preço\nPelícula;10,00\n",
      encoding: "Windows-1252",
    });
  });

  it("refuses UTF-8 with a stray invalid byte instead of reading it all as Windows-1252 ('Preço' → 'PreÃ§o'), naming the line", () => {
    const utf8 = new TextEncoder().encode("Nome;Preço\nPelícula;10,00\nCapa X;5,00\n");
    const broken = new Uint8Array([...utf8.slice(0, -9), 0xe9, ...utf8.slice(-9)]);
    expect(() => readCsvBytes(broken)).toThrow(CsvEncodingError);
    try {
      readCsvBytes(broken);
    } catch (error) {
      expect((error as CsvEncodingError).lines).toEqual([3]);
      expect((error as Error).message).toMatch(/a linha 3 tem caracteres que não são UTF-8/);
    }
    // A truncated sequence at the end counts as invalid too.
    expect(() => readCsvBytes(new Uint8Array([...new TextEncoder().encode("Preço;x\n"), 0xc3]))).toThrow(CsvEncodingError);
  });
});

describe("text cells keep codes as text in a spreadsheet", () => {
  it("writes a barcode as a text formula a spreadsheet does not turn into 7,89E+12, and reads it back", () => {
    expect(toCsv([[textCell("7891234567895"), textCell("00123"), textCell("ABC-1")]])).toBe(
      '\uFEFF"=""7891234567895""";"=""00123""";ABC-1\r\n',
    );
    const [row] = parseCsv(toCsv([[textCell("7891234567895")]]).slice(1));
    expect(unwrapTextCell(row!.fields[0]!)).toBe("7891234567895");
    expect(unwrapTextCell("7891234567895")).toBe("7891234567895");
    expect(unwrapTextCell("=1+1")).toBe("=1+1");
  });
});

describe("detectSeparator", () => {
  it("picks the separator of the header line, ignoring quoted text", () => {
    expect(detectSeparator("sku;nome;preco\n1,2,3,4")).toBe(";");
    expect(detectSeparator("sku,nome,preco\n")).toBe(",");
    expect(detectSeparator('"a;b;c",nome,preco\n')).toBe(",");
  });
});

describe("parseCsv", () => {
  it("reads both separators", () => {
    expect(parseCsv("a;b\n1;2\n").map((row) => row.fields)).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(parseCsv("a,b\r\n1,2").map((row) => row.fields)).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("keeps the separator, quotes and line breaks inside quoted fields, and the line each row starts on", () => {
    const rows = parseCsv('sku;descrição\n"A1";"Tela; original\nsem ""marcas"""\nB2;simples\n');
    expect(rows).toEqual([
      { line: 1, fields: ["sku", "descrição"] },
      { line: 2, fields: ["A1", 'Tela; original\nsem "marcas"'] },
      { line: 4, fields: ["B2", "simples"] },
    ]);
  });

  it("skips blank lines but counts them", () => {
    expect(parseCsv("a;b\n\n1;2\n").map((row) => row.line)).toEqual([1, 3]);
  });

  it("reads a money value with a decimal comma in a comma file when quoted", () => {
    expect(parseCsv('sku,preco\nA,"10,50"\n')[1]!.fields).toEqual(["A", "10,50"]);
  });
});

describe("toCsv", () => {
  it("writes a BOM, `;`, CRLF and quotes what needs it", () => {
    expect(
      toCsv([
        ["sku", "nome"],
        ["A1", 'Capa "top"; azul'],
        ["B2", 3],
      ]),
    ).toBe('\uFEFFsku;nome\r\nA1;"Capa ""top""; azul"\r\nB2;3\r\n');
  });

  it("never lets a spreadsheet run a cell as a formula", () => {
    expect(toCsv([["=HYPERLINK(1)", "@x", "-5"]])).toBe("\uFEFF'=HYPERLINK(1);'@x;'-5\r\n");
  });

  it("round-trips through the parser", () => {
    const rows = [
      ["sku", "nome"],
      ["X", 'Linha 1\nLinha 2; com aspas "'],
    ];
    const text = decodeCsvBytes(new TextEncoder().encode(toCsv(rows)));
    expect(parseCsv(text).map((row) => row.fields)).toEqual(rows);
  });
});
