import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import {
  productUnits,
  products,
  stockMovements,
  type PartOrigin,
  type ProductKind,
  type RevenueSource,
} from "~/db/schema/inventory";
import { averageCostAfter } from "~/modules/inventory/average-cost";
import { ean13CheckDigit } from "~/modules/inventory/ean13";
import { slugify } from "~/lib/slug";
import { imeiCheckDigit } from "~/lib/imei";
import { insertRows, nextIds } from "./bulk-insert.server";
import { markShopHasDemoDataInTx } from "./demo-flag.server";
import { createRandom, pickWeighted, type Random } from "./random";

type Category = {
  name: string;
  kind: ProductKind;
  items: readonly string[];
  brands: readonly string[];
  priceCents: [number, number];
  isSerialised?: boolean;
};

/** What a phone and computer repair shop stocks, with plausible price ranges (centavos). */
const CATEGORIES: readonly (readonly [Category, number])[] = [
  [
    {
      name: "Películas",
      kind: "product",
      items: ["Película de vidro 3D", "Película cerâmica", "Película de privacidade", "Película hidrogel"],
      brands: ["Gorilla", "HPrime", "Kingo", "iWill"],
      priceCents: [1500, 6000],
    },
    14,
  ],
  [
    {
      name: "Capas",
      kind: "product",
      items: ["Capa anti-impacto", "Capa silicone", "Capa carteira", "Capa transparente"],
      brands: ["Spigen", "iWill", "Case-Mate", "Genérica"],
      priceCents: [1990, 8990],
    },
    14,
  ],
  [
    {
      name: "Carregadores",
      kind: "product",
      items: ["Carregador turbo 20W", "Carregador veicular", "Carregador sem fio", "Fonte USB-C 65W"],
      brands: ["Samsung", "Apple", "Motorola", "Baseus", "Geonav"],
      priceCents: [2990, 24990],
    },
    9,
  ],
  [
    {
      name: "Cabos",
      kind: "product",
      items: ["Cabo USB-C", "Cabo Lightning", "Cabo micro USB", "Cabo HDMI"],
      brands: ["Baseus", "Geonav", "Apple", "Multilaser"],
      priceCents: [1490, 9990],
    },
    9,
  ],
  [
    {
      name: "Fones",
      kind: "product",
      items: ["Fone bluetooth", "Fone com fio", "Headset gamer"],
      brands: ["JBL", "Xiaomi", "QCY", "Edifier"],
      priceCents: [3990, 39990],
    },
    5,
  ],
  [
    {
      name: "Cartões e pen drives",
      kind: "product",
      items: ["Cartão microSD 64GB", "Cartão microSD 128GB", "Pen drive 32GB", "Pen drive 64GB"],
      brands: ["SanDisk", "Kingston", "Multilaser"],
      priceCents: [2490, 12990],
    },
    4,
  ],
  [
    {
      name: "Smartphones",
      kind: "product",
      items: ["Smartphone", "Smartphone seminovo"],
      brands: ["Samsung Galaxy A15", "Motorola Moto G54", "Xiaomi Redmi 13", "Apple iPhone 12"],
      priceCents: [79900, 329900],
      isSerialised: true,
    },
    2,
  ],
  [
    {
      name: "Notebooks",
      kind: "product",
      items: ["Notebook", "Notebook seminovo"],
      brands: ["Lenovo IdeaPad", "Dell Inspiron", "Acer Aspire"],
      priceCents: [189900, 459900],
      isSerialised: true,
    },
    1,
  ],
  [
    {
      name: "Telas",
      kind: "part",
      items: ["Tela frontal", "Display OLED", "Display LCD", "Touch"],
      brands: ["iPhone 11", "Galaxy A12", "Moto G8", "Redmi Note 9", "Galaxy S20"],
      priceCents: [8990, 89900],
    },
    12,
  ],
  [
    {
      name: "Baterias",
      kind: "part",
      items: ["Bateria"],
      brands: ["iPhone 8", "iPhone XR", "Galaxy A30", "Moto G7", "Redmi Note 8", "Notebook Dell"],
      priceCents: [6990, 29990],
    },
    8,
  ],
  [
    {
      name: "Conectores",
      kind: "part",
      items: ["Conector de carga", "Flex de carga", "Alto-falante", "Câmera traseira", "Tampa traseira"],
      brands: ["iPhone 11", "Galaxy A20", "Moto E7", "Redmi 9"],
      priceCents: [2990, 19990],
    },
    10,
  ],
  [
    {
      name: "Peças de notebook",
      kind: "part",
      items: ["Teclado", "SSD 480GB", "Memória 8GB", "Cooler", "Dobradiça"],
      brands: ["Lenovo", "Dell", "Acer", "Kingston"],
      priceCents: [8990, 39990],
    },
    6,
  ],
  [
    {
      name: "Serviços",
      kind: "service",
      items: [
        "Aplicação de película",
        "Limpeza interna",
        "Backup de dados",
        "Formatação",
        "Impressão colorida A4",
        "Criação de arte",
      ],
      brands: [""],
      priceCents: [500, 15000],
    },
    6,
  ],
];

