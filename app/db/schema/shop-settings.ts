import { boolean, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { uploads } from "./uploads";

/**
 * One day's opening hours: "HH:MM" on the shop's clock (America/Sao_Paulo),
 * `close` exclusive; null when closed. The rules that read them are in
 * modules/shop-settings/opening-hours.ts.
 */
export type DayHours = { open: string; close: string } | null;
/** Index 0 is Sunday, as in Date#getDay. */
export type WeeklyHours = [DayHours, DayHours, DayHours, DayHours, DayHours, DayHours, DayHours];

/** A day the shop is closed outside its weekly hours (a holiday): "YYYY-MM-DD" on the shop's calendar. */
export type DatedClosure = { date: string; reason: string };

export const PIX_KEY_TYPES = ["cpf", "cnpj", "email", "phone", "random"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

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
  /** Other phone numbers shown on the site, digits only (the WhatsApp number is `whatsapp`). */
  phones: jsonb("phones").$type<string[]>().notNull().default([]),
  weeklyHours: jsonb("weekly_hours").$type<WeeklyHours>().notNull(),
  closures: jsonb("closures").$type<DatedClosure[]>().notNull().default([]),
  socialLinks: jsonb("social_links").$type<SocialLinks>().notNull().default({}),
  reviewUrl: text("review_url"),
  pixKey: text("pix_key"),
  pixKeyType: text("pix_key_type").$type<PixKeyType>(),
  logoUploadId: text("logo_upload_id").references(() => uploads.id, { onDelete: "set null" }),
  defaultWarrantyDays: integer("default_warranty_days").notNull().default(90),
  /** The owner allows selling or using what the ledger says is not there (stock goes negative). */
  allowNegativeStock: boolean("allow_negative_stock").notNull().default(false),
  /** "% de desconto no PIX" in basis points (500 = 5%), shown before paying (Lei 13.455/2017). */
  pixDiscountBasisPoints: integer("pix_discount_basis_points").notNull().default(0),
  /**
   * Crediário: the highest monthly rate a plan may carry (100 = 1% a.m.). A
   * shop that is not a financial institution is held to the usury rules
   * (Decreto 22.626/33; Código Civil art. 591 with 406).
   */
  maxCreditMonthlyRateBasisPoints: integer("max_credit_monthly_rate_basis_points").notNull().default(100),
  /** Late fee on an overdue instalment (CDC art. 52 §1: at most 2%) and late interest per month, pro rata by day. */
  creditLateFeeBasisPoints: integer("credit_late_fee_basis_points").notNull().default(200),
  creditLateInterestMonthlyBasisPoints: integer("credit_late_interest_monthly_basis_points").notNull().default(100),
  /**
   * When the owner set the shop's real details (owner setup or /configuracoes).
   * Null while the fictional demo identity is in place: documents say
   * "DEMONSTRAÇÃO", the footer "Site de demonstração", and pages are noindex.
   */
  detailsConfirmedAt: timestamp("details_confirmed_at", { withTimezone: true }),
  /**
   * True from the demo seed until "Apagar dados de demonstração" removes its
   * rows (those with is_demo): the staff banner reads this, not the tables.
   */
  hasDemoData: boolean("has_demo_data").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
});

/**
 * How many rows marked is_demo each table holds, kept by triggers on those
 * tables (migration 0053): the demo data page (/configuracoes/demonstracao)
 * reads these few rows instead of walking up to a thousand index entries of
 * each table on every view (at the scale seed nearly every row is a demo
 * row). `tableName`: the table's SQL name. A table with no row here has
 * none.
 */
export const demoRowCounts = pgTable("demo_row_counts", {
  tableName: text("table_name").primaryKey(),
  total: integer("total").notNull().default(0),
});
