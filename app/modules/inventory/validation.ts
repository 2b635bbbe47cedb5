import { z } from "zod";
import { PART_ORIGINS, PRODUCT_KINDS, REVENUE_SOURCES, type RevenueSource } from "~/db/schema/inventory";
import { idempotencyKeyField, idField, moneyField, optionalText, requiredText, tooLongMessage } from "~/lib/forms";
import { hasNoNul, NUL_MESSAGE } from "~/lib/text-input";
import { imeiOrSerialProblem, normaliseImeiOrSerial } from "~/lib/imei";
import { barcodeProblem, normaliseBarcode } from "./ean13";

// The value lists the product pages offer, as the tables hold them: pages take them from here, never from app/db.
export {
  PART_ORIGINS,
  PRODUCT_KINDS,
  REVENUE_SOURCES,
  type PartOrigin,
  type ProductKind,
  type RevenueSource,
} from "~/db/schema/inventory";

/**
 * What the inventory forms send, checked the same way in the browser and on
 * the server; the output is what is stored (money in centavos, codes
 * normalised). Field limits are shared by the schemas and the forms.
 */

export const PRODUCT_LIMITS = {
  name: 120,
  sku: 40,
  barcode: 32,
  category: 60,
  brand: 60,
  location: 60,
  description: 2000,
  priceCents: 20,
  minimumStock: 9,
  supplier: 120,
  reason: 200,
  note: 200,
} as const;

/** Up to R$ 1 000 000,00 a unit: beyond any shop item, and far inside an integer column once multiplied by a quantity. */
export const MAX_UNIT_PRICE_CENTS = 100_000_000;
/** Units in one movement, and the most a stock or a minimum may be. */
export const MAX_QUANTITY = 1_000_000;
/** Serialised units in one entry: a form with a row per unit. */
export const MAX_UNITS_PER_ENTRY = 50;

const checkbox = (message: string) =>
  z
    .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")], { error: message })
    .default(false)
    .transform((value) => value === true || value === "on" || value === "true");

/** A whole number typed in a field ("12"); "" is `empty`. */
export function quantityField({
  min,
  max = MAX_QUANTITY,
  empty,
  message,
}: {
  min: number;
  max?: number;
  empty: number | null;
  message: string;
}) {
  return z
    .union([z.string(), z.number()], { error: message })
    .default("")
    .transform((value, context) => {
      const text = String(value).trim().replace(/^\+/, "");
      if (text === "" && empty !== null) return empty;
      const number = /^-?\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(number) || number < min || number > max) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return number;
    });
}

const SKU_MESSAGE = "Use letras, números, hífen, ponto, barra ou sublinhado no SKU, sem espaços.";

export const ProductSchema = z
  .object(
    {
      kind: z.enum(PRODUCT_KINDS, { error: "Escolha se é produto, peça ou serviço." }),
      name: requiredText("o nome", { min: 2, max: PRODUCT_LIMITS.name }),
      // Blank: the server numbers it ("P000123").
      sku: optionalText(PRODUCT_LIMITS.sku)
        .refine((value) => value === "" || /^[\w.\-/]+$/.test(value), SKU_MESSAGE)
        .transform((value) => value.toUpperCase()),
      barcode: optionalText(PRODUCT_LIMITS.barcode)
        .transform(normaliseBarcode)
        .superRefine((value, context) => {
          const problem = barcodeProblem(value);
          if (problem) context.addIssue({ code: "custom", message: problem });
        })
        .transform((value) => (value === "" ? null : value)),
      category: optionalText(PRODUCT_LIMITS.category),
      brand: optionalText(PRODUCT_LIMITS.brand),
      priceCents: moneyField({ max: MAX_UNIT_PRICE_CENTS }),
      minimumStock: quantityField({ min: 0, empty: 0, message: "Informe o estoque mínimo como um número inteiro, 0 ou mais." }),
      location: optionalText(PRODUCT_LIMITS.location),
      description: optionalText(PRODUCT_LIMITS.description),
      shownInShop: checkbox("Marque ou desmarque “mostrar na loja”."),
      partOrigin: z
        .union([z.enum(PART_ORIGINS), z.literal("")], { error: "Escolha a procedência da peça." })
        .default("")
        .transform((value) => (value === "" ? null : value)),
      isSerialised: checkbox("Marque ou desmarque “controlar por IMEI/número de série”."),
      revenueSource: z.union([z.enum(REVENUE_SOURCES), z.literal("")], { error: "Escolha a origem da receita." }).default(""),
    },
    { error: "Envie o formulário do produto." },
  )
  .superRefine((value, context) => {
    // CDC art. 21: the shop must say whether a replacement part is new original, compatible or used.
    if (value.kind === "part" && value.partOrigin === null) {
      context.addIssue({
        code: "custom",
        path: ["partOrigin"],
        message: "Informe a procedência da peça (exigida pelo CDC, art. 21).",
      });
    }
    if (value.kind === "service" && value.revenueSource === "") {
      context.addIssue({ code: "custom", path: ["revenueSource"], message: "Escolha em que receita o serviço entra." });
    }
    if (value.kind === "service" && value.isSerialised) {
      context.addIssue({ code: "custom", path: ["isSerialised"], message: "Um serviço não tem estoque nem número de série." });
    }
  })
  .transform((value) => ({
    ...value,
    partOrigin: value.kind === "part" ? value.partOrigin : null,
    isSerialised: value.kind === "service" ? false : value.isSerialised,
    // Products and parts sold are products' revenue; only a service item chooses.
    revenueSource: (value.kind === "service" ? value.revenueSource : "products") as RevenueSource,
    minimumStock: value.kind === "service" ? 0 : value.minimumStock,
  }));

