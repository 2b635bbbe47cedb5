import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { customers } from "./customers";
import { productUnits, products, type PartOrigin } from "./inventory";
import { suppliers } from "./suppliers";

export const PART_STOCK_STATES = ["none", "pending", "reserved", "awaiting", "taken"] as const;
export type PartStockState = (typeof PART_STOCK_STATES)[number];

/**
 * A device left at the shop. `id` is the sequential order number printed on
 * receipts ("OS nº 123"); `tracking_code` is the random code for /consultar.
 * Totals are kept on the row (updated in the same transaction as the lines
 * and payments) so lists and searches over 100 000 orders never aggregate.
 */
export const serviceOrders = pgTable(
  "service_orders",
  {
    id: serial("id").primaryKey(),
    trackingCode: text("tracking_code").notNull().unique(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    status: text("status").notNull().default("received"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).defaultNow().notNull(),
    deviceType: text("device_type").notNull(),
    brand: text("brand").notNull().default(""),
    model: text("model").notNull().default(""),
    /** Digits for an IMEI, upper-case letters and digits for a serial number. */
    imeiOrSerial: text("imei_or_serial").notNull().default(""),
    color: text("color").notNull().default(""),
    accessories: text("accessories").notNull().default(""),
    /** Keys of the condition checklist that were ticked at entry. */
    conditionChecklist: jsonb("condition_checklist").$type<string[]>().notNull().default([]),
    conditionNotes: text("condition_notes").notNull().default(""),
    /** "pin" | "password" | "pattern"; null when none was left. */
    unlockKind: text("unlock_kind"),
    /** AES-256-GCM ciphertext (see modules/service-orders/unlock-code.server.ts); erased on delivery. */
    unlockSecret: text("unlock_secret"),
    reportedDefect: text("reported_defect").notNull(),
    diagnosis: text("diagnosis").notNull().default(""),
    technicianUserId: text("technician_user_id").references(() => user.id, { onDelete: "set null" }),
    linesTotalCents: integer("lines_total_cents").notNull().default(0),
    /** Every discount: the loyalty level's (below) plus what staff typed. */
    discountCents: integer("discount_cents").notNull().default(0),
    /**
     * The part of `discount_cents` that is the customer's loyalty level's,
     * recomputed on the quote's lines whenever they change, with the level
     * it was applied at ("Ouro", 1500 = 15 %); 0 and null when none.
     */
    loyaltyDiscountCents: integer("loyalty_discount_cents").notNull().default(0),
    loyaltyLevelName: text("loyalty_level_name"),
    loyaltyDiscountBasisPoints: integer("loyalty_discount_basis_points"),
    paidCents: integer("paid_cents").notNull().default(0),
    promisedDate: date("promised_date", { mode: "string" }),
    warrantyDays: integer("warranty_days").notNull().default(90),
    notes: text("notes").notNull().default(""),
    /**
     * The customer's consent to parts that are not new original (CDC art. 21),
     * when and how it was given ("Cliente (consulta online)", a staff name).
     */
    partsConsentAt: timestamp("parts_consent_at", { withTimezone: true }),
    partsConsentBy: text("parts_consent_by"),
    /** Set when the customer (from /consultar) or staff approve or decline the quote. */
    quoteDecidedAt: timestamp("quote_decided_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** Name (and document, if given) of who collected the device. */
    deliveredTo: text("delivered_to"),
    /** Balance left unpaid at delivery: a debt the debtors page lists. */
    owedAtDeliveryCents: integer("owed_at_delivery_cents").notNull().default(0),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    /** Created by the demo seed; "Apagar dados de demonstração" removes exactly these rows. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    // /configuracoes/demonstracao counts the demo rows and looks for real rows pointing at them: few on either side
    // (a shop's demo seed among its own records, or the scale seed's demo records among none), a scan of the table without it.
    index("service_orders_demo_idx").on(table.isDemo),
    index("service_orders_status_created_idx").on(table.status, table.createdAt),
    index("service_orders_created_idx").on(table.createdAt),
    index("service_orders_customer_idx").on(table.customerId),
    index("service_orders_technician_idx").on(table.technicianUserId, table.createdAt),
    // The list filtered by technician and status together, newest first.
    index("service_orders_technician_status_idx").on(table.technicianUserId, table.status, table.createdAt),
    index("service_orders_imei_idx").on(table.imeiOrSerial.op("text_pattern_ops")),
    // The end of an IMEI or serial (its first digits are the model's, shared by thousands).
    index("service_orders_imei_reversed_idx").on(sql`reverse(${table.imeiOrSerial}) text_pattern_ops`),
    index("service_orders_model_trgm_idx").using("gin", table.model.op("gin_trgm_ops")),
    // /pending-pickups: the devices waiting longest first, a page at a time and the count, among 100 000 orders.
    // Without it the planner took every "ready" order by the status index and sorted them (1 200 rows at the scale seed).
    index("service_orders_awaiting_pickup_idx")
      .on(table.statusChangedAt, table.id)
      .where(sql`${table.status} in ('ready', 'declined', 'not_repairable') and ${table.deliveredAt} is null`),
    // /devedores: delivered orders still owing, a few among 100 000 (the list reads them on every load).
    // Every column /devedores reads of an owed order is in the index, so the list is an index-only scan
    // (no visit to 4 000 scattered heap pages at the scale of issue 23) once the table is vacuumed.
    index("service_orders_owed_idx")
      .on(
        table.customerId,
        table.id,
        table.deliveredAt,
        table.statusChangedAt,
        table.linesTotalCents,
        table.discountCents,
        table.paidCents,
      )
      .where(sql`${table.status} = 'delivered' and ${table.linesTotalCents} - ${table.discountCents} - ${table.paidCents} > 0`),
    check("service_orders_warranty_min", sql`${table.warrantyDays} >= 90`),
    check(
      "service_orders_money_non_negative",
      sql`${table.linesTotalCents} >= 0 and ${table.discountCents} >= 0 and ${table.paidCents} >= 0 and ${table.loyaltyDiscountCents} between 0 and ${table.discountCents}`,
    ),
  ],
);

/**
 * How many orders are in each status, per technician ('' for none), kept by
 * triggers on service_orders (migration 0005), so the list's filter chips
 * read a few rows instead of counting every order: PGlite has no
 * autovacuum, so even an index-only count visits every row.
 */
export const serviceOrderStatusCounts = pgTable(
  "service_order_status_counts",
  {
    status: text("status").notNull(),
    technicianUserId: text("technician_user_id").notNull().default(""),
    total: integer("total").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.status, table.technicianUserId] })],
);

/** Quote lines: a service, or a part (productId points at inventory once it exists). */
export const serviceOrderLines = pgTable(
  "service_order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => serviceOrders.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    kind: text("kind").notNull(), // "service" | "part"
    description: text("description").notNull(),
    quantity: integer("quantity").notNull().default(1),
    unitPriceCents: integer("unit_price_cents").notNull(),
    /** Inventory product for a part (or a service item). */
    productId: integer("product_id").references(() => products.id),
    /** The serialised unit chosen for the part. */
    productUnitId: integer("product_unit_id").references(() => productUnits.id),
    /**
     * Where the part is in stock: "none" (a service, or no product),
     * "pending" (quoted), "reserved" (order approved, held), "awaiting"
     * (approved, short: the order waits for the part), "taken" (left stock
     * when the repair started). Moved only by the inventory module's cores.
     */
    stockState: text("stock_state").$type<PartStockState>().notNull().default("none"),
    /** The part's origin when it was quoted (CDC art. 21), copied so a later change of the product does not rewrite the quote. */
    partOrigin: text("part_origin").$type<PartOrigin>(),
    /** "Previsão de chegada": when a part the shop ordered is expected (optional, set when it is ordered). */
    expectedArrivalDate: date("expected_arrival_date", { mode: "string" }),
    /**
     * "Fornecedor": who the part was bought from (a part's only, optional), so warranty claims count per
     * part supplier (docs/decisions/0032-part-line-supplier.md).
     */
    supplierId: integer("supplier_id").references(() => suppliers.id),
  },
  (table) => [
    index("service_order_lines_order_idx").on(table.orderId, table.position),
    check("service_order_lines_positive", sql`${table.quantity} > 0 and ${table.unitPriceCents} >= 0`),
  ],
);

