import { describe, expect, it } from "vitest";
import { withPreposition } from "./wording";

describe("withPreposition", () => {
  it("contracts 'a' with the leading article of what was typed", () => {
    expect(withPreposition("a", "O próprio cliente")).toBe("ao próprio cliente");
    expect(withPreposition("a", "a mãe do cliente")).toBe("à mãe do cliente");
    expect(withPreposition("a", "Os pais da cliente")).toBe("aos pais da cliente");
    expect(withPreposition("a", "AS filhas")).toBe("às filhas");
  });

  it("contracts the other prepositions too", () => {
    expect(withPreposition("de", "O próprio cliente")).toBe("do próprio cliente");
    expect(withPreposition("em", "A loja")).toBe("na loja");
    expect(withPreposition("por", "os técnicos")).toBe("pelos técnicos");
  });

  it("leaves a name, or a word that only starts like an article, as typed", () => {
    expect(withPreposition("a", "Mariana Albuquerque")).toBe("a Mariana Albuquerque");
    expect(withPreposition("a", "Osvaldo Lima (autorizado)")).toBe("a Osvaldo Lima (autorizado)");
    expect(withPreposition("a", "Ana")).toBe("a Ana");
    expect(withPreposition("a", "  O   próprio cliente ")).toBe("ao próprio cliente");
  });
});
