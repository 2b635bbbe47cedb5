import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { inTransaction, type Transaction } from "~/db/client.server";
import { productUnits, products } from "~/db/schema/inventory";
import { idempotencyKeyField, MAX_ID, parseInput, readId } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { checkStockPurchaseTermsInTx, postStockPurchaseInTx } from "~/modules/finance/stock-purchases.server";
import { supplierOfIdInTx } from "~/modules/finance/suppliers.server";
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

/**
 * A purchase received (a product or part without serial control): quantity,
 * unit cost, the supplier, and how it was bought (paid from an account, or
 * owed in instalments: finance's `checkStockPurchaseTermsInTx`). Once per
 * idempotency key: a second submission of the same form moves nothing.
 */
export async function recordStockEntryInTx(tx: Transaction, actor: Actor, productId: number, input: unknown) {
  assertStaffActor(actor);
  const values = parseInput(StockEntrySchema, input, refuse);
  const product = await productHeadInTx(tx, productId);
  if (product.isSerialised) {
    throw new InventoryInputError({ quantity: "Este produto entra por IMEI/número de série: informe cada unidade." });
  }
  const scope = `stock.entry:${productId}`;
  const { result, isReplay } = await runOnce(
    tx,
    { key: values.idempotencyKey, scope, actorUserId: actor.userId, content: input },
    async () => {
      const amountCents = values.quantity * values.unitCostCents;
      const terms = await checkStockPurchaseTermsInTx(tx, input, { amountCents, field: "quantity" });
      const supplier = terms?.supplier ?? (await chosenSupplierInTx(tx, input));
      const movement = await recordStockMovementInTx(tx, actor, {
        productId,
        kind: "entry",
        quantity: values.quantity,
        unitCostCents: values.unitCostCents,
        supplier: supplier?.name ?? values.supplier,
        supplierId: supplier?.id ?? null,
      });
      const entryIds = terms
        ? await postStockPurchaseInTx(tx, actor, {
            movementId: movement.movementId,
            amountCents,
            itemsLabel: `${values.quantity} × ${product.name}`,
            terms,
          })
        : [];
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
          supplier: supplier?.name ?? values.supplier,
          supplierId: supplier?.id ?? null,
          payment: terms?.payment ?? null,
          entryIds,
        },
      });
      return { ...movement, entryIds };
    },
  );
  return { ...result, isReplay };
}

export const recordStockEntry = (actor: Actor, productId: number, input: unknown) =>
  inTransaction((tx) => recordStockEntryInTx(tx, actor, productId, input));

/** A supplier chosen on an entry at no cost (nothing owed, but the purchase is still listed by supplier). */
async function chosenSupplierInTx(tx: Transaction, input: unknown) {
  const raw = (input as { supplierId?: unknown } | null)?.supplierId;
  const id = typeof raw === "string" || typeof raw === "number" ? readId(raw) : null;
  return id === null ? null : supplierOfIdInTx(tx, id);
}

/**
 * Serialised units received: each IMEI/serial with its own cost. A serial
 * already in the shop (under any product) is refused; one that left (sold,
 * written off) and comes back is the same unit row, with its new cost. The
 * units' total is one purchase (paid, or owed in instalments), its origin
 * the first unit's movement.
 */
export async function recordSerialisedEntryInTx(tx: Transaction, actor: Actor, productId: number, input: unknown) {
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
  const scope = `stock.serial-entry:${productId}`;
  const { result, isReplay } = await runOnce(
    tx,
    { key: values.idempotencyKey, scope, actorUserId: actor.userId, content: input },
    async () => {
      if (Object.keys(errors).length > 0) throw new InventoryInputError(errors, 409);
      const amountCents = values.units.reduce((sum, unit) => sum + unit.costCents, 0);
      const terms = await checkStockPurchaseTermsInTx(tx, input, { amountCents, field: "units.0.costCents" });
      const supplier = terms?.supplier ?? (await chosenSupplierInTx(tx, input));
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
          supplier: supplier?.name ?? values.supplier,
          supplierId: supplier?.id ?? null,
          field: `units.${index}.serial`,
        });
        movementIds.push(movement.movementId);
      }
      const entryIds = terms
        ? await postStockPurchaseInTx(tx, actor, {
            movementId: movementIds[0]!,
            amountCents,
            itemsLabel: `${values.units.length} × ${product.name} (${serials.join(", ")})`.slice(0, 200),
            terms,
          })
        : [];
      await recordAudit(tx, {
        actorUserId: actor.userId,
        actorLabel: actor.label,
        action: "stock.entry",
        entity: PRODUCT_ENTITY,
        entityId: String(productId),
        details: { movementIds, serials, supplier: supplier?.name ?? values.supplier, payment: terms?.payment ?? null, entryIds },
      });
      return { movementIds, entryIds };
    },
  );
  return { ...result, isReplay };
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