export type ProductInput = z.output<typeof ProductSchema>;
export type ProductField = keyof z.input<typeof ProductSchema>;
export const PRODUCT_FIELDS: readonly ProductField[] = [
  "kind",
  "name",
  "sku",
  "barcode",
  "category",
  "brand",
  "priceCents",
  "minimumStock",
  "location",
  "description",
  "shownInShop",
  "partOrigin",
  "isSerialised",
  "revenueSource",
];
export type ProductFormValues = Partial<Record<ProductField | "initialQuantity" | "initialCostCents", string>>;

/** The product fields of a posted form as typed: what ProductSchema reads and the form shows again on error. */
export function productFormValues(form: FormData): ProductFormValues {
  const values: ProductFormValues = {};
  for (const field of [...PRODUCT_FIELDS, "initialQuantity", "initialCostCents"] as const) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = value;
  }
  return values;
}

/** The new-item form's idempotency key (it may bring initial stock, which moves stock and money). */
export const ProductKeySchema = z.object({ idempotencyKey: idempotencyKeyField() });

/** The import form's idempotency key: the same file sent twice is imported once. */
export const ImportKeySchema = z.object({ idempotencyKey: idempotencyKeyField() });

/** The stock a new product starts with, as an entry movement (not for serialised products: their units come one by one). */
export const InitialStockSchema = z.object({
  initialQuantity: quantityField({ min: 0, empty: 0, message: "Informe o estoque inicial como um número inteiro, 0 ou mais." }),
  initialCostCents: moneyField({ max: MAX_UNIT_PRICE_CENTS }),
});

const supplierField = optionalText(PRODUCT_LIMITS.supplier);

/** A purchase received: quantity and cost per unit (a non-serialised product). */
export const StockEntrySchema = z.object(
  {
    quantity: quantityField({ min: 1, empty: null, message: "Informe a quantidade recebida, um número inteiro de 1 ou mais." }),
    unitCostCents: moneyField({ max: MAX_UNIT_PRICE_CENTS }),
    supplier: supplierField,
    idempotencyKey: idempotencyKeyField(),
  },
  { error: "Envie o formulário de entrada." },
);

const serialField = z
  .string({ error: "Informe o IMEI ou número de série." })
  .trim()
  .max(40, tooLongMessage(40))
  .refine(hasNoNul, NUL_MESSAGE)
  .transform(normaliseImeiOrSerial)
  .superRefine((value, context) => {
    if (value === "") context.addIssue({ code: "custom", message: "Informe o IMEI ou número de série." });
    const problem = imeiOrSerialProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** A purchase of serialised units: each with its IMEI/serial and its own cost. */
export const SerialisedEntrySchema = z
  .object(
    {
      units: z
        .array(z.object({ serial: serialField, costCents: moneyField({ max: MAX_UNIT_PRICE_CENTS }) }), {
          error: "Informe ao menos uma unidade.",
        })
        .min(1, "Informe ao menos uma unidade com IMEI ou número de série.")
        .max(MAX_UNITS_PER_ENTRY, `No máximo ${MAX_UNITS_PER_ENTRY} unidades por entrada.`),
      supplier: supplierField,
      idempotencyKey: idempotencyKeyField(),
    },
    { error: "Envie o formulário de entrada." },
  )
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.units.forEach((unit, index) => {
      if (seen.has(unit.serial)) {
        context.addIssue({
          code: "custom",
          path: ["units", index, "serial"],
          message: "Este IMEI/número de série está repetido.",
        });
      }
      seen.add(unit.serial);
    });
  });

/** A correction of the stock (breakage, loss, a gift): signed quantity and why. */
export const StockAdjustmentSchema = z.object(
  {
    quantity: quantityField({
      min: -MAX_QUANTITY,
      empty: null,
      message: "Informe quanto entra (como 2) ou sai (como -2) do estoque, diferente de zero.",
    }).refine((quantity) => quantity !== 0, "Informe quanto entra (como 2) ou sai (como -2) do estoque, diferente de zero."),
    reason: requiredText("o motivo do ajuste", { min: 3, max: PRODUCT_LIMITS.reason }),
  },
  { error: "Envie o formulário de ajuste." },
);

/** Writing off one serialised unit (stolen, broken beyond repair). */
export const UnitWriteOffSchema = z.object({
  unitId: idField("Escolha a unidade."),
  reason: requiredText("o motivo da baixa", { min: 3, max: PRODUCT_LIMITS.reason }),
});

export const StockCountStartSchema = z.object({ note: optionalText(PRODUCT_LIMITS.note) });

/**
 * Closing a count posts its differences: it carries the confirmation of the
 * differences the person reviewed, and an idempotency key.
 */
export const StockCountCloseSchema = z.object({
  confirmation: z
    .string({ error: "Confira as diferenças e confirme antes de encerrar o inventário." })
    .regex(/^[0-9a-f]{32}$/, { error: "Confira as diferenças e confirme antes de encerrar o inventário." }),
  idempotencyKey: idempotencyKeyField(),
});

/** One product's counted quantity during a stock count. */
export const CountedQuantitySchema = z.object({
  countedQuantity: quantityField({
    min: 0,
    empty: null,
    message: "Informe a quantidade contada, um número inteiro de 0 ou mais.",
  }),
});
