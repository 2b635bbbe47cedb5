import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { registerEntries } from "./cash-register";
import { customers } from "./customers";
import { folded } from "../search-fold";
import { suppliers } from "./suppliers";

/** Where money sits: the cash drawer, each bank account, each card acquirer (money on its way to the bank). */
export const FINANCE_ACCOUNT_KINDS = ["cash-drawer", "bank", "card-acquirer", "other"] as const;
export type FinanceAccountKind = (typeof FINANCE_ACCOUNT_KINDS)[number];

export const financeAccounts = pgTable(
  "finance_accounts",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    kind: text("kind").$type<FinanceAccountKind>().notNull(),
    /** The balance on `openingDate`, before any entry or transfer of that day. */
    openingBalanceCents: integer("opening_balance_cents").notNull().default(0),
    openingDate: date("opening_date", { mode: "string" }).notNull(),
    position: integer("position").notNull().default(0),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [uniqueIndex("finance_accounts_name_idx").on(sql`lower(${table.name})`)],
);

/**
 * Which account the other modules' money lands in, by role: cash sales in
 * the drawer, PIX in the bank, cards at the acquirer (then, net of its fee,
 * in the card-settlement account on each receivable's date), and where a
 * sangria takes the cash. Seeded; the owner re-points them.
 */
export const FINANCE_ACCOUNT_ROLES = ["cash-drawer", "pix", "card", "card-settlement", "withdrawal"] as const;
export type FinanceAccountRole = (typeof FINANCE_ACCOUNT_ROLES)[number];

export const financeAccountRoles = pgTable("finance_account_roles", {
  role: text("role").$type<FinanceAccountRole>().primaryKey(),
  accountId: integer("account_id")
    .notNull()
    .references(() => financeAccounts.id),
});

/**
 * The line of the month result (DRE) a category adds to. "outside-result"
 * moves cash without being revenue or expense (stock purchases: their cost
 * reaches the result as cost of goods sold, from the stock ledger).
 */
export const FINANCE_RESULT_LINES = [
  "gross-revenue",
  "deduction",
  "cost-of-goods",
  "operating-expense",
  "other-result",
  "outside-result",
] as const;
export type FinanceResultLine = (typeof FINANCE_RESULT_LINES)[number];

export const FINANCE_DIRECTIONS = ["in", "out"] as const;
export type FinanceDirection = (typeof FINANCE_DIRECTIONS)[number];

/**
 * Categories of entries, seeded and owner-editable. `systemKey` names the
 * ones automatic postings use ("revenue-services", "card-fees"…): those can
 * be renamed but not archived or moved to another direction.
 */
export const financeCategories = pgTable(
  "finance_categories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    direction: text("direction").$type<FinanceDirection>().notNull(),
    resultLine: text("result_line").$type<FinanceResultLine>().notNull(),
    systemKey: text("system_key"),
    position: integer("position").notNull().default(0),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("finance_categories_system_key_idx")
      .on(table.systemKey)
      .where(sql`${table.systemKey} is not null`),
    uniqueIndex("finance_categories_name_idx").on(table.direction, sql`lower(${table.name})`),
  ],
);

/**
 * Owner-defined repeating entries (rent, internet, salaries, the monthly
 * tax). Their entries are generated ahead, one per month, up to
 * `generatedThrough` ("YYYY-MM"); the unique index on finance_entries
 * (recurring_id, due_date) makes a second generation write nothing.
 */
export const financeRecurring = pgTable(
  "finance_recurring",
  {
    id: serial("id").primaryKey(),
    direction: text("direction").$type<FinanceDirection>().notNull(),
    description: text("description").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => financeCategories.id),
    amountCents: integer("amount_cents").notNull(),
    /** 1–31; a shorter month uses its last day. */
    dayOfMonth: integer("day_of_month").notNull(),
    startMonth: text("start_month").notNull(),
    endMonth: text("end_month"),
    counterparty: text("counterparty").notNull().default(""),
    accountId: integer("account_id").references(() => financeAccounts.id),
    generatedThrough: text("generated_through"),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdByLabel: text("created_by_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (table) => [
    check("finance_recurring_amount", sql`${table.amountCents} > 0`),
    check("finance_recurring_day", sql`${table.dayOfMonth} between 1 and 31`),
  ],
);

/**
 * A payable ("out") or receivable ("in"): open while `paid_date` is null.
 * Typed by the owner, generated from a recurring entry, or posted by
 * another module in its own transaction: then `origin_kind`/`origin_id`
 * name the row it came from ("register-entry", "register-closing",
 * "stock-movement"…), and the unique index on origin and category makes a
 * second posting of the same thing impossible (never counted twice).
 * Entries are never deleted: cancelling marks them and every total skips them.
 */
