import { searchTextOf } from "~/lib/text-input";
import { Search } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { Pager } from "~/components/ui/pager";
import { formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText, readId } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { MAX_QUERY_LENGTH } from "~/modules/inventory/list-filters";
import { getStockCount, NO_FILTERS, searchProducts } from "~/modules/inventory/queries.server";
import { closeStockCount, getStockCountReview, recordCountedQuantity } from "~/modules/inventory/stock-counts.server";
import type { Route } from "./+types/inventory-count";

const QUERY_PARAM = "q";
const PAGE_PARAM = "pagina";
/** `?conferir=1`: the differences listed for review, with the button that closes the count. */
const REVIEW_PARAM = "conferir";
const FOUND_LIMIT = 10;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Inventário nº ${loaderData?.count.id ?? ""} — Estoque — Balcão` }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const searchParams = new URL(request.url).searchParams;
  const rawPage = searchParams.get(PAGE_PARAM);
  const count = await getStockCount(parseIdParam(params.id), rawPage !== null && /^\d{1,5}$/.test(rawPage) ? Number(rawPage) : 1);
  if (!count) throw data(null, { status: 404 });
  const query = searchTextOf(new URL(request.url).searchParams.get(QUERY_PARAM), MAX_QUERY_LENGTH);
  const found =
    query && !count.closedAt
      ? (await searchProducts({ ...NO_FILTERS, query }, 1, FOUND_LIMIT)).products.filter((item) => item.kind !== "service")
      : [];
  const review = !count.closedAt && searchParams.get(REVIEW_PARAM) === "1" ? await getStockCountReview(count.id) : null;
  return { count, query, found, review, flash: flashOf(context), closeKey: newIdempotencyKey() };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const id = parseIdParam(params.id);
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ productId: "", countedQuantity: "" });
  const intent = formText(form, "intent");
  const productId = formText(form, "productId");
  const countedQuantity = formText(form, "countedQuantity");
  const back = `/inventory/contagem/${id}${formText(form, "q") ? `?${QUERY_PARAM}=${encodeURIComponent(formText(form, "q"))}` : ""}`;
  try {
    if (intent === "count") {
      const counted = await recordCountedQuantity(actor, id, readId(productId) ?? 0, { countedQuantity });
      const difference = counted.countedQuantity - counted.expectedQuantity;
      return redirectWithFlash(back, {
        title: `${counted.name}: ${counted.countedQuantity} contado${counted.countedQuantity === 1 ? "" : "s"}`,
        message:
          difference === 0
            ? "Confere com o sistema."
            : `Diferença de ${difference > 0 ? "+" : ""}${difference} (sistema: ${counted.expectedQuantity}).`,
      });
    }
    if (intent === "close") {
      const closed = await closeStockCount(actor, id, {
        confirmation: formText(form, "confirmation"),
        idempotencyKey: formText(form, "idempotencyKey"),
      });
      return redirectWithFlash(`/inventory/contagem/${id}`, {
        title: `Inventário nº ${id} encerrado`,
        message:
          closed.differencesPosted === 0
            ? "Nenhuma diferença: o estoque confere."
            : `${closed.differencesPosted} ${closed.differencesPosted === 1 ? "diferença lançada" : "diferenças lançadas"} no estoque.`,
      });
    }
  } catch (error) {
    return formRefusal(error, { productId, countedQuantity });
  }
  return formProblem({ productId, countedQuantity });
}

function ShortHeader({ short, full }: { short: string; full: string }) {
  return (
    <th scope="col" className="px-2 py-2 text-right sm:px-3">
      <abbr title={full} className="no-underline sm:hidden">
        {short}
      </abbr>
      <span className="hidden sm:inline">{full}</span>
    </th>
  );
}

export default function InventoryCount({ loaderData, actionData }: Route.ComponentProps) {
  const { count, query, found, review, flash, closeKey } = loaderData;
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const refused = actionData && "errors" in actionData ? actionData : null;
  const isOpen = count.closedAt === null;
  const differences = count.differenceCount;
  return (
    <div className="max-w-4xl space-y-6">
      <div className="space-y-2">
        <BackLink to="/inventory/contagem">Voltar para os inventários</BackLink>
        <h1 className="text-2xl font-bold text-slate-900">Inventário nº {count.id}</h1>
        <p className="text-slate-700">
          {count.note ? `${count.note} · ` : ""}Iniciado em {formatDateTime(count.startedAt)} por {count.startedByLabel}
          {count.closedAt ? ` · encerrado em ${formatDateTime(count.closedAt)} por ${count.closedByLabel ?? ""}` : ""}
        </p>
        <FlashAlert flash={actionData ? null : flash} />
        {refused ? <Alert tone="destructive">{Object.values(refused.errors).join(" ")}</Alert> : null}
      </div>

      {isOpen ? (
        <section aria-labelledby="contar" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="contar" className="text-lg font-semibold text-slate-900">
            Contar um item
          </h2>
          <search>
            <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <Field
                key={query}
                label="Buscar item"
                name={QUERY_PARAM}
                type="search"
                defaultValue={query}
                maxLength={MAX_QUERY_LENGTH}
                autoComplete="off"
                hint="Nome, SKU ou código de barras (um leitor de código também serve)."
                className="flex-1"
              />
              <Button type="submit" className="sm:mt-7">
                <Search aria-hidden className="size-4" />
                Buscar
              </Button>
            </Form>
          </search>
          {query && found.length === 0 ? (
            <p className="text-slate-700">Nenhum item com estoque encontrado para “{query}”.</p>
          ) : null}
          <ul className="divide-y divide-slate-200">
            {found.map((item) => (
              <li key={item.id} className="py-3">
                <Form method="post" noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
                  <input type="hidden" name="intent" value="count" />
                  <input type="hidden" name="productId" value={item.id} />
                  <input type="hidden" name="q" value={query} />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-slate-900">{item.name}</p>
                    <p className="text-xs text-slate-600">
                      SKU {item.sku}
                      {item.location ? ` · ${item.location}` : ""}
                      {item.isSerialised ? " · controlado por IMEI" : ""}
                    </p>
                  </div>
                  {item.isSerialised ? (
                    <Link to={`/inventory/${item.id}`} className="text-sm text-brand-700 underline underline-offset-2">
                      Conferir as unidades
                    </Link>
                  ) : (
                    <>
                      <Field
                        label={`Quantidade contada de ${item.name}`}
                        name="countedQuantity"
                        inputMode="numeric"
                        autoComplete="off"
                        maxLength={9}
                        className="sm:w-56 [&_label]:sr-only"
                        defaultValue={refused && refused.productId === String(item.id) ? refused.countedQuantity : ""}
                        error={refused && refused.productId === String(item.id) ? refused.errors.countedQuantity : undefined}
                      />
                      <Button type="submit" variant="outline" disabled={isSubmitting}>
                        Registrar contagem
                      </Button>
                    </>
                  )}
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="contados" className="space-y-3">
        <h2 id="contados" className="text-lg font-semibold text-slate-900">
          Itens contados ({count.itemCount})
        </h2>
        {count.items.length === 0 ? (
          <p className="text-slate-700">Nenhum item contado ainda.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-2 py-2 sm:px-3">
                    Item
                  </th>
                  {/* Short titles on a phone, so the item's name keeps the width. */}
                  <ShortHeader short="Sist." full="Sistema" />
                  <ShortHeader short="Cont." full="Contado" />
                  <ShortHeader short="Dif." full="Diferença" />
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {count.items.map((item) => {
                  const difference = item.countedQuantity - item.expectedQuantity;
                  return (
                    <tr key={item.productId}>
                      <td className="px-2 py-2 break-words sm:px-3">
                        <Link to={`/inventory/${item.productId}`} className="text-brand-700 underline-offset-2 hover:underline">
                          {item.name}
                        </Link>
                        <span className="block text-xs text-slate-600">SKU {item.sku}</span>
                      </td>
                      <td className="px-2 py-2 text-right tabular-nums sm:px-3">{item.expectedQuantity}</td>
                      <td className="px-2 py-2 text-right tabular-nums sm:px-3">{item.countedQuantity}</td>
                      <td
                        className={`px-2 py-2 text-right font-semibold tabular-nums sm:px-3 ${difference < 0 ? "text-red-700" : difference > 0 ? "text-emerald-700" : "text-slate-600"}`}
                      >
                        {difference > 0 ? `+${difference}` : difference}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          label="Páginas de itens contados"
          page={count.page}
          hasNextPage={count.hasNextPage}
          hrefFor={(page) =>
            page === 1 ? `/inventory/contagem/${count.id}` : `/inventory/contagem/${count.id}?${PAGE_PARAM}=${page}`
          }
        />
      </section>

      {isOpen && review ? (
        <StockCountReview countId={count.id} review={review} closeKey={closeKey} isSubmitting={isSubmitting} />
      ) : isOpen ? (
        <section aria-labelledby="encerrar" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="encerrar" className="text-lg font-semibold text-slate-900">
            Encerrar o inventário
          </h2>
          <p className="text-slate-700">
            {differences === 0
              ? "Nenhuma diferença até agora."
              : `${differences} ${differences === 1 ? "item tem diferença" : "itens têm diferença"}: ao encerrar, entram no estoque como movimentos de inventário.`}{" "}
            Antes de lançar, você confere as diferenças.
          </p>
          <Link to={`/inventory/contagem/${count.id}?${REVIEW_PARAM}=1#conferir`} className={buttonClass({})}>
            Conferir diferenças e encerrar
          </Link>
        </section>
      ) : null}
    </div>
  );
}

