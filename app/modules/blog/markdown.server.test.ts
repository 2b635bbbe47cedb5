import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders the usual Markdown, a level-1 heading as h2 (the page has its own h1)", () => {
    const html = renderMarkdown(
      "# Título\n\n### Seção\n\n**forte** e *ênfase*\n\n- um\n- dois\n\n| a | b |\n| - | - |\n| 1 | 2 |",
    );
    expect(html).toContain("<h2>Título</h2>");
    expect(html).toContain("<h3>Seção</h3>");
    expect(html).toContain("<strong>forte</strong>");
    expect(html).toContain("<li>um</li>");
    expect(html).toContain("<table>");
  });

  it("shows raw HTML as text, block or inline", () => {
    const html = renderMarkdown('<script>alert("x")</script>\n\nantes <img src=x onerror="alert(1)"> depois');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("neutralises links and images that would run code", () => {
    const html = renderMarkdown("[clique](javascript:alert(1)) ![x](data:text/html;base64,AAAA) [ok](https://exemplo.com.br/a)");
    expect(html).not.toMatch(/javascript:|data:text/i);
    expect(html).toContain('href="https://exemplo.com.br/a"');
  });

  it("keeps links to this site and e-mail addresses", () => {
    const html = renderMarkdown("[contato](/contato) [e-mail](mailto:oi@exemplo.com.br)");
    expect(html).toContain('href="/contato"');
    expect(html).toContain('href="mailto:oi@exemplo.com.br"');
  });
});
