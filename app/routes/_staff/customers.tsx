import { SearchBox } from "~/components/ui/search-box";
import { Pager } from "~/components/ui/pager";
import { Contact, UserPlus } from "lucide-react";
import { Link, redirect } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FlashAlert } from "~/components/ui/flash-alert";
import { flashOf } from "~/lib/flash.server";
import { formatPhone } from "~/lib/phone";
import { MAX_CUSTOMER_PAGE, searchCustomers } from "~/modules/customers/queries.server";
import type { Route } from "./+types/customers";
import { searchTextOf } from "~/lib/text-input";

const QUERY_PARAM = "q";
const PAGE_PARAM = "pagina";
const MAX_QUERY_LENGTH = 100;
const ROW_COLUMNS = "md:grid-cols-[minmax(0,2fr)_minmax(0,4fr)_5.5rem]";
const DETAIL_COLUMNS = "md:grid md:grid-cols-[minmax(0,1.2fr)_minmax(0,1.3fr)_minmax(0,1.6fr)] md:gap-x-4";

export const meta = () => staffAreaMeta("customers");

function listHref(query: string, page: number) {
  const params = new URLSearchParams();
  if (query) params.set(QUERY_PARAM, query);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const search = params.toString();
  return search ? `/customers?${search}` : "/customers";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const query = searchTextOf(searchParams.get(QUERY_PARAM), MAX_QUERY_LENGTH);
  const rawPage = searchParams.get(PAGE_PARAM);
  const number = rawPage === null ? 1 : Number(rawPage);
  // Not a page number: the first page.
  const requestedPage = Number.isSafeInteger(number) && number >= 1 ? number : 1;
  if (rawPage !== null && (requestedPage === 1 || rawPage !== String(requestedPage)))
    throw redirect(listHref(query, requestedPage));

  const result = await searchCustomers({ query, page: Math.min(requestedPage, MAX_CUSTOMER_PAGE) });
  // Past the last page (an old link, an edited address): the last page, at its own address.
  const lastPage = result.lastPage ?? result.page;
  if (requestedPage > lastPage) throw redirect(listHref(query, lastPage));
  return { query, ...result, flash: flashOf(context) };
}

/** A dash for the eye, words for a screen reader. */
function NotInformed() {
  return (
    <>
      <span aria-hidden>—</span>
      <span className="sr-only">não informado</span>
    </>
  );
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { query, customers, page, hasNextPage, flash } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Clientes</h1>
        <ButtonLink to="/customers/new">
          <UserPlus aria-hidden className="size-4" />
          Novo cliente
        </ButtonLink>
      </div>

      <FlashAlert flash={flash} />

      <SearchBox
        label="Buscar cliente"
        name={QUERY_PARAM}
        query={query}
        maxLength={MAX_QUERY_LENGTH}
        hint="Nome, WhatsApp (inteiro ou os últimos dígitos), CPF/CNPJ ou e-mail."
      />

      {customers.length === 0 ? (
        <EmptyState
          icon={<Contact aria-hidden className="size-10" />}
          title={query ? "Nenhum cliente encontrado" : page > 1 ? "Nada nesta página" : "Nenhum cliente cadastrado ainda"}
        >
          {query ? (
            <p>Confira o que foi digitado: busque por parte do nome, os últimos dígitos do WhatsApp, o CPF/CNPJ ou o e-mail.</p>
          ) : (
            <p>Os clientes cadastrados aqui ou ao abrir uma ordem de serviço aparecem nesta lista.</p>
          )}
        </EmptyState>
      ) : (
        <section aria-labelledby="clientes-resultado" className="space-y-2">
          <h2 id="clientes-resultado" className="sr-only">
            {query ? `Clientes encontrados para “${query}”` : "Clientes, dos mais recentes aos mais antigos"}
          </h2>
          <p className="text-sm text-slate-600" aria-hidden>
            {query ? `Resultados para “${query}”, dos mais recentes aos mais antigos.` : "Dos mais recentes aos mais antigos."}
          </p>
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
            {/* Column titles for sighted desktop users; each row's <dt> says the same to screen readers. */}
            <div
              aria-hidden
              className={`hidden border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase md:grid ${ROW_COLUMNS}`}
            >
              <span>Nome</span>
              <span className={DETAIL_COLUMNS}>
                <span>WhatsApp</span>
                <span>CPF/CNPJ</span>
                <span>E-mail</span>
              </span>
              <span className="sr-only">Ações</span>
            </div>
            <ul className="divide-y divide-slate-200">
              {customers.map((customer) => (
                <li key={customer.id} className={`grid gap-x-4 gap-y-1 px-4 py-3 md:items-center ${ROW_COLUMNS}`}>
                  <Link
                    to={`/customers/${customer.id}`}
                    className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
                  >
                    {customer.name}
                  </Link>
                  <dl className={`grid gap-y-0.5 text-sm text-slate-700 ${DETAIL_COLUMNS}`}>
                    <div className="flex gap-1">
                      <dt className="shrink-0 text-slate-500 md:sr-only">WhatsApp:</dt>
                      <dd>{formatPhone(customer.phone)}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt className="shrink-0 text-slate-500 md:sr-only">CPF/CNPJ:</dt>
                      <dd>{customer.maskedDocument || <NotInformed />}</dd>
                    </div>
                    <div className="flex min-w-0 gap-1">
                      <dt className="shrink-0 text-slate-500 md:sr-only">E-mail:</dt>
                      <dd className="truncate">{customer.email || <NotInformed />}</dd>
                    </div>
                  </dl>
                  <Link
                    to={`/customers/${customer.id}`}
                    className={buttonClass(
                      { variant: "outline", size: "sm" },
                      "mt-1 justify-self-start md:mt-0 md:justify-self-end",
                    )}
                  >
                    Editar<span className="sr-only"> {customer.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <Pager label="Páginas de clientes" page={page} hasNextPage={hasNextPage} hrefFor={(target) => listHref(query, target)} />
    </div>
  );
}
