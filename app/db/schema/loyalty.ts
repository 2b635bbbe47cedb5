import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { registerEntries, sales } from "./cash-register";
import { customers } from "./customers";
import { serviceOrders } from "./service-orders";

/**
 * What moves a customer's points. "earned": money paid for services or
 * products (its register entry: an order payment, a sale, a crediário
 * instalment, a debt payment); "reversed": that money undone (a cancelled
 * payment or sale, a refund, a cancelled order); "launch-credit": what the
 * last 12 months of payments earned, credited once when the programme
 * started counting (CDC art. 30).
 */
export const LOYALTY_ENTRY_KINDS = [
  "earned",
  "referral",
  "cycle-bonus",
  "launch-credit",
  "expired",
  "reversed",
  "adjustment",
] as const;
export type LoyaltyEntryKind = (typeof LOYALTY_ENTRY_KINDS)[number];

/**
 * The points ledger: append-only, signed. A customer's balance and level
 * are its sum (never a counter of its own); `loyalty_balances` is only that
 * sum kept by a trigger in the same transaction, for the staff lists at scale.
 *
 * The money carry: `paid_cents` is the money an "earned"/"reversed" entry
 * counted (signed), `carry_cents` what the customer has paid towards the
 * next step after it, so the next payment starts from an exact remainder.
 */
export const loyaltyEntries = pgTable(
  "loyalty_entries",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    kind: text("kind").$type<LoyaltyEntryKind>().notNull(),
    points: integer("points").notNull(),
    paidCents: integer("paid_cents").notNull().default(0),
    carryCents: integer("carry_cents"),
    registerEntryId: integer("register_entry_id").references(() => registerEntries.id),
    serviceOrderId: integer("service_order_id").references(() => serviceOrders.id),
    saleId: integer("sale_id").references(() => sales.id),
    referredCustomerId: integer("referred_customer_id").references(() => customers.id),
    cycleStart: date("cycle_start", { mode: "string" }),
    description: text("description").notNull().default(""),
    /** A manual adjustment's reason (required there). */
    reason: text("reason").notNull().default(""),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).defaultNow().notNull(),
    /** When a positive entry's points stop counting (one year after `occurred_at` under the rules then). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
  },
  (table) => [
    index("loyalty_entries_customer_idx").on(table.customerId, table.occurredAt),
    index("loyalty_entries_expiring_idx")
      .on(table.expiresAt, table.customerId)
      .where(sql`${table.points} > 0`),
    index("loyalty_entries_carry_idx")
      .on(table.customerId, table.id)
      .where(sql`${table.carryCents} is not null`),
    uniqueIndex("loyalty_entries_earned_once_idx")
      .on(table.registerEntryId)
      .where(sql`${table.kind} = 'earned'`),
    uniqueIndex("loyalty_entries_reversed_once_idx")
      .on(table.registerEntryId)
      .where(sql`${table.kind} = 'reversed'`),
    uniqueIndex("loyalty_entries_referral_once_idx")
      .on(table.referredCustomerId)
      .where(sql`${table.kind} = 'referral'`),
    uniqueIndex("loyalty_entries_cycle_bonus_once_idx")
      .on(table.customerId, table.cycleStart)
      .where(sql`${table.kind} = 'cycle-bonus'`),
    uniqueIndex("loyalty_entries_launch_once_idx")
      .on(table.customerId)
      .where(sql`${table.kind} = 'launch-credit'`),
    check(
      "loyalty_entries_points_sign",
      sql`(${table.kind} in ('expired', 'reversed') and ${table.points} <= 0) or (${table.kind} in ('earned', 'referral', 'cycle-bonus', 'launch-credit') and ${table.points} >= 0) or (${table.kind} = 'adjustment' and ${table.points} <> 0)`,
    ),
  ],
);

/** The ledger's sum per customer, kept by a trigger on loyalty_entries (migration), for lists by level at scale. */
export const loyaltyBalances = pgTable(
  "loyalty_balances",
  {
    customerId: integer("customer_id")
      .primaryKey()
      .references(() => customers.id),
    points: integer("points").notNull().default(0),
  },
  (table) => [index("loyalty_balances_points_idx").on(table.points, table.customerId)],
);
