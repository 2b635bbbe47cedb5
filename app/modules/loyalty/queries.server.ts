import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { customers } from "~/db/schema/customers";
import { loyaltyBalances, loyaltyEntries, type LoyaltyEntryKind } from "~/db/schema/loyalty";
import { shopToday } from "~/lib/dates";
import { validPointsAt } from "./balance.server";
import { rulesInForce } from "./programme.server";
import { levelForPoints, type LoyaltyLevel, type LoyaltyRules } from "./rules";

/** Rows per page of every loyalty list (bounded at 40 000 customers). */
export const LOYALTY_PAGE_SIZE = 50;

export const LOYALTY_KIND_LABELS: Record<LoyaltyEntryKind, string> = {
  earned: "Pontos ganhos",
  referral: "Indicação",
  "cycle-bonus": "Bônus do ciclo",
  "launch-credit": "Crédito de lançamento",
  expired: "Pontos expirados",
  reversed: "Estorno",
  adjustment: "Ajuste manual",
};

export type LoyaltyHistoryRow = {
  id: number;
  kind: LoyaltyEntryKind;
  kindLabel: string;
  points: number;
  description: string;
  reason: string;
  occurredAt: string;
  expiresAt: string | null;
  serviceOrderId: number | null;
  saleId: number | null;
  actorLabel: string;
};

export type NextLevel = { level: LoyaltyLevel; missingPoints: number; progressPercent: number };

export type LoyaltySummary = {
  isEnabled: boolean;
  /** The rules in force, for the "how you earn" line. */
  earning: { pointsPerSpendStep: number; spendStepCents: number; validityYears: number };
  points: number;
  level: LoyaltyLevel | null;
  next: NextLevel | null;
  /** Valid points by the shop day they expire, soonest first (oldest points leave first). */
  expiring: { day: string; points: number }[];
  history: LoyaltyHistoryRow[];
  hasMoreHistory: boolean;
};

export function nextLevelOf(points: number, rules: Pick<LoyaltyRules, "levels">): NextLevel | null {
  const next = rules.levels.find((level) => points < level.minPoints);
  if (!next) return null;
  return {
    level: next,
    missingPoints: next.minPoints - points,
    progressPercent: Math.max(0, Math.min(100, Math.floor((points / next.minPoints) * 100))),
  };
}

/**
 * Points still valid, by the day they expire: every negative entry took
 * from the oldest points first, and what lapsed before `now` is already
 * gone (written off or due).
 */
export function expiringSchedule(
  lots: readonly { points: number; expiresAt: Date | null }[],
  negatives: number,
  now: Date,
): { day: string; points: number }[] {
  let taken = Math.max(0, -negatives);
  const byDay = new Map<string, number>();
  const ordered = [...lots].sort((a, b) => (a.expiresAt?.getTime() ?? Infinity) - (b.expiresAt?.getTime() ?? Infinity));
  for (const lot of ordered) {
    const take = Math.min(lot.points, taken);
    taken -= take;
    const left = lot.points - take;
    if (left <= 0 || lot.expiresAt === null || lot.expiresAt <= now) continue;
    const day = shopToday(lot.expiresAt);
    byDay.set(day, (byDay.get(day) ?? 0) + left);
  }
  return [...byDay.entries()].map(([day, points]) => ({ day, points }));
}

function historyRow(row: typeof loyaltyEntries.$inferSelect): LoyaltyHistoryRow {
  return {
    id: row.id,
    kind: row.kind,
    kindLabel: LOYALTY_KIND_LABELS[row.kind],
    points: row.points,
    description: row.description,
    reason: row.reason,
    occurredAt: row.occurredAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    serviceOrderId: row.serviceOrderId,
    saleId: row.saleId,
    actorLabel: row.actorLabel,
  };
}

/**
 * The points of these customer records (one person: a customer's account
 * may see several records; staff look at one): valid points and level,
 * progress to the next level, what expires when, and the history, newest
 * first, a page at a time.
 */
