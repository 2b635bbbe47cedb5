import { z } from "zod";
import { BLOG_POST_STATUSES, type BlogPostStatus } from "~/db/schema/blog";
import type { blogPosts } from "~/db/schema/blog";
import { toShopDateTimeInput } from "~/lib/dates";
import { optionalText, requiredText, tooLongMessage } from "~/lib/forms";
import { isMarkdownTooDeep, MARKDOWN_NESTING_MESSAGE } from "./markdown-nesting";

/**
 * What the post editor sends, checked the same way by the form and the
 * server. Limits are shared by the schema and the inputs (`fieldProps`).
 */
export const BLOG_POST_LIMITS = {
  title: 160,
  slug: 80,
  excerpt: 300,
  bodyMarkdown: 100_000,
  coverAlt: 200,
  /** The description of an image inserted into the text ("Inserir imagem no texto"). */
  bodyImageAlt: 200,
  tags: 300,
  seoTitle: 70,
  seoDescription: 160,
  publishAt: 20,
} as const;

/** At most this many tags a post, each this long: chips on a card, not a keyword list. */
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 30;

export const POST_STATUS_LABELS: Record<BlogPostStatus, string> = {
  draft: "Rascunho",
  scheduled: "Agendado",
  published: "Publicado",
};

export type PostFormValues = Partial<Record<keyof typeof BLOG_POST_LIMITS | "status", string>>;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_FORMAT_MESSAGE = "Use só letras minúsculas sem acento, números e hífens, como troca-de-tela.";
/** /blog/{id} also takes a post's number: a slug of digits only would name two posts. */
export const SLUG_DIGITS_MESSAGE = "O endereço precisa ter pelo menos uma letra.";
export const SLUG_TAKEN_MESSAGE = "Outro post já usa este endereço. Escolha outro.";
export const PUBLISH_AT_MESSAGE = "Informe a data e a hora da publicação (horário de Brasília).";
export const PUBLISH_AT_PAST_MESSAGE = "Escolha um horário no futuro. Para publicar agora, escolha “Publicado”.";
export const COVER_ALT_MESSAGE = "Descreva a imagem de capa para quem não pode vê-la.";

/** The file input of an image sent into the text; its description is `bodyImageAlt`. */
export const BODY_IMAGE_FIELD = "bodyImage";
export const BODY_IMAGE_MISSING_MESSAGE = "Escolha a imagem que vai no texto.";
export const BODY_IMAGE_ALT_MESSAGE = "Descreva a imagem para quem não pode vê-la.";
/** What the staff do instead of pointing at another site's image. */
export const OUTSIDE_IMAGE_REMEDY = "Baixe a imagem e envie por “Inserir imagem no texto”, que a guarda no próprio site.";

/** "Bateria, dicas , bateria" → ["Bateria", "dicas"]: trimmed, blank ones dropped, repeats (any case) once. */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(",")) {
    const tag = raw.trim().replace(/\s+/g, " ");
    if (tag === "" || seen.has(tag.toLocaleLowerCase("pt-BR"))) continue;
    seen.add(tag.toLocaleLowerCase("pt-BR"));
    tags.push(tag);
  }
  return tags;
}

export const PostSchema = z
  .object({
    title: requiredText("o título", { max: BLOG_POST_LIMITS.title }),
    slug: optionalText(BLOG_POST_LIMITS.slug)
      .transform((slug) => slug.toLowerCase())
      .refine((slug) => slug === "" || SLUG_PATTERN.test(slug), SLUG_FORMAT_MESSAGE)
      .refine((slug) => slug === "" || !/^\d+$/.test(slug), SLUG_DIGITS_MESSAGE),
    excerpt: optionalText(BLOG_POST_LIMITS.excerpt),
    bodyMarkdown: z
      .string({ error: "Use apenas texto neste campo." })
      .max(BLOG_POST_LIMITS.bodyMarkdown, tooLongMessage(BLOG_POST_LIMITS.bodyMarkdown))
      .refine((text) => !text.includes("\u0000"), "O texto tem um caractere inválido.")
      .refine((text) => !isMarkdownTooDeep(text), MARKDOWN_NESTING_MESSAGE)
      .default("")
      // Browsers post CRLF; stored as LF so the diff of two saves is the text's own.
      .transform((text) => text.replace(/\r\n?/g, "\n")),
    coverAlt: optionalText(BLOG_POST_LIMITS.coverAlt),
    tags: optionalText(BLOG_POST_LIMITS.tags)
      .transform(parseTags)
      .refine((tags) => tags.length <= MAX_TAGS, `Use no máximo ${MAX_TAGS} assuntos.`)
      .refine(
        (tags) => tags.every((tag) => tag.length <= MAX_TAG_LENGTH),
        `Cada assunto pode ter até ${MAX_TAG_LENGTH} caracteres.`,
      ),
    seoTitle: optionalText(BLOG_POST_LIMITS.seoTitle),
    seoDescription: optionalText(BLOG_POST_LIMITS.seoDescription),
    status: z.enum(BLOG_POST_STATUSES, { error: "Escolha a situação do post." }).default("draft"),
    publishAt: optionalText(BLOG_POST_LIMITS.publishAt),
  })
  .superRefine((post, context) => {
    if (post.status === "scheduled" && post.publishAt === "")
      context.addIssue({ code: "custom", path: ["publishAt"], message: PUBLISH_AT_MESSAGE });
  });

export type PostInput = z.output<typeof PostSchema>;

/** The form's values from a posted form (files left out). */
export function postFormValues(form: FormData): PostFormValues {
  const values: PostFormValues = {};
  for (const name of [...Object.keys(BLOG_POST_LIMITS), "status"] as (keyof PostFormValues)[]) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

type EditablePost = Pick<
  typeof blogPosts.$inferSelect,
  "title" | "slug" | "excerpt" | "bodyMarkdown" | "coverAlt" | "tags" | "seoTitle" | "seoDescription" | "status" | "publishedAt"
>;

/**
 * A stored post as the editor's fields. A scheduled post whose time has
 * come is public already (the timer flips it within a minute): it is edited
 * as published, since saving it as scheduled in the past would be refused.
 */
export function formValuesOfPost(post: EditablePost, now: Date): PostFormValues {
  const isWaiting = post.status === "scheduled" && post.publishedAt !== null && post.publishedAt.getTime() > now.getTime();
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    bodyMarkdown: post.bodyMarkdown,
    coverAlt: post.coverAlt,
    tags: post.tags.join(", "),
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    status: post.status === "scheduled" && !isWaiting ? "published" : post.status,
    publishAt: isWaiting && post.publishedAt ? toShopDateTimeInput(post.publishedAt) : "",
  };
}
