import { searchTextOf } from "~/lib/text-input";
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { foldedContains } from "~/db/search-fold";
import { getDb, type Transaction } from "~/db/client.server";
import { productUnits, products, type PartOrigin } from "~/db/schema/inventory";
import { serviceOrderLines, type PartStockState } from "~/db/schema/service-orders";
import { shopSettings } from "~/db/schema/shop-settings";
import { InputError } from "~/lib/errors";
import type { Actor } from "~/modules/accounts/roles";
import { recordStockMovementInTx } from "./stock-ledger.server";

/**
 * Parts on service orders: a quote line that names a product is "pending";
 * approval reserves it (still in stock, no longer available to others);
 * the start of the repair takes it out of stock through the ledger; a
 * cancelled or declined order, or a line removed or changed, gives it back.
 * Every function runs in the service order's own transaction, so the order
 * and the stock change together or not at all.
 */

/** What stock movements of an order name as their origin (the audit log's way to name entities). */
export const orderOrigin = (orderId: number) => `service_order:${orderId}`;

/** A quote line as the order form gives it, in its position. */
export type QuotedLine = { quantity: number; productId: number | null; productUnitId: number | null };

/** What the order keeps of a line's part: which product and unit, where it is in stock, its origin when quoted. */
export type LinePart = {
  productId: number | null;
  productUnitId: number | null;
  stockState: PartStockState;
  partOrigin: PartOrigin | null;
};

/** A line already stored, as the reconciliation of an edit reads it. */
export type StoredLinePart = LinePart & { id: number; quantity: number };

/** A part the order could not reserve: named for the timeline and the page. */
export type ShortPart = { lineId: number; description: string };

const NO_PART: LinePart = { productId: null, productUnitId: null, stockState: "none", partOrigin: null };

function lineRefusal(index: number, message: string) {
  return new InputError("order-part-refused", { [`lines.${index}.productId`]: message });
}

/**
 * An edit keeps what has not changed: a new line with the same product,
 * unit and quantity as a stored one takes that line's stock state and
 * origin (so saving an order twice moves nothing), every other stored part
 * is given back. Pure; returns, per new line, the stored line it continues.
 */
export function matchStoredParts(stored: readonly StoredLinePart[], quoted: readonly QuotedLine[]) {
  const unused = stored.filter((line) => line.productId !== null);
  const continues = quoted.map((line) => {
    if (line.productId === null) return null;
    const index = unused.findIndex(
      (old) => old.productId === line.productId && old.productUnitId === line.productUnitId && old.quantity === line.quantity,
    );
    return index === -1 ? null : unused.splice(index, 1)[0]!;
  });
  return { continues, removed: unused };
}

/**
 * Checks the products a quote names and says what each line keeps:
 * a part that exists and is not archived, for a serialised product the
 * unit chosen (one at a time, in stock), and the origin copied from the
 * product so a later change of the product does not rewrite the quote.
 * `stored` are the order's current lines (empty for a new order).
 */
export async function quoteOrderPartsInTx(
  tx: Transaction,
  quoted: readonly QuotedLine[],
  stored: readonly StoredLinePart[] = [],
): Promise<{ parts: LinePart[]; removed: StoredLinePart[] }> {
  const { continues, removed } = matchStoredParts(stored, quoted);
  const ids = [...new Set(quoted.flatMap((line) => (line.productId === null ? [] : [line.productId])))];
  const found = ids.length
    ? await tx
        .select({
          id: products.id,
          name: products.name,
          kind: products.kind,
          isSerialised: products.isSerialised,
          partOrigin: products.partOrigin,
          archivedAt: products.archivedAt,
        })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const byId = new Map(found.map((product) => [product.id, product]));
  const unitIds = quoted.flatMap((line) => (line.productUnitId === null ? [] : [line.productUnitId]));
  const units = unitIds.length
    ? await tx
        .select({
          id: productUnits.id,
          productId: productUnits.productId,
          serial: productUnits.serial,
          status: productUnits.status,
        })
        .from(productUnits)
        .where(inArray(productUnits.id, unitIds))
    : [];
  const unitById = new Map(units.map((unit) => [unit.id, unit]));
  // A unit kept by a continued line is not free for another line of the same quote.
  const chosenUnits = new Set(continues.flatMap((line) => (line?.productUnitId ? [line.productUnitId] : [])));

  const parts = quoted.map((line, index): LinePart => {
    const previous = continues[index];
    if (previous) {
      return {
        productId: previous.productId,
        productUnitId: previous.productUnitId,
        stockState: previous.stockState,
        partOrigin: previous.partOrigin,
      };
    }
    if (line.productId === null) {
      if (line.productUnitId !== null) throw lineRefusal(index, "Escolha o produto da unidade.");
      return NO_PART;
    }
    const product = byId.get(line.productId);
    if (!product) throw lineRefusal(index, "Produto não encontrado no estoque: escolha outro ou deixe a linha sem produto.");
    if (product.archivedAt) throw lineRefusal(index, `“${product.name}” foi arquivado e não pode entrar em orçamentos.`);
    if (product.kind === "service") return { ...NO_PART, productId: product.id };
    let productUnitId: number | null = null;
    if (product.isSerialised) {
      const unit = line.productUnitId === null ? undefined : unitById.get(line.productUnitId);
      if (!unit || unit.productId !== product.id) {
        throw lineRefusal(index, `Escolha o IMEI/número de série de “${product.name}”.`);
      }
      if (line.quantity !== 1) throw lineRefusal(index, `Uma unidade de “${product.name}” por linha (quantidade 1).`);
      if (unit.status !== "in-stock" || chosenUnits.has(unit.id)) {
        throw lineRefusal(index, `A unidade ${unit.serial} não está disponível em estoque.`);
      }
      chosenUnits.add(unit.id);
      productUnitId = unit.id;
    }
    return { productId: product.id, productUnitId, stockState: "pending", partOrigin: product.partOrigin };
  });
  return { parts, removed };
}

