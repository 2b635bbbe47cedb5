import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** The spec's `profiles` table: one row per auth user. */
export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  fullName: text("full_name").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});

/** One-time links that create the first owner; only a hash of the token is kept. */
export const ownerSetupTokens = pgTable("owner_setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});
