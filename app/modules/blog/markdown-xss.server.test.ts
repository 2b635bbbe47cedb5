import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

/**
 * Known XSS payloads (after OWASP's filter evasion cheat sheet), as a post,
 * a review or an FAQ answer could carry them. The output's tags are read as
 * a browser would read them, and judged on what the browser would build: no
 * element that runs code, no event handler, no link or image whose URL
 * (after the browser's own decoding) has a scheme other than http(s),
 * mailto or tel.
 */
const PAYLOADS: Record<string, string> = {
  "script tag": "<script>alert(1)</script>",
  "script tag, mixed case": "<ScRiPt>alert(1)</sCrIpT>",
  "script split by a NUL": "<scr\u0000ipt>alert(1)</script>",
  "img onerror": '<img src=x onerror="alert(1)">',
  "img onerror without quotes": "<img src=x onerror=alert(1)//>",
  "body onload": "<body onload=alert(1)>",
  "svg onload": "<svg onload=alert(1)>",
  "svg with script": '<svg><script xlink:href="data:,alert(1)"></script></svg>',
  "math/xlink": '<math><a xlink:href="javascript:alert(1)">x</a></math>',
  iframe: '<iframe src="javascript:alert(1)"></iframe>',
  "iframe srcdoc": '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  "object data": '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
  embed: '<embed src="javascript:alert(1)">',
  "style expression": '<div style="width: expression(alert(1))">x</div>',
  "style tag": "<style>@import 'javascript:alert(1)';</style>",
  "meta refresh": '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  "form action": '<form action="javascript:alert(1)"><button>ok</button></form>',
  "details ontoggle": "<details open ontoggle=alert(1)>",
  "inline HTML in a paragraph": 'texto <a href="javascript:alert(1)" onclick="alert(1)">clique</a> fim',
  "markdown link javascript:": "[clique](javascript:alert(1))",
  "markdown link mixed case": "[clique](JaVaScRiPt:alert(1))",
  "markdown link with leading spaces": "[clique](<  javascript:alert(1)>)",
  "markdown link entity-encoded": "[clique](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))",
  "markdown link hex entities": "[clique](&#x6A;avascript&#x3A;alert(1))",
  "markdown link named entity colon": "[clique](javascript&colon;alert(1))",
  "markdown link tab-split": "[clique](java\tscript:alert(1))",
  "markdown link newline entity split": "[clique](java&#10;script:alert(1))",
  "markdown link tab entity split": "[clique](java&#09;script:alert(1))",
  "markdown link percent-encoded": "[clique](javascript%3Aalert(1))",
  "markdown link vbscript": "[clique](vbscript:msgbox(1))",
  "markdown link data:text/html": "[clique](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "markdown image data:svg": "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  "markdown image javascript:": "![x](javascript:alert(1))",
  "markdown link with a title breaking out": '[x](https://exemplo.com.br "a\\" onmouseover=\\"alert(1)")',
  "markdown image alt breaking out": '![a" onerror="alert(1)](https://exemplo.com.br/x.png)',
  "autolink javascript:": "<javascript:alert(1)>",
  "autolink JaVaScRiPt:": "<JaVaScRiPt:alert(1)>",
  "autolink data:": "<data:text/html,<script>alert(1)</script>>",
  "reference link javascript:": "[clique][r]\n\n[r]: javascript:alert(1)",
  "reference link entity-encoded": "[clique][r]\n\n[r]: &#106;avascript:alert(1)",
  "reference image data:": "![x][r]\n\n[r]: data:image/svg+xml,<svg/onload=alert(1)>",
  "HTML in a heading": "## Título <img src=x onerror=alert(1)>",
  "HTML in a table cell": "| a | b |\n| - | - |\n| <script>alert(1)</script> | <svg onload=alert(1)> |",
  "HTML in a list": "- <iframe src=javascript:alert(1)>",
  "HTML in a blockquote": "> <img src=x onerror=alert(1)>",
  "HTML comment hiding a script": "<!-- --><script>alert(1)</script><!-- -->",
  CDATA: "<![CDATA[<script>alert(1)</script>]]>",
  "code span keeps text": "`<script>alert(1)</script>`",
  "fenced code keeps text": "```html\n<script>alert(1)</script>\n```",
  "protocol-relative link": "[x](//evil.example/x)",
  "protocol-relative with a backslash": "[x](/\\evil.example/x)",
  "base tag": '<base href="javascript:alert(1)//">',
  "link rel import": '<link rel="import" href="data:text/html,<script>alert(1)</script>">',
  "a with formaction button": '<button formaction="javascript:alert(1)">x</button>',
  "unclosed tag across lines": "<img src=x\nonerror=alert(1)\n>",
  "entity-encoded tag": "&lt;script&gt;alert(1)&lt;/script&gt;",
};

