import { describe, expect, it } from "vitest";
import { PART_ORIGINS, PRODUCT_KINDS, REVENUE_SOURCES } from "~/db/schema/inventory";
import { PART_ORIGIN_LABELS, PRODUCT_KIND_LABELS, REVENUE_SOURCE_LABELS } from "./labels";
import { kindOfWord, partOriginOfWord, revenueSourceOfWord } from "./product-csv";

describe("the CSV reads back the words the export and the screens write", () => {
  it.each(PRODUCT_KINDS)("kind %s", (kind) => {
    expect(kindOfWord(PRODUCT_KIND_LABELS[kind])).toBe(kind);
  });

  it.each(PART_ORIGINS)("part origin %s", (origin) => {
    expect(partOriginOfWord(PART_ORIGIN_LABELS[origin])).toBe(origin);
  });

  it.each(REVENUE_SOURCES)("revenue source %s", (source) => {
    expect(revenueSourceOfWord(REVENUE_SOURCE_LABELS[source])).toBe(source);
  });

  it("still reads a spreadsheet's short words, the trade's 'paralela' included", () => {
    expect(partOriginOfWord("Nova original")).toBe("new-original");
    expect(partOriginOfWord("Nova compatível")).toBe("new-compatible");
    expect(partOriginOfWord("paralela")).toBe("new-compatible");
    expect(partOriginOfWord("não original")).toBe("new-compatible");
    expect(partOriginOfWord("Usada")).toBe("used");
    expect(partOriginOfWord("")).toBeNull();
    expect(partOriginOfWord("talvez")).toBeUndefined();
  });
});
