import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { productUnits, products, stockMovements, type StockMovementKind, type UnitStatus } from "~/db/schema/inventory";
import { shopSettings } from "~/db/schema/shop-settings";
import { InputError, NotFoundError } from "~/lib/errors";
import type { Actor } from "~/modules/accounts/roles";
import { averageCostAfter } from "./average-cost";

/** The product a movement names does not exist. */
export class ProductNotFoundError extends NotFoundError {
  override name = "ProductNotFoundError";
  constructor(readonly productId: number) {
    super(`Produto nº ${productId} não encontrado.`);
  }
}

/**
 * A movement the stock refuses: not enough in stock (and the owner does not
 * allow negative stock), a unit that is not in the shop, a service item.
 * `field` is the form field the message belongs next to.
 */
export class StockRefusedError extends InputError {
  override name = "StockRefusedError";
  constructor(message: string, field = "form") {
    super("stock-refused", { [field]: message }, 409);
  }
}

export type StockMovementInput = {
  productId: number;
  kind: StockMovementKind;
  /** Signed: an entry or a return adds, a sale or an order part takes. Never 0. */
  quantity: number;
  /** A serialised product's unit (then quantity is ±1). */
  unitId?: number | null;
  /**
   * What an entry cost per unit, or what a returned item left at (so the average is not moved by a return);
   * the average when absent. Ignored for what leaves (it leaves at the average or the unit's own cost).
   */
  unitCostCents?: number;
  supplier?: string;
  supplierId?: number | null;
  reason?: string;
  /** What caused it, as the audit log names entities: "sale:12", "service_order:42". */
  origin?: string;
  /** The form field a refusal belongs next to ("lines.2.quantity"). */
  field?: string;
};

export type RecordedStockMovement = {
  movementId: number;
  /** The cost it moved at: for what leaves, the cost of goods sold per unit. */
  unitCostCents: number;
  balanceAfter: number;
};

/** What a unit becomes when it leaves by each kind of movement. */
const UNIT_STATUS_ON_EXIT: Partial<Record<StockMovementKind, UnitStatus>> = {
  sale: "sold",
  "order-part": "used",
  adjustment: "written-off",
  count: "written-off",
};

/**
 * The only writer of a product's stock: one ledger row, and the product's
 * running quantity and average cost, in the caller's transaction. The
 * product row is locked first, so two sales of the last unit queue and the
 * second is refused; stock never goes negative unless the owner allows it
 * in settings (counts may always set what was counted, but not below zero).
 */
export async function recordStockMovementInTx(
  tx: Transaction,
  actor: Actor,
  input: StockMovementInput,
): Promise<RecordedStockMovement> {
  if (!Number.isSafeInteger(input.quantity) || input.quantity === 0) {
    throw new StockRefusedError("Informe uma quantidade diferente de zero.", input.field ?? "quantity");
  }
  const [product] = await tx
    .select({
      id: products.id,
      name: products.name,
      kind: products.kind,
      isSerialised: products.isSerialised,
      stockQuantity: products.stockQuantity,
      reservedQuantity: products.reservedQuantity,
      averageCostCents: products.averageCostCents,
    })
    .from(products)
    .where(eq(products.id, input.productId))
    .for("update");
  if (!product) throw new ProductNotFoundError(input.productId);
  const field = input.field ?? "quantity";
  if (product.kind === "service") throw new StockRefusedError(`“${product.name}” é um serviço e não tem estoque.`, field);

  // What comes back (an entry, a sale returned or cancelled) may name the cost it came in at, and is weighed
  // into the average; what leaves leaves at the average.
  const unitCostCents = product.isSerialised
    ? await moveUnitInTx(tx, product, input, field)
    : input.quantity > 0
      ? (input.unitCostCents ?? product.averageCostCents)
      : product.averageCostCents;

  const balanceAfter = product.stockQuantity + input.quantity;
  // A sale may not take what is held for approved orders; the order's own part ("order-part") takes its reservation.
  const available = product.stockQuantity - (input.kind === "sale" ? product.reservedQuantity : 0);
  if (input.quantity < 0 && available + input.quantity < 0 && !(await allowsNegativeStock(tx))) {
    const shown = Math.max(available, 0);
    const held = input.kind === "sale" && product.reservedQuantity > 0 ? ` (${product.reservedQuantity} reservado para OS)` : "";
    throw new StockRefusedError(
      `Estoque insuficiente de “${product.name}”: ${shown} ${shown === 1 ? "disponível" : "disponíveis"}${held}.`,
      field,
    );
  }
  const averageAfter = product.isSerialised
    ? await serialisedAverageCostInTx(tx, product.id)
    : averageCostAfter(product.stockQuantity, product.averageCostCents, { quantity: input.quantity, unitCostCents });

  const [movement] = await tx
    .insert(stockMovements)
    .values({
      productId: product.id,
      unitId: input.unitId ?? null,
      kind: input.kind,
      quantity: input.quantity,
      unitCostCents,
      balanceAfter,
      averageCostAfterCents: averageAfter,
      supplier: input.supplier ?? "",
      supplierId: input.supplierId ?? null,
      reason: input.reason ?? "",
      origin: input.origin ?? "",
      actorUserId: actor.userId,
      actorLabel: actor.label,
    })
    .returning({ id: stockMovements.id });
  await tx
    .update(products)
    .set({ stockQuantity: balanceAfter, averageCostCents: averageAfter, updatedAt: new Date() })
    .where(eq(products.id, product.id));
  return { movementId: movement!.id, unitCostCents, balanceAfter };
}

