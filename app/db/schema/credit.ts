import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { registerEntries, sales, storeCreditMovements } from "./cash-register";
import { customers } from "./customers";
import type { RevenueSource } from "./inventory";
import { serviceOrders } from "./service-orders";

/**
 * Rates are kept in hundredths of a percent ("basis points" of lib/money):
 * 299 is 2,99% a.m.; 5592 is 55,92% a.a. The schedule and rates are
 * computed once, on the server, when the plan is made (modules/credit/
 * price-table.ts), and kept as the contract states them. The contract is
 * an issued document ("credit-contract", subject "credit_plan:<id>").
 */
export const CREDIT_FEE_PAID_WITH = ["cash", "pix", "debit", "credit", "financed"] as const;
export type CreditFeePaidWith = (typeof CREDIT_FEE_PAID_WITH)[number];

export const CREDIT_PLAN_STATUSES = ["active", "paid", "cancelled"] as const;
export type CreditPlanStatus = (typeof CREDIT_PLAN_STATUSES)[number];

/**
 * A crediário (consumer credit, CDC) plan for a sale, a service order's
 * balance or a debt recorded before plans existed. Exactly one origin.
 */
export const creditPlans = pgTable(
  "credit_plans",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    saleId: integer("sale_id").references(() => sales.id),
    serviceOrderId: integer("service_order_id").references(() => serviceOrders.id),
    /** A sale left owed before this module existed (debts.kind = "sale"), turned into a plan. */
    debtId: integer("debt_id").references(() => debts.id),
    status: text("status").$type<CreditPlanStatus>().notNull().default("active"),
    cashPriceCents: integer("cash_price_cents").notNull(),
    downPaymentCents: integer("down_payment_cents").notNull().default(0),
    /** Charged at the contract (a registration fee); part of the CET. */
    feeCents: integer("fee_cents").notNull().default(0),
    /**
     * How the fee was paid: a method (cash, pix, debit, credit) through the
     * register (`fee_register_entry_id`), or "financed": added to the amount
     * financed, paid with the instalments. Null: no fee (or a plan made before it was asked).
     */
    feePaidWith: text("fee_paid_with").$type<CreditFeePaidWith>(),
    feeRegisterEntryId: integer("fee_register_entry_id").references(() => registerEntries.id),
    financedCents: integer("financed_cents").notNull(),
    instalmentCount: integer("instalment_count").notNull(),
    monthlyRateBasisPoints: integer("monthly_rate_basis_points").notNull(),
    yearlyRateBasisPoints: integer("yearly_rate_basis_points").notNull(),
    cetMonthlyBasisPoints: integer("cet_monthly_basis_points").notNull(),
    cetYearlyBasisPoints: integer("cet_yearly_basis_points").notNull(),
    contractDate: date("contract_date", { mode: "string" }).notNull(),
    firstDueDate: date("first_due_date", { mode: "string" }).notNull(),
    /** The fixed instalment (PMT); the last one absorbs the rounding (see credit_instalments). */
    instalmentCents: integer("instalment_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    lateFeeBasisPoints: integer("late_fee_basis_points").notNull(),
    lateInterestMonthlyBasisPoints: integer("late_interest_monthly_basis_points").notNull(),
    /** The art. 52 / 54-B disclosure as it was shown before the plan was saved. */
    disclosure: jsonb("disclosure").$type<Record<string, unknown>>().notNull(),
    offerValidUntil: date("offer_valid_until", { mode: "string" }).notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledByLabel: text("cancelled_by_label"),
    cancelReason: text("cancel_reason"),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdByLabel: text("created_by_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (table) => [
    index("credit_plans_customer_idx").on(table.customerId, table.createdAt),
    index("credit_plans_status_idx").on(table.status, table.createdAt),
    // The demo data page's blockers look for real plans of demo customers (migration 0053).
    index("credit_plans_demo_idx").on(table.isDemo),
    uniqueIndex("credit_plans_sale_idx")
      .on(table.saleId)
      .where(sql`${table.saleId} is not null and ${table.status} <> 'cancelled'`),
    uniqueIndex("credit_plans_order_idx")
      .on(table.serviceOrderId)
      .where(sql`${table.serviceOrderId} is not null and ${table.status} <> 'cancelled'`),
    check("credit_plans_one_origin", sql`num_nonnulls(${table.saleId}, ${table.serviceOrderId}, ${table.debtId}) = 1`),
    check(
      "credit_plans_amounts",
      sql`${table.financedCents} > 0 and ${table.downPaymentCents} >= 0 and ${table.feeCents} >= 0 and ${table.financedCents} = ${table.cashPriceCents} - ${table.downPaymentCents} + (case when ${table.feePaidWith} = 'financed' then ${table.feeCents} else 0 end)`,
    ),
    check("credit_plans_count", sql`${table.instalmentCount} between 1 and 24`),
    check("credit_plans_rate", sql`${table.monthlyRateBasisPoints} >= 0`),
    check("credit_plans_late_fee", sql`${table.lateFeeBasisPoints} between 0 and 200`),
  ],
);

/**
 * One instalment of a plan as the contract states it (amount = principal +
 * interest), and what has been paid against it. Open while `settled_at` is
 * null. Money paid before its due date waives the interest that has not
 * run (`waived_interest_cents`, CDC art. 52 §2): only interest, never more
 * than the instalment's own; paid + waived never passes its amount.
 */
export const creditInstalments = pgTable(
  "credit_instalments",
  {
    id: serial("id").primaryKey(),
    planId: integer("plan_id")
      .notNull()
      .references(() => creditPlans.id, { onDelete: "cascade" }),
    /** Copied from the plan so debtors and "Minha conta" read open instalments by customer without a join. */
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    number: integer("number").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    principalCents: integer("principal_cents").notNull(),
    interestCents: integer("interest_cents").notNull(),
    paidPrincipalCents: integer("paid_principal_cents").notNull().default(0),
    paidInterestCents: integer("paid_interest_cents").notNull().default(0),
    paidChargesCents: integer("paid_charges_cents").notNull().default(0),
    waivedInterestCents: integer("waived_interest_cents").notNull().default(0),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("credit_instalments_plan_number_idx").on(table.planId, table.number),
    index("credit_instalments_open_idx")
      .on(table.customerId, table.dueDate)
      .where(sql`${table.settledAt} is null`),
    // By due date, with what "em atraso" and "vence na semana" add up (the debtors' open items, the Painel): read
    // from the index alone, without visiting the instalments.
    index("credit_instalments_open_due_idx")
      .on(
        table.dueDate,
        table.customerId,
        table.planId,
        table.amountCents,
        table.paidPrincipalCents,
        table.paidInterestCents,
        table.waivedInterestCents,
      )
      .where(sql`${table.settledAt} is null`),
    check(
      "credit_instalments_amounts",
      sql`${table.amountCents} = ${table.principalCents} + ${table.interestCents} and ${table.principalCents} >= 0 and ${table.interestCents} >= 0 and ${table.paidPrincipalCents} between 0 and ${table.principalCents} and ${table.paidInterestCents} between 0 and ${table.interestCents} and ${table.waivedInterestCents} >= 0 and ${table.paidPrincipalCents} + ${table.paidInterestCents} + ${table.waivedInterestCents} <= ${table.amountCents} and ${table.paidChargesCents} >= 0`,
    ),
  ],
);

/**
 * Money received on a plan (an instalment, part of one, or an early payoff),
 * split as Código Civil art. 354 orders it: charges, then interest, then
 * principal, through the register (`register_entry_id`).
 */
export const creditPayments = pgTable(
  "credit_payments",
  {
    id: serial("id").primaryKey(),
    planId: integer("plan_id")
      .notNull()
      .references(() => creditPlans.id),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    /** "return": what returned goods were worth, taken off what the plan owed (no money, no register entry). */
    kind: text("kind").$type<"instalment" | "payoff" | "return">().notNull(),
    method: text("method").notNull(),
    amountCents: integer("amount_cents").notNull(),
    chargesCents: integer("charges_cents").notNull().default(0),
    interestCents: integer("interest_cents").notNull().default(0),
    principalCents: integer("principal_cents").notNull().default(0),
    waivedInterestCents: integer("waived_interest_cents").notNull().default(0),
    registerEntryId: integer("register_entry_id").references(() => registerEntries.id),
    businessDate: date("business_date", { mode: "string" }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).defaultNow().notNull(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
  },
  (table) => [
    index("credit_payments_plan_idx").on(table.planId, table.paidAt),
    check(
      "credit_payments_split",
      sql`${table.amountCents} > 0 and ${table.amountCents} = ${table.chargesCents} + ${table.interestCents} + ${table.principalCents}`,
    ),
  ],
);

/** How one payment was spread over instalments. */
export const creditPaymentItems = pgTable(
  "credit_payment_items",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => creditPayments.id, { onDelete: "cascade" }),
    instalmentId: integer("instalment_id")
      .notNull()
      .references(() => creditInstalments.id),
    chargesCents: integer("charges_cents").notNull().default(0),
    interestCents: integer("interest_cents").notNull().default(0),
    principalCents: integer("principal_cents").notNull().default(0),
    waivedInterestCents: integer("waived_interest_cents").notNull().default(0),
  },
  (table) => [
    index("credit_payment_items_payment_idx").on(table.paymentId),
    index("credit_payment_items_instalment_idx").on(table.instalmentId),
  ],
);

