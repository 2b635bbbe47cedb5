import { describe, expect, it } from "vitest";
import { formatCents } from "~/lib/money";
import sanitizeHtml from "sanitize-html";
import { FIELD_CATALOGUE } from "./catalogue";
import { renderDocumentTemplate } from "./engine.server";
import type { PrintKind } from "./kinds";
import type { Paper } from "./papers";
import { sanitizePrintHtml } from "./sanitize.server";
import { inspectTemplate } from "./check.server";

/**
 * What the editor's preview makes of a source (the delivery receipt on A4
 * unless said): the path a saved template prints through, with the sample
 * shop (previewTemplate puts the shop's own header on it: the suite
 * print-documents checks that against a database).
 */
function preview(body: string, kind: PrintKind = "service-order-delivery", paper: Paper = "a4") {
  return inspectTemplate(kind, paper, body, { person: "staff-editor" });
}

/** Everything kept, only written the sanitiser's way: what the allowlist must leave as it is in a default. */
function keepAll(html: string) {
  return sanitizeHtml(html, { allowedTags: false, allowedAttributes: false, allowedSchemes: ["http", "https", "data"] });
}

/** The entry receipt, whose kind requires the quote's validity clause (CDC art. 40). */
function entry(body: string) {
  return preview(body, "service-order-entry");
}

