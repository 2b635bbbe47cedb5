import { Download, Plus, ReceiptText, Search } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { Pager } from "~/components/ui/pager";
import { SelectField } from "~/components/ui/select-field";
import { formatDate, shopToday } from "~/lib/dates";
import { flashOf } from "~/lib/flash.server";
import { formatCents } from "~/lib/money";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { financeChoices } from "~/modules/finance/choices.server";
import { EntryStatusBadge } from "~/modules/finance/components/entry-status-badge";
import { FinanceHeader, financeMeta } from "~/modules/finance/components/finance-header";
import {
  DIRECTION_PARAM,
  ENTRIES_CSV_PATH,
  ENTRY_PARAMS,
  ENTRY_STATUS_LABELS,
  ENTRY_STATUSES,
  entriesHref,
  entryFiltersFromSearchParams,
  entryStatusOf,
  isFiltered,
  MAX_ENTRY_QUERY_LENGTH,
  STATUS_PARAM,
} from "~/modules/finance/entry-filters";
import { listEntriesForPage, MAX_ENTRY_PAGE } from "~/modules/finance/entry-list.server";
import { DIRECTION_SHORT_LABELS } from "~/modules/finance/validation";
import type { Route } from "./+types/finance-entries";

const ROW_COLUMNS = "md:grid-cols-[6.5rem_minmax(0,3fr)_minmax(0,1.5fr)_7.5rem_6.5rem]";

export const meta = () => financeMeta("Lançamentos");

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const today = shopToday();
  const { searchParams } = new URL(request.url);
  const filters = entryFiltersFromSearchParams(searchParams);
  const rawPage = searchParams.get(ENTRY_PARAMS.page);
  const number = rawPage === null ? 1 : Number(rawPage);
  const page = Number.isSafeInteger(number) && number >= 1 ? Math.min(number, MAX_ENTRY_PAGE) : 1;
  // Not a page number (or past the last one a list can have): the page's own address.
  if (rawPage !== null && rawPage !== String(page)) throw redirect(entriesHref(filters, page));
  const [result, { categories, accounts }] = await Promise.all([
    listEntriesForPage(actor, filters, page, today),
    financeChoices(),
  ]);
  if (result.entries.length === 0 && page > 1) throw redirect(entriesHref(filters, 1));
  // The last page a list can have: what lies beyond is reached by narrowing the dates.
  const isAtDepthLimit = result.hasNextPage && page === MAX_ENTRY_PAGE;
  return {
    filters,
    ...result,
    hasNextPage: result.hasNextPage && !isAtDepthLimit,
    isAtDepthLimit,
    categories,
    accounts,
    today,
    flash: flashOf(context),
  };
}

