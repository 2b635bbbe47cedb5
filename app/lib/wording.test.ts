import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plural, withPreposition } from "./wording";

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

describe("plural", () => {
  it("takes the singular for one and the plural for any other count", () => {
    expect(plural(1, "dia", "dias")).toBe("1 dia");
    expect(plural(125, "dia", "dias")).toBe("125 dias");
    expect(plural(0, "devolvido", "devolvidos")).toBe("0 devolvidos");
    expect(plural(-1, "dia", "dias")).toBe("-1 dia");
    expect(plural(2, "lançamento gerado", "lançamentos gerados")).toBe("2 lançamentos gerados");
  });

  it('no screen writes "(s)": "1 devolvido(s)", "125 dia(s)" (issue 23)', () => {
    const appDir = join(import.meta.dirname, "..");
    const files = readdirSync(appDir, { recursive: true, encoding: "utf8" }).filter(
      (file) => /\.(tsx?|liquid|html)$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    const offending: string[] = [];
    for (const file of files) {
      readFileSync(join(appDir, file), "utf8")
        .split("\n")
        .forEach((line, index) => {
          const code = line.trim();
          // Comments may say "http(s)"; what a person reads is in strings and JSX text.
          if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*")) return;
          if (/\p{L}\((?:s|es|ns|is)\)/u.test(code.replaceAll("http(s)", ""))) offending.push(`${file}:${index + 1}: ${code}`);
        });
    }
    expect(offending).toEqual([]);
  });
});
