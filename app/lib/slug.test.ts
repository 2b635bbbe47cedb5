import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, slugify, slugWithSuffix } from "./slug";

describe("slugify", () => {
  it("folds accents and joins words with dashes", () => {
    expect(slugify("Película de vidro 3D — iPhone 13")).toBe("pelicula-de-vidro-3d-iphone-13");
    expect(slugify("  Capa  anti-impacto!! ")).toBe("capa-anti-impacto");
  });

  it("never returns an empty slug", () => {
    expect(slugify("!!!")).toBe("produto");
    expect(slugify("")).toBe("produto");
  });

  it("keeps within the limit, with a suffix too", () => {
    const long = slugify("a".repeat(200));
    expect(long.length).toBe(SLUG_MAX_LENGTH);
    expect(slugWithSuffix(long, 12).length).toBe(SLUG_MAX_LENGTH);
    expect(slugWithSuffix(long, 12).endsWith("-12")).toBe(true);
    expect(slugWithSuffix("capa", 1)).toBe("capa");
  });
});

describe("a long name's slug", () => {
  // Issue 21: a post's automatic address stopped mid-word ("…como-escol").
  const title = "Guia completo da troca de tela do celular em casa ou na assistência: como escolher a peça certa";

  it("ends on a whole word", () => {
    const slug = slugify(title);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toBe("guia-completo-da-troca-de-tela-do-celular-em-casa-ou-na-assistencia-como");
  });

  it("ends on a whole word with a suffix too", () => {
    const withSuffix = slugWithSuffix(slugify(title), 12);
    expect(withSuffix.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(withSuffix).toBe("guia-completo-da-troca-de-tela-do-celular-em-casa-ou-na-assistencia-como-12");
  });

  it("keeps a word that ends exactly at the limit", () => {
    const exact = `${"a".repeat(40)}-${"b".repeat(39)}`;
    expect(slugify(`${exact} cde`)).toBe(exact);
  });
});
