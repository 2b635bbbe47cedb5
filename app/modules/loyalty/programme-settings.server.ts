import { asc, desc, getTableColumns } from "drizzle-orm";
import { getDb, inTransaction, type Database, type Transaction } from "~/db/client.server";
import { namedColumns } from "~/db/read-together.server";
import { loyaltyRuleVersions } from "~/db/schema/loyalty-programme";
import { shopToday } from "~/lib/dates";
import { InputError } from "~/lib/errors";
import { fieldErrorsOf } from "~/lib/forms";
import { invalidatePublicPages } from "~/lib/page-cache.server";
import { assertOwnerActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { loyaltyRulesSchema, rulesOfParsed } from "./programme-validation";
import type { LoyaltyRules } from "./rules";
import { selectRulesInForce, type SavedRulesVersion } from "./rules-in-force";

export class LoyaltyRulesInputError extends InputError {
  override name = "LoyaltyRulesInputError";
  constructor(fieldErrors: Record<string, string>) {
    super("loyalty-rules", fieldErrors);
  }
}

type VersionRow = typeof loyaltyRuleVersions.$inferSelect;

function rulesOfRow(row: VersionRow): LoyaltyRules & { effectiveFrom: string } {
  return {
    enabled: row.enabled,
    effectiveFrom: row.effectiveFrom,
    pointsPerSpendStep: row.pointsPerSpendStep,
    spendStepCents: row.spendStepCents,
    referralPoints: row.referralPoints,
    cycleBonusPoints: row.cycleBonusPoints,
    cycleBonusMinRepairs: row.cycleBonusMinRepairs,
    cycleStart: { month: row.cycleStartMonth, day: row.cycleStartDay },
    validityYears: row.validityYears,
    levels: row.levels,
  };
}

/** Every saved version, oldest effective date first (a few rows: one per change of the owner's). */
export async function readRuleVersions(db: Database | Transaction) {
  return versionsOfRows(
    await db
      .select()
      .from(loyaltyRuleVersions)
      .orderBy(...VERSION_ORDER),
  );
}

/** Oldest effective date first; two on one date in the order they were saved. */
const VERSION_ORDER = [asc(loyaltyRuleVersions.effectiveFrom), asc(loyaltyRuleVersions.id)];

/**
 * readRuleVersions as a query that rides in another read's statement
 * (readTogether): its columns named as Drizzle names a row's fields, and
 * `versionsOf` to turn its rows (JSON: the instant as text) into the versions.
 */
export function ruleVersionsRead(db: Database | Transaction) {
  return {
    query: db
      .select(namedColumns(getTableColumns(loyaltyRuleVersions)))
      .from(loyaltyRuleVersions)
      .orderBy(...VERSION_ORDER),
    versionsOf: (rows: readonly Record<string, unknown>[]) =>
      versionsOfRows(rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt as string) }) as VersionRow)),
  };
}

function versionsOfRows(rows: readonly VersionRow[]) {
  return rows.map((row) => ({
    id: row.id,
    rules: rulesOfRow(row),
    createdByLabel: row.createdByLabel,
    createdAt: row.createdAt,
  }));
}

/** The rules in force on `day` (the body of programme.server.ts's `rulesInForce`). */
export async function readRulesInForce(db: Database | Transaction, day: string): Promise<LoyaltyRules> {
  const versions: SavedRulesVersion[] = await readRuleVersions(db);
  return selectRulesInForce(versions, day);
}

/** The settings page: the rules in force today, what is scheduled after today, and the history. */
export async function getLoyaltyProgramme(day = shopToday()) {
  const db = await getDb();
  const versions = await readRuleVersions(db);
  const inForce = selectRulesInForce(versions, day);
  return {
    inForce,
    scheduled: versions.filter((version) => version.rules.effectiveFrom > day),
    history: [...versions].reverse(),
  };
}

/**
 * The owner's change of the programme: a new version from its effective date
 * (today or later; an earlier one would rewrite what was earned under the
 * rules then). Versions are never updated or deleted: a mistake is fixed by
 * saving another version for the same day, which wins as the later saved.
 */
export async function saveLoyaltyRulesInTx(tx: Transaction, actor: Actor, input: unknown, today: string) {
  assertOwnerActor(actor, "Só o proprietário muda as regras do programa de fidelidade.");
  const parsed = loyaltyRulesSchema(today).safeParse(input);
  if (!parsed.success) throw new LoyaltyRulesInputError(fieldErrorsOf(parsed.error));
  const rules = rulesOfParsed(parsed.data);
  const [saved] = await tx
    .insert(loyaltyRuleVersions)
    .values({
      effectiveFrom: rules.effectiveFrom,
      enabled: rules.enabled,
      pointsPerSpendStep: rules.pointsPerSpendStep,
      spendStepCents: rules.spendStepCents,
      referralPoints: rules.referralPoints,
      cycleBonusPoints: rules.cycleBonusPoints,
      cycleBonusMinRepairs: rules.cycleBonusMinRepairs,
      cycleStartMonth: rules.cycleStart.month,
      cycleStartDay: rules.cycleStart.day,
      validityYears: rules.validityYears,
      levels: [...rules.levels],
      createdByUserId: actor.userId,
      createdByLabel: actor.label,
    })
    .returning({ id: loyaltyRuleVersions.id });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "loyalty.rules.change",
    entity: "loyalty_rule_versions",
    entityId: String(saved!.id),
    details: { ...rules },
  });
  return { id: saved!.id, effectiveFrom: rules.effectiveFrom };
}

/** Saves the change, then drops the cached public pages: the home block and the rules page show the rules in force. */
export async function saveLoyaltyRules(actor: Actor, input: unknown, today = shopToday()) {
  const saved = await inTransaction((tx) => saveLoyaltyRulesInTx(tx, actor, input, today));
  invalidatePublicPages();
  return saved;
}

/** The last version saved, newest first (for tests and the audit trail). */
export async function latestRuleVersion(db: Database | Transaction) {
  const [row] = await db.select().from(loyaltyRuleVersions).orderBy(desc(loyaltyRuleVersions.id)).limit(1);
  return row ? rulesOfRow(row) : null;
}

/** The rules a visitor is shown today (home block, rules page): the version in force and since when. */
export async function getPublicLoyaltyRules(day = shopToday()) {
  return readRulesInForce(await getDb(), day);
}