const FORBIDDEN_ELEMENTS = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "svg",
  "math",
  "form",
  "button",
  "input",
  "textarea",
  "select",
  "meta",
  "link",
  "base",
  "body",
  "html",
  "details",
]);

const URL_ATTRIBUTES = new Set(["href", "src", "xlink:href", "action", "formaction", "srcset", "data", "poster", "background"]);
const ALLOWED_SCHEME = /^(https?|mailto|tel):/i;

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  tab: "\t",
  newline: "\n",
  lpar: "(",
  rpar: ")",
  sol: "/",
  period: ".",
};

/** Character references as the browser decodes them in an attribute ("&#106;" → "j", "&colon;" → ":"). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A URL's scheme as the browser reads it: control characters and whitespace dropped, so "java\tscript:" is "javascript:". */
function schemeOf(url: string): string | null {
  // oxlint-disable-next-line no-control-regex -- the control characters a browser drops from a URL are the point.
  const cleaned = url.replace(/[\u0000-\u0020\u007f]/g, "");
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  return match ? match[1]!.toLowerCase() : null;
}

function schemeless(url: string) {
  // oxlint-disable-next-line no-control-regex -- the control characters a browser drops from a URL are the point.
  return url.replace(/[\u0000-\u0020]/g, "");
}

/**
 * Every start tag of the output with its attributes, read the way the HTML
 * tokenizer reads them. The renderer escapes every "<" of text, so any "<"
 * followed by a letter is a tag the browser would build: none is missed by
 * reading them this way.
 */
function tagsOf(html: string): { name: string; attributes: { name: string; value: string }[] }[] {
  const tags: { name: string; attributes: { name: string; value: string }[] }[] = [];
  const tagPattern = /<([a-z][^\s/>]*)/gi;
  for (let match = tagPattern.exec(html); match; match = tagPattern.exec(html)) {
    let index = match.index + match[0].length;
    const attributes: { name: string; value: string }[] = [];
    while (index < html.length && html[index] !== ">") {
      const attribute = /^[\s/]*([^\s/>=][^\s/>=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/.exec(html.slice(index));
      if (!attribute || attribute[0].length === 0) {
        index++;
        continue;
      }
      if (attribute[1])
        attributes.push({
          name: attribute[1].toLowerCase(),
          value: decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? ""),
        });
      index += attribute[0].length;
    }
    tags.push({ name: match[1]!.toLowerCase(), attributes });
    tagPattern.lastIndex = index;
  }
  return tags;
}

function problemsOf(html: string): string[] {
  const problems: string[] = [];
  for (const tag of tagsOf(html)) {
    if (FORBIDDEN_ELEMENTS.has(tag.name)) problems.push(`<${tag.name}>`);
    for (const { name, value } of tag.attributes) {
      if (name.startsWith("on")) problems.push(`${tag.name}[${name}]`);
      if (name === "style") problems.push(`${tag.name}[style]`);
      if (URL_ATTRIBUTES.has(name)) {
        const scheme = schemeOf(value);
        const isOffSite = /^[\\/]{2}/.test(schemeless(value));
        if ((scheme !== null && !ALLOWED_SCHEME.test(`${scheme}:`)) || isOffSite) problems.push(`${tag.name}[${name}=${value}]`);
      }
    }
  }
  return problems;
}

describe("renderMarkdown against known XSS payloads", () => {
  it.each(Object.entries(PAYLOADS))("%s", (_name, payload) => {
    const html = renderMarkdown(payload);
    expect(problemsOf(html), html).toEqual([]);
  });

  it("the judge itself sees each kind of problem (so an empty list means something)", () => {
    expect(problemsOf('<script></script><img src=x onerror=a><a href="java\tscript:x">x</a><p style="x">y</p>')).toEqual([
      "<script>",
      "img[onerror]",
      "a[href=java\tscript:x]",
      "p[style]",
    ]);
  });

  it("what a payload said is still there, as text a reader can see", () => {
    expect(renderMarkdown("<script>alert(1)</script>")).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(renderMarkdown("## Título <b>x</b>")).toContain("<h2>Título &lt;b&gt;x&lt;/b&gt;</h2>");
  });

  it("ordinary links and images survive", () => {
    const html = renderMarkdown(
      "[site](https://exemplo.com.br/a?b=1&c=2) <https://exemplo.com.br> [tel](tel:+5511999999999) ![foto](/arquivos/x.webp)",
    );
    expect(html).toContain('href="https://exemplo.com.br/a?b=1&amp;c=2"');
    expect(html).toContain('href="https://exemplo.com.br"');
    expect(html).toContain('href="tel:+5511999999999"');
    expect(html).toContain('src="/arquivos/x.webp"');
  });
});
