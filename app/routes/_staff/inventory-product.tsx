import { Archive, ArchiveRestore } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { FlashAlert } from "~/components/ui/flash-alert";
import { Pager } from "~/components/ui/pager";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { centsToInput, formatCents } from "~/lib/money";
import { shopToday } from "~/lib/dates";
import { parseIdParam } from "~/lib/route-params";
import { ImageUploadError } from "~/lib/uploads/image-upload-error";
import { readUploadForm, uploadedFileFrom } from "~/lib/uploads/read-upload-form.server";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { SUPPLIER_OPTIONS_LIMIT } from "~/modules/finance/suppliers.server";
import { ProductForm } from "~/modules/inventory/components/product-form";
import { Section } from "~/modules/inventory/components/section";
import { StockLedgerTable } from "~/modules/inventory/components/stock-ledger-table";
import {
  SerialisedEntryForm,
  StockAdjustmentForm,
  StockEntryForm,
  UnitsInShop,
} from "~/modules/inventory/components/stock-forms";
import { createProduct, setProductArchived, updateProduct } from "~/modules/inventory/products.server";
import { getProduct, getProductPageLists, listProductCategories, listUnitsInShop } from "~/modules/inventory/queries.server";
import { recordSerialisedEntry, recordStockAdjustment, recordStockEntry, writeOffUnit } from "~/modules/inventory/stock.server";
import { PART_ORIGIN_LABELS, PRODUCT_KIND_LABELS } from "~/modules/inventory/labels";
import { isLowStock, lowStockNotice } from "~/modules/inventory/low-stock";
import { productFormValues, type ProductFormValues } from "~/modules/inventory/validation";
import { getUploadedImage } from "~/modules/uploads/queries.server";
import type { Route } from "./+types/inventory-product";
import { TAKES_FILES } from "~/lib/uploads/upload-handle";

const LIST_PATH = "/inventory";
const LEDGER_PAGE_PARAM = "extrato";
const LEDGER_ANCHOR = "extrato";

const STOCK_INTENTS = ["entry", "serial-entry", "adjustment", "write-off"] as const;
type StockIntent = (typeof STOCK_INTENTS)[number];

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.product ? `${loaderData.product.name} — Estoque — Balcão` : "Novo item — Estoque — Balcão";
  return [{ title }, { name: "robots", content: "noindex" }];
}

/** One idempotency key per form of the page, fresh on every rendering. */
function formKeys() {
  return {
    save: newIdempotencyKey(),
    entry: newIdempotencyKey(),
    "serial-entry": newIdempotencyKey(),
    adjustment: newIdempotencyKey(),
    "write-off": newIdempotencyKey(),
  };
}

function formValuesOf(product: NonNullable<Awaited<ReturnType<typeof getProduct>>>): ProductFormValues {
  return {
    kind: product.kind,
    name: product.name,
    sku: product.sku,
    barcode: product.barcode ?? "",
    category: product.category,
    brand: product.brand,
    priceCents: centsToInput(product.priceCents),
    minimumStock: String(product.minimumStock),
    location: product.location,
    description: product.description,
    shownInShop: product.shownInShop ? "on" : "",
    partOrigin: product.partOrigin ?? "",
    isSerialised: product.isSerialised ? "on" : "",
    revenueSource: product.revenueSource,
  };
}

/** Its form takes a file: the server lets a multipart body through to it (upload-handle.ts). */
export const handle = TAKES_FILES;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (params.id === undefined) {
    const categories = await listProductCategories();
    return {
      product: null,
      values: { kind: "product" } as ProductFormValues,
      photo: null,
      units: [],
      ledger: null,
      categories,
      purchaseOptions: null,
      flash: null,
      keys: formKeys(),
    };
  }
  const id = parseIdParam(params.id);
  const product = await getProduct(id);
  if (!product) throw data(null, { status: 404 });
  const rawPage = new URL(request.url).searchParams.get(LEDGER_PAGE_PARAM);
  const page = rawPage && /^\d{1,5}$/.test(rawPage) ? Number(rawPage) : 1;
  const [photo, units, { categories, ledger, suppliers, accounts }] = await Promise.all([
    product.photoUploadId ? getUploadedImage(product.photoUploadId) : null,
    product.isSerialised ? listUnitsInShop(id) : [],
    getProductPageLists(id, page, { supplierLimit: SUPPLIER_OPTIONS_LIMIT }),
  ]);
  return {
    product: {
      id: product.id,
      name: product.name,
      kind: product.kind,
      sku: product.sku,
      slug: product.slug,
      priceCents: product.priceCents,
      averageCostCents: product.averageCostCents,
      stockQuantity: product.stockQuantity,
      reservedQuantity: product.reservedQuantity,
      minimumStock: product.minimumStock,
      isSerialised: product.isSerialised,
      partOrigin: product.partOrigin,
      archivedAt: product.archivedAt?.toISOString() ?? null,
      version: product.updatedAt.toISOString(),
    },
    values: formValuesOf(product),
    photo,
    units,
    ledger,
    categories,
    purchaseOptions: { suppliers, accounts, today: shopToday() },
    flash: flashOf(context),
    keys: formKeys(),
  };
}