export async function loyaltySummaryOf(
  customerIds: readonly number[],
  { page = 1, now = new Date() } = {},
): Promise<LoyaltySummary> {
  const db = await getDb();
  const rules = await rulesInForce(db, shopToday(now));
  const earning = {
    pointsPerSpendStep: rules.pointsPerSpendStep,
    spendStepCents: rules.spendStepCents,
    validityYears: rules.validityYears,
  };
  if (customerIds.length === 0) {
    return {
      isEnabled: rules.enabled,
      earning,
      points: 0,
      level: null,
      next: nextLevelOf(0, rules),
      expiring: [],
      history: [],
      hasMoreHistory: false,
    };
  }
  const ids = [...customerIds];
  let points = 0;
  const expiring = new Map<string, number>();
  for (const customerId of ids) {
    points += await validPointsAt(db, customerId, now);
    const [lots, [negatives]] = await Promise.all([
      db
        .select({ points: loyaltyEntries.points, expiresAt: loyaltyEntries.expiresAt })
        .from(loyaltyEntries)
        .where(and(eq(loyaltyEntries.customerId, customerId), sql`${loyaltyEntries.points} > 0`)),
      db
        .select({ total: sql<number>`coalesce(sum(${loyaltyEntries.points}), 0)`.mapWith(Number) })
        .from(loyaltyEntries)
        .where(and(eq(loyaltyEntries.customerId, customerId), sql`${loyaltyEntries.points} < 0`)),
    ]);
    for (const { day, points: due } of expiringSchedule(lots, negatives?.total ?? 0, now)) {
      expiring.set(day, (expiring.get(day) ?? 0) + due);
    }
  }
  const offset = (Math.max(1, page) - 1) * LOYALTY_PAGE_SIZE;
  const rows = await db
    .select()
    .from(loyaltyEntries)
    .where(inArray(loyaltyEntries.customerId, ids))
    .orderBy(desc(loyaltyEntries.occurredAt), desc(loyaltyEntries.id))
    .limit(LOYALTY_PAGE_SIZE + 1)
    .offset(offset);
  return {
    isEnabled: rules.enabled,
    earning,
    points,
    level: rules.enabled ? levelForPoints(points, rules.levels) : null,
    next: rules.enabled ? nextLevelOf(points, rules) : null,
    expiring: [...expiring.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, due]) => ({ day, points: due })),
    history: rows.slice(0, LOYALTY_PAGE_SIZE).map(historyRow),
    hasMoreHistory: rows.length > LOYALTY_PAGE_SIZE,
  };
}

export type LoyaltyCustomerRow = {
  customerId: number;
  name: string;
  phone: string;
  points: number;
  levelName: string | null;
};

/** How many customers are at each level (the ledger's sums, as the expiry job last left them). */
export async function customersPerLevel(now = new Date()) {
  const db = await getDb();
  const rules = await rulesInForce(db, shopToday(now));
  const counts = await Promise.all(
    rules.levels.map(async (level, index) => {
      const upper = rules.levels[index + 1]?.minPoints;
      const [row] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(loyaltyBalances)
        .where(
          and(gte(loyaltyBalances.points, level.minPoints), upper === undefined ? undefined : lt(loyaltyBalances.points, upper)),
        );
      return { name: level.name, minPoints: level.minPoints, customers: row?.total ?? 0 };
    }),
  );
  return counts;
}

/**
 * Customers at a level (by its name), most points first, a page at a time;
 * `closeOnly`: those within 20 % of the next level's points instead.
 */
export async function listCustomersByLevel(
  { levelName, closeOnly = false, page = 1 }: { levelName: string | null; closeOnly?: boolean; page?: number },
  now = new Date(),
): Promise<{ rows: (LoyaltyCustomerRow & { missingPoints: number | null })[]; hasNextPage: boolean }> {
  const db = await getDb();
  const rules = await rulesInForce(db, shopToday(now));
  const index = rules.levels.findIndex((level) => level.name === levelName);
  const bands: { from: number; to: number | undefined }[] = [];
  if (closeOnly) {
    for (const level of rules.levels) bands.push({ from: Math.floor(level.minPoints * 0.8), to: level.minPoints });
  } else if (index >= 0) {
    bands.push({ from: rules.levels[index]!.minPoints, to: rules.levels[index + 1]?.minPoints });
  } else {
    bands.push({ from: rules.levels[0]?.minPoints ?? 1, to: undefined });
  }
  const inBands = sql.join(
    bands.map((band) =>
      band.to === undefined
        ? sql`(${loyaltyBalances.points} >= ${band.from})`
        : sql`(${loyaltyBalances.points} >= ${band.from} and ${loyaltyBalances.points} < ${band.to})`,
    ),
    sql` or `,
  );
  const rows = await db
    .select({
      customerId: loyaltyBalances.customerId,
      points: loyaltyBalances.points,
      name: customers.name,
      phone: customers.phone,
    })
    .from(loyaltyBalances)
    .innerJoin(customers, eq(customers.id, loyaltyBalances.customerId))
    .where(sql`(${inBands})`)
    .orderBy(desc(loyaltyBalances.points), asc(loyaltyBalances.customerId))
    .limit(LOYALTY_PAGE_SIZE + 1)
    .offset((Math.max(1, page) - 1) * LOYALTY_PAGE_SIZE);
  return {
    rows: rows.slice(0, LOYALTY_PAGE_SIZE).map((row) => ({
      ...row,
      levelName: levelForPoints(row.points, rules.levels)?.name ?? null,
      missingPoints: nextLevelOf(row.points, rules)?.missingPoints ?? null,
    })),
    hasNextPage: rows.length > LOYALTY_PAGE_SIZE,
  };
}

