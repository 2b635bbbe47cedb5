import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { inTransaction, type Transaction } from "~/db/client.server";
import { productUnits, products } from "~/db/schema/inventory";
import { idempotencyKeyField, MAX_ID, parseInput } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { postStockPurchaseInTx } from "~/modules/finance/stock-purchases.server";
import { InventoryInputError } from "./errors";
import { PRODUCT_ENTITY } from "./products.server";
import { ProductNotFoundError, recordStockMovementInTx, StockRefusedError } from "./stock-ledger.server";
import { SerialisedEntrySchema, StockAdjustmentSchema, StockEntrySchema, UnitWriteOffSchema } from "./validation";

const refuse = (fieldErrors: Record<string, string>) => new InventoryInputError(fieldErrors);

const KeySchema = z.object({ idempotencyKey: idempotencyKeyField() });

/**
 * Each stock form carries an idempotency key: a second submission of the
 * same form (a double tap, a reload) moves stock once and answers with the
 * first result; the same key with other content or by another person is
 * refused (app/lib/idempotency.server.ts).
 */
async function onceInTx<T>(
  tx: Transaction,
  actor: Actor,
  scope: string,
  rawInput: unknown,
  content: unknown,
  write: () => Promise<T>,
): Promise<T> {
  const { idempotencyKey } = parseInput(KeySchema, rawInput, refuse);
  const { result } = await runOnce(tx, { key: idempotencyKey, scope, actorUserId: actor.userId, content }, write);
  return result;
}

type ProductHead = { id: number; name: string; kind: string; isSerialised: boolean };

async function productHeadInTx(tx: Transaction, productId: number): Promise<ProductHead> {
  if (!Number.isSafeInteger(productId) || productId < 1 || productId > MAX_ID) throw new ProductNotFoundError(productId);
  const [product] = await tx
    .select({ id: products.id, name: products.name, kind: products.kind, isSerialised: products.isSerialised })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new ProductNotFoundError(productId);
  if (product.kind === "service") throw new StockRefusedError(`“${product.name}” é um serviço e não tem estoque.`);
  return product;
}

/** A purchase received (a product or part without serial control): quantity, unit cost and supplier. */
export async function recordStockEntryInTx(tx: Transaction, actor: Actor, productId: number, input: unknown) {
  assertStaffActor(actor);
  const content = parseInput(StockEntrySchema, input, refuse);
  return onceInTx(tx, actor, `stock.entry:${productId}`, input, content, () =>
    writeStockEntryInTx(tx, actor, productId, input),
  );
}

async function writeStockEntryInTx(tx: Transaction, actor: Actor, productId: number, input: unknown) {
  assertStaffActor(actor);
  const values = parseInput(StockEntrySchema, input, refuse);
  const product = await productHeadInTx(tx, productId);
  if (product.isSerialised) {
    throw new InventoryInputError({ quantity: "Este produto entra por IMEI/número de série: informe cada unidade." });
  }
  const movement = await recordStockMovementInTx(tx, actor, {
    productId,
    kind: "entry",
    quantity: values.quantity,
    unitCostCents: values.unitCostCents,
    supplier: values.supplier,
  });
  // What was bought is owed to the supplier: an open payable in finance.
  await postStockPurchaseInTx(tx, actor, {
    movementId: movement.movementId,
    quantity: values.quantity,
    unitCostCents: values.unitCostCents,
    supplier: values.supplier,
    productName: product.name,
    field: "quantity",
  });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "stock.entry",
    entity: PRODUCT_ENTITY,
    entityId: String(productId),
    details: {
      movementId: movement.movementId,
      quantity: values.quantity,
      unitCostCents: values.unitCostCents,
      supplier: values.supplier,
    },
  });
  return movement;
}

export const recordStockEntry = (actor: Actor, productId: number, input: unknown) =>
  inTransaction((tx) => recordStockEntryInTx(tx, actor, productId, input));

/**
 * Serialised units received: each IMEI/serial with its own cost. A serial
 * already in the shop (under any product) is refused; one that left (sold,
 * written off) and comes back is the same unit row, with its new cost.
 */
export async function recordSerialisedEntryInTx(tx: Transaction, actor: Actor, productId: number, input: unknown) {
  assertStaffActor(actor);
  const content = parseInput(SerialisedEntrySchema, input, refuse);
  return onceInTx(tx, actor, `stock.serial-entry:${productId}`, input, content, () =>
    writeSerialisedEntryInTx(tx, actor, productId, input),
  );
}

