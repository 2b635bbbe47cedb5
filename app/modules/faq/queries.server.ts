import { asc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { faqEntries } from "~/db/schema/faq";

export type FaqEntry = Pick<typeof faqEntries.$inferSelect, "id" | "question" | "answer">;

export async function listPublishedFaq(): Promise<FaqEntry[]> {
  const db = await getDb();
  return db
    .select({ id: faqEntries.id, question: faqEntries.question, answer: faqEntries.answer })
    .from(faqEntries)
    .where(eq(faqEntries.isPublished, true))
    .orderBy(asc(faqEntries.position), asc(faqEntries.id));
}
