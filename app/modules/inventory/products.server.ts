import { and, eq, ne, sql } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { productUnits, products } from "~/db/schema/inventory";
import { MAX_ID, parseInput } from "~/lib/forms";
import { fingerprintOf, runOnce } from "~/lib/idempotency.server";
import { processImage, type ProcessedImage } from "~/lib/uploads/process-image.server";
import type { UploadedFile } from "~/lib/uploads/read-upload-form.server";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { changedValues, recordAudit } from "~/modules/audit/record-audit.server";
import { storeImageUploadInTx } from "~/modules/uploads/mutations.server";
import { DUPLICATE_BARCODE_MESSAGE, DUPLICATE_SKU_MESSAGE, InventoryInputError, uniqueViolationOf } from "./errors";
import { slugify, slugWithSuffix } from "~/lib/slug";
import { ProductNotFoundError, recordStockMovementInTx } from "./stock-ledger.server";
import { InitialStockSchema, ProductKeySchema, ProductSchema, type ProductInput } from "./validation";

export const PRODUCT_ENTITY = "product";

/** What happens to the photo: kept, taken off, or replaced by an image already through processImage. */
export type PhotoChange =
  { kind: "keep" } | { kind: "remove" } | { kind: "replace"; image: ProcessedImage; originalName: string };

export type SavedProduct = { id: number; name: string; sku: string; slug: string };

const refuse = (fieldErrors: Record<string, string>) => new InventoryInputError(fieldErrors);

export function parseProductInput(input: unknown): ProductInput {
  return parseInput(ProductSchema, input, refuse);
}

function assertProductId(id: number) {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw new ProductNotFoundError(id);
}

async function assertCodesFree(tx: Transaction, values: ProductInput, exceptId?: number) {
  const other = exceptId ? ne(products.id, exceptId) : undefined;
  if (values.sku) {
    const [taken] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(sql`lower(${products.sku})`, values.sku.toLowerCase()), other))
      .limit(1);
    if (taken) throw new InventoryInputError({ sku: DUPLICATE_SKU_MESSAGE }, 409);
  }
  if (values.barcode) {
    const [taken] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.barcode, values.barcode), other))
      .limit(1);
    if (taken) throw new InventoryInputError({ barcode: DUPLICATE_BARCODE_MESSAGE }, 409);
  }
}

/** The name's slug, or the first of "-2", "-3"… no other product has. */
async function uniqueSlugInTx(tx: Transaction, name: string): Promise<string> {
  const base = slugify(name);
  const result = await tx.execute(
    sql`select slug from ${products} where slug = ${base} or slug like ${`${base.replace(/[\\%_]/g, "\\$&")}-%`}`,
  );
  const taken = new Set((result.rows as { slug: string }[]).map((row) => row.slug));
  for (let suffix = 1; ; suffix++) {
    const slug = slugWithSuffix(base, suffix);
    if (!taken.has(slug)) return slug;
  }
}

