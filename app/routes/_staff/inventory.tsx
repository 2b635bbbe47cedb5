import { ClipboardList, Download, PackagePlus, Search, Upload } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { Pager } from "~/components/ui/pager";
import { SelectField } from "~/components/ui/select-field";
import { flashOf } from "~/lib/flash.server";
import { formatCents } from "~/lib/money";
import { filtersFromSearchParams, LIST_PARAMS, listHref, MAX_QUERY_LENGTH } from "~/modules/inventory/list-filters";
import {
  listProductCategories,
  MAX_PRODUCT_PAGE,
  searchProducts,
  type ProductListItem,
} from "~/modules/inventory/queries.server";
import { PRODUCT_KIND_LABELS } from "~/modules/inventory/labels";
import { isLowStock } from "~/modules/inventory/low-stock";
import { PRODUCT_KINDS } from "~/modules/inventory/validation";
import type { Route } from "./+types/inventory";

const ROW_COLUMNS = "md:grid-cols-[minmax(0,3fr)_minmax(0,1.2fr)_6rem_6rem]";

export const meta = () => staffAreaMeta("inventory");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const filters = filtersFromSearchParams(searchParams);
  const rawPage = searchParams.get(LIST_PARAMS.page);
  const number = rawPage === null ? 1 : Number(rawPage);
  const page = Number.isSafeInteger(number) && number >= 1 ? Math.min(number, MAX_PRODUCT_PAGE) : 1;
  // Not a page number (or past the last one a list can have): the page's own address.
  if (rawPage !== null && rawPage !== String(page)) throw redirect(listHref(filters, page));
  const [result, categories] = await Promise.all([searchProducts(filters, page), listProductCategories()]);
  if (result.products.length === 0 && page > 1) throw redirect(listHref(filters, 1));
  return { filters, ...result, categories, flash: flashOf(context) };
}

function StockCell({ item }: { item: ProductListItem }) {
  if (item.kind === "service") return <span className="text-slate-500">—</span>;
  const isLow = isLowStock(item);
  return (
    <span className={isLow ? "font-semibold text-red-700" : "text-slate-900"}>
      {item.stockQuantity}
      {isLow ? <span className="ml-1 text-xs font-medium">(baixo)</span> : null}
    </span>
  );
}

