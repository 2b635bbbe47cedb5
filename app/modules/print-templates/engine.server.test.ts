import { describe, expect, it } from "vitest";
import { formatCents } from "~/lib/money";
import { FILTER_NAMES, renderDocumentTemplate, renderTemplate } from "./engine.server";

describe("the print template engine", () => {
  it("escapes every value it prints", async () => {
    const html = await renderTemplate("<p>{{ nome }}</p>", { nome: `<img src=x onerror="alert(1)"> & 'aspas'` });
    expect(html).toBe("<p>&lt;img src=x onerror=&#34;alert(1)&#34;&gt; &amp; &#39;aspas&#39;</p>");
  });

  it("formats money, São Paulo dates, CPF/CNPJ and phones, and leaves blanks blank", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["{{ v | moeda }}", { v: 123456 }, formatCents(123456)],
      ["{{ v | moeda }}", { v: -1000 }, `− ${formatCents(1000)}`],
      ["{{ v | moeda }}", { v: 0 }, formatCents(0)],
      ["{{ v | data }}", { v: "2027-02-18" }, "18/02/2027"],
      // 01:30 UTC on the 21st is still the 20th in São Paulo.
      ["{{ v | data }}", { v: "2026-11-21T01:30:00.000Z" }, "20/11/2026"],
      ["{{ v | data_hora }}", { v: "2026-11-20T22:30:00.000Z" }, "20/11/2026, 19:30"],
      ["{{ v | cpf_cnpj }}", { v: "12345678909" }, "123.456.789-09"],
      ["{{ v | cpf_cnpj }}", { v: "12ABC34501DE35" }, "12.ABC.345/01DE-35"],
      ["{{ v | telefone }}", { v: "11987654321" }, "(11) 98765-4321"],
      [
        "[{{ v | moeda }}{{ v | data }}{{ v | data_hora }}{{ v | cpf_cnpj }}{{ v | telefone }}{{ v | qrcode }}]",
        { v: null },
        "[]",
      ],
    ];
    for (const [source, data, expected] of cases) expect(await renderTemplate(source, data), source).toBe(expected);
    expect(FILTER_NAMES.sort()).toEqual(["cpf_cnpj", "data", "data_hora", "moeda", "qrcode", "telefone"]);
  });

  it("draws a QR code as an SVG image address", async () => {
    const html = await renderTemplate('<img src="{{ url | qrcode }}">', {
      url: "https://loja.example/consultar?codigo=K7QX3MRA",
    });
    const base64 = /^<img src="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)">$/.exec(html)?.[1];
    expect(base64).toBeDefined();
    expect(Buffer.from(base64!, "base64").toString()).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
  });

  it("treats an empty text as false in a condition", async () => {
    expect(await renderTemplate("{% if v %}sim{% else %}não{% endif %}", { v: "" })).toBe("não");
  });

  it("reads no file, no prototype and no filter it does not know", async () => {
    await expect(renderTemplate('{% render "/etc/passwd" %}', {})).rejects.toThrow(/Failed to lookup/);
    await expect(renderTemplate('{% include "../../package.json" %}', {})).rejects.toThrow(/Failed to lookup/);
    await expect(renderTemplate('{% layout "partials" %}', {})).rejects.toThrow(/Failed to lookup/);
    expect(await renderTemplate("[{{ os.constructor }}{{ os.__proto__ }}{{ os.toString }}]", { os: { numero: 1 } })).toBe("[]");
    await expect(renderTemplate("{{ v | shell }}", { v: "ls" })).rejects.toThrow(/undefined filter: shell/);
  });

  it("stops a template that would run away", async () => {
    await expect(renderTemplate("{% for i in (1..100000000) %}{{ i }}{% endfor %}", {})).rejects.toThrow(/limit/i);
  });
});

describe("locked clauses", () => {
  const CONTRACT = { contrato: { preco_a_vista: 100000, multa: "2%", juros_mora: "1%", validade_oferta: "2026-11-30" } };

  it("fills a placed clause with its own text and the document's data, whatever the template assigned", async () => {
    const source =
      '<h1>Contrato</h1>{% assign contrato = "nada" %}{% clausula "crediario_condicoes" %}<p>fim</p>{% clausula "crediario_atraso_antecipacao" %}';
    const { html, missingClauses } = await renderDocumentTemplate("credit-contract", source, CONTRACT);
    expect(missingClauses).toEqual([]);
    expect(html).toMatch(/^<h1>Contrato<\/h1><div class="clausula" data-clausula="crediario_condicoes">/);
    expect(html).toContain("Condições (CDC, arts. 52 e 54-B)");
    expect(html).toContain("R$\u00a01.000,00");
    expect(html).toContain("multa de 2% (no máximo 2%, CDC art. 52, § 1º)");
  });

  it("appends a required clause the template left out, hid behind a false condition, in a tag or in a comment", async () => {
    const hidden = [
      "<p>Termo</p>",
      '{% if false %}{% clausula "garantia_legal" %}{% endif %}',
      '<img alt="{% clausula "garantia_legal" %}">',
      '<!-- {% clausula "garantia_legal" %} -->',
    ];
    for (const source of hidden) {
      const { html, missingClauses } = await renderDocumentTemplate("warranty-term", source, {});
      expect(missingClauses, source).toEqual(["garantia_legal"]);
      expect(html, source).toMatch(
        /<div class="clausula" data-clausula="garantia_legal"><section>\s*<h2>Garantia legal<\/h2>[\s\S]*<\/div>$/,
      );
    }
  });

  it("cannot be forged: the placeholder is random, so typing one prints it as text", async () => {
    const { html, missingClauses } = await renderDocumentTemplate(
      "service-order-entry",
      "<p>\u2063clausula-0000:validade_orcamento\u2063</p>",
      {},
    );
    expect(missingClauses).toEqual(["validade_orcamento"]);
    expect(html).toContain("art. 40, § 1º");
  });

  it("refuses an unknown clause with the line it is on", async () => {
    await expect(renderTemplate('<p>a</p>\n\n{% clausula "sem_garantia" %}', {})).rejects.toThrow(
      /cláusula desconhecida: "sem_garantia", line:3/,
    );
  });
});
