import { describe, expect, it } from "vitest";
import { foldForSearch } from "./search-fold";

describe("foldForSearch", () => {
  it("drops accents and case the way the indexed expression does", () => {
    expect(foldForSearch("Película IMPRESSÃO Ação João Ü")).toBe("pelicula impressao acao joao u");
    // Typed with combining accents (as some keyboards send them): the same letters.
    expect(foldForSearch("Película".normalize("NFD"))).toBe("pelicula");
    expect(foldForSearch("50%_\\")).toBe("50%_\\");
  });
});