/**
 * Locks the products an edit touches, in id order, before it gives back and
 * holds parts: two edits crossing the same products then queue instead of
 * deadlocking (each step alone already goes in id order).
 */
export async function lockProductsInTx(tx: Transaction, productIds: readonly (number | null)[]) {
  const ids = [...new Set(productIds.filter((id): id is number => id !== null))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for("update");
}

async function allowsNegativeStock(tx: Transaction): Promise<boolean> {
  const [settings] = await tx.select({ allow: shopSettings.allowNegativeStock }).from(shopSettings).limit(1);
  return settings?.allow ?? false;
}

type PartLineRow = {
  id: number;
  description: string;
  quantity: number;
  productId: number;
  productUnitId: number | null;
  stockState: PartStockState;
};

/** An order's part lines in the given states, by product: every writer locks products in the same order, so two never wait on each other. */
async function partLinesInTx(tx: Transaction, orderId: number, states: readonly PartStockState[], lineIds?: readonly number[]) {
  if (lineIds && lineIds.length === 0) return [];
  const rows = await tx
    .select({
      id: serviceOrderLines.id,
      description: serviceOrderLines.description,
      quantity: serviceOrderLines.quantity,
      productId: serviceOrderLines.productId,
      productUnitId: serviceOrderLines.productUnitId,
      stockState: serviceOrderLines.stockState,
    })
    .from(serviceOrderLines)
    .where(
      and(
        eq(serviceOrderLines.orderId, orderId),
        isNotNull(serviceOrderLines.productId),
        inArray(serviceOrderLines.stockState, [...states]),
        lineIds ? inArray(serviceOrderLines.id, [...lineIds]) : undefined,
      ),
    )
    .orderBy(asc(serviceOrderLines.productId), asc(serviceOrderLines.id));
  return rows as PartLineRow[];
}

async function setLineState(tx: Transaction, lineId: number, stockState: PartStockState) {
  await tx.update(serviceOrderLines).set({ stockState }).where(eq(serviceOrderLines.id, lineId));
}

/**
 * Holds the order's quoted (and still missing) parts: each product's
 * reserved quantity grows, a serialised unit becomes "reserved". What is
 * available is stock − reserved (or anything, when the owner allows
 * negative stock); a part that is short is marked "awaiting" and named in
 * the answer, and nothing is refused: the caller decides what a shortage
 * means (approval sends the order to "awaiting part"; the repair waits).
 */
export async function reserveOrderPartsInTx(tx: Transaction, orderId: number): Promise<{ short: ShortPart[] }> {
  const lines = await partLinesInTx(tx, orderId, ["pending", "awaiting"]);
  if (lines.length === 0) return { short: [] };
  const allowNegative = await allowsNegativeStock(tx);
  const short: ShortPart[] = [];
  for (const line of lines) {
    const [product] = await tx
      .select({
        kind: products.kind,
        isSerialised: products.isSerialised,
        stockQuantity: products.stockQuantity,
        reservedQuantity: products.reservedQuantity,
      })
      .from(products)
      .where(eq(products.id, line.productId))
      .for("update");
    if (!product || product.kind === "service") {
      await setLineState(tx, line.id, "none");
      continue;
    }
    const isReserved = product.isSerialised
      ? await reserveUnitInTx(tx, line, orderId)
      : allowNegative || product.stockQuantity - product.reservedQuantity >= line.quantity;
    if (!isReserved) {
      short.push({ lineId: line.id, description: line.description });
      await setLineState(tx, line.id, "awaiting");
      continue;
    }
    await tx
      .update(products)
      .set({ reservedQuantity: sql`${products.reservedQuantity} + ${line.quantity}`, updatedAt: new Date() })
      .where(eq(products.id, line.productId));
    await setLineState(tx, line.id, "reserved");
  }
  return { short };
}

/** A serialised unit is held only while it is in stock: one sold meanwhile leaves the line waiting for another. */
async function reserveUnitInTx(tx: Transaction, line: PartLineRow, orderId: number) {
  if (line.productUnitId === null) return false;
  const held = await tx
    .update(productUnits)
    .set({ status: "reserved", destination: orderOrigin(orderId), updatedAt: new Date() })
    .where(
      and(
        eq(productUnits.id, line.productUnitId),
        eq(productUnits.productId, line.productId),
        eq(productUnits.status, "in-stock"),
      ),
    )
    .returning({ id: productUnits.id });
  return held.length === 1;
}

/** Gives back the hold on a reserved line (not a stock movement: the part never left). */
async function releaseReservationInTx(tx: Transaction, line: PartLineRow) {
  await tx
    .update(products)
    .set({ reservedQuantity: sql`greatest(${products.reservedQuantity} - ${line.quantity}, 0)`, updatedAt: new Date() })
    .where(eq(products.id, line.productId));
  if (line.productUnitId !== null) {
    await tx
      .update(productUnits)
      .set({ status: "in-stock", destination: null, updatedAt: new Date() })
      .where(and(eq(productUnits.id, line.productUnitId), eq(productUnits.status, "reserved")));
  }
}

/**
 * The repair starts: every reserved part leaves stock through the ledger
 * (an "order-part" movement at the average cost, or the unit's own) and its
 * hold is released; the line is "taken". Reserve first: a part still short
 * is for the caller to refuse.
 */
export async function takeOrderPartsInTx(tx: Transaction, actor: Actor, orderId: number): Promise<{ taken: number }> {
  const lines = await partLinesInTx(tx, orderId, ["reserved"]);
  for (const line of lines) {
    await recordStockMovementInTx(tx, actor, {
      productId: line.productId,
      kind: "order-part",
      quantity: -line.quantity,
      unitId: line.productUnitId,
      origin: orderOrigin(orderId),
      reason: `Peça usada na OS nº ${orderId}`,
    });
    await releaseReservationInTx(tx, line);
    await setLineState(tx, line.id, "taken");
  }
  return { taken: lines.length };
}

/**
 * The order gives its parts back (cancelled, declined, not repairable, or
 * lines removed or changed in an edit): held parts are released, parts
 * already taken come back to stock with a "return" movement. The lines are
 * quoted again ("pending"); `lineIds` limits it to some lines.
 */
export async function releaseOrderPartsInTx(
  tx: Transaction,
  actor: Actor,
  orderId: number,
  lineIds?: readonly number[],
): Promise<{ released: number; returned: number }> {
  const lines = await partLinesInTx(tx, orderId, ["reserved", "taken", "awaiting"], lineIds);
  let released = 0;
  let returned = 0;
  for (const line of lines) {
    if (line.stockState === "reserved") {
      // Locks the product like every other writer of its stock, before the unit.
      await tx.select({ id: products.id }).from(products).where(eq(products.id, line.productId)).for("update");
      await releaseReservationInTx(tx, line);
      released++;
    } else if (line.stockState === "taken") {
      await recordStockMovementInTx(tx, actor, {
        productId: line.productId,
        kind: "return",
        quantity: line.quantity,
        unitId: line.productUnitId,
        origin: orderOrigin(orderId),
        reason: `Peça devolvida ao estoque pela OS nº ${orderId}`,
      });
      returned++;
    }
    await setLineState(tx, line.id, "pending");
  }
  return { released, returned };
}

/** The order's parts that are not new original, as the quote discloses them (CDC art. 21). */
export async function listNonOriginalPartsInTx(tx: Transaction, orderId: number) {
  const rows = await tx
    .select({ description: serviceOrderLines.description, partOrigin: serviceOrderLines.partOrigin })
    .from(serviceOrderLines)
    .where(and(eq(serviceOrderLines.orderId, orderId), inArray(serviceOrderLines.partOrigin, ["new-compatible", "used"])))
    .orderBy(asc(serviceOrderLines.position), asc(serviceOrderLines.id));
  return rows.map((row) => ({ description: row.description, partOrigin: row.partOrigin as PartOrigin }));
}

/** A unit of a serialised product, offered to a quote line. */
export type QuoteLookupUnit = { id: number; serial: string };

/** What the quote editor's product search offers: enough to fill a line and to disclose the part's origin. */
export type QuoteLookupItem = {
  id: number;
  kind: "product" | "part";
  name: string;
  sku: string;
  priceCents: number;
  /** Stock − reserved: what another order or a sale may still take. */
  availableQuantity: number;
  partOrigin: PartOrigin | null;
  isSerialised: boolean;
  /** In-stock units, for a serialised product (up to QUOTE_LOOKUP_UNITS). */
  units: QuoteLookupUnit[];
  /**
   * The supplier of the product's most recent stock entry that names one: the part line's "Fornecedor"
   * unless staff choose another (docs/decisions/0032-part-line-supplier.md); null when no entry names one.
   */
  supplierId: number | null;
};

const QUOTE_LOOKUP_LIMIT = 8;
const QUOTE_LOOKUP_UNITS = 20;

/** LIKE's wildcards typed by a person are searched for as themselves. */

/**
 * Products and parts for a quote line, by name (every word), SKU or
 * barcode, archived ones left out; a serialised product comes with the
 * IMEIs/serials in stock. The name uses the trigram index, SKU and barcode
 * their unique ones, so it stays quick with 100 000 products.
 */
export async function lookupProductsForQuote(rawQuery: string): Promise<QuoteLookupItem[]> {
  const query = searchTextOf(rawQuery.replace(/\s+/g, " "), 100);
  if (query.length < 2) return [];
  const db = await getDb();
  const words = query.split(" ").slice(0, 5);
  const byName = and(...words.map((word) => foldedContains(products.name, word)));
  const digits = query.replace(/\D/g, "");
  // An exact SKU or barcode comes first: a scanned code means that product.
  const isExact = sql<boolean>`(lower(${products.sku}) = ${query.toLowerCase()} or ${products.barcode} = ${digits || query})`;
  const rows = await db
    .select({
      id: products.id,
      kind: products.kind,
      name: products.name,
      sku: products.sku,
      priceCents: products.priceCents,
      stockQuantity: products.stockQuantity,
      reservedQuantity: products.reservedQuantity,
      partOrigin: products.partOrigin,
      isSerialised: products.isSerialised,
      // Newest first over the product's ledger index, for the 8 products found only.
      // Written out: a one-table select leaves its columns unqualified, and "id" inside would be the movement's.
      supplierId: sql<
        number | null
      >`(select m.supplier_id from stock_movements m where m.product_id = "products"."id" and m.kind = 'entry' and m.supplier_id is not null order by m.created_at desc, m.id desc limit 1)`,
    })
    .from(products)
    .where(
      and(
        isNull(products.archivedAt),
        inArray(products.kind, ["product", "part"]),
        or(
          byName,
          sql`lower(${products.sku}) = ${query.toLowerCase()}`,
          digits.length >= 8 ? eq(products.barcode, digits) : undefined,
        ),
      ),
    )
    .orderBy(sql`${isExact} desc`, asc(products.name))
    .limit(QUOTE_LOOKUP_LIMIT);
  const serialisedIds = rows.filter((row) => row.isSerialised).map((row) => row.id);
  const units = serialisedIds.length
    ? await db
        .select({ id: productUnits.id, productId: productUnits.productId, serial: productUnits.serial })
        .from(productUnits)
        .where(and(inArray(productUnits.productId, serialisedIds), eq(productUnits.status, "in-stock")))
        .orderBy(asc(productUnits.productId), asc(productUnits.serial))
    : [];
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind === "part" ? "part" : "product",
    name: row.name,
    sku: row.sku,
    priceCents: row.priceCents,
    availableQuantity: row.stockQuantity - row.reservedQuantity,
    partOrigin: row.partOrigin,
    isSerialised: row.isSerialised,
    supplierId: row.supplierId === null ? null : Number(row.supplierId),
    units: units
      .filter((unit) => unit.productId === row.id)
      .slice(0, QUOTE_LOOKUP_UNITS)
      .map(({ id, serial }) => ({ id, serial })),
  }));
}
