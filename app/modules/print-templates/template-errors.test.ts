import { describe, expect, it } from "vitest";
import { renderTemplate } from "./engine.server";
import { templateErrorMessage, UNKNOWN_TEMPLATE_ERROR } from "./template-errors";

/** The message LiquidJS's own error for `source` becomes. */
async function messageOf(source: string) {
  try {
    await renderTemplate(source, { os: { numero: 1 } });
  } catch (error) {
    return templateErrorMessage(error);
  }
  throw new Error(`${source} renderizou sem erro`);
}

/** Words LiquidJS says that must never reach the shop. */
const ENGLISH = /\b(invalid|expected|unexpected|not closed|not found|undefined|illegal|filter|tag|value|expression|line|col)\b/i;

describe("templateErrorMessage", () => {
  it("says LiquidJS's errors in Portuguese, without the engine's position", async () => {
    const cases: [string, string][] = [
      ["{{ }}", "Falta um valor: escreva um campo (como os.numero) ou um texto entre aspas."],
      ["{% unless %}{% endunless %}", "Falta um valor: escreva um campo (como os.numero) ou um texto entre aspas."],
      ["{{ os.numero | nada }}", "Filtro desconhecido: “nada”."],
      ["{% foo %}", "Etiqueta desconhecida: {% foo %}."],
      ["{% endif %}", "{% endif %} fecha um bloco que não foi aberto"],
      ["{% if x %}a", "O bloco {% if %} foi aberto e não foi fechado: falta {% endif %}."],
      ["{{ os.numero", "Um {{ foi aberto e não foi fechado: falta }}."],
      ["{% if x", "Uma etiqueta {% foi aberta e não foi fechada: falta %}."],
      ["{% for %}{% endfor %}", "A etiqueta {% for %} está incompleta ou mal escrita."],
      ["{% assign = 1 %}", "Falta o nome da variável."],
      ["{% assign x %}", "Falta “=” depois do nome da variável"],
      ["{% for i in (1..) %}{% endfor %}", "Falta um valor antes de “)”."],
      ["{{ os[ }}", "Um [ foi aberto e não foi fechado: falta ]."],
      ["{{ (1 }}", "Intervalo mal escrito: use (1..5)"],
      ["{{ os @ b }}", "Falta “|” antes do filtro."],
      ["{% if a %}{% else %}{% else %}{% endif %}", "O bloco tem dois {% else %}: deixe um só."],
      ["{% if a %}{% else %}{% elsif b %}{% endif %}", "{% elsif %} depois de {% else %}"],
      ["{% cycle %}", "{% cycle %} precisa dos valores que alterna."],
      ["{% capture %}{% endcapture %}", "Falta o nome da variável de {% capture %}."],
      ["{% render 'nao_existe' %}", "Bloco não encontrado"],
      ["{% for i in (1..100000) %}{% for j in (1..100000) %}{% endfor %}{% endfor %}", "O modelo demora demais"],
      ["{% raw %}x{% endraw %}", "A etiqueta {% raw %} não é permitida"],
      ['{% clausula "nenhuma" %}', "Cláusula desconhecida: “nenhuma”."],
    ];
    for (const [source, expected] of cases) {
      const message = await messageOf(source);
      expect(message, source).toContain(expected);
      expect(message, source).not.toMatch(/line:|col:/);
    }
  });

  it("never passes the engine's English on: what it does not know gets a Portuguese message", async () => {
    expect(templateErrorMessage(new Error("some future liquidjs complaint, line:3, col:4"))).toBe(UNKNOWN_TEMPLATE_ERROR);
    expect(templateErrorMessage("not even an error")).toBe(UNKNOWN_TEMPLATE_ERROR);
    expect(UNKNOWN_TEMPLATE_ERROR).not.toMatch(ENGLISH);
    const sources = [
      "{{ }}",
      "{% for %}{% endfor %}",
      "{% assign = 1 %}",
      "{{ os[ }}",
      "{{ 'abc }}",
      "{% case %}{% endcase %}",
      "{{ (1 }}",
    ];
    for (const source of sources) expect(await messageOf(source), source).not.toMatch(/invalid|expected|not closed|illegal/i);
  });
});
