import { describe, expect, it } from "vitest";
import { toUploadedImage } from "~/lib/uploads/uploaded-image";
import { outsideImagesMessage, outsideImageUrls, renderMarkdown, uploadIdsInMarkdown } from "./markdown.server";

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

const UPLOAD_ID = "0123456789abcdef0123456789abcdef";

describe("images in the text", () => {
  it("never draws an image of another site (the CSP would block it): a link to it instead", () => {
    for (const url of [
      "https://exemplo.com.br/foto.jpg",
      "//exemplo.com.br/foto.jpg",
      "/\\exemplo.com.br/foto.jpg",
      "http://x.y/a.png",
    ]) {
      const html = renderMarkdown(`Antes ![Placa oxidada](${url}) depois`);
      expect(html, url).not.toContain("<img");
      expect(html, url).toContain("Placa oxidada");
    }
  });

  it("draws this site's files, an upload with its sizes when the page knows them", () => {
    const src = `/arquivos/${UPLOAD_ID}-960.webp`;
    expect(renderMarkdown(`![Placa](${src})`)).toContain(`<img src="${src}" alt="Placa" loading="lazy" decoding="async">`);
    const image = toUploadedImage(UPLOAD_ID, "blog-image", [
      { format: "webp", width: 480, height: 320 },
      { format: "webp", width: 960, height: 640 },
      { format: "jpeg", width: 960, height: 640 },
    ]);
    const html = renderMarkdown(`![Placa](${src})`, new Map([[UPLOAD_ID, image]]));
    expect(html).toContain(`srcset="/arquivos/${UPLOAD_ID}-480.webp 480w, ${src} 960w"`);
    expect(html).toContain('width="960" height="640"');
    expect(renderMarkdown("![Logo](/images/logo.png)")).toContain('<img src="/images/logo.png" alt="Logo"');
  });

  it("lists the images a save must refuse, and the uploads a page must size", () => {
    const text = `![a](https://exemplo.com.br/a.jpg) ![b](/arquivos/${UPLOAD_ID}-960.webp) ![c](//cdn.example/c.png) [link](https://ok.example)`;
    expect(outsideImageUrls(text)).toEqual(["https://exemplo.com.br/a.jpg", "//cdn.example/c.png"]);
    expect(uploadIdsInMarkdown(text)).toEqual([UPLOAD_ID]);
    expect(outsideImagesMessage(outsideImageUrls(text), "Envie por aqui.")).toBe(
      "Imagens de outros sites não aparecem aqui (a segurança do site as bloqueia): https://exemplo.com.br/a.jpg (e mais 1). Envie por aqui.",
    );
  });
});
