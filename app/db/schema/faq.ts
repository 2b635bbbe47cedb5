import { boolean, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

/** Questions and answers of /perguntas, in display order. */
export const faqEntries = pgTable("faq_entries", {
  id: serial("id").primaryKey(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  position: integer("position").notNull().default(0),
  isPublished: boolean("is_published").notNull().default(true),
  /** Created by the demo seed; "Apagar dados de demonstração" removes exactly these rows. */
  isDemo: boolean("is_demo").notNull().default(false),
});
