import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { customers } from "./customers";
import { productUnits, products, type RevenueSource } from "./inventory";
import { serviceOrderPayments } from "./service-orders";

/** How money arrives. "crediario" is owed by the customer (the Money issue opens its credit plan); "store-credit" spends a credit from a return. */
export const REGISTER_METHODS = ["cash", "pix", "debit", "credit", "crediario", "store-credit"] as const;
export type RegisterMethod = (typeof REGISTER_METHODS)[number];

/**
 * One register session, from opening with a float to closing with the
 * counted cash. At most one is open: the partial unique index refuses a
 * second opening even when two arrive at once. At closing, the expected and
 * counted amounts per method are kept as they were (the closing report).
 */
export const cashRegisters = pgTable(
  "cash_registers",
  {
    id: serial("id").primaryKey(),
    isOpen: boolean("is_open").notNull().default(true),
    openingFloatCents: integer("opening_float_cents").notNull(),
    openedByUserId: text("opened_by_user_id").references(() => user.id, { onDelete: "set null" }),
    openedByLabel: text("opened_by_label").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).defaultNow().notNull(),
    closedByUserId: text("closed_by_user_id").references(() => user.id, { onDelete: "set null" }),
    closedByLabel: text("closed_by_label"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Counted cash, and how it was counted ({ "20000": 2, "5000": 1, … } centavos per note/coin → count) when by denomination. */
    countedCashCents: integer("counted_cash_cents"),
    countedDenominations: jsonb("counted_denominations").$type<Record<string, number>>(),
    /** Per method at closing: { cash: { expected, counted }, pix: { expected, counted }, … } in centavos. */
    closingTotals: jsonb("closing_totals").$type<Record<string, { expectedCents: number; countedCents: number }>>(),
    closingNote: text("closing_note").notNull().default(""),
  },
  (table) => [
    uniqueIndex("cash_registers_one_open_idx")
      .on(table.isOpen)
      .where(sql`${table.isOpen}`),
    index("cash_registers_opened_idx").on(table.openedAt),
    check("cash_registers_float_non_negative", sql`${table.openingFloatCents} >= 0`),
  ],
);

/**
 * "The register is open" and "closed", written as the partial index's own
 * condition (`where is_open`). As `is_open = $1` a statement kept prepared
 * could not reach that index with its plan for any values, and PostgreSQL
 * planned it again at every run.
 */
export const registerIsOpen = sql`${cashRegisters.isOpen}`;
export const registerIsClosed = sql`not ${cashRegisters.isOpen}`;

export const SALE_STATUSES = ["completed", "cancelled"] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/**
 * A sale at the counter. Totals are computed on the server from the items
 * (the browser's are never trusted) and kept on the row.
 */
export const sales = pgTable(
  "sales",
  {
    id: serial("id").primaryKey(),
    /** The register open when it was made; null when none was (no cash in it). */
    registerId: integer("register_id").references(() => cashRegisters.id),
    customerId: integer("customer_id").references(() => customers.id),
    status: text("status").$type<SaleStatus>().notNull().default("completed"),
    itemsTotalCents: integer("items_total_cents").notNull(),
    /** Every discount of the sale: the loyalty level's (below), staff's and the PIX discount. */
    discountCents: integer("discount_cents").notNull().default(0),
    /**
     * The part of `discount_cents` that is the customer's loyalty level's, on
     * the sale's service items only, with the level it was applied at
     * ("Ouro", 1500 = 15 %); 0 and null when none.
     */
    loyaltyDiscountCents: integer("loyalty_discount_cents").notNull().default(0),
    loyaltyLevelName: text("loyalty_level_name"),
    loyaltyDiscountBasisPoints: integer("loyalty_discount_basis_points"),
    totalCents: integer("total_cents").notNull(),
    /** "VENDA123": the PIX txid and the receipt's name for it. */
    code: text("code").notNull(),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdByLabel: text("created_by_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledByLabel: text("cancelled_by_label"),
    cancelReason: text("cancel_reason"),
  },
  (table) => [
    uniqueIndex("sales_code_idx").on(table.code),
    index("sales_created_idx").on(table.createdAt),
    index("sales_customer_idx").on(table.customerId, table.createdAt),
    index("sales_register_idx").on(table.registerId),
    check(
      "sales_totals",
      sql`${table.itemsTotalCents} >= 0 and ${table.discountCents} >= 0 and ${table.totalCents} = ${table.itemsTotalCents} - ${table.discountCents} and ${table.totalCents} >= 0`,
    ),
    check("sales_loyalty_discount", sql`${table.loyaltyDiscountCents} between 0 and ${table.discountCents}`),
  ],
);

/** A line of a sale, with the price and cost it was sold at (cost of goods sold from the stock ledger). */
export const saleItems = pgTable(
  "sale_items",
  {
    id: serial("id").primaryKey(),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    unitId: integer("unit_id").references(() => productUnits.id),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    unitCostCents: integer("unit_cost_cents").notNull().default(0),
    revenueSource: text("revenue_source").$type<RevenueSource>().notNull(),
    returnedQuantity: integer("returned_quantity").notNull().default(0),
  },
  (table) => [
    index("sale_items_sale_idx").on(table.saleId, table.position),
    index("sale_items_unit_idx").on(table.unitId),
    check(
      "sale_items_amounts",
      sql`${table.quantity} > 0 and ${table.unitPriceCents} >= 0 and ${table.discountCents} >= 0 and ${table.totalCents} = ${table.quantity} * ${table.unitPriceCents} - ${table.discountCents} and ${table.totalCents} >= 0 and ${table.returnedQuantity} between 0 and ${table.quantity}`,
    ),
  ],
);

/** A return or exchange of items of a past sale: stock back, money back or store credit through today's register. */
export const saleReturns = pgTable(
  "sale_returns",
  {
    id: serial("id").primaryKey(),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id),
    /** "refund": money back by `refundMethod`; "store-credit": a credit for the customer. */
    settlement: text("settlement").$type<"refund" | "store-credit">().notNull(),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("sale_returns_sale_idx").on(table.saleId), check("sale_returns_amount", sql`${table.amountCents} >= 0`)],
);