const PART_ORIGINS: readonly (readonly [PartOrigin, number])[] = [
  ["new-original", 3],
  ["new-compatible", 5],
  ["used", 2],
];

const SUPPLIERS = ["Distribuidora Sul", "Atacado Cell", "Importadora Paulista", "Peças Express", "Mega Acessórios"];
const ADJUSTMENT_REASONS = ["Quebra na vitrine", "Avaria no transporte", "Perda", "Encontrado no depósito"];

const DAY_MS = 24 * 60 * 60 * 1000;
const PRODUCTS_PER_BATCH = 5_000;

type ProductRow = Record<string, unknown> & { id: number };
type MovementRow = Record<string, unknown>;
type UnitRow = Record<string, unknown> & { id: number };

function serviceRevenue(name: string): RevenueSource {
  return /Impressão|arte/.test(name) ? "printing-design" : "services";
}

/** A year (or `months`) of one product's movements, oldest first, that never takes the stock below zero. */
function planMovements(random: Random, from: number, to: number, priceCents: number) {
  const baseCost = Math.round(priceCents * (0.35 + random.next() * 0.25));
  const count = random.int(1, 7);
  const times = Array.from({ length: count }, () => from + random.next() * (to - from)).sort((a, b) => a - b);
  let stock = 0;
  let average = 0;
  const rows: MovementRow[] = [];
  for (const [index, time] of times.entries()) {
    let kind: "entry" | "sale" | "adjustment";
    let quantity: number;
    if (index === 0 || stock === 0 || random.chance(0.3)) {
      kind = "entry";
      quantity = random.int(2, 30);
    } else if (random.chance(0.85)) {
      kind = "sale";
      quantity = -random.int(1, Math.min(stock, 5));
    } else {
      kind = "adjustment";
      quantity = random.chance(0.7) ? -1 : 1;
    }
    const unitCost = kind === "entry" ? Math.max(1, Math.round(baseCost * (0.9 + random.next() * 0.2))) : average;
    average = averageCostAfter(stock, average, kind === "entry" ? { quantity, unitCostCents: unitCost } : null);
    stock += quantity;
    rows.push({
      kind,
      quantity,
      unitCostCents: unitCost,
      balanceAfter: stock,
      averageCostAfterCents: average,
      supplier: kind === "entry" ? random.pick(SUPPLIERS) : "",
      reason: kind === "adjustment" ? random.pick(ADJUSTMENT_REASONS) : "",
      origin: "",
      actorLabel: "dados de escala",
      createdAt: new Date(time),
    });
  }
  return { rows, stock, average };
}

function fakeImeiFor(id: number, unit: number) {
  const first14 = `35${String(id).padStart(9, "0")}${String(unit).padStart(3, "0")}`;
  return first14 + imeiCheckDigit(first14);
}

export type CatalogueSeedProgress = { products: number; movements: number; elapsedMs: number };

/**
 * The scale catalogue for the speed budget: `products` products, parts and
 * service items (about 20% shown in the shop, categories and brands, phones
 * and notebooks serialised with their units) and `monthsOfMovements` months
 * of stock movements per item whose running balance ends at its
 * stock_quantity, so the ledger's sum equals the stock as the app keeps it.
 * Bulk INSERT … unnest() in batches of 5 000 products, ids from the
 * sequences, then VACUUM ANALYZE. Demo rows, like the large order set.
 */
