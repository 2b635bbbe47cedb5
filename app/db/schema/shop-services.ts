import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** Where a service is listed: a card of the home's "Nossos Serviços", or a line of the footer's "Serviços". */
export const SERVICE_PLACEMENTS = ["home", "footer"] as const;
export type ServicePlacement = (typeof SERVICE_PLACEMENTS)[number];

/**
 * The services the public site lists, written by the shop (/blog-management/servicos),
 * in display order. A footer line has a title only; a home card has its icon
 * (a key of modules/shop-services/icons.ts), description and details too. The
 * spec's twelve cards and three footer lines are inserted by their migration.
 */
export const shopServices = pgTable("shop_services", {
  id: serial("id").primaryKey(),
  placement: text("placement").$type<ServicePlacement>().notNull(),
  icon: text("icon").notNull().default(""),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  details: text("details").notNull().default(""),
  position: integer("position").notNull().default(0),
  updatedByUserId: text("updated_by_user_id").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
});
