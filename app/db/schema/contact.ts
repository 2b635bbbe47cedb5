import { boolean, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Messages sent through /contato; also e-mailed to the shop. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    /** Created by the demo seed; "Apagar dados de demonstração" removes exactly these rows. */
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (table) => [index("contact_messages_created_idx").on(table.createdAt)],
);
