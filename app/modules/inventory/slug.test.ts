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