/** The form's fields as typed (files left out), to show again after a refusal. */
function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && name !== "intent") values[name] = value;
  return values;
}

/** `units.0.serial`, `units.0.costCents`… → the rows SerialisedEntrySchema reads. */
function unitRowsOf(form: FormData) {
  const rows: { serial: string; costCents: string }[] = [];
  for (let index = 0; index < 60; index++) {
    const serial = formText(form, `units.${index}.serial`);
    const costCents = formText(form, `units.${index}.costCents`);
    if (form.has(`units.${index}.serial`) && (serial.trim() !== "" || costCents.trim() !== "" || index === 0))
      rows.push({ serial, costCents });
  }
  return rows;
}

async function saveProduct(request: Request, actor: ReturnType<typeof actorOf>, id: number | null) {
  let values: ProductFormValues = {};
  try {
    const form = await readUploadForm(request);
    values = productFormValues(form);
    const photo = { file: await uploadedFileFrom(form, "image"), remove: formText(form, "removePhoto") === "on" };
    const saved =
      id === null
        ? await createProduct(actor, { ...values, idempotencyKey: formText(form, "idempotencyKey") }, photo)
        : await updateProduct(actor, id, values, photo);
    return redirectWithFlash(`/inventory/${saved.id}`, {
      title: id === null ? "Item cadastrado" : "Alterações salvas",
      message: `${saved.name} · SKU ${saved.sku}`,
    });
  } catch (error) {
    return formRefusal(error, { intent: "save" as string, values: values as Record<string, string> });
  }
}

async function stockAction(actor: ReturnType<typeof actorOf>, id: number, intent: StockIntent, form: FormData) {
  const values = typedValues(form);
  try {
    if (intent === "entry") await recordStockEntry(actor, id, values);
    else if (intent === "serial-entry") await recordSerialisedEntry(actor, id, { ...values, units: unitRowsOf(form) });
    else if (intent === "adjustment") await recordStockAdjustment(actor, id, values);
    else await writeOffUnit(actor, id, values);
    const titles: Record<StockIntent, string> = {
      entry: "Entrada registrada",
      "serial-entry": "Unidades registradas",
      adjustment: "Ajuste registrado",
      "write-off": "Baixa registrada",
    };
    return redirectWithFlash(`/inventory/${id}`, { title: titles[intent], message: "O extrato abaixo mostra o novo saldo." });
  } catch (error) {
    return formRefusal(error, { intent: intent as string, values });
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const id = params.id === undefined ? null : parseIdParam(params.id);
  const isMultipart = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
  if (isMultipart) return saveProduct(request, actor, id);
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ intent: "", values: {} as Record<string, string> });
  const intent = formText(form, "intent");
  if (id !== null && (STOCK_INTENTS as readonly string[]).includes(intent))
    return stockAction(actor, id, intent as StockIntent, form);
  if (id !== null && (intent === "archive" || intent === "restore")) {
    try {
      const saved = await setProductArchived(actor, id, intent === "archive");
      return redirectWithFlash(`/inventory/${id}`, {
        title: intent === "archive" ? "Item arquivado" : "Item reativado",
        message:
          intent === "archive"
            ? `${saved.name} saiu das listas, do caixa e da loja; o histórico continua.`
            : `${saved.name} voltou às listas.`,
      });
    } catch (error) {
      return formRefusal(error, { intent, values: {} as Record<string, string> });
    }
  }
  // The product form sent without its encoding (no JavaScript and an old browser): say so instead of a 500.
  if (intent === "save")
    return formProblem({ intent, values: {} as Record<string, string> }, new ImageUploadError("unreadable-form").message);
  return formProblem({ intent, values: {} as Record<string, string> });
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

