import { createHash } from "node:crypto";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { getDb, inTransaction, type Database, type Transaction } from "~/db/client.server";
import { products, stockCountItems, stockCounts } from "~/db/schema/inventory";
import { NotFoundError } from "~/lib/errors";
import { MAX_ID, parseInput } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { InventoryInputError } from "./errors";
import { ProductNotFoundError, recordStockMovementInTx } from "./stock-ledger.server";
import { CountedQuantitySchema, StockCountCloseSchema, StockCountStartSchema } from "./validation";

export const STOCK_COUNT_ENTITY = "stock_count";

export class StockCountNotFoundError extends NotFoundError {
  override name = "StockCountNotFoundError";
  constructor(readonly countId: number) {
    super(`Inventário nº ${countId} não encontrado.`);
  }
}

const refuse = (fieldErrors: Record<string, string>) => new InventoryInputError(fieldErrors);

/** The count row, locked: typing a quantity and closing the count queue behind each other. */
async function openCountInTx(tx: Transaction, countId: number) {
  if (!Number.isSafeInteger(countId) || countId < 1 || countId > MAX_ID) throw new StockCountNotFoundError(countId);
  const [count] = await tx.select().from(stockCounts).where(eq(stockCounts.id, countId)).for("update");
  if (!count) throw new StockCountNotFoundError(countId);
  if (count.closedAt) throw new InventoryInputError({ form: `O inventário nº ${countId} já foi encerrado.` }, 409);
  return count;
}

/** Opens a stock count. One at a time: two counts of the same shelf would post its difference twice. */
export async function startStockCount(actor: Actor, input: unknown): Promise<{ id: number }> {
  assertStaffActor(actor);
  const values = parseInput(StockCountStartSchema, input, refuse);
  return inTransaction(async (tx) => {
    // Serialises two clerks starting a count at once (the check below then sees the other's).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('stock_counts.start'))`);
    const [open] = await tx.select({ id: stockCounts.id }).from(stockCounts).where(isNull(stockCounts.closedAt)).limit(1);
    if (open) throw new InventoryInputError({ form: `Já há um inventário em andamento (nº ${open.id}): encerre-o antes.` }, 409);
    const [created] = await tx
      .insert(stockCounts)
      .values({ note: values.note, startedByLabel: actor.label })
      .returning({ id: stockCounts.id });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "stock-count.start",
      entity: STOCK_COUNT_ENTITY,
      entityId: String(created!.id),
      details: { note: values.note },
    });
    return { id: created!.id };
  });
}

/**
 * A product's counted quantity (typed again, it replaces the last). The
 * expected quantity is the stock at this moment, so what is sold while the
 * rest of the shop is counted does not read as a loss at the close.
 * Serialised products are checked unit by unit on their own page.
 */
export async function recordCountedQuantity(actor: Actor, countId: number, productId: number, input: unknown) {
  assertStaffActor(actor);
  const values = parseInput(CountedQuantitySchema, input, refuse);
  if (!Number.isSafeInteger(productId) || productId < 1 || productId > MAX_ID) throw new ProductNotFoundError(productId);
  return inTransaction(async (tx) => {
    await openCountInTx(tx, countId);
    const [product] = await tx
      .select({
        id: products.id,
        name: products.name,
        kind: products.kind,
        isSerialised: products.isSerialised,
        stockQuantity: products.stockQuantity,
      })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw new ProductNotFoundError(productId);
    if (product.kind === "service")
      throw new InventoryInputError({ countedQuantity: `“${product.name}” é um serviço e não tem estoque.` });
    if (product.isSerialised) {
      throw new InventoryInputError({
        countedQuantity: `“${product.name}” é controlado por IMEI: confira as unidades na página do produto e dê baixa nas que faltarem.`,
      });
    }
    const now = new Date();
    await tx
      .insert(stockCountItems)
      .values({
        countId,
        productId,
        expectedQuantity: product.stockQuantity,
        countedQuantity: values.countedQuantity,
        countedAt: now,
      })
      .onConflictDoUpdate({
        target: [stockCountItems.countId, stockCountItems.productId],
        set: { expectedQuantity: product.stockQuantity, countedQuantity: values.countedQuantity, countedAt: now },
      });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "stock-count.item",
      entity: STOCK_COUNT_ENTITY,
      entityId: String(countId),
      details: { productId, expectedQuantity: product.stockQuantity, countedQuantity: values.countedQuantity },
    });
    return { name: product.name, expectedQuantity: product.stockQuantity, countedQuantity: values.countedQuantity };
  });
}

/** How many differences the review before the close lists (the totals and the confirmation cover all of them). */
export const STOCK_COUNT_REVIEW_LIMIT = 200;

