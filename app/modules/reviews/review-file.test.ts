import { describe, expect, it } from "vitest";
import { parseReviewDate, readReviewFile } from "./review-file";

const NOW = new Date("2026-11-20T15:00:00Z");
const bytesOf = (text: string) => new TextEncoder().encode(text);

describe("parseReviewDate", () => {
  it("reads a day as noon at the shop, in São Paulo's offset of that day", () => {
    expect(parseReviewDate("25/12/2025")?.toISOString()).toBe("2025-12-25T15:00:00.000Z");
    expect(parseReviewDate("5/3/2025")?.toISOString()).toBe("2025-03-05T15:00:00.000Z");
    expect(parseReviewDate("2025-12-25")?.toISOString()).toBe("2025-12-25T15:00:00.000Z");
    // Summer time in 2018: the shop was 2 hours behind UTC.
    expect(parseReviewDate("15/01/2018")?.toISOString()).toBe("2018-01-15T14:00:00.000Z");
  });

  it("keeps a time (the shop's clock without a zone, the instant with one)", () => {
    expect(parseReviewDate("25/12/2025 09:30")?.toISOString()).toBe("2025-12-25T12:30:00.000Z");
    expect(parseReviewDate("2025-12-25T09:30:00")?.toISOString()).toBe("2025-12-25T12:30:00.000Z");
    expect(parseReviewDate("2025-12-25T09:30:00.123Z")?.toISOString()).toBe("2025-12-25T09:30:00.123Z");
    expect(parseReviewDate("2025-12-25T09:30:00+01:00")?.toISOString()).toBe("2025-12-25T08:30:00.000Z");
  });

  it("refuses days that do not exist and other shapes", () => {
    for (const text of ["31/02/2026", "29/02/2025", "2026-13-01", "12/25/2025", "ontem", "", "25/12/25", "25/12/2025 24:00"]) {
      expect(parseReviewDate(text), text).toBeNull();
    }
  });
});

describe("readReviewFile", () => {
  it("reads `,` or `;`, a BOM, quoted fields with the separator and line breaks, and reports lines as the file has them", () => {
    const file = readReviewFile(
      bytesOf(
        '\uFEFFName,Stars,Comment,Date\n"Souza, Maria",5,"Ótimo,\nvoltarei",2026-10-01\n\nPedro,5.0,,01/10/2026\nAna,cinco,x,01/10/2026',
      ),
      NOW,
    );
    expect(file.format).toBe("csv");
    expect(file.reviews.map((review) => [review.line, review.authorName, review.rating, review.text])).toEqual([
      [2, "Souza, Maria", 5, "Ótimo,\nvoltarei"],
      [5, "Pedro", 5, ""],
    ]);
    expect(file.problems).toEqual([{ line: 6, message: "Nota “cinco” inválida: use um número de 1 a 5." }]);
    expect(file.hasPhotoColumn).toBe(false);
  });

  it("refuses a rating that names a member of every object", () => {
    const keys = ["__proto__", "constructor", "toString", "hasOwnProperty"];
    const file = readReviewFile(bytesOf(`Name,Stars,Date\n${keys.map((key) => `Ana,${key},01/10/2026`).join("\n")}`), NOW);
    expect(file.reviews).toEqual([]);
    expect(file.problems.map((problem) => problem.line)).toEqual([2, 3, 4, 5]);
  });
});
