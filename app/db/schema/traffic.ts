import { sql } from "drizzle-orm";
import { bigserial, boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One page view or conversion reported by a public page's beacon
 * (modules/traffic). Never an IP, a cookie or a person: `visitorHash` is a
 * salted hash of IP + user agent + site with the day's salt (traffic_salts),
 * which is deleted the next day, so a hash links the events of one day and
 * nothing else; null when the browser sent Do Not Track or Global Privacy
 * Control. Kept six months, rolled into traffic_daily first.
 */
export const trafficEvents = pgTable(
  "traffic_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).defaultNow().notNull(),
    /** The shop's calendar day (America/Sao_Paulo) of `at`: what the rollup and the page group by. */
    day: date("day", { mode: "string" }).notNull(),
    /** "view", or the conversion's kind (lib/traffic-events.ts). */
    kind: text("kind").notNull(),
    path: text("path").notNull(),
    /** The first page of a visit (a page load from outside or typed in): visits are counted by these. */
    isEntry: boolean("is_entry").notNull().default(false),
    /** Where the visit came from: utm_source, else the referrer's host, else "(direto)". */
    source: text("source").notNull(),
    referrer: text("referrer"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    device: text("device").notNull(),
    browser: text("browser").notNull(),
    visitorHash: text("visitor_hash"),
  },
  (table) => [index("traffic_events_day_idx").on(table.day), index("traffic_events_at_idx").on(table.at)],
);

/**
 * The events of one shop day grouped by one dimension ("total", "page",
 * "referrer", "source", "campaign", "device", "browser", "conversion"):
 * views, visits (entries), unique visitors (distinct hashes that day) and
 * conversions. Rebuilt whole for a day by the rollup (idempotent), kept forever.
 */
export const trafficDaily = pgTable(
  "traffic_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    views: integer("views").notNull().default(0),
    visits: integer("visits").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
    conversions: integer("conversions").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.dimension, table.day, table.value] }), index("traffic_daily_day_idx").on(table.day)],
);

/** The day's salt of the visitor hash, shared by every instance; deleted once its day is over. */
export const trafficSalts = pgTable("traffic_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  /** 32 random bytes, hex. */
  salt: text("salt").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});

/** One row: the last shop day whose events are rolled up for good (the days after it are redone on every run). */
export const trafficRollupState = pgTable("traffic_rollup_state", {
  id: integer("id").primaryKey().default(1),
  rolledThrough: date("rolled_through", { mode: "string" }),
  ranAt: timestamp("ran_at", { withTimezone: true }).default(sql`now()`),
});