type Review = NonNullable<Route.ComponentProps["loaderData"]["review"]>;

/** The differences to be posted, with their value at average cost, and the confirmation that closes the count. */
function StockCountReview({
  countId,
  review,
  closeKey,
  isSubmitting,
}: {
  countId: number;
  review: Review;
  closeKey: string;
  isSubmitting: boolean;
}) {
  const hidden = review.differenceCount - review.items.length;
  return (
    <section aria-labelledby="conferir" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="conferir" className="text-lg font-semibold text-slate-900">
        Conferir antes de encerrar
      </h2>
      {review.differenceCount === 0 ? (
        <p className="text-slate-700">Nenhuma diferença: ao encerrar, o estoque fica como está.</p>
      ) : (
        <>
          <p className="text-slate-700">
            {review.differenceCount === 1
              ? "Este item entra no estoque como movimento de inventário:"
              : `Estes ${review.differenceCount} itens entram no estoque como movimentos de inventário:`}
          </p>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Diferenças a lançar</caption>
              <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-2 py-2 sm:px-3">
                    Item
                  </th>
                  <ShortHeader short="Cont." full="Contado" />
                  <ShortHeader short="Esp." full="Esperado" />
                  <ShortHeader short="Dif." full="Diferença" />
                  <ShortHeader short="Valor" full="Valor (custo médio)" />
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {review.items.map((item) => (
                  <tr key={item.productId}>
                    <td className="px-2 py-2 break-words sm:px-3">
                      {item.name}
                      <span className="block text-xs text-slate-600">SKU {item.sku}</span>
                    </td>
                    <td className="px-2 py-2 text-right tabular-nums sm:px-3">{item.countedQuantity}</td>
                    <td className="px-2 py-2 text-right tabular-nums sm:px-3">{item.expectedQuantity}</td>
                    <td
                      className={`px-2 py-2 text-right font-semibold tabular-nums sm:px-3 ${item.difference < 0 ? "text-red-700" : "text-emerald-700"}`}
                    >
                      {item.difference > 0 ? `+${item.difference}` : item.difference}
                    </td>
                    <td className="px-2 py-2 text-right tabular-nums sm:px-3">{formatCents(item.valueCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-slate-300 font-semibold">
                <tr>
                  <th scope="row" colSpan={3} className="px-2 py-2 text-left sm:px-3">
                    Total ({review.unitsIn} a mais, {review.unitsOut} a menos)
                  </th>
                  <td className="px-2 py-2 text-right tabular-nums sm:px-3">
                    {review.unitsIn - review.unitsOut > 0
                      ? `+${review.unitsIn - review.unitsOut}`
                      : review.unitsIn - review.unitsOut}
                  </td>
                  <td className="px-2 py-2 text-right tabular-nums sm:px-3">{formatCents(review.totalValueCents)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          {hidden > 0 ? (
            <p className="text-sm text-slate-700">
              Mostrando {review.items.length} de {review.differenceCount} diferenças; o total inclui todas.
            </p>
          ) : null}
        </>
      )}
      <Form method="post" action={`/inventory/contagem/${countId}`} className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <input type="hidden" name="intent" value="close" />
        <input type="hidden" name="confirmation" value={review.confirmation} />
        <input type="hidden" name="idempotencyKey" value={closeKey} />
        <Button type="submit" disabled={isSubmitting}>
          {review.differenceCount === 0 ? "Confirmar e encerrar o inventário" : "Confirmar e lançar as diferenças"}
        </Button>
        <Link to={`/inventory/contagem/${countId}`} className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Voltar à contagem
        </Link>
      </Form>
    </section>
  );
}
