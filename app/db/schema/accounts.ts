import { boolean, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** The spec's `profiles` table: one row per auth user. */
export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  fullName: text("full_name").notNull().default(""),
  /** Set by the owner on /equipe: the person's sessions end and they cannot sign in; their name stays on past records. */
  deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
  /**
   * "Financeiro", granted by the owner on /equipe: a staff member who may open
   * finance (accounts, entries, the month result, salaries). Owners always may.
   */
  financeAccess: boolean("finance_access").notNull().default(false),
  /** The phone a customer keeps on their own account ("Meu perfil"), digits only; the shop's records keep theirs until staff apply it. */
  phone: text("phone").notNull().default(""),
  /** The customer's own marketing choice, applied to the records linked to the account (LGPD art. 8). */
  marketingConsent: boolean("marketing_consent").notNull().default(false),
  /** When the customer last made that choice (on or off); null while they never did on the site. */
  marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});

/** One-time links that create the first owner; only a hash of the token is kept. */
export const ownerSetupTokens = pgTable("owner_setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/**
 * An owner's invitation to join the team (/equipe): a one-use link, valid
 * for 7 days, where the invitee sets name and password. Only a hash of the
 * token is kept.
 */
export const staffInvites = pgTable(
  "staff_invites",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    /** "staff" or "owner" (modules/accounts/roles.ts). */
    role: text("role").notNull(),
    invitedByUserId: text("invited_by_user_id").references(() => user.id, { onDelete: "set null" }),
    invitedByLabel: text("invited_by_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    usedByUserId: text("used_by_user_id").references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("staff_invites_email_idx").on(table.email)],
);
