import { and, asc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { financeCategories, financeEntries, financeRecurring } from "~/db/schema/finance";
import { keptUntilWrite } from "~/db/kept-until-write.server";
import { addDays, addMonths, shopMonthOf, shopToday } from "~/lib/dates";
import { parseInput, readId } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import type { ScheduledJob } from "~/lib/job-runner.server";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { FinanceInputError, FinanceNotFoundError } from "./errors";
import { activeAccountInTx, activeCategoryInTx } from "./lookups.server";
import { MONTHS_GENERATED_AHEAD, RecurringKeySchema, RecurringSchema, type RecurringInput } from "./validation";
import { plural } from "~/lib/wording";

const RECURRING_ENTITY = "finance-recurring";
const refuse = (errors: Record<string, string>) => new FinanceInputError("invalid-input", errors);

/** A start further back would write years of overdue entries by mistake. */
const MAX_MONTHS_BACK = 12;

const monthAfter = (month: string) => addMonths(`${month}-01`, 1).slice(0, 7);

/** The due date in `month` of something due on `day`: a shorter month uses its last day. */
export function dueDateIn(month: string, day: number): string {
  const lastDay = Number(addDays(addMonths(`${month}-01`, 1), -1).slice(8));
  return `${month}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

/** The month the entries are generated up to on `today`. */
export function generationTargetMonth(today: string) {
  return shopMonthOf(addMonths(today, MONTHS_GENERATED_AHEAD));
}

type RecurringRow = typeof financeRecurring.$inferSelect;

/** Writes one recurring's missing entries up to `targetMonth`; the unique index (recurring, due date) keeps a second run from writing again. */
async function generateForInTx(tx: Transaction, recurring: RecurringRow, targetMonth: string) {
  const lastMonth = recurring.endMonth && recurring.endMonth < targetMonth ? recurring.endMonth : targetMonth;
  let month =
    recurring.generatedThrough && recurring.generatedThrough >= recurring.startMonth
      ? monthAfter(recurring.generatedThrough)
      : recurring.startMonth;
  // A month that has an entry of this recurring (paid, cancelled, or due on another day before an edit) gets no second one.
  const existing = await tx
    .select({ month: sql<string>`to_char(${financeEntries.dueDate}, 'YYYY-MM')` })
    .from(financeEntries)
    .where(and(eq(financeEntries.recurringId, recurring.id), gte(financeEntries.dueDate, `${month}-01`)));
  const taken = new Set(existing.map((row) => row.month));
  const values: (typeof financeEntries.$inferInsert)[] = [];
  for (; month <= lastMonth; month = monthAfter(month)) {
    if (taken.has(month)) continue;
    values.push({
      direction: recurring.direction,
      description: recurring.description,
      categoryId: recurring.categoryId,
      amountCents: recurring.amountCents,
      dueDate: dueDateIn(month, recurring.dayOfMonth),
      counterparty: recurring.counterparty,
      recurringId: recurring.id,
      createdByLabel: recurring.createdByLabel,
      isDemo: recurring.isDemo,
    });
  }
  if (values.length > 0) await tx.insert(financeEntries).values(values).onConflictDoNothing();
  if (recurring.generatedThrough === null || recurring.generatedThrough < targetMonth) {
    await tx.update(financeRecurring).set({ generatedThrough: targetMonth }).where(eq(financeRecurring.id, recurring.id));
  }
  return values.length;
}

const needsGeneration = (targetMonth: string) =>
  and(
    isNull(financeRecurring.archivedAt),
    or(isNull(financeRecurring.generatedThrough), lt(financeRecurring.generatedThrough, targetMonth)),
  );

/**
 * Generates the entries every active recurring still lacks up to three
 * months after `today`. Called by the hourly job (recurringEntriesJob; a
 * page's GET writes nothing) and by the demo seed; rows are locked so two
 * runs at once write each entry once.
 */
export async function generateRecurringEntriesInTx(tx: Transaction, today: string) {
  const targetMonth = generationTargetMonth(today);
  const due = await tx
    .select()
    .from(financeRecurring)
    .where(needsGeneration(targetMonth))
    .orderBy(financeRecurring.id)
    .for("update");
  let written = 0;
  for (const recurring of due) written += await generateForInTx(tx, recurring, targetMonth);
  return written;
}

/** The job's run: reads first, and opens a transaction only when a month is missing. */
export async function ensureRecurringEntries(today = shopToday()) {
  const db = await getDb();
  const [pending] = await db
    .select({ id: financeRecurring.id })
    .from(financeRecurring)
    .where(needsGeneration(generationTargetMonth(today)))
    .limit(1);
  if (!pending) return 0;
  return inTransaction((tx) => generateRecurringEntriesInTx(tx, today));
}

function checkMonths(input: { startMonth: string }, today: string) {
  if (input.startMonth < shopMonthOf(addMonths(today, -MAX_MONTHS_BACK))) {
    throw refuse({ startMonth: `O primeiro mês pode ser no máximo ${MAX_MONTHS_BACK} meses atrás.` });
  }
}

/** A recurring expense or income (rent, internet, salaries, DAS); its entries appear at once. */
export async function createRecurringInTx(tx: Transaction, actor: Actor, rawInput: unknown, today = shopToday()) {
  assertStaffActor(actor);
  const input = parseInput(RecurringSchema, rawInput, refuse);
  const { idempotencyKey } = parseInput(RecurringKeySchema, rawInput, refuse);
  // The form sent twice (a double tap, a reload) makes one rule and one set of entries.
  const key = { key: idempotencyKey, scope: "finance.recurring.create", actorUserId: actor.userId, content: input };
  const { result } = await runOnce(tx, key, () => writeRecurringInTx(tx, actor, input, today));
  return result;
}

async function writeRecurringInTx(tx: Transaction, actor: Actor, input: RecurringInput, today: string) {
  checkMonths(input, today);
  await activeCategoryInTx(tx, input.categoryId, input.direction);
  if (input.accountId !== null) await activeAccountInTx(tx, input.accountId);
  const [recurring] = await tx
    .insert(financeRecurring)
    .values({
      direction: input.direction,
      description: input.description,
      categoryId: input.categoryId,
      amountCents: input.amount,
      dayOfMonth: input.dayOfMonth,
      startMonth: input.startMonth,
      endMonth: input.endMonth || null,
      counterparty: input.counterparty,
      accountId: input.accountId,
      createdByLabel: actor.label,
    })
    .returning();
  const written = await generateForInTx(tx, recurring!, generationTargetMonth(today));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "finance.recurring.create",
    entity: RECURRING_ENTITY,
    entityId: String(recurring!.id),
    details: { ...input, entriesWritten: written },
  });
  return { recurringId: recurring!.id, entriesWritten: written };
}

export function createRecurring(actor: Actor, input: unknown) {
  return inTransaction((tx) => createRecurringInTx(tx, actor, input));
}

async function lockRecurringInTx(tx: Transaction, rawId: unknown) {
  const id = typeof rawId === "number" || typeof rawId === "string" ? readId(rawId) : null;
  if (id === null) throw new FinanceNotFoundError("recorrente não encontrado");
  const [recurring] = await tx.select().from(financeRecurring).where(eq(financeRecurring.id, id)).for("update");
  if (!recurring) throw new FinanceNotFoundError("recorrente não encontrado");
  return recurring;
}

const openFutureEntriesOf = (recurringId: number, today: string) =>
  and(
    eq(financeEntries.recurringId, recurringId),
    isNull(financeEntries.paidDate),
    isNull(financeEntries.cancelledAt),
    gte(financeEntries.dueDate, today),
  );

/** Why an edit cancelled a month: an entry cancelled for this reason comes back when the months cover it again. */
const OUTSIDE_MONTHS_REASON = "Fora dos meses do recorrente alterado";

/** Entries not yet due an edit took out of the recurring's months (not those staff cancelled by hand). */
const entriesOutsideMonthsOf = (recurringId: number, today: string) =>
  and(
    eq(financeEntries.recurringId, recurringId),
    isNull(financeEntries.paidDate),
    eq(financeEntries.cancelReason, OUTSIDE_MONTHS_REASON),
    gte(financeEntries.dueDate, today),
  );

/**
 * Changes a recurring from today on: its open entries not yet due follow
 * the new amount, day and category; those now outside its months are
 * cancelled; what was paid or already due stays as it was.
 */
export async function updateRecurringInTx(tx: Transaction, actor: Actor, rawId: unknown, rawInput: unknown, today = shopToday()) {
  assertStaffActor(actor);
  const input = parseInput(RecurringSchema, rawInput, refuse);
  const recurring = await lockRecurringInTx(tx, rawId);
  if (recurring.archivedAt) throw refuse({ form: "Este recorrente foi arquivado: ele não muda mais." });
  if (input.direction !== recurring.direction)
    throw refuse({ direction: "O tipo (entrada ou saída) de um recorrente não muda." });
  if (input.startMonth !== recurring.startMonth) checkMonths(input, today);
  await activeCategoryInTx(tx, input.categoryId, recurring.direction);
  if (input.accountId !== null) await activeAccountInTx(tx, input.accountId);
  const endMonth = input.endMonth || null;
  await tx
    .update(financeRecurring)
    .set({
      description: input.description,
      categoryId: input.categoryId,
      amountCents: input.amount,
      dayOfMonth: input.dayOfMonth,
      startMonth: input.startMonth,
      endMonth,
      counterparty: input.counterparty,
      accountId: input.accountId,
    })
    .where(eq(financeRecurring.id, recurring.id));
  const future = await tx
    .select({ id: financeEntries.id, dueDate: financeEntries.dueDate, cancelledAt: financeEntries.cancelledAt })
    .from(financeEntries)
    .where(or(openFutureEntriesOf(recurring.id, today), entriesOutsideMonthsOf(recurring.id, today)));
  for (const entry of future) {
    const month = entry.dueDate.slice(0, 7);
    const isOutside = month < input.startMonth || (endMonth !== null && month > endMonth);
    if (isOutside && entry.cancelledAt) continue;
    await tx
      .update(financeEntries)
      .set(
        isOutside
          ? { cancelledAt: new Date(), cancelledByLabel: actor.label, cancelReason: OUTSIDE_MONTHS_REASON }
          : {
              description: input.description,
              categoryId: input.categoryId,
              amountCents: input.amount,
              dueDate: dueDateIn(month, input.dayOfMonth),
              counterparty: input.counterparty,
              // Back inside the months (the end moved later again): open once more.
              cancelledAt: null,
              cancelledByLabel: null,
              cancelReason: null,
            },
      )
      .where(eq(financeEntries.id, entry.id));
  }
  const [updated] = await tx.select().from(financeRecurring).where(eq(financeRecurring.id, recurring.id));
  // A start moved back: generate from the new start again (the unique index skips what exists).
  await generateForInTx(tx, { ...updated!, generatedThrough: null }, generationTargetMonth(today));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "finance.recurring.update",
    entity: RECURRING_ENTITY,
    entityId: String(recurring.id),
    details: {
      before: { amountCents: recurring.amountCents, dayOfMonth: recurring.dayOfMonth, endMonth: recurring.endMonth },
      after: input,
    },
  });
  return { recurringId: recurring.id };
}

export function updateRecurring(actor: Actor, id: unknown, input: unknown) {
  return inTransaction((tx) => updateRecurringInTx(tx, actor, id, input));
}

/** Stops a recurring: no new entries, and its open entries not yet due are cancelled. */
export async function archiveRecurringInTx(tx: Transaction, actor: Actor, rawId: unknown, today = shopToday()) {
  assertStaffActor(actor);
  const recurring = await lockRecurringInTx(tx, rawId);
  if (recurring.archivedAt) return { recurringId: recurring.id, wasArchived: true };
  await tx.update(financeRecurring).set({ archivedAt: new Date() }).where(eq(financeRecurring.id, recurring.id));
  const cancelled = await tx
    .update(financeEntries)
    .set({ cancelledAt: new Date(), cancelledByLabel: actor.label, cancelReason: "Recorrente encerrado" })
    .where(openFutureEntriesOf(recurring.id, today))
    .returning({ id: financeEntries.id });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "finance.recurring.archive",
    entity: RECURRING_ENTITY,
    entityId: String(recurring.id),
    details: { description: recurring.description, entriesCancelled: cancelled.length },
  });
  return { recurringId: recurring.id, wasArchived: false };
}

export function archiveRecurring(actor: Actor, id: unknown) {
  return inTransaction((tx) => archiveRecurringInTx(tx, actor, id));
}

/** The recurring list: active first, with the category's name and the next open entry. */
export async function listRecurring() {
  const db = await getDb();
  return db
    .select({
      id: financeRecurring.id,
      direction: financeRecurring.direction,
      description: financeRecurring.description,
      categoryId: financeRecurring.categoryId,
      categoryName: financeCategories.name,
      amountCents: financeRecurring.amountCents,
      dayOfMonth: financeRecurring.dayOfMonth,
      startMonth: financeRecurring.startMonth,
      endMonth: financeRecurring.endMonth,
      counterparty: financeRecurring.counterparty,
      accountId: financeRecurring.accountId,
      archivedAt: financeRecurring.archivedAt,
      nextDueDate: sql<string | null>`(select min(e.due_date)::text from ${financeEntries} e
        where e.recurring_id = ${financeRecurring.id} and e.paid_date is null and e.cancelled_at is null)`,
    })
    .from(financeRecurring)
    .innerJoin(financeCategories, eq(financeCategories.id, financeRecurring.categoryId))
    .orderBy(sql`${financeRecurring.archivedAt} is not null`, asc(financeRecurring.dayOfMonth), asc(financeRecurring.id));
}

const keptRecurringLists = keptUntilWrite();

/**
 * The recurring page's list: listRecurring, read again only once a
 * transaction that wrote something has committed (keptUntilWrite: on PGlite
 * only; the job that writes the months ahead commits like any write).
 */
export function listRecurringForPage() {
  return keptRecurringLists("all", () => listRecurring());
}

/** How often the job looks: entries are written three months ahead, so an hour late at a month's turn changes nothing anyone sees. */
export const RECURRING_INTERVAL_MS = 60 * 60_000;

/**
 * The recurring entries on the job runner: at start when due (a shop closed
 * for weeks catches up every missing month, and the unique index keeps a
 * second run from writing again), then every hour, once across instances.
 */
export const recurringEntriesJob: ScheduledJob = {
  name: "finance.recurring",
  intervalMs: RECURRING_INTERVAL_MS,
  async run(now) {
    const written = await ensureRecurringEntries(shopToday(now));
    return { summary: plural(written, "lançamento gerado", "lançamentos gerados") };
  },
};
