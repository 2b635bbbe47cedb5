import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** Margins of a printed page, in millimetres. */
export type PrintMargins = { top: number; right: number; bottom: number; left: number };

/**
 * The shop's own templates of a printed document: any number per kind and
 * paper ("a4", "80mm", "58mm", "label"), one of them the default that
 * printing uses. A kind and paper with no default row prints from the
 * template shipped with the code (modules/print-templates/defaults), so a new
 * default reaches every shop that did not change it; "restaurar o padrão"
 * drops the shop's default (decision 0009).
 */
export const printTemplates = pgTable(
  "print_templates",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    paper: text("paper").notNull(),
    name: text("name").notNull().default(""),
    /** LiquidJS source. */
    body: text("body").notNull(),
    /** Null: the paper's usual margins. */
    margins: jsonb("margins").$type<PrintMargins>(),
    isDefault: boolean("is_default").notNull().default(false),
    updatedByUserId: text("updated_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex("print_templates_default_idx")
      .on(table.kind, table.paper)
      .where(sql`${table.isDefault}`),
    index("print_templates_kind_idx").on(table.kind, table.paper, table.name),
  ],
);

/** A template as a document was issued with: its source and its margins (null: the paper's usual). */
export type IssuedTemplate = { body: string; margins: PrintMargins | null };

/**
 * A document with legal weight as it was issued (a delivery receipt with its
 * warranty, later warranty terms and credit contracts): the data and the
 * templates of each paper, stored in the transaction of the act, and the
 * HTML for each paper, rendered from them once it commits (or at the first
 * print), so a reprint shows exactly what was signed, whatever changed since
 * in the order, the shop's details or the templates. Only a paper's missing
 * HTML is ever written, once.
 */
export const issuedDocuments = pgTable(
  "issued_documents",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    /** What the document is about, as "<entity>:<id>", as the audit log names it ("service_order:42"). */
    subject: text("subject").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** The templates per paper at the moment of issue ({ a4: { body, margins }, … }); empty for one issued before they were kept. */
    templates: jsonb("templates").$type<Record<string, IssuedTemplate>>().notNull().default({}),
    /** Rendered HTML per template paper ({ a4, "80mm" }), filled from `data` and `templates` after the act's commit. */
    bodies: jsonb("bodies").$type<Record<string, string>>().notNull().default({}),
    issuedByUserId: text("issued_by_user_id").references(() => user.id, { onDelete: "set null" }),
    issuedByLabel: text("issued_by_label").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex("issued_documents_kind_subject_idx").on(table.kind, table.subject),
    index("issued_documents_issued_at_idx").on(table.issuedAt),
  ],
);
