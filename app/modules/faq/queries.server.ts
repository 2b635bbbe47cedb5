import { asc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { faqEntries, siteTexts } from "~/db/schema/faq";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { renderMarkdown } from "~/modules/blog/markdown.server";
import { markdownToPlainText } from "./markdown-text.server";

/** A published question with its answer rendered: HTML for the page, plain text for the FAQPage data. */
export type FaqEntry = { id: number; question: string; answerHtml: string; answerText: string };

export async function listPublishedFaq(): Promise<FaqEntry[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: faqEntries.id, question: faqEntries.question, answer: faqEntries.answer })
    .from(faqEntries)
    .where(eq(faqEntries.isPublished, true))
    .orderBy(asc(faqEntries.position), asc(faqEntries.id));
  return rows.map((row) => ({
    id: row.id,
    question: row.question,
    answerHtml: renderMarkdown(row.answer),
    answerText: markdownToPlainText(row.answer),
  }));
}

export type StaffFaqEntry = typeof faqEntries.$inferSelect;

/** Every question, hidden ones too, in display order. */
export async function listFaqForStaff(actor: Actor): Promise<StaffFaqEntry[]> {
  assertStaffActor(actor);
  const db = await getDb();
  return db.select().from(faqEntries).orderBy(asc(faqEntries.position), asc(faqEntries.id));
}

/** The shop's story (/historia) as written, or null when the shop has none. */
export async function getStoryMarkdown(): Promise<{ bodyMarkdown: string; isDemo: boolean; updatedAt: Date } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ bodyMarkdown: siteTexts.bodyMarkdown, isDemo: siteTexts.isDemo, updatedAt: siteTexts.updatedAt })
    .from(siteTexts)
    .where(eq(siteTexts.key, "story"));
  return row ?? null;
}

/** The story rendered for /historia, or null. */
export async function getStoryHtml(): Promise<string | null> {
  const story = await getStoryMarkdown();
  return story ? renderMarkdown(story.bodyMarkdown) : null;
}