export const financeEntries = pgTable(
  "finance_entries",
  {
    id: serial("id").primaryKey(),
    direction: text("direction").$type<FinanceDirection>().notNull(),
    description: text("description").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => financeCategories.id),
    amountCents: integer("amount_cents").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    paidDate: date("paid_date", { mode: "string" }),
    /** How it was paid: a register method (cash, pix, debit, credit…), "transfer", "boleto", "other". */
    method: text("method"),
    /** The account the money left or entered; required once paid. */
    accountId: integer("account_id").references(() => financeAccounts.id),
    counterparty: text("counterparty").notNull().default(""),
    /**
     * The description and the counterparty folded for search (accents and
     * case off, search-fold.ts), stored: the trigram indexes' recheck then
     * reads them instead of folding every candidate row again, which cost
     * ~0,15 ms a row on PGlite (issue 23: Lançamentos' search ≤ 50 ms p95).
     */
    descriptionFolded: text("description_folded").generatedAlwaysAs(folded(sql`"description"`)),
    counterpartyFolded: text("counterparty_folded").generatedAlwaysAs(folded(sql`"counterparty"`)),
    customerId: integer("customer_id").references(() => customers.id),
    /** The supplier a bill is owed to (a stock purchase's, or chosen on the form); the free text stays for others. */
    supplierId: integer("supplier_id").references(() => suppliers.id),
    recurringId: integer("recurring_id").references(() => financeRecurring.id),
    /** Instalment entries typed together share a group ("3 de 10"). */
    instalmentGroup: text("instalment_group"),
    instalmentNumber: integer("instalment_number"),
    instalmentCount: integer("instalment_count"),
    originKind: text("origin_kind"),
    originId: integer("origin_id"),
    notes: text("notes").notNull().default(""),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledByLabel: text("cancelled_by_label"),
    cancelReason: text("cancel_reason"),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdByLabel: text("created_by_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (table) => [
    // /configuracoes/demonstracao counts the demo rows and looks for real rows pointing at them: few on either side
    // (a shop's demo seed among its own records, or the scale seed's demo records among none), a scan of the table without it.
    index("finance_entries_demo_idx").on(table.isDemo),
    index("finance_entries_paid_idx")
      .on(table.paidDate, table.categoryId)
      .where(sql`${table.cancelledAt} is null and ${table.paidDate} is not null`),
    index("finance_entries_open_idx")
      .on(table.dueDate)
      .where(sql`${table.cancelledAt} is null and ${table.paidDate} is null`),
    index("finance_entries_due_idx").on(table.dueDate, table.id),
    index("finance_entries_account_idx").on(table.accountId, table.paidDate),
    // Lançamentos' search, accents and case folded (app/db/search-fold.ts): "cartao" finds "Cartão" (issue 23: ≤ 50 ms p95).
    index("finance_entries_description_folded_trgm_idx").using("gin", sql`${table.descriptionFolded} gin_trgm_ops`),
    index("finance_entries_counterparty_folded_trgm_idx").using("gin", sql`${table.counterpartyFolded} gin_trgm_ops`),
    // The "cliente ou fornecedor" filter reaches entries through the matching customers.
    index("finance_entries_customer_idx")
      .on(table.customerId)
      .where(sql`${table.customerId} is not null`),
    index("finance_entries_supplier_idx")
      .on(table.supplierId, table.dueDate)
      .where(sql`${table.supplierId} is not null`),
    // One posting per origin and category; a posting owed in instalments (or
    // split later in Lançamentos) is one row per instalment number.
    uniqueIndex("finance_entries_origin_idx")
      .on(table.originKind, table.originId, table.categoryId, sql`coalesce(${table.instalmentNumber}, 0)`)
      .where(sql`${table.originKind} is not null`),
    uniqueIndex("finance_entries_recurring_idx")
      .on(table.recurringId, table.dueDate)
      .where(sql`${table.recurringId} is not null`),
    check("finance_entries_amount", sql`${table.amountCents} > 0`),
    check("finance_entries_paid_has_account", sql`${table.paidDate} is null or ${table.accountId} is not null`),
  ],
);

/**
 * Money moved between two of the shop's accounts: a suprimento (bank →
 * drawer), a sangria (drawer → where the cash went), a deposit. Neither
 * revenue nor expense. Posted ones carry their origin, unique.
 */
export const financeTransfers = pgTable(
  "finance_transfers",
  {
    id: serial("id").primaryKey(),
    fromAccountId: integer("from_account_id")
      .notNull()
      .references(() => financeAccounts.id),
    toAccountId: integer("to_account_id")
      .notNull()
      .references(() => financeAccounts.id),
    amountCents: integer("amount_cents").notNull(),
    transferDate: date("transfer_date", { mode: "string" }).notNull(),
    description: text("description").notNull().default(""),
    originKind: text("origin_kind"),
    originId: integer("origin_id"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdByLabel: text("created_by_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index("finance_transfers_date_idx").on(table.transferDate),
    uniqueIndex("finance_transfers_origin_idx")
      .on(table.originKind, table.originId)
      .where(sql`${table.originKind} is not null`),
    check("finance_transfers_amount", sql`${table.amountCents} > 0`),
    check("finance_transfers_accounts", sql`${table.fromAccountId} <> ${table.toAccountId}`),
  ],
);

/**
 * The acquirer's fee per card method and number of instalments, and when
 * each instalment's money arrives (days after the sale: D+1 for debit,
 * D+30 per credit instalment by default). Seeded; the owner sets them.
 */
export const cardFeeRates = pgTable(
  "card_fee_rates",
  {
    method: text("method").$type<"debit" | "credit">().notNull(),
    instalments: integer("instalments").notNull(),
    feeBasisPoints: integer("fee_basis_points").notNull(),
    /** Days from the sale to the first instalment's money; each further instalment 30 days later. */
    settlementDays: integer("settlement_days").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.method, table.instalments] }),
    check(
      "card_fee_rates_values",
      sql`${table.feeBasisPoints} between 0 and 10000 and ${table.settlementDays} between 0 and 400 and ${table.instalments} between 1 and 24`,
    ),
  ],
);

