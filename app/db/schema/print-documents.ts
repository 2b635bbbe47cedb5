import { index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * The shop's own version of a printed document's template, for one kind and
 * one paper the templates are written for ("a4", "80mm"). A kind and paper
 * with no row prints from the default shipped with the code
 * (modules/print-templates/defaults), so a new default reaches every shop
 * that did not change it; deleting the row restores the default (decision 0009).
 */
export const printTemplates = pgTable(
  "print_templates",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    paper: text("paper").notNull(),
    /** LiquidJS source. */
    body: text("body").notNull(),
    updatedByUserId: text("updated_by_user_id").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [uniqueIndex("print_templates_kind_paper_idx").on(table.kind, table.paper)],
);

/**
 * A document with legal weight as it was issued (a delivery receipt with its
 * warranty, later warranty terms and credit contracts): the data it was
 * rendered from and the HTML for each template paper, so a reprint shows
 * exactly what was signed, whatever changed since in the order, the shop's
 * details or the templates. Never updated.
 */
export const issuedDocuments = pgTable(
  "issued_documents",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    /** What the document is about, as "<entity>:<id>", as the audit log names it ("service_order:42"). */
    subject: text("subject").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** Rendered HTML per template paper ({ a4, "80mm" }). */
    bodies: jsonb("bodies").$type<Record<string, string>>().notNull(),
    issuedByUserId: text("issued_by_user_id").references(() => user.id, { onDelete: "set null" }),
    issuedByLabel: text("issued_by_label").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex("issued_documents_kind_subject_idx").on(table.kind, table.subject),
    index("issued_documents_issued_at_idx").on(table.issuedAt),
  ],
);
