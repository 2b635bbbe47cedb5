import type { faqEntries } from "~/db/schema/faq";

/** The FAQ of a fresh database (issue 3 fills this in). */
export const DEMO_FAQ: (typeof faqEntries.$inferInsert)[] = [];
