import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { folded } from "../search-fold";
import { user } from "./auth";

/** Everyone the shop serves; shared by orders, sales, debts, credit and loyalty. */
export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Digits only (area code + number). */
    phone: text("phone").notNull().default(""),
    /** CPF (11 digits) or CNPJ (14 characters, letters allowed since July 2026), without punctuation. */
    document: text("document"),
    email: text("email").notNull().default(""),
    /** Digits only. */
    cep: text("cep").notNull().default(""),
    address: text("address").notNull().default(""),
    district: text("district").notNull().default(""),
    city: text("city").notNull().default(""),
    state: text("state").notNull().default(""),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    /** When consent was given (LGPD: the shop must be able to show it). */
    marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
    notes: text("notes").notNull().default(""),
    referredByCustomerId: integer("referred_by_customer_id").references((): AnyPgColumn => customers.id, {
      onDelete: "set null",
    }),
    /** The code this customer shares to refer others ("/auth?indicacao=…"); given on first need. */
    referralCode: text("referral_code"),
    /** Created by the demo seed; "Apagar dados de demonstração" removes exactly these rows. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    // /configuracoes/demonstracao counts the demo rows and looks for real rows pointing at them: few on either side
    // (a shop's demo seed among its own records, or the scale seed's demo records among none), a scan of the table without it.
    index("customers_demo_idx").on(table.isDemo),
    uniqueIndex("customers_document_idx")
      .on(table.document)
      .where(sql`${table.document} is not null`),
    index("customers_phone_idx").on(table.phone.op("text_pattern_ops")),
    // The last digits of the phone, what a customer at the counter says: a prefix of the reversed number.
    index("customers_phone_reversed_idx").on(sql`reverse(${table.phone}) text_pattern_ops`),
    uniqueIndex("customers_referral_code_idx")
      .on(table.referralCode)
      .where(sql`${table.referralCode} is not null`),
    index("customers_email_idx").on(sql`lower(${table.email})`),
    // Accents and case folded (app/db/search-fold.ts): "joao" finds "João".
    index("customers_name_folded_trgm_idx").using("gin", sql`${folded(table.name)} gin_trgm_ops`),
  ],
);

export type CustomerAccountLinkState = "linked" | "unlinked";

/**
 * What the staff decided about a sign-in account and a customer record. An
 * account sees the records whose e-mail is its verified e-mail, plus those
 * "linked" here (a record kept under another e-mail), minus those
 * "unlinked" here (so a matching e-mail does not bring them back).
 */
export const customerAccountLinks = pgTable(
  "customer_account_links",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    state: text("state").$type<CustomerAccountLinkState>().notNull(),
    changedByUserId: text("changed_by_user_id").references(() => user.id, { onDelete: "set null" }),
    changedAt: timestamp("changed_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.userId] }),
    index("customer_account_links_user_idx").on(table.userId),
  ],
);

export type CustomerChangeField = "name" | "phone";
export type CustomerChangeResolution = "applied" | "superseded" | "dismissed";

/**
 * A change of name or phone a customer asked for on their account ("Meu
 * perfil"), for a record linked to it: staff see it on the customer's page
 * and apply it. The record (and the phone /consultar matches on) keeps its
 * value until then. At most one open request per record, account and field.
 */
export const customerChangeRequests = pgTable(
  "customer_change_requests",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    field: text("field").$type<CustomerChangeField>().notNull(),
    /** The value asked for, as the record stores it (a phone as digits). */
    value: text("value").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).defaultNow().notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolution: text("resolution").$type<CustomerChangeResolution>(),
    resolvedByUserId: text("resolved_by_user_id").references(() => user.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("customer_change_requests_open_idx")
      .on(table.customerId, table.userId, table.field)
      .where(sql`${table.resolvedAt} is null`),
  ],
);