export async function seedLargeCatalogue({
  products: productCount = 100_000,
  monthsOfMovements = 12,
  seed = 7,
  now = new Date(),
  onProgress,
}: {
  products?: number;
  monthsOfMovements?: number;
  seed?: number;
  now?: Date;
  onProgress?: (progress: CatalogueSeedProgress) => void;
} = {}) {
  const db = await getDb();
  const startedAt = performance.now();
  const random = createRandom(seed);
  const from = now.getTime() - monthsOfMovements * 30 * DAY_MS;
  await db.transaction((tx) => markShopHasDemoDataInTx(tx));
  let created = 0;
  let movementCount = 0;
  while (created < productCount) {
    const batchSize = Math.min(PRODUCTS_PER_BATCH, productCount - created);
    await db.transaction(async (tx) => {
      const ids = await nextIds(tx, "products", batchSize);
      const productRows: ProductRow[] = [];
      const unitRows: UnitRow[] = [];
      const movementRows: MovementRow[] = [];
      const unitMovements: { unitIndex: number; row: MovementRow }[] = [];
      for (const id of ids) {
        const category = pickWeighted(random, CATEGORIES);
        const item = random.pick(category.items);
        const brand = random.pick(category.brands);
        const name = [
          item,
          brand,
          category.kind === "service" ? "" : `${random.pick(["Preto", "Branco", "Azul", "Universal", "Pro", "Max", "Plus"])}`,
        ]
          .filter(Boolean)
          .join(" ");
        const priceCents = Math.round(random.int(category.priceCents[0], category.priceCents[1]) / 10) * 10 - 10 + 9;
        const createdAt = new Date(from - random.int(1, 90) * DAY_MS);
        const isService = category.kind === "service";
        const row: ProductRow = {
          id,
          kind: category.kind,
          sku: `ESC${String(id).padStart(7, "0")}`,
          // GS1 prefix 200–299 is for codes a shop prints itself: never a real product's.
          barcode:
            !isService && random.chance(0.7)
              ? `200${String(id).padStart(9, "0")}${ean13CheckDigit(`200${String(id).padStart(9, "0")}`)}`
              : null,
          name: `${name} ${id}`,
          slug: `${slugify(name)}-${id}`,
          category: category.name,
          brand: isService ? "" : brand.split(" ")[0]!,
          priceCents: Math.max(priceCents, 100),
          averageCostCents: 0,
          stockQuantity: 0,
          minimumStock: isService ? 0 : random.pick([0, 0, 1, 2, 3, 5, 10]),
          location: isService ? "" : `${random.pick(["A", "B", "C", "D"])}${random.int(1, 12)}`,
          description: "",
          shownInShop: category.kind === "product" ? random.chance(0.3) : category.kind === "part" && random.chance(0.05),
          partOrigin: category.kind === "part" ? pickWeighted(random, PART_ORIGINS) : null,
          isSerialised: Boolean(category.isSerialised),
          revenueSource: isService ? serviceRevenue(item) : "products",
          isDemo: true,
          createdAt,
          updatedAt: createdAt,
        };
        if (!isService && category.isSerialised) {
          // Each unit: an entry at its own cost; about a third sold since. The ledger reads them in time order.
          const events: { unitIndex: number; time: number; quantity: 1 | -1; cost: number }[] = [];
          const unitCount = random.int(1, 5);
          for (let unit = 0; unit < unitCount; unit++) {
            const cost = Math.round((row.priceCents as number) * (0.6 + random.next() * 0.2));
            const enteredAt = from + random.next() * (now.getTime() - from) * 0.7;
            const isSold = random.chance(0.33);
            const unitIndex = unitRows.length;
            unitRows.push({
              id: 0,
              productId: id,
              serial: fakeImeiFor(id, unit),
              costCents: cost,
              status: isSold ? "sold" : "in-stock",
              destination: isSold ? "sale:escala" : null,
              createdAt: new Date(enteredAt),
              updatedAt: new Date(enteredAt),
            });
            events.push({ unitIndex, time: enteredAt, quantity: 1, cost });
            if (isSold) events.push({ unitIndex, time: enteredAt + random.int(1, 60) * DAY_MS, quantity: -1, cost });
          }
          events.sort((a, b) => a.time - b.time);
          let stock = 0;
          let costSum = 0;
          for (const event of events) {
            stock += event.quantity;
            costSum += event.quantity * event.cost;
            unitMovements.push({
              unitIndex: event.unitIndex,
              row: {
                productId: id,
                kind: event.quantity > 0 ? "entry" : "sale",
                quantity: event.quantity,
                unitCostCents: event.cost,
                balanceAfter: stock,
                averageCostAfterCents: stock > 0 ? Math.round(costSum / stock) : 0,
                supplier: event.quantity > 0 ? random.pick(SUPPLIERS) : "",
                reason: "",
                origin: event.quantity > 0 ? "" : "sale:escala",
                actorLabel: "dados de escala",
                createdAt: new Date(event.time),
              },
            });
          }
          row.stockQuantity = stock;
          row.averageCostCents = stock > 0 ? Math.round(costSum / stock) : 0;
        } else if (!isService) {
          const plan = planMovements(random, from, now.getTime(), row.priceCents as number);
          row.stockQuantity = plan.stock;
          row.averageCostCents = plan.average;
          for (const movement of plan.rows) movementRows.push({ productId: id, ...movement });
        }
        productRows.push(row);
      }
      await insertRows(tx, products, productRows);
      const unitIds = await nextIds(tx, "product_units", unitRows.length);
      unitRows.forEach((unit, index) => (unit.id = unitIds[index]!));
      await insertRows(tx, productUnits, unitRows);
      const allMovements = [
        ...movementRows,
        ...unitMovements.map(({ unitIndex, row }) => ({ ...row, unitId: unitRows[unitIndex]!.id })),
      ].map((row) => ({ unitId: null, ...row }));
      await insertRows(tx, stockMovements, allMovements);
      movementCount += allMovements.length;
    });
    created += batchSize;
    onProgress?.({ products: created, movements: movementCount, elapsedMs: performance.now() - startedAt });
  }
  // The planner learns the new sizes, and index-only scans get their visibility map (PGlite has no autovacuum).
  await db.execute(sql`vacuum analyze`);
  return { products: created, movements: movementCount, elapsedMs: performance.now() - startedAt };
}
