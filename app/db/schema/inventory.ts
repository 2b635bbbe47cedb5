import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { folded } from "../search-fold";
import { user } from "./auth";
import { suppliers } from "./suppliers";
import { uploads } from "./uploads";

/** "product": sold as is; "part": used in repairs (and may be sold); "service": no stock (printing, design, fitting). */
export const PRODUCT_KINDS = ["product", "part", "service"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Where revenue from an item is reported (finance's month result by source). */
export const REVENUE_SOURCES = ["services", "products", "printing-design"] as const;
export type RevenueSource = (typeof REVENUE_SOURCES)[number];

/** What the consumer code makes the shop disclose about a part (CDC art. 21). */
export const PART_ORIGINS = ["new-original", "new-compatible", "used"] as const;
export type PartOrigin = (typeof PART_ORIGINS)[number];

/**
 * A product, a part or a service item. `stockQuantity` and `averageCostCents`
 * are the stock ledger's running results, written only by the ledger's core
 * (modules/inventory) in the same transaction as the movement, so lists and
 * the register never sum movements; a test compares them with the ledger.
 */
export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<ProductKind>().notNull(),
    sku: text("sku").notNull(),
    /** Digits of an EAN-13/EAN-8/UPC, or any code the supplier prints; null when none. */
    barcode: text("barcode"),
    name: text("name").notNull(),
    /** The public shop's address for it (/loja/{slug}); unique. */
    slug: text("slug").notNull(),
    category: text("category").notNull().default(""),
    brand: text("brand").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    /** Weighted average cost of what is in stock (a serialised unit keeps its own cost in product_units). */
    averageCostCents: integer("average_cost_cents").notNull().default(0),
    /** The ledger's sum; never written but by a movement. Always 0 for a service. */
    stockQuantity: integer("stock_quantity").notNull().default(0),
    /** Parts held for approved service orders, still in stock until the repair starts. */
    reservedQuantity: integer("reserved_quantity").notNull().default(0),
    minimumStock: integer("minimum_stock").notNull().default(0),
    location: text("location").notNull().default(""),
    photoUploadId: text("photo_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    description: text("description").notNull().default(""),
    shownInShop: boolean("shown_in_shop").notNull().default(false),
    /** Parts only: new original, new compatible or used/refurbished (CDC art. 21). */
    partOrigin: text("part_origin").$type<PartOrigin>(),
    /** Phones, notebooks: each unit has its IMEI/serial and cost (product_units). */
    isSerialised: boolean("is_serialised").notNull().default(false),
    revenueSource: text("revenue_source").$type<RevenueSource>().notNull().default("products"),
    /** Created by the demo seed; "Apagar dados de demonstração" removes exactly these rows (and their ledger). */
    isDemo: boolean("is_demo").notNull().default(false),
    /** Hidden from lists, the register and the shop; kept for the ledger and past sales. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    // /configuracoes/demonstracao counts the demo rows and looks for real rows pointing at them: few on either side
    // (a shop's demo seed among its own records, or the scale seed's demo records among none), a scan of the table without it.
    index("products_demo_idx").on(table.isDemo),
    uniqueIndex("products_sku_idx").on(sql`lower(${table.sku})`),
    uniqueIndex("products_slug_idx").on(table.slug),
    uniqueIndex("products_barcode_idx")
      .on(table.barcode)
      .where(sql`${table.barcode} is not null`),
    // Accents and case folded (app/db/search-fold.ts): "pelicula" finds "Película".
    index("products_name_folded_trgm_idx").using("gin", sql`${folded(table.name)} gin_trgm_ops`),
    index("products_category_name_idx").on(table.category, table.name),
    // The public shop: products shown, by category, in name order.
    index("products_shop_idx")
      .on(table.category, table.name)
      .where(sql`${table.shownInShop} and ${table.archivedAt} is null`),
    // The "arquivados" filter of /inventory: few rows, found without walking the whole table.
    index("products_archived_idx")
      .on(table.archivedAt)
      .where(sql`${table.archivedAt} is not null`),
    // The public shop's search: every word typed in the name or the brand, among the products shown.
    index("products_shop_folded_search_idx")
      .using("gin", sql`${folded(sql`(${table.name} || ' ' || ${table.brand})`)} gin_trgm_ops`)
      .where(sql`${table.shownInShop} and ${table.archivedAt} is null`),
    // The whole rule of "estoque baixo" (low-stock.ts): the list and the Painel count it from the index alone.
    index("products_low_stock_idx")
      .on(table.name)
      .where(
        sql`${table.kind} <> 'service' and ${table.archivedAt} is null and ${table.stockQuantity} <= ${table.minimumStock} and (${table.minimumStock} > 0 or ${table.stockQuantity} < 0)`,
      ),
    check("products_money_non_negative", sql`${table.priceCents} >= 0 and ${table.averageCostCents} >= 0`),
    check("products_reserved_non_negative", sql`${table.reservedQuantity} >= 0 and ${table.minimumStock} >= 0`),
    check(
      "products_service_no_stock",
      sql`${table.kind} <> 'service' or (${table.stockQuantity} = 0 and not ${table.isSerialised})`,
    ),
  ],
);

export const UNIT_STATUSES = ["in-stock", "reserved", "sold", "used", "written-off"] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** One serialised unit (a phone): its IMEI or serial and its own cost, from entry to sale or use in an order. */
export const productUnits = pgTable(
  "product_units",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    /** Digits for an IMEI, upper-case letters and digits for a serial (as service orders keep them). */
    serial: text("serial").notNull(),
    costCents: integer("cost_cents").notNull(),
    status: text("status").$type<UnitStatus>().notNull().default("in-stock"),
    /** Where it went: "sale:12" or "service_order:42"; null while in stock. */
    destination: text("destination"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    // A serial is in the shop at most once at a time (a returned unit comes back as the same row).
    uniqueIndex("product_units_serial_idx").on(table.productId, table.serial),
    index("product_units_serial_search_idx").on(table.serial.op("text_pattern_ops")),
    index("product_units_product_status_idx").on(table.productId, table.status),
    check("product_units_cost_non_negative", sql`${table.costCents} >= 0`),
  ],
);

export const STOCK_MOVEMENT_KINDS = ["entry", "sale", "order-part", "return", "adjustment", "count", "cancel"] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/**
 * The stock ledger: every change of a product's quantity, never updated or
 * deleted. `quantity` is signed (an entry adds, a sale takes). `unitCostCents`
 * is the entry's purchase cost, or for what leaves, the cost it left at (the
 * average, or a serialised unit's own): the cost of goods sold.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    unitId: integer("unit_id").references(() => productUnits.id),
    kind: text("kind").$type<StockMovementKind>().notNull(),
    quantity: integer("quantity").notNull(),
    unitCostCents: integer("unit_cost_cents").notNull().default(0),
    /** The stock and average cost right after this movement (the ledger reads as a statement). */
    balanceAfter: integer("balance_after").notNull(),
    averageCostAfterCents: integer("average_cost_after_cents").notNull(),
    supplier: text("supplier").notNull().default(""),
    /** The supplier record of an entry (issue 23); `supplier` keeps its name as typed then. */
    supplierId: integer("supplier_id").references(() => suppliers.id),
    reason: text("reason").notNull().default(""),
    /** What caused it, as the audit log names entities: "sale:12", "service_order:42", "stock_count:3". */
    origin: text("origin").notNull().default(""),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index("stock_movements_product_idx").on(table.productId, table.createdAt),
    index("stock_movements_origin_idx").on(table.origin),
    index("stock_movements_created_idx").on(table.createdAt),
    index("stock_movements_supplier_idx")
      .on(table.supplierId, table.createdAt)
      .where(sql`${table.supplierId} is not null`),
    check("stock_movements_quantity_not_zero", sql`${table.quantity} <> 0`),
  ],
);

/** A stock count (inventário): counted quantities, differences posted as "count" movements when closed. */
export const stockCounts = pgTable("stock_counts", {
  id: serial("id").primaryKey(),
  note: text("note").notNull().default(""),
  startedByLabel: text("started_by_label").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).defaultNow().notNull(),
  closedAt: timestamp("closed_at", { withTimezone: true }),
  closedByLabel: text("closed_by_label"),
});

export const stockCountItems = pgTable(
  "stock_count_items",
  {
    id: serial("id").primaryKey(),
    countId: integer("count_id")
      .notNull()
      .references(() => stockCounts.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    /** The stock when it was counted, so sales during the count do not read as losses. */
    expectedQuantity: integer("expected_quantity").notNull(),
    countedQuantity: integer("counted_quantity").notNull(),
    countedAt: timestamp("counted_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [uniqueIndex("stock_count_items_product_idx").on(table.countId, table.productId)],
);