async function writeSerialisedEntryInTx(tx: Transaction, actor: Actor, productId: number, input: unknown) {
  assertStaffActor(actor);
  const values = parseInput(SerialisedEntrySchema, input, refuse);
  const product = await productHeadInTx(tx, productId);
  if (!product.isSerialised) {
    throw new InventoryInputError({ form: "Este produto não é controlado por IMEI/número de série: informe a quantidade." });
  }
  const serials = values.units.map((unit) => unit.serial);
  const existing = await tx
    .select({ id: productUnits.id, productId: productUnits.productId, serial: productUnits.serial, status: productUnits.status })
    .from(productUnits)
    .where(inArray(productUnits.serial, serials));
  const errors: Record<string, string> = {};
  values.units.forEach((unit, index) => {
    const inShop = existing.find((row) => row.serial === unit.serial && (row.status === "in-stock" || row.status === "reserved"));
    if (inShop) errors[`units.${index}.serial`] = `O IMEI/número de série ${unit.serial} já está em estoque.`;
  });
  if (Object.keys(errors).length > 0) throw new InventoryInputError(errors, 409);

  const movementIds: number[] = [];
  for (const [index, unit] of values.units.entries()) {
    const previous = existing.find((row) => row.serial === unit.serial && row.productId === productId);
    let unitId: number;
    if (previous) {
      // The unit comes back as the same row; the ledger moves it back into stock.
      await tx
        .update(productUnits)
        .set({ costCents: unit.costCents, updatedAt: new Date() })
        .where(eq(productUnits.id, previous.id));
      unitId = previous.id;
    } else {
      const [created] = await tx
        .insert(productUnits)
        .values({ productId, serial: unit.serial, costCents: unit.costCents, status: "in-stock" })
        .returning({ id: productUnits.id });
      unitId = created!.id;
    }
    const movement = await recordStockMovementInTx(tx, actor, {
      productId,
      kind: "entry",
      quantity: 1,
      unitId,
      unitCostCents: unit.costCents,
      supplier: values.supplier,
      field: `units.${index}.serial`,
    });
    await postStockPurchaseInTx(tx, actor, {
      movementId: movement.movementId,
      quantity: 1,
      unitCostCents: unit.costCents,
      supplier: values.supplier,
      productName: `${product.name} · ${unit.serial}`,
      field: `units.${index}.costCents`,
    });
    movementIds.push(movement.movementId);
  }
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "stock.entry",
    entity: PRODUCT_ENTITY,
    entityId: String(productId),
    details: { movementIds, serials, supplier: values.supplier },
  });
  return { movementIds };
}

export const recordSerialisedEntry = (actor: Actor, productId: number, input: unknown) =>
  inTransaction((tx) => recordSerialisedEntryInTx(tx, actor, productId, input));

/** A correction (breakage, loss, found stock), signed, with its reason. Not for serialised products: their units are written off one by one. */
export async function recordStockAdjustmentInTx(tx: Transaction, actor: Actor, productId: number, input: unknown) {
  assertStaffActor(actor);
  const content = parseInput(StockAdjustmentSchema, input, refuse);
  return onceInTx(tx, actor, `stock.adjustment:${productId}`, input, content, () =>
    writeStockAdjustmentInTx(tx, actor, productId, input),
  );
}

async function writeStockAdjustmentInTx(tx: Transaction, actor: Actor, productId: number, input: unknown) {
  assertStaffActor(actor);
  const values = parseInput(StockAdjustmentSchema, input, refuse);
  const product = await productHeadInTx(tx, productId);
  if (product.isSerialised) {
    throw new InventoryInputError({
      quantity: "Produto com IMEI/número de série: dê baixa na unidade, ou registre uma entrada com o IMEI.",
    });
  }
  const movement = await recordStockMovementInTx(tx, actor, {
    productId,
    kind: "adjustment",
    quantity: values.quantity,
    reason: values.reason,
  });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "stock.adjustment",
    entity: PRODUCT_ENTITY,
    entityId: String(productId),
    details: { movementId: movement.movementId, quantity: values.quantity, reason: values.reason },
  });
  return movement;
}

export const recordStockAdjustment = (actor: Actor, productId: number, input: unknown) =>
  inTransaction((tx) => recordStockAdjustmentInTx(tx, actor, productId, input));

/** A serialised unit that leaves without a sale (stolen, broken beyond repair): an adjustment of −1 naming it. */
export async function writeOffUnitInTx(tx: Transaction, actor: Actor, productId: number, input: unknown) {
  assertStaffActor(actor);
  const content = parseInput(UnitWriteOffSchema, input, refuse);
  return onceInTx(tx, actor, `stock.write-off:${productId}`, input, content, () =>
    writeUnitWriteOffInTx(tx, actor, productId, input),
  );
}

async function writeUnitWriteOffInTx(tx: Transaction, actor: Actor, productId: number, input: unknown) {
  assertStaffActor(actor);
  const values = parseInput(UnitWriteOffSchema, input, refuse);
  await productHeadInTx(tx, productId);
  const [unit] = await tx
    .select({ id: productUnits.id, serial: productUnits.serial })
    .from(productUnits)
    .where(and(eq(productUnits.id, values.unitId), eq(productUnits.productId, productId)));
  if (!unit) throw new InventoryInputError({ unitId: "Unidade não encontrada neste produto." });
  const movement = await recordStockMovementInTx(tx, actor, {
    productId,
    kind: "adjustment",
    quantity: -1,
    unitId: unit.id,
    reason: values.reason,
    field: "unitId",
  });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "stock.write-off",
    entity: PRODUCT_ENTITY,
    entityId: String(productId),
    details: { movementId: movement.movementId, serial: unit.serial, reason: values.reason },
  });
  return movement;
}

export const writeOffUnit = (actor: Actor, productId: number, input: unknown) =>
  inTransaction((tx) => writeOffUnitInTx(tx, actor, productId, input));

/** The ledger's sum for a product, to compare with its running quantity (tests, a health check). */
export async function ledgerSumInTx(tx: Transaction, productId: number): Promise<number> {
  const result = await tx.execute(
    sql`select coalesce(sum(quantity), 0)::int as total from stock_movements where product_id = ${productId}`,
  );
  return Number((result.rows[0] as { total: number }).total);
}
