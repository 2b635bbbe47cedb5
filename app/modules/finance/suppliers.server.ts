import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { financeCategories, financeEntries } from "~/db/schema/finance";
import { suppliers } from "~/db/schema/suppliers";
import { products, stockMovements } from "~/db/schema/inventory";
import { foldedContains } from "~/db/search-fold";
import { parseInput, readId } from "~/lib/forms";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { FinanceInputError, FinanceNotFoundError } from "./errors";
import { SupplierSchema } from "./validation";

const SUPPLIER_ENTITY = "supplier";
/** Suppliers per page of /financial-management/fornecedores. */
export const SUPPLIERS_PAGE_SIZE = 25;
/** Purchases and bills shown on a supplier's page, newest first. */
export const SUPPLIER_ACTIVITY_LIMIT = 50;
/** The most suppliers a form's select offers (a shop buys from tens, not thousands). */
export const SUPPLIER_OPTIONS_LIMIT = 300;

const refuse = (errors: Record<string, string>) => new FinanceInputError("invalid-input", errors);

/** A name or document another supplier already has: refused on its field, before any write. */
async function assertUniqueSupplierInTx(tx: Transaction, input: { name: string; document: string }, exceptId: number | null) {
  const others = exceptId === null ? undefined : sql`${suppliers.id} <> ${exceptId}`;
  const [sameName] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(sql`lower(${suppliers.name}) = lower(${input.name})`, others));
  if (sameName) throw refuse({ name: "Já existe um fornecedor com este nome." });
  if (input.document !== "") {
    const [sameDocument] = await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(and(eq(suppliers.document, input.document), others));
    if (sameDocument) throw refuse({ document: "Já existe um fornecedor com este CPF/CNPJ." });
  }
}

export async function createSupplierInTx(tx: Transaction, actor: Actor, rawInput: unknown) {
  assertStaffActor(actor);
  const input = parseInput(SupplierSchema, rawInput, refuse);
  await assertUniqueSupplierInTx(tx, input, null);
  const [row] = await tx.insert(suppliers).values(input).returning({ id: suppliers.id });
  const id = row!.id;
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "supplier.create",
    entity: SUPPLIER_ENTITY,
    entityId: String(id),
    details: { name: input.name, document: input.document },
  });
  return { id, name: input.name };
}

export const createSupplier = (actor: Actor, input: unknown) => inTransaction((tx) => createSupplierInTx(tx, actor, input));

export async function updateSupplierInTx(tx: Transaction, actor: Actor, rawId: unknown, rawInput: unknown) {
  assertStaffActor(actor);
  const id = typeof rawId === "number" || typeof rawId === "string" ? readId(rawId) : null;
  if (id === null) throw new FinanceNotFoundError("fornecedor não encontrado");
  const input = parseInput(SupplierSchema, rawInput, refuse);
  const [before] = await tx.select().from(suppliers).where(eq(suppliers.id, id)).for("update");
  if (!before) throw new FinanceNotFoundError("fornecedor não encontrado");
  await assertUniqueSupplierInTx(tx, input, id);
  await tx
    .update(suppliers)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(suppliers.id, id));
  const changed = Object.fromEntries(
    (Object.keys(input) as (keyof typeof input)[])
      .filter((key) => before[key] !== input[key])
      .map((key) => [key, { from: before[key], to: input[key] }]),
  );
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "supplier.update",
    entity: SUPPLIER_ENTITY,
    entityId: String(id),
    details: changed,
  });
  return { id, name: input.name };
}

export const updateSupplier = (actor: Actor, id: unknown, input: unknown) =>
  inTransaction((tx) => updateSupplierInTx(tx, actor, id, input));

/** The supplier a form chose, or the refusal on `field` (one that does not exist is a stale or forged form). */
export async function supplierOfIdInTx(tx: Transaction, supplierId: number, field = "supplierId") {
  const [row] = await tx.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(eq(suppliers.id, supplierId));
  if (!row) throw refuse({ [field]: "Escolha um fornecedor da lista." });
  return row;
}

export type SupplierListRow = { id: number; name: string; document: string; contactName: string; whatsapp: string };

/** One page of suppliers by name, optionally those whose name, document or contact holds the words typed (accents ignored). */
export async function listSuppliers(actor: Actor, { search = "", page = 1 }: { search?: string; page?: number }) {
  assertStaffActor(actor);
  const db = await getDb();
  const words = search.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  const digits = search.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
  const conditions = words.map((word) => foldedContains(suppliers.name, word));
  const byName = conditions.length > 0 ? and(...conditions) : undefined;
  const where =
    byName && digits.length >= 4
      ? sql`(${byName} or ${suppliers.document} like ${`${digits}%`} or ${suppliers.whatsapp} like ${`%${digits}%`})`
      : byName;
  const safePage = Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: suppliers.id,
        name: suppliers.name,
        document: suppliers.document,
        contactName: suppliers.contactName,
        whatsapp: suppliers.whatsapp,
      })
      .from(suppliers)
      .where(where)
      .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id))
      .limit(SUPPLIERS_PAGE_SIZE)
      .offset((safePage - 1) * SUPPLIERS_PAGE_SIZE),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(suppliers)
      .where(where),
  ]);
  const count = Number(total?.count ?? 0);
  return { rows, page: safePage, pageCount: Math.max(1, Math.ceil(count / SUPPLIERS_PAGE_SIZE)), total: count };
}

/** The suppliers a form's select offers, by name. */
export async function supplierOptions() {
  const db = await getDb();
  return db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id))
    .limit(SUPPLIER_OPTIONS_LIMIT);
}

/** A supplier with its latest stock purchases and bills (open and paid, not cancelled). */
export async function getSupplierPage(actor: Actor, rawId: unknown) {
  assertStaffActor(actor);
  const id = typeof rawId === "number" || typeof rawId === "string" ? readId(rawId) : null;
  if (id === null) return null;
  const db = await getDb();
  const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, id));
  if (!supplier) return null;
  const [purchases, bills, [openTotal]] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        productId: stockMovements.productId,
        productName: products.name,
        quantity: stockMovements.quantity,
        unitCostCents: stockMovements.unitCostCents,
        createdAt: stockMovements.createdAt,
      })
      .from(stockMovements)
      .innerJoin(products, eq(products.id, stockMovements.productId))
      .where(and(eq(stockMovements.supplierId, id), eq(stockMovements.kind, "entry")))
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(SUPPLIER_ACTIVITY_LIMIT),
    db
      .select({
        id: financeEntries.id,
        description: financeEntries.description,
        categoryName: financeCategories.name,
        amountCents: financeEntries.amountCents,
        dueDate: financeEntries.dueDate,
        paidDate: financeEntries.paidDate,
        instalmentNumber: financeEntries.instalmentNumber,
        instalmentCount: financeEntries.instalmentCount,
      })
      .from(financeEntries)
      .innerJoin(financeCategories, eq(financeCategories.id, financeEntries.categoryId))
      .where(and(eq(financeEntries.supplierId, id), isNull(financeEntries.cancelledAt)))
      .orderBy(sql`${financeEntries.paidDate} is not null`, desc(financeEntries.dueDate), desc(financeEntries.id))
      .limit(SUPPLIER_ACTIVITY_LIMIT),
    db
      .select({ cents: sql<number>`coalesce(sum(${financeEntries.amountCents}), 0)::bigint` })
      .from(financeEntries)
      .where(and(eq(financeEntries.supplierId, id), isNull(financeEntries.cancelledAt), isNull(financeEntries.paidDate))),
  ]);
  return { supplier, purchases, bills, openCents: Number(openTotal?.cents ?? 0) };
}
