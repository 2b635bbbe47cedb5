import { describe, expect, it } from "vitest";
import { renderRssFeed } from "./rss";
import { slugFromTitle } from "./slug";
import { FaqEntrySchema, StorySchema } from "~/modules/faq/validation";
import { MARKDOWN_NESTING_MESSAGE } from "./markdown-nesting";
import { formValuesOfPost, parseTags, PostSchema } from "./validation";

function slugOf(slug: string) {
  return PostSchema.safeParse({ title: "T", slug });
}

describe("post fields", () => {
  it("tags: trimmed, blank ones dropped, repeats once whatever the case", () => {
    expect(parseTags(" Bateria, dicas ,,bateria,  Dicas  , tela  trincada ")).toEqual(["Bateria", "dicas", "tela trincada"]);
  });

  it("slug: lower case accepted as typed in capitals, refused with accents, spaces or digits only", () => {
    expect(slugOf("Troca-De-Tela").data?.slug).toBe("troca-de-tela");
    for (const slug of ["troca de tela", "ção", "-a", "a--b", "a.xml", "2026"]) expect(slugOf(slug).success, slug).toBe(false);
  });

  it("a slug from the title: accents folded, punctuation dropped, never empty nor digits only", () => {
    expect(slugFromTitle("Troca de tela: quanto custa?")).toBe("troca-de-tela-quanto-custa");
    expect(slugFromTitle("Película & capinha — ação!")).toBe("pelicula-capinha-acao");
    expect(slugFromTitle("日本語")).toBe("post");
    expect(slugFromTitle("2026")).toBe("post-2026");
  });

  it("a body, the story or an FAQ answer nested thousands of levels deep is refused with a message", () => {
    const bomb = `${"> ".repeat(5000)}x`;
    const post = PostSchema.safeParse({ title: "T", bodyMarkdown: bomb });
    expect(post.error?.issues[0]?.message).toBe(MARKDOWN_NESTING_MESSAGE);
    expect(StorySchema.safeParse({ bodyMarkdown: bomb }).error?.issues[0]?.message).toBe(MARKDOWN_NESTING_MESSAGE);
    const answer = FaqEntrySchema.safeParse({ question: "P?", answer: `${"- ".repeat(2000)}x` });
    expect(answer.error?.issues[0]?.message).toBe(MARKDOWN_NESTING_MESSAGE);
  });

  it("a long title's slug stops after a whole word, never inside one", () => {
    const slug = slugFromTitle(
      "Película, capinha ou carregador original: o guia definitivo e completo de como escolher acessórios",
    );
    expect(slug).toBe("pelicula-capinha-ou-carregador-original-o-guia-definitivo-e-completo-de-como");
  });

  it("the body keeps its text, with the browser's CRLF stored as LF", () => {
    expect(PostSchema.parse({ title: "T", bodyMarkdown: "a\r\nb\rc" }).bodyMarkdown).toBe("a\nb\nc");
  });
});

describe("renderRssFeed", () => {
  it("escapes text, drops characters XML forbids and dates items in RFC 822", () => {
    const xml = renderRssFeed({
      origin: "https://loja.example",
      shopName: "Loja & Cia <Teste>",
      posts: [
        {
          id: 7,
          slug: "a-b",
          title: 'Dica "boa" <script>\u0007',
          excerpt: "Resumo & mais",
          tags: ["tela"],
          publishedAt: new Date("2026-11-20T15:00:00Z"),
          authorName: "",
        },
      ],
    });
    expect(xml).toContain("<title>Blog &#38; Dicas — Loja &#38; Cia &#60;Teste&#62;</title>");
    expect(xml).toContain("<title>Dica &#34;boa&#34; &#60;script&#62;</title>");
    expect(xml).toContain("<pubDate>Fri, 20 Nov 2026 15:00:00 GMT</pubDate>");
    expect(xml).toContain("<link>https://loja.example/blog/a-b</link>");
    expect(xml).toContain('<guid isPermaLink="true">https://loja.example/blog/7</guid>');
    expect(xml).not.toContain("\u0007");
  });
});

describe("formValuesOfPost", () => {
  const post = {
    title: "T",
    slug: "t",
    excerpt: "",
    bodyMarkdown: "",
    coverAlt: "",
    tags: ["a", "b"],
    seoTitle: "",
    seoDescription: "",
    status: "scheduled" as const,
    publishedAt: new Date("2026-11-20T17:30:00Z"),
  };

  it("a scheduled post shows its time on the shop's clock", () => {
    expect(formValuesOfPost(post, new Date("2026-11-20T15:00:00Z"))).toMatchObject({
      status: "scheduled",
      publishAt: "2026-11-20T14:30",
      tags: "a, b",
    });
  });

  it("a scheduled post whose time has come is edited as published (saving it as scheduled in the past would be refused)", () => {
    expect(formValuesOfPost(post, new Date("2026-11-20T17:31:00Z"))).toMatchObject({ status: "published", publishAt: "" });
  });
});