describe("a template rendered through the editor's path", () => {
  it("escapes every value and formats with the shop's filters", async () => {
    const sample = FIELD_CATALOGUE["service-order-delivery"].sample as { os: { cliente: { nome: string } } };
    expect(sample.os.cliente.nome).toBe("Ana Paula Souza");
    const { html, problems } = await preview(
      '<p>{{ "<script>alert(1)</script>" }} {{ os.total | moeda }} {{ os.entrada | data }} {{ loja.cnpj | cpf_cnpj }} {{ os.cliente.telefone | telefone }}</p>',
    );
    expect(problems).toEqual([]);
    expect(html).toBe(
      `<p>&lt;script&gt;alert(1)&lt;/script&gt; ${formatCents(20000)} 20/11/2026 12.345.678/0001-95 (11) 91234-5678</p>`,
    );
  });

  it("reports a syntax error with its line and column, in Portuguese, and renders nothing", async () => {
    const { html, problems } = await preview(
      "<p>Linha 1</p>\n<p>Linha 2</p>\n{% if os.previsao %}\n<p>{{ os.previsao | data }}</p>\n",
    );
    expect(html).toBe("");
    expect(problems).toEqual([
      { line: 3, column: 1, message: "O bloco {% if %} foi aberto e não foi fechado: falta {% endif %}." },
    ]);
    expect((await preview("<p>\n  {{ os.total | dinheiro }}</p>")).problems).toEqual([
      {
        line: 2,
        column: 3,
        message: expect.stringMatching(/^Filtro desconhecido: “dinheiro”\. Os filtros próprios são moeda, /),
      },
    ]);
    expect((await preview("a\n{% endfor %}")).problems[0]).toMatchObject({
      line: 2,
      message: expect.stringContaining("{% endfor %}"),
    });
    expect((await preview("{% executar 'ls' %}")).problems[0]!.message).toBe("Etiqueta desconhecida: {% executar %}.");
    expect((await preview("{{ os.numero ")).problems[0]!.message).toBe("Um {{ foi aberto e não foi fechado: falta }}.");
  });

  it("refuses {% raw %}, which would print its text outside the engine's escaping", async () => {
    const { problems } = await preview("<p>ok</p>\n{% raw %}<script>alert(1)</script>{% endraw %}");
    expect(problems).toEqual([
      { line: 2, column: 1, message: "A etiqueta {% raw %} não é permitida: ela imprimiria o texto sem proteção." },
    ]);
  });

  it("reaches nothing outside the data it is given", async () => {
    const { html } = await preview(
      "[{{ os.constructor }}{{ os.__proto__ }}{{ os.toString }}{{ os.numero.constructor.name }}{{ process.env.DATABASE_URL }}{{ process }}{{ global }}{{ globalThis }}{{ require }}{{ this }}{{ os.hasOwnProperty }}]",
    );
    expect(html).toBe("[]");
    for (const source of ['{% render "/etc/passwd" %}', '{% include "../../package.json" %}', '{% layout "../.env" %}']) {
      const { problems } = await preview(source);
      expect(problems, source).toEqual([{ line: 1, column: 1, message: expect.stringMatching(/^Bloco não encontrado/) }]);
    }
  });

  it("stops a template that loops forever", async () => {
    const { problems } = await preview("{% for a in (1..100000) %}{% for b in (1..100000) %}{% endfor %}{% endfor %}");
    expect(problems).toEqual([
      { line: 1, column: 27, message: "O modelo demora demais para ser preenchido (um laço que não para?)." },
    ]);
  }, 20_000);

  it("stops a template that renders megabytes", async () => {
    const doubling = "{% assign s = 'xxxxxxxxxx' %}{% for i in (1..30) %}{% assign s = s | append: s %}{% endfor %}{{ s }}";
    expect((await preview(doubling)).problems).toEqual([
      { line: 1, column: 52, message: "O modelo produz texto demais (um laço que não para?)." },
    ]);
    // Few iterations of a long text: past the 2 MB cap long before any time limit.
    const repeating = `{% for a in (1..40) %}<p>${"Texto fixo do modelo. ".repeat(3000)}</p>{% endfor %}`;
    expect((await preview(repeating)).problems).toEqual([
      { line: null, column: null, message: "O documento ficou grande demais (mais de 2 MB): confira os laços do modelo." },
    ]);
  }, 20_000);

  it("keeps out scripts, styles, frames, forms, event handlers and javascript: addresses a template writes", async () => {
    const { html, problems } = await preview(
      [
        '<p onclick="alert(1)" style="display:none" hidden class="rotulo">a</p>',
        // The app's stylesheet is on the print page: its classes could hide what the law requires.
        '<div class="hidden rotulo sr-only print:hidden">b</div><span class="invisible">c</span>',
        "<script>alert(1)</script><style>body{display:none}</style>",
        '<iframe src="https://mal.example"></iframe><object data="x"></object><embed src="x">',
        '<form action="https://mal.example"><input name="senha"><button>ok</button></form>',
        '<a href="javascript:alert(1)">j</a><a href="JaVaScRiPt:alert(1)">k</a><a href="https://loja.example">l</a>',
        '<img src="data:text/html;base64,PHNjcmlwdD4=" alt="x"><img src="x" onerror="alert(1)" alt="y">',
        '<svg onload="alert(1)"><circle r="1"/></svg><math><mi>x</mi></math><meta http-equiv="refresh" content="0;url=https://mal.example">',
        '<img src="{{ os.url_consulta | qrcode }}" alt="QR">',
        // A value that becomes an address: escaping keeps it in the attribute, the allowlist drops the scheme.
        '{% assign endereco = "javascript:alert(document.cookie)" %}<a href="{{ endereco }}">m</a>',
      ].join("\n"),
    );
    expect(problems).toEqual([]);
    expect(html).not.toMatch(
      /<script|<style|<iframe|<object|<embed|<form|<input|<button|<svg|<meta|onclick|onerror|onload|style=|hidden|javascript:/i,
    );
    expect(html).toContain('<p class="rotulo">a</p>');
    expect(html).toContain('<div class="rotulo">b</div><span>c</span>');
    expect(html).toContain('<a href="https://loja.example">l</a>');
    expect(html).toContain("<a>m</a>");
    expect(html).toContain('<img alt="x" />');
    expect(html).toMatch(/<img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" alt="QR" \/>/);
  });

  it("refuses a template that leaves out, hides or rewrites a locked clause, and prints the clause's own text where it is placed", async () => {
    const missing = {
      line: null,
      column: null,
      message: expect.stringMatching(
        /^Falta a cláusula travada “Validade do orçamento \(CDC art\. 40\)”: coloque {% clausula "validade_orcamento" %}/,
      ),
    };
    // Removed, written over in the template's own words, hidden in a false condition, a comment or an attribute.
    expect((await entry("<p>Orçamento válido por 3 dias.</p>")).problems).toEqual([missing]);
    expect((await entry('{% if false %}{% clausula "validade_orcamento" %}{% endif %}')).problems).toEqual([missing]);
    expect((await entry('<!-- {% clausula "validade_orcamento" %} -->')).problems).toEqual([missing]);
    expect((await entry('<img alt="{% clausula "validade_orcamento" %}">')).problems).toEqual([missing]);
    expect((await entry('{% clausula "validade_inventada" %}')).problems).toEqual([
      { line: 1, column: 1, message: expect.stringMatching(/^Cláusula desconhecida: “validade_inventada”/) },
    ]);
    // Placed: the law's text, whatever the template wrote around it.
    const placed = await entry('<h2>Prazo</h2>\n{% clausula "validade_orcamento" %}\n<p>Fim.</p>');
    expect(placed.problems).toEqual([]);
    expect(placed.html).toContain("válido por 10 (dez) dias");
    expect(placed.html.indexOf("10 (dez) dias")).toBeGreaterThan(placed.html.indexOf("Prazo"));
    expect(placed.html.indexOf("10 (dez) dias")).toBeLessThan(placed.html.indexOf("Fim."));
  });

  it("takes nothing out of what the shipped defaults print", async () => {
    const { DEFAULT_TEMPLATES } = await import("./render.server");
    for (const [kind, papers] of Object.entries(DEFAULT_TEMPLATES) as [PrintKind, Record<string, string>][]) {
      for (const [paper, body] of Object.entries(papers)) {
        const data = { ...FIELD_CATALOGUE[kind].sample, papel: paper };
        const raw = await renderDocumentTemplate(kind, body, data, keepAll);
        const clean = await renderDocumentTemplate(kind, body, data, sanitizePrintHtml);
        expect(clean.html, `${kind} ${paper}`).toBe(raw.html);
      }
    }
  });

  it("previews every kind's sample data with its shipped default", async () => {
    const { DEFAULT_TEMPLATES } = await import("./render.server");
    for (const [kind, papers] of Object.entries(DEFAULT_TEMPLATES)) {
      for (const [paper, body] of Object.entries(papers)) {
        const { html, problems } = await preview(body, kind as PrintKind, paper as Paper);
        expect(problems, `${kind} ${paper}`).toEqual([]);
        expect(html.length, `${kind} ${paper}`).toBeGreaterThan(500);
      }
    }
  });
});