/** The timeline: every status change, who made it and when. */
export const serviceOrderStatusEvents = pgTable(
  "service_order_status_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => serviceOrders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorUserId: text("actor_user_id"),
    /** Who, in words: a staff e-mail, or "Cliente (consulta online)". */
    actorLabel: text("actor_label").notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("service_order_status_events_order_idx").on(table.orderId, table.createdAt)],
);

/** Money received against an order (the deposit at entry included). */
export const serviceOrderPayments = pgTable(
  "service_order_payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => serviceOrders.id, { onDelete: "cascade" }),
    method: text("method").notNull(), // "cash" | "pix" | "debit" | "credit"
    amountCents: integer("amount_cents").notNull(),
    isDeposit: boolean("is_deposit").notNull().default(false),
    paidAt: timestamp("paid_at", { withTimezone: true }).defaultNow().notNull(),
    note: text("note").notNull().default(""),
    receivedByUserId: text("received_by_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index("service_order_payments_order_idx").on(table.orderId, table.paidAt),
    check("service_order_payments_positive", sql`${table.amountCents} > 0`),
  ],
);

/** Attempts to reach a customer whose device is ready: the shop's evidence under consumer law. */
export const pickupContactAttempts = pgTable(
  "pickup_contact_attempts",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => serviceOrders.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).defaultNow().notNull(),
    channel: text("channel").notNull(), // "whatsapp" | "phone" | "email" | "in-person" | "letter"
    note: text("note").notNull().default(""),
    actorUserId: text("actor_user_id"),
    actorLabel: text("actor_label").notNull(),
  },
  (table) => [index("pickup_contact_attempts_order_idx").on(table.orderId, table.attemptedAt)],
);
