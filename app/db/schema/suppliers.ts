import { sql } from "drizzle-orm";
import { boolean, index, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { folded } from "../search-fold";

/**
 * Who the shop buys from (issue 23): chosen at a stock entry and on a bill,
 * so purchases and bills (and later warranty claims) list by supplier.
 * `document` is a CPF or CNPJ normalised as customers' are, or "" when not
 * known; `whatsapp` is digits.
 */
export const suppliers = pgTable(
  "suppliers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    document: text("document").notNull().default(""),
    contactName: text("contact_name").notNull().default(""),
    whatsapp: text("whatsapp").notNull().default(""),
    email: text("email").notNull().default(""),
    notes: text("notes").notNull().default(""),
    /** Created by the demo seed (named on its part lines); removed with the demo unless the shop's own records name it. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex("suppliers_name_idx").on(sql`lower(${table.name})`),
    uniqueIndex("suppliers_document_idx")
      .on(table.document)
      .where(sql`${table.document} <> ''`),
    // Accents and case folded (app/db/search-fold.ts): "sao" finds "São".
    index("suppliers_name_folded_trgm_idx").using("gin", sql`${folded(table.name)} gin_trgm_ops`),
  ],
);