export const saleReturnItems = pgTable(
  "sale_return_items",
  {
    id: serial("id").primaryKey(),
    returnId: integer("return_id")
      .notNull()
      .references(() => saleReturns.id, { onDelete: "cascade" }),
    saleItemId: integer("sale_item_id")
      .notNull()
      .references(() => saleItems.id),
    quantity: integer("quantity").notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  (table) => [
    index("sale_return_items_return_idx").on(table.returnId),
    check("sale_return_items_quantity", sql`${table.quantity} > 0`),
  ],
);

/** "credit-payment": an instalment or payoff of a crediário plan; "debt-payment": a payment of a debt (IOU, sale left owed). */
export const REGISTER_ENTRY_KINDS = [
  "sale",
  "order-payment",
  "supply",
  "withdrawal",
  "refund",
  "credit-payment",
  "debt-payment",
] as const;
export type RegisterEntryKind = (typeof REGISTER_ENTRY_KINDS)[number];

/**
 * Every amount that moves through the register, signed (a sangria or a
 * refund is negative). Cash entries always have a register; PIX and card
 * entries made while none is open have none and are taken by the next
 * closing. A PIX entry is "pending" until staff mark "PIX recebido" after
 * checking the bank (a static code is not confirmed by the bank). Entries
 * are never deleted: cancelling marks them and the expected totals skip them.
 */
export const registerEntries = pgTable(
  "register_entries",
  {
    id: serial("id").primaryKey(),
    registerId: integer("register_id").references(() => cashRegisters.id),
    kind: text("kind").$type<RegisterEntryKind>().notNull(),
    method: text("method").$type<RegisterMethod>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** Cash handed over by the customer (the change is tendered − amount). */
    tenderedCents: integer("tendered_cents"),
    /** Credit card: number of instalments. */
    instalments: integer("instalments"),
    saleId: integer("sale_id").references(() => sales.id),
    serviceOrderPaymentId: integer("service_order_payment_id").references(() => serviceOrderPayments.id, {
      onDelete: "set null",
    }),
    saleReturnId: integer("sale_return_id").references(() => saleReturns.id),
    customerId: integer("customer_id").references(() => customers.id),
    reason: text("reason").notNull().default(""),
    pixPending: boolean("pix_pending").notNull().default(false),
    pixConfirmedAt: timestamp("pix_confirmed_at", { withTimezone: true }),
    pixConfirmedByLabel: text("pix_confirmed_by_label"),
    /** The shop's calendar day it happened (America/Sao_Paulo), for the day's records. */
    businessDate: date("business_date", { mode: "string" }).notNull(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledByLabel: text("cancelled_by_label"),
    cancelReason: text("cancel_reason"),
  },
  (table) => [
    index("register_entries_register_idx").on(table.registerId, table.createdAt),
    index("register_entries_unassigned_idx")
      .on(table.businessDate)
      .where(sql`${table.registerId} is null`),
    // "Recebido" (finance/takings.server.ts, its very predicate): the Painel's takings of today and of the month, and a
    // day's takings list, read from the index alone (day, method and amount are in it).
    index("register_entries_takings_idx")
      .on(table.businessDate, table.method, table.amountCents)
      .where(
        sql`${table.cancelledAt} is null and ${table.kind} in ('sale', 'order-payment', 'credit-payment', 'debt-payment') and ${table.method} in ('cash', 'pix', 'debit', 'credit')`,
      ),
    index("register_entries_sale_idx").on(table.saleId),
    index("register_entries_order_payment_idx").on(table.serviceOrderPaymentId),
    index("register_entries_customer_idx")
      .on(table.customerId)
      .where(sql`${table.customerId} is not null`),
    check("register_entries_cash_in_register", sql`${table.method} <> 'cash' or ${table.registerId} is not null`),
    check("register_entries_amount_not_zero", sql`${table.amountCents} <> 0`),
  ],
);

/**
 * A customer's store credit (from a return), as a ledger: positive when
 * granted, negative when spent in a sale. The balance is the sum.
 */
export const storeCreditMovements = pgTable(
  "store_credit_movements",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    amountCents: integer("amount_cents").notNull(),
    saleReturnId: integer("sale_return_id").references(() => saleReturns.id),
    saleId: integer("sale_id").references(() => sales.id),
    /** Why, when neither a return nor a sale says it (a crediário correction's credit). */
    reason: text("reason"),
    actorLabel: text("actor_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("store_credit_movements_customer_idx").on(table.customerId, table.createdAt)],
);
