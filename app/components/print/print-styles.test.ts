import { describe, expect, it } from "vitest";
import { splitMargins, withMargins } from "~/modules/print-templates/margins";
import { printStyles, rollLengthMm } from "./print-styles";

describe("a template's margins on the printed page", () => {
  it("travel at the head of the document's HTML and come off it whole", () => {
    const html = withMargins("<p>Recibo</p>", { top: 5, right: 2.5, bottom: 5, left: 2.5 });
    expect(splitMargins(html)).toEqual({ margins: { top: 5, right: 2.5, bottom: 5, left: 2.5 }, html: "<p>Recibo</p>" });
    // A template cannot write its own: the mark is read only at the very start, and the allowlist drops comments.
    expect(splitMargins("<p>x</p><!--margens 0 0 0 0-->")).toEqual({ margins: null, html: "<p>x</p><!--margens 0 0 0 0-->" });
  });

  it("set the sheet's @page margins, the roll's printed width and its length", () => {
    expect(printStyles("a4")).toContain("@page { size: A4; margin: 14mm 12mm 14mm 12mm; }");
    expect(printStyles("a4", 297, { top: 20, right: 15, bottom: 20, left: 25 })).toContain(
      "@page { size: A4; margin: 20mm 15mm 20mm 25mm; }",
    );
    const roll = printStyles("80mm", 150, { top: 5, right: 4, bottom: 5, left: 4 });
    expect(roll).toContain("@page { size: 80mm 150mm; margin: 5mm 4mm 5mm 4mm; }");
    expect(roll).toContain(".documento[data-papel] { width: 72mm; }");
    // 96 px of document is 25.4 mm, plus both vertical margins and 2 mm to spare.
    expect(rollLengthMm("80mm", 96, { top: 5, right: 4, bottom: 5, left: 4 })).toBe(Math.ceil(25.4 + 10 + 2));
    expect(rollLengthMm("80mm", 96)).toBe(Math.ceil(25.4 + 6 + 2));
  });
});