export default function InventoryProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, values, photo, units, ledger, categories, purchaseOptions, flash, keys } = loaderData;
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const refused = actionData && "errors" in actionData ? actionData : null;
  const stateFor = (intent: string) =>
    refused && refused.intent === intent ? { values: refused.values, errors: refused.errors as FieldErrors } : undefined;
  const saveRefusal = stateFor("save");
  const hasStock = product !== null && product.kind !== "service";
  const isLow = product !== null && isLowStock(product);

  return (
    <div className="max-w-4xl space-y-6">
      <div className="space-y-2">
        <BackLink to={LIST_PATH}>Voltar para o estoque</BackLink>
        <h1 className="text-2xl font-bold break-words text-slate-900">{product ? product.name : "Novo item"}</h1>
        <FlashAlert flash={actionData ? null : flash} />
        {refused && refused.intent !== "save" && refused.errors.form && !stateFor(refused.intent) ? (
          <Alert tone="destructive">{refused.errors.form}</Alert>
        ) : null}
      </div>

      {product ? (
        <>
          <p className="text-slate-700">
            {PRODUCT_KIND_LABELS[product.kind]} · SKU {product.sku}
            {product.partOrigin ? ` · ${PART_ORIGIN_LABELS[product.partOrigin]}` : ""}
            {product.isSerialised ? " · controlado por IMEI/série" : ""}
          </p>
          {product.archivedAt ? <Alert>Item arquivado: não aparece nas listas, no caixa nem na loja.</Alert> : null}
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Stat label="Preço" value={formatCents(product.priceCents)} />
            {hasStock ? (
              <>
                <Stat label="Estoque" value={String(product.stockQuantity)} />
                <Stat label="Reservado para OS" value={String(product.reservedQuantity)} />
                <Stat label="Custo médio" value={formatCents(product.averageCostCents)} />
              </>
            ) : null}
          </dl>
          {isLow ? <Alert tone="destructive">{lowStockNotice(product.stockQuantity, product.minimumStock)}</Alert> : null}

          {hasStock ? (
            <div className="grid gap-6 lg:grid-cols-2">
              {product.isSerialised ? (
                <>
                  <SerialisedEntryForm
                    key={`u${product.version}`}
                    state={stateFor("serial-entry")}
                    isSubmitting={isSubmitting}
                    idempotencyKey={keys["serial-entry"]}
                    options={purchaseOptions!}
                  />
                  <UnitsInShop
                    key={`w${product.version}`}
                    units={units}
                    state={stateFor("write-off")}
                    isSubmitting={isSubmitting}
                    idempotencyKey={keys["write-off"]}
                  />
                </>
              ) : (
                <>
                  <StockEntryForm
                    key={`e${product.version}`}
                    state={stateFor("entry")}
                    isSubmitting={isSubmitting}
                    idempotencyKey={keys.entry}
                    options={purchaseOptions!}
                  />
                  <StockAdjustmentForm
                    key={`a${product.version}`}
                    state={stateFor("adjustment")}
                    isSubmitting={isSubmitting}
                    idempotencyKey={keys.adjustment}
                  />
                </>
              )}
            </div>
          ) : null}

          {hasStock && ledger ? (
            <section id={LEDGER_ANCHOR} aria-labelledby="extrato-titulo" className="scroll-mt-20 space-y-3">
              <h2 id="extrato-titulo" className="text-lg font-semibold text-slate-900">
                Extrato de estoque
              </h2>
              <StockLedgerTable rows={ledger.movements} />
              <Pager
                label="Páginas do extrato"
                page={ledger.page}
                hasNextPage={ledger.hasNextPage}
                hrefFor={(page) => (page > 1 ? `?${LEDGER_PAGE_PARAM}=${page}#${LEDGER_ANCHOR}` : `?#${LEDGER_ANCHOR}`)}
              />
            </section>
          ) : null}
        </>
      ) : null}

      <section aria-labelledby="cadastro-titulo" className="space-y-3">
        {product ? (
          <h2 id="cadastro-titulo" className="text-lg font-semibold text-slate-900">
            Cadastro
          </h2>
        ) : (
          <h2 id="cadastro-titulo" className="sr-only">
            Cadastro
          </h2>
        )}
        <ProductForm
          key={product?.version ?? "novo"}
          values={saveRefusal ? saveRefusal.values : values}
          errors={saveRefusal?.errors ?? {}}
          photo={photo}
          categories={categories}
          isNew={product === null}
          isSubmitting={isSubmitting}
          idempotencyKey={keys.save}
        />
      </section>

      {product ? (
        <Section title={product.archivedAt ? "Reativar" : "Arquivar"}>
          <p className="text-sm text-slate-700">
            {product.archivedAt
              ? "Volta às listas, ao caixa e (se marcado) à loja."
              : "Itens não são apagados: arquivado, sai das listas, do caixa e da loja, e o histórico de vendas e do estoque continua."}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value={product.archivedAt ? "restore" : "archive"} />
            <Button type="submit" variant="outline" disabled={isSubmitting}>
              {product.archivedAt ? (
                <ArchiveRestore aria-hidden className="size-4" />
              ) : (
                <Archive aria-hidden className="size-4" />
              )}
              {product.archivedAt ? "Reativar item" : "Arquivar item"}
            </Button>
          </Form>
        </Section>
      ) : null}
    </div>
  );
}