/** The products whose counted quantity differs from the expected one, in product order. */
async function differencesOf(db: Database | Transaction, countId: number) {
  return db
    .select({
      productId: stockCountItems.productId,
      name: products.name,
      sku: products.sku,
      countedQuantity: stockCountItems.countedQuantity,
      expectedQuantity: stockCountItems.expectedQuantity,
      averageCostCents: products.averageCostCents,
    })
    .from(stockCountItems)
    .innerJoin(products, eq(products.id, stockCountItems.productId))
    .where(and(eq(stockCountItems.countId, countId), ne(stockCountItems.countedQuantity, stockCountItems.expectedQuantity)))
    .orderBy(asc(stockCountItems.productId));
}

/**
 * What the person confirmed: a digest of every difference (product, counted,
 * expected). A count typed again after the review changes it, so the close
 * posts exactly the differences that were shown, never others.
 */
function confirmationOf(differences: { productId: number; countedQuantity: number; expectedQuantity: number }[]) {
  const text = differences.map((item) => `${item.productId}:${item.countedQuantity}:${item.expectedQuantity}`).join(",");
  return createHash("sha256").update(`stock-count:${text}`).digest("hex").slice(0, 32);
}

/**
 * The review shown before a count is closed: each difference with its value
 * at the product's average cost (first `STOCK_COUNT_REVIEW_LIMIT`, by name),
 * the totals over all, and the confirmation the close must carry back.
 */
export async function getStockCountReview(countId: number) {
  if (!Number.isSafeInteger(countId) || countId < 1 || countId > MAX_ID) return null;
  const db = await getDb();
  const differences = await differencesOf(db, countId);
  const items = differences.map((item) => {
    const difference = item.countedQuantity - item.expectedQuantity;
    return { ...item, difference, valueCents: difference * item.averageCostCents };
  });
  return {
    confirmation: confirmationOf(differences),
    differenceCount: items.length,
    unitsIn: items.reduce((sum, item) => sum + Math.max(item.difference, 0), 0),
    unitsOut: items.reduce((sum, item) => sum + Math.max(-item.difference, 0), 0),
    totalValueCents: items.reduce((sum, item) => sum + item.valueCents, 0),
    items: items
      .toSorted((a, b) => a.name.localeCompare(b.name, "pt-BR") || a.productId - b.productId)
      .slice(0, STOCK_COUNT_REVIEW_LIMIT),
  };
}

/**
 * Closes the count: each difference between counted and expected becomes a
 * "count" movement with origin "stock_count:<id>", all in one transaction
 * (one refused product, and nothing is posted). Only with the confirmation of
 * the review (`getStockCountReview`): without it, or when the counts changed
 * since the review, nothing is posted and the person is asked to review.
 */
export async function closeStockCount(actor: Actor, countId: number, input: unknown) {
  assertStaffActor(actor);
  const { idempotencyKey, confirmation } = parseInput(StockCountCloseSchema, input, refuse);
  // Closing sent twice posts the differences once and answers both with the same result.
  const key = {
    key: idempotencyKey,
    scope: `stock-count.close:${countId}`,
    actorUserId: actor.userId,
    content: { countId, confirmation },
  };
  return inTransaction(
    async (tx) => (await runOnce(tx, key, () => closeStockCountInTx(tx, actor, countId, confirmation))).result,
  );
}

async function closeStockCountInTx(tx: Transaction, actor: Actor, countId: number, confirmation: string) {
  await openCountInTx(tx, countId);
  if (confirmation !== confirmationOf(await differencesOf(tx, countId)))
    throw new InventoryInputError(
      { form: "As contagens mudaram depois da conferência: confira as diferenças de novo antes de encerrar." },
      409,
    );
  const items = await tx
    .select()
    .from(stockCountItems)
    .where(eq(stockCountItems.countId, countId))
    .orderBy(stockCountItems.productId);
  let posted = 0;
  for (const item of items) {
    const difference = item.countedQuantity - item.expectedQuantity;
    if (difference === 0) continue;
    await recordStockMovementInTx(tx, actor, {
      productId: item.productId,
      kind: "count",
      quantity: difference,
      reason: `Inventário nº ${countId}: contado ${item.countedQuantity}, esperado ${item.expectedQuantity}`,
      origin: `${STOCK_COUNT_ENTITY}:${countId}`,
      field: "form",
    });
    posted++;
  }
  await tx
    .update(stockCounts)
    .set({ closedAt: new Date(), closedByLabel: actor.label })
    .where(and(eq(stockCounts.id, countId), isNull(stockCounts.closedAt)));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "stock-count.close",
    entity: STOCK_COUNT_ENTITY,
    entityId: String(countId),
    details: { items: items.length, differencesPosted: posted },
  });
  return { items: items.length, differencesPosted: posted };
}
