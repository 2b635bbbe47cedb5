import { describe, expect, it } from "vitest";
import { isMarkdownTooDeep, MAX_MARKDOWN_NESTING } from "./markdown-nesting";
import { renderMarkdown } from "./markdown.server";

/** Markdown nesting thousands of levels deep, each within a post's length limit: Marked overflowed its stack or ran for minutes. */
const BOMBS: [string, string][] = [
  ["nested quotes", `${">".repeat(5000)} x`],
  ["spaced nested quotes", `${"> ".repeat(5000)}x`],
  ["nested list markers", `${"- ".repeat(30_000)}x`],
  ["nested ordered list markers", `${"1. ".repeat(30_000)}x`],
  ["quotes of lists", `${"> - ".repeat(20_000)}x`],
  ["one long strong run", `${"**".repeat(20_000)}x${"**".repeat(20_000)}`],
  ["strong in strong", `${"**a ".repeat(20_000)}x${" b**".repeat(20_000)}`],
  ["strike-through in strike-through", `${"~~a ".repeat(20_000)}x${" b~~".repeat(20_000)}`],
];

describe("isMarkdownTooDeep", () => {
  it.each(BOMBS)("refuses %s", (_, source) => {
    expect(isMarkdownTooDeep(source)).toBe(true);
  });

  it.each([
    [
      "a post with quotes, lists and emphasis",
      "# Título\n\n> Uma citação com **negrito** e _itálico_.\n\n- item\n  - sub-item\n    1. número\n\nTexto com ***ênfase forte*** e [link](/contato) e snake_case e 2 * 3.",
    ],
    ["code with deep markers", "```\n" + "> ".repeat(100) + "\n```"],
    ["nesting at the limit", `${"> ".repeat(MAX_MARKDOWN_NESTING)}x`],
  ])("accepts %s", (_, source) => {
    expect(isMarkdownTooDeep(source)).toBe(false);
  });
});

describe("renderMarkdown on stored text nested too deep", () => {
  it.each(BOMBS)("shows %s as escaped text instead of failing", (_, source) => {
    const started = performance.now();
    const html = renderMarkdown(`<b>oi</b>\n${source}`);
    expect(html).toContain("&lt;b&gt;oi&lt;/b&gt;");
    expect(html).not.toContain("<blockquote>");
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
