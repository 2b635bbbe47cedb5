import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { saleItems, sales } from "./cash-register";
import { customers } from "./customers";
import { productUnits } from "./inventory";
import { issuedDocuments } from "./print-documents";
import { serviceOrders } from "./service-orders";

/**
 * A warranty the shop gave: for a delivered service order, or for an item
 * of a sale (a sold phone's unit, with its IMEI or serial). The contractual
 * period (at least 90 days) runs from `starts_on` to `ends_on`; the legal
 * warranty of CDC art. 26 adds to it and is not stored (it is the law's).
 * Its term is printed from the "warranty-term" template and stored as issued.
 */
export const warranties = pgTable(
  "warranties",
  {
    id: serial("id").primaryKey(),
    serviceOrderId: integer("service_order_id").references(() => serviceOrders.id),
    saleId: integer("sale_id").references(() => sales.id),
    saleItemId: integer("sale_item_id").references(() => saleItems.id),
    unitId: integer("unit_id").references(() => productUnits.id),
    /** Null for a sale to an unnamed customer: then `customer_name` is who the staff typed. */
    customerId: integer("customer_id").references(() => customers.id),
    customerName: text("customer_name").notNull().default(""),
    /** What is covered, as the term names it ("iPhone 12 128 GB", "Troca de tela do Moto G52"). */
    itemDescription: text("item_description").notNull(),
    /** Digits for an IMEI, upper-case letters and digits for a serial number; "" when none. */
    imeiOrSerial: text("imei_or_serial").notNull().default(""),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    contractualDays: integer("contractual_days").notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    coverage: text("coverage").notNull(),
    exclusions: text("exclusions").notNull(),
    /** The repair's technician, for claims counted per technician; null for a sale. */
    technicianUserId: text("technician_user_id").references(() => user.id, { onDelete: "set null" }),
    issuedDocumentId: integer("issued_document_id").references(() => issuedDocuments.id),
    issuedByUserId: text("issued_by_user_id").references(() => user.id, { onDelete: "set null" }),
    issuedByLabel: text("issued_by_label").notNull(),
    /** Created by the demo seed; "Apagar dados de demonstração" removes exactly these rows. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex("warranties_service_order_idx").on(table.serviceOrderId),
    uniqueIndex("warranties_sale_item_idx").on(table.saleItemId),
    index("warranties_customer_idx").on(table.customerId, table.createdAt),
    index("warranties_imei_idx").on(table.imeiOrSerial.op("text_pattern_ops")),
    index("warranties_imei_reversed_idx").on(sql`reverse(${table.imeiOrSerial}) text_pattern_ops`),
    index("warranties_ends_on_idx").on(table.endsOn),
    check(
      "warranties_one_subject",
      sql`(${table.serviceOrderId} is not null and ${table.saleId} is null) or (${table.serviceOrderId} is null and ${table.saleId} is not null)`,
    ),
    check(
      "warranties_period",
      sql`${table.contractualDays} >= 90 and ${table.endsOn} = ${table.startsOn} + ${table.contractualDays}`,
    ),
  ],
);

/**
 * A claim under a warranty: the new service order it opened (free of
 * charge unless the staff charge it), shown on the original and on the claim.
 */
export const warrantyClaims = pgTable(
  "warranty_claims",
  {
    id: serial("id").primaryKey(),
    warrantyId: integer("warranty_id")
      .notNull()
      .references(() => warranties.id),
    serviceOrderId: integer("service_order_id")
      .notNull()
      .references(() => serviceOrders.id),
    reportedDefect: text("reported_defect").notNull(),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex("warranty_claims_service_order_idx").on(table.serviceOrderId),
    index("warranty_claims_warranty_idx").on(table.warrantyId, table.createdAt),
    // The Painel's claims of the month, read by date.
    index("warranty_claims_created_idx").on(table.createdAt),
  ],
);
