import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { financeCategories, financeEntries, financeRecurring } from "~/db/schema/finance";
import { parseInput, readId } from "~/lib/forms";
import { assertOwnerActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { FinanceInputError, FinanceNotFoundError, FinanceStateError } from "./errors";
import { CategorySchema } from "./validation";

const CATEGORY_ENTITY = "finance-category";
const OWNER_MESSAGE = "Apenas o proprietário muda as categorias do financeiro.";
const DUPLICATE_NAME = { name: "Já existe uma categoria com este nome e este tipo." };
const refuse = (errors: Record<string, string>) => new FinanceInputError("invalid-input", errors);

async function assertNameFreeInTx(tx: Transaction, name: string, direction: string, exceptId: number | null) {
  const [clash] = await tx
    .select({ id: financeCategories.id })
    .from(financeCategories)
    .where(
      and(
        sql`lower(${financeCategories.name}) = lower(${name})`,
        eq(financeCategories.direction, direction as "in" | "out"),
        exceptId === null ? undefined : sql`${financeCategories.id} <> ${exceptId}`,
      ),
    );
  if (clash) throw refuse(DUPLICATE_NAME);
}

/** An owner's category, mapped to the line of the month result it adds to. */
export async function createCategoryInTx(tx: Transaction, actor: Actor, rawInput: unknown) {
  assertOwnerActor(actor, OWNER_MESSAGE);
  const input = parseInput(CategorySchema, rawInput, refuse);
  await assertNameFreeInTx(tx, input.name, input.direction, null);
  const [position] = await tx
    .select({ next: sql<number>`coalesce(max(${financeCategories.position}), 0) + 1` })
    .from(financeCategories);
  const [category] = await tx
    .insert(financeCategories)
    .values({ name: input.name, direction: input.direction, resultLine: input.resultLine, position: Number(position?.next ?? 1) })
    .onConflictDoNothing()
    .returning({ id: financeCategories.id });
  if (!category) throw refuse(DUPLICATE_NAME);
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "finance.category.create",
    entity: CATEGORY_ENTITY,
    entityId: String(category.id),
    details: input,
  });
  return { categoryId: category.id };
}

export function createCategory(actor: Actor, input: unknown) {
  return inTransaction((tx) => createCategoryInTx(tx, actor, input));
}

async function lockCategoryInTx(tx: Transaction, rawCategoryId: unknown) {
  const categoryId = typeof rawCategoryId === "number" || typeof rawCategoryId === "string" ? readId(rawCategoryId) : null;
  if (categoryId === null) throw new FinanceNotFoundError("categoria não encontrada");
  const [category] = await tx.select().from(financeCategories).where(eq(financeCategories.id, categoryId)).for("update");
  if (!category) throw new FinanceNotFoundError("categoria não encontrada");
  return category;
}

async function isCategoryUsedInTx(tx: Transaction, categoryId: number) {
  const [used] = await tx
    .execute(
      sql`select exists (select 1 from ${financeEntries} where ${financeEntries.categoryId} = ${categoryId})
      or exists (select 1 from ${financeRecurring} where ${financeRecurring.categoryId} = ${categoryId}) as used`,
    )
    .then((result) => result.rows as { used: unknown }[]);
  return used?.used === true || used?.used === "t";
}

/**
 * Renames a category or moves it to another result line. Automatic
 * postings find the system ones by key, so those keep their direction; a
 * category with entries keeps it too (its entries would change sides).
 */
export async function updateCategoryInTx(tx: Transaction, actor: Actor, rawCategoryId: unknown, rawInput: unknown) {
  assertOwnerActor(actor, OWNER_MESSAGE);
  const input = parseInput(CategorySchema, rawInput, refuse);
  const category = await lockCategoryInTx(tx, rawCategoryId);
  if (input.direction !== category.direction) {
    if (category.systemKey) {
      throw refuse({ direction: "Categoria usada pelos lançamentos automáticos: o tipo (entrada ou saída) não muda." });
    }
    if (await isCategoryUsedInTx(tx, category.id)) {
      throw refuse({ direction: "Esta categoria já tem lançamentos: o tipo (entrada ou saída) não muda." });
    }
  }
  await assertNameFreeInTx(tx, input.name, input.direction, category.id);
  await tx
    .update(financeCategories)
    .set({ name: input.name, direction: input.direction, resultLine: input.resultLine })
    .where(eq(financeCategories.id, category.id));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "finance.category.update",
    entity: CATEGORY_ENTITY,
    entityId: String(category.id),
    details: {
      before: { name: category.name, direction: category.direction, resultLine: category.resultLine },
      after: input,
    },
  });
  return { categoryId: category.id };
}

export function updateCategory(actor: Actor, categoryId: unknown, input: unknown) {
  return inTransaction((tx) => updateCategoryInTx(tx, actor, categoryId, input));
}

/** Archives (or brings back) an owner's category: it leaves the forms, its entries keep it. */
export async function setCategoryArchivedInTx(tx: Transaction, actor: Actor, rawCategoryId: unknown, isArchived: boolean) {
  assertOwnerActor(actor, OWNER_MESSAGE);
  const category = await lockCategoryInTx(tx, rawCategoryId);
  if (category.systemKey && isArchived) {
    throw new FinanceStateError("system-category", "Categoria usada pelos lançamentos automáticos: ela não pode ser arquivada.");
  }
  if ((category.archivedAt !== null) === isArchived) return { categoryId: category.id, wasUnchanged: true };
  await tx
    .update(financeCategories)
    .set({ archivedAt: isArchived ? new Date() : null })
    .where(eq(financeCategories.id, category.id));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: isArchived ? "finance.category.archive" : "finance.category.restore",
    entity: CATEGORY_ENTITY,
    entityId: String(category.id),
    details: { name: category.name },
  });
  return { categoryId: category.id, wasUnchanged: false };
}

export function setCategoryArchived(actor: Actor, categoryId: unknown, isArchived: boolean) {
  return inTransaction((tx) => setCategoryArchivedInTx(tx, actor, categoryId, isArchived));
}

export type CategoryRow = typeof financeCategories.$inferSelect;

/** Every category, by direction and the owner's order. */
export async function listCategories(): Promise<CategoryRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(financeCategories)
    .orderBy(asc(financeCategories.direction), asc(financeCategories.position), asc(financeCategories.id));
}
