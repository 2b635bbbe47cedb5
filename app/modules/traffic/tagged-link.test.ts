import { describe, expect, it } from "vitest";
import { tagOf, taggedLink } from "./tagged-link";

const ORIGIN = "https://loja.test";

describe("taggedLink", () => {
  it("tags a page of the site, tags in the page's form", () => {
    expect(
      taggedLink({ origin: ORIGIN, path: "/loja", source: "Instagram", medium: "Stories", campaign: "Black Friday 2026" }),
    ).toEqual({
      url: "https://loja.test/loja?utm_source=instagram&utm_medium=stories&utm_campaign=black-friday-2026",
    });
    expect(tagOf(" Promoção de Verão! ")).toBe("promocao-de-verao");
  });

  it("refuses a link without source or to another site", () => {
    expect(taggedLink({ origin: ORIGIN, path: "/", source: " ", medium: "", campaign: "" })).toHaveProperty("problem");
    expect(taggedLink({ origin: ORIGIN, path: "//evil.test/", source: "x", medium: "", campaign: "" })).toHaveProperty("problem");
    expect(taggedLink({ origin: ORIGIN, path: "https://evil.test/", source: "x", medium: "", campaign: "" })).toHaveProperty(
      "problem",
    );
  });
});