async function nextProductIdInTx(tx: Transaction): Promise<number> {
  const result = await tx.execute(sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as id`);
  return Number((result.rows[0] as { id: number }).id);
}

/** Two clerks saving the same SKU or barcode at once: the unique index refuses the second. */
function rethrowDuplicate(error: unknown): never {
  const constraint = uniqueViolationOf(error);
  if (constraint === "products_sku_idx") throw new InventoryInputError({ sku: DUPLICATE_SKU_MESSAGE }, 409);
  if (constraint === "products_barcode_idx") throw new InventoryInputError({ barcode: DUPLICATE_BARCODE_MESSAGE }, 409);
  throw error;
}

async function photoUploadIdInTx(tx: Transaction, actor: Actor, current: string | null, photo: PhotoChange) {
  if (photo.kind === "remove") return null;
  if (photo.kind === "replace") return (await storeImageUploadInTx(tx, actor, photo)).id;
  return current;
}

/**
 * Registers a product, a part or a service item, with its photo and, for a
 * product that is not serialised, its initial stock as an entry movement,
 * in the caller's transaction. A blank SKU is numbered from the id.
 */
export async function createProductInTx(
  tx: Transaction,
  actor: Actor,
  input: unknown,
  photo: PhotoChange = { kind: "keep" },
): Promise<SavedProduct> {
  assertStaffActor(actor);
  const values = parseProductInput(input);
  const initial = parseInput(InitialStockSchema, input, refuse);
  if (initial.initialQuantity > 0 && (values.kind === "service" || values.isSerialised)) {
    throw new InventoryInputError({
      initialQuantity:
        values.kind === "service"
          ? "Um serviço não tem estoque."
          : "Produtos com IMEI/número de série entram uma unidade por vez, na entrada de estoque.",
    });
  }
  await assertCodesFree(tx, values);
  const id = await nextProductIdInTx(tx);
  const sku = values.sku || `P${String(id).padStart(6, "0")}`;
  const slug = await uniqueSlugInTx(tx, values.name);
  const photoUploadId = await photoUploadIdInTx(tx, actor, null, photo);
  await tx.insert(products).values({ ...values, id, sku, slug, photoUploadId });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "product.create",
    entity: PRODUCT_ENTITY,
    entityId: String(id),
    details: { kind: values.kind, name: values.name, sku, priceCents: values.priceCents, photo: photoUploadId !== null },
  });
  if (initial.initialQuantity > 0) {
    await recordStockMovementInTx(tx, actor, {
      productId: id,
      kind: "entry",
      quantity: initial.initialQuantity,
      unitCostCents: initial.initialCostCents,
      reason: "Estoque inicial",
      origin: `${PRODUCT_ENTITY}:${id}`,
      field: "initialQuantity",
    });
    // Initial stock (the form or a CSV import) is what the shop had when it
    // adopted the software: paid long ago, so it owes nothing (issue 23).
    // Its cost enters the average cost; purchases owed go through a stock entry.
  }
  return { id, name: values.name, sku, slug };
}

/** Processes the photo before the transaction opens (a bad form is answered before any CPU is spent on it). */
async function photoChangeOf(photo: { file: UploadedFile | null; remove: boolean }): Promise<PhotoChange> {
  if (photo.file) {
    return {
      kind: "replace",
      image: await processImage(photo.file.bytes, "product-photo"),
      originalName: photo.file.originalName,
    };
  }
  return photo.remove ? { kind: "remove" } : { kind: "keep" };
}

export async function createProduct(
  actor: Actor,
  input: unknown,
  photo: { file: UploadedFile | null; remove: boolean } = { file: null, remove: false },
): Promise<SavedProduct> {
  assertStaffActor(actor);
  const values = parseProductInput(input);
  const initial = parseInput(InitialStockSchema, input, refuse);
  const { idempotencyKey } = parseInput(ProductKeySchema, input, refuse);
  const change = await photoChangeOf(photo);
  // The form sent twice (a double tap, a reload) makes one item and, with initial stock, one entry and one payable.
  const content = { values, initial, photo: photo.file ? fingerprintOf(photo.file.bytes) : null };
  const key = { key: idempotencyKey, scope: "product.create", actorUserId: actor.userId, content };
  try {
    return await inTransaction(async (tx) => (await runOnce(tx, key, () => createProductInTx(tx, actor, input, change))).result);
  } catch (error) {
    rethrowDuplicate(error);
  }
}

/**
 * Changes a product's card (never its stock or cost: only movements do).
 * The slug stays as created, so links to /loja/{slug} keep working after a
 * rename. Kind and serial control change only while nothing is in stock.
 */
export async function updateProductInTx(
  tx: Transaction,
  actor: Actor,
  id: number,
  input: unknown,
  photo: PhotoChange = { kind: "keep" },
): Promise<SavedProduct> {
  assertStaffActor(actor);
  assertProductId(id);
  const values = parseProductInput(input);
  const [current] = await tx.select().from(products).where(eq(products.id, id)).for("update");
  if (!current) throw new ProductNotFoundError(id);
  await assertCodesFree(tx, values, id);
  const hasStock = current.stockQuantity !== 0 || current.reservedQuantity !== 0;
  if (values.kind !== current.kind && (values.kind === "service" || current.kind === "service") && hasStock) {
    throw new InventoryInputError({ kind: "Zere o estoque antes de transformar este item em serviço (ou o contrário)." }, 409);
  }
  if (values.isSerialised !== current.isSerialised) {
    const [unit] = await tx.select({ id: productUnits.id }).from(productUnits).where(eq(productUnits.productId, id)).limit(1);
    if (hasStock || unit) {
      throw new InventoryInputError(
        { isSerialised: "O controle por IMEI/número de série só muda enquanto o item não tem estoque nem unidades registradas." },
        409,
      );
    }
  }
  const sku = values.sku || current.sku;
  const photoUploadId = await photoUploadIdInTx(tx, actor, current.photoUploadId, photo);
  const next = { ...values, sku, photoUploadId };
  const changed = (Object.keys(next) as (keyof typeof next)[]).filter((field) => next[field] !== current[field]);
  if (changed.length === 0) return { id, name: current.name, sku: current.sku, slug: current.slug };
  await tx
    .update(products)
    .set({ ...next, updatedAt: new Date() })
    .where(eq(products.id, id));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "product.update",
    entity: PRODUCT_ENTITY,
    entityId: String(id),
    details: changedValues(current, next, changed),
  });
  return { id, name: values.name, sku, slug: current.slug };
}

export async function updateProduct(
  actor: Actor,
  id: number,
  input: unknown,
  photo: { file: UploadedFile | null; remove: boolean } = { file: null, remove: false },
): Promise<SavedProduct> {
  assertStaffActor(actor);
  parseProductInput(input);
  const change = await photoChangeOf(photo);
  try {
    return await inTransaction((tx) => updateProductInTx(tx, actor, id, input, change));
  } catch (error) {
    rethrowDuplicate(error);
  }
}

/**
 * Archiving instead of deleting: past sales, orders and the ledger keep
 * pointing at the product; it leaves lists, the register and the shop.
 */
export async function setProductArchived(actor: Actor, id: number, isArchived: boolean): Promise<SavedProduct> {
  assertStaffActor(actor);
  assertProductId(id);
  return inTransaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, id)).for("update");
    if (!current) throw new ProductNotFoundError(id);
    if ((current.archivedAt !== null) !== isArchived) {
      await tx
        .update(products)
        .set({ archivedAt: isArchived ? new Date() : null, updatedAt: new Date() })
        .where(eq(products.id, id));
      await recordAudit(tx, {
        actorUserId: actor.userId,
        actorLabel: actor.label,
        action: isArchived ? "product.archive" : "product.restore",
        entity: PRODUCT_ENTITY,
        entityId: String(id),
        details: { name: current.name, stockQuantity: current.stockQuantity },
      });
    }
    return { id, name: current.name, sku: current.sku, slug: current.slug };
  });
}
