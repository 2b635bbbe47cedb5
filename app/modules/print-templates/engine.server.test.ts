import { describe, expect, it } from "vitest";
import { formatCents } from "~/lib/money";
import { FILTER_NAMES, renderTemplate } from "./engine.server";

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
