import { index, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Who did what and when; written in the same transaction as the change. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorUserId: text("actor_user_id"),
    actorLabel: text("actor_label").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  // The owner's log (/auditoria) reads newest first, by period, person or area, each on its own index.
  (table) => [
    index("audit_log_entity_idx").on(table.entity, table.entityId),
    index("audit_log_created_idx").on(table.createdAt, table.id),
    index("audit_log_actor_created_idx").on(table.actorUserId, table.createdAt, table.id),
    index("audit_log_entity_created_idx").on(table.entity, table.createdAt, table.id),
  ],
);