export default function FinanceEntries({ loaderData }: Route.ComponentProps) {
  const { filters, entries, page, hasNextPage, isAtDepthLimit, totals, categories, accounts, today, flash } = loaderData;
  const filtered = isFiltered(filters);
  const hasMoreFilters = Boolean(
    filters.categoryId || filters.accountId || filters.dueFrom || filters.dueTo || filters.paidFrom || filters.paidTo,
  );
  return (
    <div className="space-y-6">
      <FinanceHeader
        title="Financeiro"
        actions={
          <>
            <ButtonLink to="/financial-management/lancamentos/novo">
              <Plus aria-hidden className="size-4" />
              Novo lançamento
            </ButtonLink>
            <a href={entriesHref(filters, 1, ENTRIES_CSV_PATH)} className={buttonClass({ variant: "outline" })} download>
              <Download aria-hidden className="size-4" />
              Exportar CSV
            </a>
          </>
        }
      />
      <FlashAlert flash={flash} />

      <nav aria-label="Atalhos dos lançamentos" className="flex flex-wrap gap-2 text-sm">
        {(
          [
            ["A pagar", { direction: "out", status: "open" }],
            ["A receber", { direction: "in", status: "open" }],
            ["Atrasados", { direction: null, status: "overdue" }],
          ] as const
        ).map(([label, shortcut]) => {
          const isCurrent = filters.direction === shortcut.direction && filters.status === shortcut.status;
          return (
            <Link
              key={label}
              to={entriesHref({ ...filters, ...shortcut })}
              aria-current={isCurrent ? "page" : undefined}
              className={buttonClass({ variant: isCurrent ? "primary" : "outline", size: "sm" })}
            >
              {label}
            </Link>
          );
        })}
      </nav>

      <search>
        {/* Keyed on the filters: a shortcut link or the back button changes them, and the fields must show it. */}
        <Form
          key={entriesHref(filters)}
          method="get"
          className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          <Field
            label="Buscar na descrição"
            name={ENTRY_PARAMS.query}
            type="search"
            defaultValue={filters.query}
            maxLength={MAX_ENTRY_QUERY_LENGTH}
            autoComplete="off"
          />
          <Field
            label="Cliente ou fornecedor"
            name={ENTRY_PARAMS.counterparty}
            type="search"
            defaultValue={filters.counterparty}
            maxLength={MAX_ENTRY_QUERY_LENGTH}
            autoComplete="off"
          />
          <SelectField
            label="Tipo"
            name={ENTRY_PARAMS.direction}
            defaultValue={filters.direction ? DIRECTION_PARAM[filters.direction] : ""}
            options={[
              { value: "", label: "Todos" },
              { value: "entrada", label: "Entradas (a receber)" },
              { value: "saida", label: "Saídas (a pagar)" },
            ]}
          />
          <SelectField
            label="Situação"
            name={ENTRY_PARAMS.status}
            hint="Os cancelados só aparecem se escolhidos."
            defaultValue={filters.status ? STATUS_PARAM[filters.status] : ""}
            options={[
              { value: "", label: "Todas" },
              ...ENTRY_STATUSES.map((status) => ({
                value: STATUS_PARAM[status],
                label: ENTRY_STATUS_LABELS[status],
              })),
            ]}
          />
          {/* Closed unless one of them is set, so the list starts higher (on a phone, a whole screen higher); native, it works before hydration. */}
          <details open={hasMoreFilters || undefined} className="sm:col-span-2 lg:col-span-4">
            <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-700">
              Mais filtros (categoria, conta, datas)
            </summary>
            <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <SelectField
                label="Categoria"
                name={ENTRY_PARAMS.categoryId}
                defaultValue={filters.categoryId ? String(filters.categoryId) : ""}
                options={[
                  { value: "", label: "Todas" },
                  ...categories.map((category) => ({
                    value: String(category.id),
                    label: `${category.name} (${DIRECTION_SHORT_LABELS[category.direction].toLowerCase()})`,
                  })),
                ]}
              />
              <SelectField
                label="Conta"
                name={ENTRY_PARAMS.accountId}
                defaultValue={filters.accountId ? String(filters.accountId) : ""}
                options={[
                  { value: "", label: "Todas" },
                  ...accounts.map((account) => ({ value: String(account.id), label: account.name })),
                ]}
              />
              <fieldset className="grid grid-cols-2 gap-2 lg:col-span-2">
                <legend className="mb-1.5 text-sm font-medium text-slate-800">Vencimento</legend>
                <Field label="De" name={ENTRY_PARAMS.dueFrom} type="date" defaultValue={filters.dueFrom ?? ""} />
                <Field label="Até" name={ENTRY_PARAMS.dueTo} type="date" defaultValue={filters.dueTo ?? ""} />
              </fieldset>
              <fieldset className="grid grid-cols-2 gap-2 lg:col-span-2">
                <legend className="mb-1.5 text-sm font-medium text-slate-800">Pagamento</legend>
                <Field label="De" name={ENTRY_PARAMS.paidFrom} type="date" defaultValue={filters.paidFrom ?? ""} />
                <Field label="Até" name={ENTRY_PARAMS.paidTo} type="date" defaultValue={filters.paidTo ?? ""} />
              </fieldset>
            </div>
          </details>
          <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4 lg:justify-end">
            <Button type="submit">
              <Search aria-hidden className="size-4" />
              Filtrar
            </Button>
            {filtered ? (
              <ButtonLink to="/financial-management/lancamentos" variant="ghost">
                Limpar
              </ButtonLink>
            ) : null}
          </div>
        </Form>
      </search>

      {totals ? (
        <dl className="grid gap-3 sm:grid-cols-3" aria-label="Totais do filtro">
          <div className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-sm text-slate-600">Entradas</dt>
            <dd className="text-lg font-semibold text-emerald-800 tabular-nums">{formatCents(totals.inCents)}</dd>
          </div>
          <div className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-sm text-slate-600">Saídas</dt>
            <dd className="text-lg font-semibold text-red-800 tabular-nums">{formatCents(totals.outCents)}</dd>
          </div>
          <div className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-sm text-slate-600">Lançamentos</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{totals.count.toLocaleString("pt-BR")}</dd>
          </div>
        </dl>
      ) : null}

      {entries.length === 0 ? (
        <EmptyState
          icon={<ReceiptText aria-hidden className="size-10" />}
          title={filtered ? "Nenhum lançamento encontrado" : "Nenhum lançamento ainda"}
        >
          <p>
            {filtered
              ? "Confira a busca e os filtros."
              : "As vendas, pagamentos e despesas aparecem aqui; lance uma conta a pagar ou a receber."}
          </p>
        </EmptyState>
      ) : (
        <section aria-labelledby="lancamentos-resultado" className="space-y-2">
          <h2 id="lancamentos-resultado" className="text-sm font-normal text-slate-600">
            {filters.status === "open" || filters.status === "overdue"
              ? "Lançamentos, do vencimento mais antigo ao mais novo."
              : "Lançamentos, do vencimento mais novo ao mais antigo."}
          </h2>
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
            <div
              aria-hidden
              className={`hidden border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase md:grid md:gap-x-4 ${ROW_COLUMNS}`}
            >
              <span>Vencimento</span>
              <span>Descrição</span>
              <span>Categoria</span>
              <span className="text-right">Valor</span>
              <span className="text-right">Situação</span>
            </div>
            <ul className="divide-y divide-slate-200">
              {entries.map((entry) => {
                const status = entryStatusOf(entry, today);
                return (
                  <li key={entry.id} className={`grid gap-x-4 gap-y-1 px-4 py-3 md:items-center ${ROW_COLUMNS}`}>
                    <span className="text-sm text-slate-700 tabular-nums">{formatDate(entry.dueDate)}</span>
                    <div className="min-w-0">
                      <Link
                        to={`/financial-management/lancamentos/${entry.id}`}
                        className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
                      >
                        {entry.description}
                      </Link>
                      <p className="text-xs break-words text-slate-600">
                        {[
                          entry.customerName ?? entry.counterparty,
                          entry.paidDate
                            ? `pago em ${formatDate(entry.paidDate)}${entry.accountName ? ` · ${entry.accountName}` : ""}`
                            : "",
                          entry.recurringId ? "recorrente" : "",
                          entry.originKind ? "automático" : "",
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </p>
                    </div>
                    <span className="text-sm break-words text-slate-700">{entry.categoryName}</span>
                    <span
                      className={`font-medium tabular-nums md:text-right ${entry.direction === "in" ? "text-emerald-800" : "text-red-800"}`}
                    >
                      <span className="sr-only">{DIRECTION_SHORT_LABELS[entry.direction]}: </span>
                      {entry.direction === "in" ? "+" : "−"} {formatCents(entry.amountCents)}
                    </span>
                    <span className="md:text-right">
                      <EntryStatusBadge status={status} />
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        </section>
      )}

      {isAtDepthLimit ? (
        <p className="text-sm text-slate-600">Para ver lançamentos mais antigos, filtre pelas datas de vencimento.</p>
      ) : null}
      <Pager
        label="Páginas dos lançamentos"
        page={page}
        hasNextPage={hasNextPage}
        hrefFor={(target) => entriesHref(filters, target)}
      />
    </div>
  );
}
