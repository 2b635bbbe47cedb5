import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** One level as the programme's settings keep it: name, valid points needed, discount in basis points (1500 = 15 %). */
export type LoyaltyLevelSetting = { name: string; minPoints: number; discountBasisPoints: number };

/**
 * The loyalty programme's rules, one row per version: the owner's change
 * starts a new version on its effective date (today or later) and never
 * rewrites an earlier one, so points earned under old rules stay as earned.
 * The version in force on a day is the latest `effective_from` on or before
 * it (the latest saved on a tie); none at all means the spec's defaults.
 */
export const loyaltyRuleVersions = pgTable(
  "loyalty_rule_versions",
  {
    id: serial("id").primaryKey(),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    enabled: boolean("enabled").notNull(),
    pointsPerSpendStep: integer("points_per_spend_step").notNull(),
    spendStepCents: integer("spend_step_cents").notNull(),
    referralPoints: integer("referral_points").notNull(),
    cycleBonusPoints: integer("cycle_bonus_points").notNull(),
    cycleBonusMinRepairs: integer("cycle_bonus_min_repairs").notNull(),
    cycleStartMonth: integer("cycle_start_month").notNull(),
    cycleStartDay: integer("cycle_start_day").notNull(),
    validityYears: integer("validity_years").notNull(),
    levels: jsonb("levels").$type<LoyaltyLevelSetting[]>().notNull(),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdByLabel: text("created_by_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index("loyalty_rule_versions_effective_idx").on(table.effectiveFrom, table.id),
    check(
      "loyalty_rule_versions_positive",
      sql`${table.pointsPerSpendStep} >= 0 and ${table.spendStepCents} > 0 and ${table.referralPoints} >= 0 and ${table.cycleBonusPoints} >= 0 and ${table.cycleBonusMinRepairs} > 0 and ${table.validityYears} > 0`,
    ),
  ],
);