/**
 * Money owed outside orders and plans: a manual IOU ("fiado": description,
 * amount, date), or a sale whose crediário was recorded before plans existed
 * (kind "sale", backfilled by the migration; such a debt can become a plan).
 */
export const debts = pgTable(
  "debts",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    kind: text("kind").$type<"iou" | "sale">().notNull(),
    saleId: integer("sale_id").references(() => sales.id),
    description: text("description").notNull(),
    /** What an IOU was for, so its payments reach the month result's right line (a sale's debt uses the sale's items). */
    revenueSource: text("revenue_source").$type<RevenueSource>().notNull().default("services"),
    amountCents: integer("amount_cents").notNull(),
    paidCents: integer("paid_cents").notNull().default(0),
    incurredOn: date("incurred_on", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    /** Paid in full, or turned into a credit plan (which then carries it). */
    settledAt: timestamp("settled_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledByLabel: text("cancelled_by_label"),
    cancelReason: text("cancel_reason"),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdByLabel: text("created_by_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (table) => [
    index("debts_open_idx")
      .on(table.customerId, table.dueDate)
      .where(sql`${table.settledAt} is null and ${table.cancelledAt} is null`),
    uniqueIndex("debts_sale_idx")
      .on(table.saleId)
      .where(sql`${table.saleId} is not null`),
    check("debts_amounts", sql`${table.amountCents} > 0 and ${table.paidCents} between 0 and ${table.amountCents}`),
  ],
);

/** A payment against a debt, through the register (`register_entry_id`). */
export const debtPayments = pgTable(
  "debt_payments",
  {
    id: serial("id").primaryKey(),
    debtId: integer("debt_id")
      .notNull()
      .references(() => debts.id),
    amountCents: integer("amount_cents").notNull(),
    method: text("method").notNull(),
    registerEntryId: integer("register_entry_id").references(() => registerEntries.id),
    businessDate: date("business_date", { mode: "string" }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).defaultNow().notNull(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (table) => [index("debt_payments_debt_idx").on(table.debtId), check("debt_payments_amount", sql`${table.amountCents} > 0`)],
);

/** Each time the shop reached a customer about what they owe: the debtors page's "last contact". */
export const debtContacts = pgTable(
  "debt_contacts",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    contactedAt: timestamp("contacted_at", { withTimezone: true }).defaultNow().notNull(),
    /** "whatsapp" | "phone" | "email" | "in-person" | "letter" */
    channel: text("channel").notNull(),
    note: text("note").notNull().default(""),
    /** What the customer owed when contacted (the reminder's amount). */
    owedCents: integer("owed_cents"),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
  },
  (table) => [index("debt_contacts_customer_idx").on(table.customerId, table.contactedAt)],
);

/**
 * A one-off correction of what a rule that changed had recorded (decision
 * 0027): one row per rule, written in the transaction that examined every
 * plan it concerns, so a second start (or a second instance on the same
 * PostgreSQL) finds it and does nothing.
 */
export const creditCorrectionRuns = pgTable("credit_correction_runs", {
  rule: text("rule").primaryKey(),
  ranAt: timestamp("ran_at", { withTimezone: true }).defaultNow().notNull(),
  /** The shop's calendar day the correcting entries are dated. */
  businessDate: date("business_date", { mode: "string" }).notNull(),
  examinedCount: integer("examined_count").notNull(),
  correctedCount: integer("corrected_count").notNull(),
  creditedCents: integer("credited_cents").notNull(),
  absorbedCents: integer("absorbed_cents").notNull(),
});

export const CREDIT_CORRECTION_STATUSES = ["corrected", "no-difference", "failed"] as const;
export type CreditCorrectionStatus = (typeof CREDIT_CORRECTION_STATUSES)[number];

/**
 * A plan closed by a payoff recorded under the former payoff rule (calendar
 * days ÷ 30, principal recorded as "juros abatidos"), recomputed under the
 * rule in force on that payoff's day: what was paid, what the rule owes,
 * the split of each, and what was done about the difference (a store credit
 * for what was overpaid; what was underpaid is the shop's, never charged).
 * One row per plan: the unique index makes a second correction impossible.
 */
export const creditCorrections = pgTable(
  "credit_corrections",
  {
    id: serial("id").primaryKey(),
    rule: text("rule").notNull(),
    planId: integer("plan_id")
      .notNull()
      .references(() => creditPlans.id),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => creditPayments.id),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    status: text("status").$type<CreditCorrectionStatus>().notNull(),
    /** The payoff's own day. */
    payoffDate: date("payoff_date", { mode: "string" }).notNull(),
    paidCents: integer("paid_cents").notNull(),
    paidInterestCents: integer("paid_interest_cents").notNull(),
    paidPrincipalCents: integer("paid_principal_cents").notNull(),
    /** What the rule in force owes on the payoff's day (null when it could not be recomputed). */
    dueCents: integer("due_cents"),
    dueInterestCents: integer("due_interest_cents"),
    duePrincipalCents: integer("due_principal_cents"),
    /** paid − due: positive, the customer paid too much (credited); negative, too little (absorbed by the shop). */
    differenceCents: integer("difference_cents").notNull().default(0),
    creditedCents: integer("credited_cents").notNull().default(0),
    absorbedCents: integer("absorbed_cents").notNull().default(0),
    /** Moved from "Juros do crediário" to the revenue of what was sold (negative: the other way). */
    interestToRevenueCents: integer("interest_to_revenue_cents").notNull().default(0),
    storeCreditMovementId: integer("store_credit_movement_id").references(() => storeCreditMovements.id),
    /** The shop's calendar day the correcting entries and the credit are dated. */
    businessDate: date("business_date", { mode: "string" }).notNull(),
    failure: text("failure"),
    actorLabel: text("actor_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex("credit_corrections_plan_idx").on(table.planId),
    index("credit_corrections_status_idx").on(table.status, table.id),
    check("credit_corrections_amounts", sql`${table.creditedCents} >= 0 and ${table.absorbedCents} >= 0`),
  ],
);
