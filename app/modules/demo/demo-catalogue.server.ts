import { sql } from "drizzle-orm";
import { getDb, type Transaction } from "~/db/client.server";
import { productUnits, products } from "~/db/schema/inventory";
import { processImage, type ProcessedImage } from "~/lib/uploads/process-image.server";
import type { Actor } from "~/modules/accounts/roles";
import { recordStockMovementInTx } from "~/modules/inventory/stock-ledger.server";
import { imeiCheckDigit } from "~/lib/imei";
import { storeImageUploadInTx } from "~/modules/uploads/mutations.server";
import { DEMO_CATALOGUE, DEMO_STOCK_ORIGIN, type DemoProduct } from "./demo-catalogue";
import { renderDemoProductPhoto } from "./demo-product-images.server";
import { createRandom, randomDigits } from "./random";

/** Who stocked the demo shelf: a label, no account. The upload pipeline and the ledger record it like a clerk. */
const DEMO_STOCK_ACTOR: Actor = { userId: null, label: "Estoque inicial (demonstração)", role: "staff" };

/** TACs (the IMEI's first 8 digits) of the demo phones' makers, so their units read like real IMEIs. */
const DEMO_TACS: Record<string, string> = {
  Samsung: "35118735",
  Motorola: "35899112",
  Xiaomi: "86260106",
  Apple: "35391110",
};

export type PreparedDemoProduct = { product: DemoProduct; photo: ProcessedImage | null };

export async function hasAnyProduct(): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ id: products.id }).from(products).limit(1);
  return Boolean(row);
}

/**
 * The demo photos drawn and through the upload pipeline (WebP sizes and a
 * JPEG), before the seed's transaction opens: CPU work a transaction must
 * not wait on. Drawn in parallel (sharp works off the event loop).
 */
export async function prepareDemoCatalogue(): Promise<PreparedDemoProduct[]> {
  return Promise.all(
    DEMO_CATALOGUE.map(async (product) => ({
      product,
      photo: product.photo ? await processImage(await renderDemoProductPhoto(product.photo), "product-photo") : null,
    })),
  );
}

/**
 * The demo catalogue, only into an empty product table (a second seed, or a
 * shop with its own products, gets nothing): each product with its photo, and
 * its stock through entry movements at cost, so the ledger, the stock and the
 * average cost agree as for any product. A serialised product's units come
 * in one by one, each with an IMEI and its own cost. Every row is `is_demo`.
 */
export async function seedDemoCatalogueInTx(tx: Transaction, prepared: readonly PreparedDemoProduct[]): Promise<boolean> {
  const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(products);
  if ((existing?.count ?? 0) > 0 || prepared.length === 0) return false;
  const random = createRandom(20_261_125);
  for (const { product, photo } of prepared) {
    const upload = photo
      ? await storeImageUploadInTx(tx, DEMO_STOCK_ACTOR, { image: photo, originalName: `${product.slug}.png` })
      : null;
    const [row] = await tx
      .insert(products)
      .values({
        kind: product.kind,
        sku: product.sku,
        name: product.name,
        slug: product.slug,
        category: product.category,
        brand: product.brand,
        priceCents: product.priceCents,
        minimumStock: product.minimumStock,
        location: product.location,
        photoUploadId: upload?.id ?? null,
        description: product.description,
        shownInShop: product.isShownInShop,
        partOrigin: product.kind === "part" ? (product.partOrigin ?? null) : null,
        isSerialised: product.isSerialised ?? false,
        revenueSource: product.revenueSource ?? (product.kind === "service" ? "services" : "products"),
        isDemo: true,
      })
      .returning({ id: products.id });
    const productId = row!.id;
    if (product.kind === "service" || product.stock === 0) continue;
    const entry = {
      productId,
      kind: "entry" as const,
      supplier: product.supplier ?? "",
      reason: "Estoque inicial",
      origin: DEMO_STOCK_ORIGIN,
    };
    if (!product.isSerialised) {
      await recordStockMovementInTx(tx, DEMO_STOCK_ACTOR, {
        ...entry,
        quantity: product.stock,
        unitCostCents: product.costCents,
      });
      continue;
    }
    for (let index = 0; index < product.stock; index++) {
      const first14 = `${DEMO_TACS[product.brand] ?? "35000000"}${randomDigits(random, 6)}`;
      // Units of one batch cost a little differently (bought on different days), as the ledger's average shows.
      const costCents = product.costCents + random.int(-20, 20) * 100;
      const [unit] = await tx
        .insert(productUnits)
        .values({ productId, serial: `${first14}${imeiCheckDigit(first14)}`, costCents })
        .returning({ id: productUnits.id });
      await recordStockMovementInTx(tx, DEMO_STOCK_ACTOR, { ...entry, quantity: 1, unitId: unit!.id, unitCostCents: costCents });
    }
  }
  return true;
}
