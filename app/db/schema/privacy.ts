import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const DATA_DELETION_STATUSES = ["pending", "completed"] as const;
export type DataDeletionStatus = (typeof DATA_DELETION_STATUSES)[number];

/**
 * A customer's request to delete their account and personal data (LGPD
 * arts. 18 VI and 19): the owner must answer within 15 days (`due_on`). It
 * is carried out by the anonymiser (modules/privacy), which removes the
 * sign-in account (so `user_id` becomes null) and leaves `subject_label`
 * ("Cliente anonimizado nº 12"): the row itself holds no personal data.
 */
export const dataDeletionRequests = pgTable(
  "data_deletion_requests",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status").$type<DataDeletionStatus>().notNull().default("pending"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).defaultNow().notNull(),
    /** The shop's calendar day by which the request must be answered (15 days after it was made). */
    dueOn: date("due_on", { mode: "string" }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    completedByLabel: text("completed_by_label"),
    /** Who the request was about once carried out: the anonymised label, never a name. */
    subjectLabel: text("subject_label"),
    /** The customer records that were anonymised with it. */
    customerCount: integer("customer_count").notNull().default(0),
  },
  (table) => [
    index("data_deletion_requests_status_idx").on(table.status, table.dueOn),
    // One open request per account: asking twice shows the first one.
    uniqueIndex("data_deletion_requests_pending_user_idx")
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
  ],
);