export type ExpiringRow = LoyaltyCustomerRow & {
  expiringPoints: number;
  firstExpiry: string;
  marketingConsent: boolean;
};

/**
 * Customers with valid points expiring in the next `days` days, soonest
 * first, a page at a time: the points that will lapse by then less what
 * lapses already (both oldest first, as the expiry job counts them).
 */
export async function listExpiringSoon({ page = 1, days = 30 }: { page?: number; days?: number } = {}, now = new Date()) {
  const db = await getDb();
  const rules = await rulesInForce(db, shopToday(now));
  const from = now.toISOString();
  const until = new Date(now.getTime() + days * 86_400_000).toISOString();
  const result = await db.execute(sql`
    with candidates as (
      select customer_id, min(expires_at) as first_expiry
      from loyalty_entries
      where points > 0 and expires_at > ${from} and expires_at <= ${until}
      group by customer_id
      order by first_expiry, customer_id
      limit ${LOYALTY_PAGE_SIZE + 1} offset ${(Math.max(1, page) - 1) * LOYALTY_PAGE_SIZE}
    )
    select c.customer_id, c.first_expiry, cu.name, cu.phone, cu.marketing_consent, t.total,
      greatest(0, least(t.total, t.lapsed_until + t.negatives)) - greatest(0, least(t.total, t.lapsed_now + t.negatives)) as expiring
    from candidates c
    join customers cu on cu.id = c.customer_id
    cross join lateral (
      select coalesce(sum(points), 0)::int as total,
        coalesce(sum(points) filter (where points > 0 and expires_at <= ${until}), 0)::int as lapsed_until,
        coalesce(sum(points) filter (where points > 0 and expires_at <= ${from}), 0)::int as lapsed_now,
        coalesce(sum(points) filter (where points < 0), 0)::int as negatives
      from loyalty_entries e where e.customer_id = c.customer_id
    ) t
    order by c.first_expiry, c.customer_id`);
  const rows = (
    result as unknown as {
      rows: {
        customer_id: number;
        first_expiry: string | Date;
        name: string;
        phone: string;
        marketing_consent: boolean;
        total: number;
        expiring: number;
      }[];
    }
  ).rows;
  const shown = rows.slice(0, LOYALTY_PAGE_SIZE);
  return {
    rows: shown
      .filter((row) => Number(row.expiring) > 0)
      .map((row): ExpiringRow => ({
        customerId: Number(row.customer_id),
        name: row.name,
        phone: row.phone,
        points: Number(row.total),
        levelName: levelForPoints(Number(row.total), rules.levels)?.name ?? null,
        expiringPoints: Number(row.expiring),
        firstExpiry: shopToday(new Date(row.first_expiry)),
        marketingConsent: row.marketing_consent,
      })),
    hasNextPage: rows.length > LOYALTY_PAGE_SIZE,
  };
}

/** A customer's name for the staff ledger's heading, or null when there is none with that id. */
export async function loyaltyCustomer(customerId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ id: customers.id, name: customers.name, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ?? null;
}

/** "Minha conta"'s points, of the records the account sees (the route finds them from the session): null when it has none. */
export async function accountPointsOf(customerIds: readonly number[]) {
  if (customerIds.length === 0) return null;
  const { points, level, next, isEnabled } = await loyaltySummaryOf(customerIds, { page: 1 });
  return { points, level, next, isEnabled };
}