export default function Inventory({ loaderData }: Route.ComponentProps) {
  const { filters, products, page, hasNextPage, categories, flash } = loaderData;
  const isFiltered =
    filters.query !== "" ||
    filters.kind !== null ||
    filters.category !== null ||
    filters.isLowStock ||
    filters.isShownInShop ||
    filters.isArchived;
  const isNameOrder = filters.isLowStock || filters.category !== null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Estoque</h1>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/inventory/new">
            <PackagePlus aria-hidden className="size-4" />
            Novo item
          </ButtonLink>
          <ButtonLink to="/inventory/contagem" variant="outline">
            <ClipboardList aria-hidden className="size-4" />
            Inventário
          </ButtonLink>
          <ButtonLink to="/inventory/importar" variant="outline">
            <Upload aria-hidden className="size-4" />
            Importar
          </ButtonLink>
          <a href="/inventory/exportar.csv" className={buttonClass({ variant: "outline" })} download>
            <Download aria-hidden className="size-4" />
            Exportar CSV
          </a>
        </div>
      </div>

      <FlashAlert flash={flash} />

      <nav aria-label="Atalhos do estoque" className="flex flex-wrap gap-2 text-sm">
        <Link
          to={listHref({ ...filters, isLowStock: !filters.isLowStock, query: "" })}
          aria-current={filters.isLowStock ? "page" : undefined}
          className={buttonClass({ variant: filters.isLowStock ? "primary" : "outline", size: "sm" })}
        >
          Estoque baixo
        </Link>
      </nav>

      <search>
        {/* Keyed on the filters: a shortcut link or the back button changes them, and the fields must show it. */}
        <Form
          key={listHref(filters)}
          method="get"
          className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          <Field
            label="Buscar"
            name={LIST_PARAMS.query}
            type="search"
            defaultValue={filters.query}
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            hint="Nome, SKU ou código de barras."
            className="sm:col-span-2"
          />
          <SelectField
            label="Tipo"
            name={LIST_PARAMS.kind}
            defaultValue={filters.kind ?? ""}
            options={[
              { value: "", label: "Todos" },
              ...PRODUCT_KINDS.map((kind) => ({ value: kind, label: PRODUCT_KIND_LABELS[kind] })),
            ]}
          />
          <SelectField
            label="Categoria"
            name={LIST_PARAMS.category}
            defaultValue={filters.category ?? ""}
            options={[{ value: "", label: "Todas" }, ...categories.map((category) => ({ value: category, label: category }))]}
          />
          <fieldset className="flex flex-wrap gap-x-6 gap-y-2 sm:col-span-2 lg:col-span-3">
            <legend className="sr-only">Mostrar apenas</legend>
            <label className="flex items-center gap-2 text-slate-800">
              <input
                type="checkbox"
                name={LIST_PARAMS.lowStock}
                value="baixo"
                defaultChecked={filters.isLowStock}
                className="size-5 accent-brand-700"
              />
              Estoque baixo
            </label>
            <label className="flex items-center gap-2 text-slate-800">
              <input
                type="checkbox"
                name={LIST_PARAMS.shop}
                value="sim"
                defaultChecked={filters.isShownInShop}
                className="size-5 accent-brand-700"
              />
              Na loja virtual
            </label>
            <label className="flex items-center gap-2 text-slate-800">
              <input
                type="checkbox"
                name={LIST_PARAMS.archived}
                value="sim"
                defaultChecked={filters.isArchived}
                className="size-5 accent-brand-700"
              />
              Arquivados
            </label>
          </fieldset>
          <div className="flex gap-2 lg:justify-end">
            <Button type="submit">
              <Search aria-hidden className="size-4" />
              Filtrar
            </Button>
            {isFiltered ? (
              <ButtonLink to="/inventory" variant="ghost">
                Limpar
              </ButtonLink>
            ) : null}
          </div>
        </Form>
      </search>

      {products.length === 0 ? (
        <EmptyState
          icon={<PackagePlus aria-hidden className="size-10" />}
          title={isFiltered ? "Nenhum item encontrado" : "Nenhum item cadastrado ainda"}
        >
          <p>
            {isFiltered
              ? "Confira a busca e os filtros: busque por parte do nome, o SKU inteiro ou o código de barras."
              : "Cadastre produtos, peças e serviços, ou importe uma planilha CSV."}
          </p>
        </EmptyState>
      ) : (
        <section aria-labelledby="estoque-resultado" className="space-y-2">
          <h2 id="estoque-resultado" className="text-sm font-normal text-slate-600">
            {filters.isLowStock ? "Estoque baixo (no mínimo ou abaixo), " : "Itens, "}
            {isNameOrder ? "em ordem alfabética." : "dos mais recentes aos mais antigos."}
          </h2>
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
            <div
              aria-hidden
              className={`hidden border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase md:grid md:gap-x-4 ${ROW_COLUMNS}`}
            >
              <span>Item</span>
              <span>Categoria</span>
              <span className="text-right">Preço</span>
              <span className="text-right">Estoque</span>
            </div>
            <ul className="divide-y divide-slate-200">
              {products.map((item) => (
                <li key={item.id} className={`grid gap-x-4 gap-y-1 px-4 py-3 md:items-center ${ROW_COLUMNS}`}>
                  <div className="min-w-0">
                    <Link
                      to={`/inventory/${item.id}`}
                      className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
                    >
                      {item.name}
                    </Link>
                    <p className="text-xs break-all text-slate-600">
                      {PRODUCT_KIND_LABELS[item.kind]} · SKU {item.sku}
                      {item.barcode ? ` · ${item.barcode}` : ""}
                      {item.shownInShop ? " · na loja" : ""}
                      {item.archivedAt ? " · arquivado" : ""}
                    </p>
                  </div>
                  <dl className="contents text-sm">
                    <div className="flex gap-1 md:block">
                      <dt className="text-slate-500 md:sr-only">Categoria:</dt>
                      <dd className="break-words text-slate-700">{item.category || "—"}</dd>
                    </div>
                    <div className="flex gap-1 md:block md:text-right">
                      <dt className="text-slate-500 md:sr-only">Preço:</dt>
                      <dd className="tabular-nums">{formatCents(item.priceCents)}</dd>
                    </div>
                    <div className="flex gap-1 md:block md:text-right">
                      <dt className="text-slate-500 md:sr-only">Estoque:</dt>
                      <dd className="tabular-nums">
                        <StockCell item={item} />
                      </dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <Pager label="Páginas do estoque" page={page} hasNextPage={hasNextPage} hrefFor={(target) => listHref(filters, target)} />
    </div>
  );
}