/**
 * A serialised product moves one unit at a time: what leaves must be in the
 * shop (in stock, or reserved for the order that now uses it), what comes
 * back must be out. Returns the unit's own cost.
 */
async function moveUnitInTx(
  tx: Transaction,
  product: { id: number; name: string },
  input: StockMovementInput,
  field: string,
): Promise<number> {
  if (input.unitId == null || Math.abs(input.quantity) !== 1) {
    throw new StockRefusedError(`Escolha o IMEI/número de série de “${product.name}”, uma unidade por vez.`, field);
  }
  const [unit] = await tx
    .select({ id: productUnits.id, serial: productUnits.serial, status: productUnits.status, costCents: productUnits.costCents })
    .from(productUnits)
    .where(and(eq(productUnits.id, input.unitId), eq(productUnits.productId, product.id)))
    .for("update");
  if (!unit) throw new StockRefusedError(`Unidade não encontrada para “${product.name}”.`, field);
  const isInShop = unit.status === "in-stock" || unit.status === "reserved";
  if (input.quantity < 0) {
    if (!isInShop) throw new StockRefusedError(`A unidade ${unit.serial} não está em estoque.`, field);
    if (input.kind === "sale" && unit.status === "reserved") {
      throw new StockRefusedError(`A unidade ${unit.serial} está reservada para uma ordem de serviço.`, field);
    }
    const status = UNIT_STATUS_ON_EXIT[input.kind] ?? "written-off";
    await tx
      .update(productUnits)
      .set({ status, destination: input.origin ?? null, updatedAt: new Date() })
      .where(eq(productUnits.id, unit.id));
  } else {
    if (isInShop && input.kind !== "entry") {
      throw new StockRefusedError(`A unidade ${unit.serial} já está em estoque.`, field);
    }
    await tx
      .update(productUnits)
      .set({ status: "in-stock", destination: null, updatedAt: new Date() })
      .where(eq(productUnits.id, unit.id));
  }
  return unit.costCents;
}

/** A serialised product's average is that of the units in the shop (after this movement's update). */
async function serialisedAverageCostInTx(tx: Transaction, productId: number): Promise<number> {
  const [row] = await tx
    .select({ average: sql<string | null>`round(avg(${productUnits.costCents}))` })
    .from(productUnits)
    .where(and(eq(productUnits.productId, productId), sql`${productUnits.status} in ('in-stock', 'reserved')`));
  return row?.average == null ? 0 : Number(row.average);
}

async function allowsNegativeStock(tx: Transaction): Promise<boolean> {
  const [settings] = await tx.select({ allow: shopSettings.allowNegativeStock }).from(shopSettings).limit(1);
  return settings?.allow ?? false;
}
