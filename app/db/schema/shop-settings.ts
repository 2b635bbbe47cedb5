import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One day's opening hours: "HH:MM" on the shop's clock (America/Sao_Paulo),
 * `close` exclusive; null when closed. The rules that read them are in
 * modules/shop-settings/opening-hours.ts.
 */
export type DayHours = { open: string; close: string } | null;
/** Index 0 is Sunday, as in Date#getDay. */
export type WeeklyHours = [DayHours, DayHours, DayHours, DayHours, DayHours, DayHours, DayHours];

export type SocialLinks = Partial<Record<"instagram" | "facebook" | "tiktok" | "youtube" | "linkedin", string>>;

/** The single shop settings row (id is always 1) that every page reads. */
export const shopSettings = pgTable("shop_settings", {
  id: integer("id").primaryKey().default(1),
  name: text("name").notNull(),
  legalName: text("legal_name").notNull(),
  cnpj: text("cnpj").notNull(),
  address: text("address").notNull(),
  cep: text("cep").notNull(),
  city: text("city").notNull(),
  state: text("state").notNull(),
  whatsapp: text("whatsapp").notNull(),
  email: text("email").notNull(),
  weeklyHours: jsonb("weekly_hours").$type<WeeklyHours>().notNull(),
  socialLinks: jsonb("social_links").$type<SocialLinks>().notNull().default({}),
  reviewUrl: text("review_url"),
  pixKey: text("pix_key"),
  defaultWarrantyDays: integer("default_warranty_days").notNull().default(90),
  updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
});
