import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** Questions and answers of /perguntas, in display order. */
export const faqEntries = pgTable("faq_entries", {
  id: serial("id").primaryKey(),
  question: text("question").notNull(),
  /** Markdown, rendered with the blog's sanitiser; FAQPage data carries it as plain text. */
  answer: text("answer").notNull(),
  position: integer("position").notNull().default(0),
  isPublished: boolean("is_published").notNull().default(true),
  /** Created by the demo seed; "Apagar dados de demonstração" removes exactly these rows. */
  isDemo: boolean("is_demo").notNull().default(false),
});

/** The shop's own texts of the public site, in Markdown, by key ("story": /historia). */
export const SITE_TEXT_KEYS = ["story"] as const;
export type SiteTextKey = (typeof SITE_TEXT_KEYS)[number];

export const siteTexts = pgTable("site_texts", {
  key: text("key").$type<SiteTextKey>().primaryKey(),
  bodyMarkdown: text("body_markdown").notNull(),
  /** Created by the demo seed; "Apagar dados de demonstração" removes exactly these rows. */
  isDemo: boolean("is_demo").notNull().default(false),
  updatedByUserId: text("updated_by_user_id").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
});