/**
 * What the acquirer owes the shop for one card payment, per instalment:
 * gross, fee and net, expected on `expectedDate` (editable). On that date
 * the net leaves the acquirer's account for the settlement account.
 */
export const cardReceivables = pgTable(
  "card_receivables",
  {
    id: serial("id").primaryKey(),
    registerEntryId: integer("register_entry_id")
      .notNull()
      .references(() => registerEntries.id),
    instalmentNumber: integer("instalment_number").notNull(),
    instalmentCount: integer("instalment_count").notNull(),
    expectedDate: date("expected_date", { mode: "string" }).notNull(),
    grossCents: integer("gross_cents").notNull(),
    feeCents: integer("fee_cents").notNull(),
    netCents: integer("net_cents").notNull(),
    acquirerAccountId: integer("acquirer_account_id")
      .notNull()
      .references(() => financeAccounts.id),
    settlementAccountId: integer("settlement_account_id")
      .notNull()
      .references(() => financeAccounts.id),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex("card_receivables_entry_idx").on(table.registerEntryId, table.instalmentNumber),
    index("card_receivables_expected_idx").on(table.expectedDate),
    check(
      "card_receivables_amounts",
      sql`${table.netCents} = ${table.grossCents} - ${table.feeCents} and ${table.feeCents} >= 0`,
    ),
  ],
);

/**
 * Paid entries summed per day, account and category (in and out), kept by
 * triggers on finance_entries (migration 0019), whoever writes the entries
 * (the posting core, the owner's forms, the scale seed). The month result,
 * the cash flow (whose balance line needs every day before the month) and
 * the 12-month chart read these few thousand rows instead of every entry of
 * the year: PGlite has no autovacuum, so even an index-only scan visits
 * every row, and a year of sales passed the 100 ms budget. Cancelled and
 * open entries are not in it.
 */
export const financeDailyTotals = pgTable(
  "finance_daily_totals",
  {
    day: date("day", { mode: "string" }).notNull(),
    accountId: integer("account_id").notNull(),
    categoryId: integer("category_id").notNull(),
    inCents: bigint("in_cents", { mode: "number" }).notNull().default(0),
    outCents: bigint("out_cents", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.accountId, table.categoryId] })],
);

/**
 * The cost of goods sold per hour, from the stock ledger: what left as a
 * sale or an order part at its cost, less what came back (a return, a
 * cancelled sale), kept by triggers on stock_movements (migration 0019).
 * The month result and the 12-month chart read a month as the hours between
 * its São Paulo boundaries (whole hours in any offset the zone has had),
 * instead of every movement of the month: a catalogue at scale moves tens
 * of thousands of items a month.
 */
export const financeCostOfGoodsHours = pgTable("finance_cost_of_goods_hours", {
  hour: timestamp("hour", { withTimezone: true }).primaryKey(),
  costCents: bigint("cost_cents", { mode: "number" }).notNull().default(0),
});

/**
 * finance_daily_totals summed per calendar month (its first day) and
 * category, kept by triggers on finance_daily_totals (migration 0052). The
 * overview reads a year of months (the 12-month chart) and every month
 * before the one shown (the cash flow's opening balance) from these few
 * hundred rows instead of summing the daily rows on each view: PGlite visits
 * every row it sums, and the days of a year were most of the page's cost.
 */
export const financeMonthlyTotals = pgTable(
  "finance_monthly_totals",
  {
    month: date("month", { mode: "string" }).notNull(),
    categoryId: integer("category_id").notNull(),
    inCents: bigint("in_cents", { mode: "number" }).notNull().default(0),
    outCents: bigint("out_cents", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.month, table.categoryId] })],
);

/**
 * finance_cost_of_goods_hours summed per São Paulo calendar month (its first
 * day), kept by triggers on finance_cost_of_goods_hours (migration 0052):
 * a year of hours is thousands of rows, the 12-month chart needs twelve sums.
 */
export const financeCostOfGoodsMonths = pgTable("finance_cost_of_goods_months", {
  month: date("month", { mode: "string" }).primaryKey(),
  costCents: bigint("cost_cents", { mode: "number" }).notNull().default(0),
});
