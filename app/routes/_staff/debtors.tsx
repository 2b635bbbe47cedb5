import { HandCoins, PackageCheck } from "lucide-react";
import { Link, redirect } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { EmptyState } from "~/components/ui/empty-state";
import { FlashAlert } from "~/components/ui/flash-alert";
import { Pager } from "~/components/ui/pager";
import { SearchBox } from "~/components/ui/search-box";
import { cx } from "~/lib/class-names";
import { formatDate, formatDateTime, shopToday } from "~/lib/dates";
import { flashOf } from "~/lib/flash.server";
import { formatCents } from "~/lib/money";
import { formatPhone } from "~/lib/phone";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { AGEING_BUCKET_LABELS } from "~/modules/debtors/ageing";
import { BucketBadge } from "~/modules/debtors/components/bucket-badge";
import { isDebtorsFilter, listDebtorsForPage, MAX_DEBTORS_PAGE, type DebtorsFilter } from "~/modules/debtors/queries.server";
import { DEBT_CONTACT_CHANNEL_LABELS } from "~/modules/debtors/validation";
import type { Route } from "./+types/debtors";

const QUERY_PARAM = "q";
const FILTER_PARAM = "faixa";
const PAGE_PARAM = "pagina";
const MAX_QUERY_LENGTH = 100;

export const meta = () => staffAreaMeta("debtors");

function listHref(query: string, filter: DebtorsFilter | null, page: number) {
  const params = new URLSearchParams();
  if (query) params.set(QUERY_PARAM, query);
  if (filter) params.set(FILTER_PARAM, filter);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const search = params.toString();
  return search ? `/devedores?${search}` : "/devedores";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const { searchParams } = new URL(request.url);
  const query = (searchParams.get(QUERY_PARAM) ?? "").replaceAll("\u0000", "").trim().slice(0, MAX_QUERY_LENGTH);
  const rawFilter = searchParams.get(FILTER_PARAM);
  const filter = isDebtorsFilter(rawFilter) ? rawFilter : null;
  const rawPage = searchParams.get(PAGE_PARAM);
  const number = rawPage === null ? 1 : Number(rawPage);
  const requestedPage = Number.isSafeInteger(number) && number >= 1 ? Math.min(number, MAX_DEBTORS_PAGE) : 1;
  // An unknown filter or a page that is no page number: the list at its own address.
  if ((rawFilter !== null && filter === null) || (rawPage !== null && rawPage !== String(requestedPage))) {
    throw redirect(listHref(query, filter, requestedPage));
  }
  const list = await listDebtorsForPage(actor, { today: shopToday(), search: query, bucket: filter, page: requestedPage });
  // Past the last page (an old link, a debt paid meanwhile): the first page.
  if (list.rows.length === 0 && requestedPage > 1) throw redirect(listHref(query, filter, 1));
  return { query, filter, ...list, flash: flashOf(context) };
}

export default function Debtors({ loaderData }: Route.ComponentProps) {
  const { query, filter, rows, totals, page, hasNextPage, flash, today } = loaderData;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">Devedores</h1>
        <p className="max-w-3xl text-slate-700">
          Quem deve à loja: ordens entregues com saldo, parcelas de crediário e fiados, pela faixa de atraso da dívida vencida
          mais antiga (hoje, {formatDate(today)}). Esta lista é só da equipe: nunca a mostre nem a envie a outros clientes.
        </p>
      </div>

      <FlashAlert flash={flash} />

      <section aria-labelledby="devedores-totais" className="space-y-3">
        <h2 id="devedores-totais" className="sr-only">
          Totais por faixa de atraso
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          {totals.buckets.map((total) => (
            <li key={total.bucket}>
              <TotalCard
                href={listHref(query, filter === total.bucket ? null : total.bucket, 1)}
                isActive={filter === total.bucket}
                title={`${AGEING_BUCKET_LABELS[total.bucket]} de atraso`}
                amountCents={total.overdueCents}
                customers={total.customers}
              />
            </li>
          ))}
          <li className="col-span-2 lg:col-span-1">
            <TotalCard
              href={listHref(query, filter === "upcoming" ? null : "upcoming", 1)}
              isActive={filter === "upcoming"}
              title="Sem atraso"
              detail="Só com valores a vencer"
            />
          </li>
        </ul>
        <p className="text-sm text-slate-700">
          <strong>{formatCents(totals.overdueCents)}</strong> vencidos, de{" "}
          {totals.overdueCustomers === 1 ? "1 cliente" : `${totals.overdueCustomers} clientes`}.
        </p>
      </section>

      <SearchBox
        label="Buscar devedor"
        name={QUERY_PARAM}
        query={query}
        maxLength={MAX_QUERY_LENGTH}
        hint="Nome, WhatsApp (inteiro ou os últimos dígitos), CPF/CNPJ ou e-mail."
      />
      {filter ? (
        <p className="text-sm text-slate-700">
          Mostrando só: <strong>{filter === "upcoming" ? "sem atraso" : `${AGEING_BUCKET_LABELS[filter]} de atraso`}</strong>.{" "}
          <Link to={listHref(query, null, 1)} className="font-medium text-brand-700 underline underline-offset-2">
            Mostrar todos
          </Link>
        </p>
      ) : null}

      {rows.length === 0 ? (
        <EmptyState
          icon={<HandCoins aria-hidden className="size-10" />}
          title={query || filter ? "Nenhum devedor encontrado" : "Ninguém deve à loja"}
        >
          <p>
            {query || filter
              ? "Confira a busca ou mostre todas as faixas."
              : "Ordens entregues com saldo, parcelas de crediário e fiados aparecem aqui."}
          </p>
        </EmptyState>
      ) : (
        <section aria-labelledby="devedores-lista" className="space-y-2">
          <h2 id="devedores-lista" className="text-sm font-normal text-slate-600">
            Do atraso mais antigo ao mais recente; depois, quem ainda não tem nada vencido.
          </h2>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {rows.map((row) => (
              <li key={row.customerId} className="grid gap-x-4 gap-y-2 px-4 py-3 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                <div className="min-w-0 space-y-1">
                  <Link
                    to={`/devedores/${row.customerId}`}
                    className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
                  >
                    {row.name}
                  </Link>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                    <BucketBadge bucket={row.bucket} />
                    {row.phone ? <span>{formatPhone(row.phone)}</span> : null}
                    {row.hasDeviceAwaitingPickup ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-900 ring-1 ring-sky-200">
                        <PackageCheck aria-hidden className="size-3.5" />
                        Aparelho aguardando retirada
                      </span>
                    ) : null}
                  </p>
                </div>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-600">Vencido</dt>
                    <dd className={cx("font-semibold", row.overdueCents > 0 ? "text-red-800" : "text-slate-900")}>
                      {formatCents(row.overdueCents)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">A vencer</dt>
                    <dd className="text-slate-900">{formatCents(row.upcomingCents)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{row.oldestOverdueDate ? "Vencido desde" : "Próximo vencimento"}</dt>
                    <dd className="text-slate-900">
                      {formatDate(row.oldestOverdueDate ?? row.oldestDueDate)}
                      {row.daysOverdue > 0 ? (
                        <span className="block text-xs text-slate-600">
                          {row.daysOverdue === 1 ? "1 dia" : `${row.daysOverdue} dias`}
                        </span>
                      ) : null}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Último contato</dt>
                    <dd className="text-slate-900">
                      {row.lastContactAt ? (
                        <>
                          {formatDateTime(row.lastContactAt)}
                          {row.lastContactChannel ? (
                            <span className="block text-xs text-slate-600">
                              {DEBT_CONTACT_CHANNEL_LABELS[row.lastContactChannel]}
                            </span>
                          ) : null}
                        </>
                      ) : (
                        "Nenhum"
                      )}
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </section>
      )}

      <Pager
        label="Páginas de devedores"
        page={page}
        hasNextPage={hasNextPage}
        hrefFor={(target) => listHref(query, filter, target)}
      />
    </div>
  );
}

function TotalCard({
  href,
  isActive,
  title,
  amountCents,
  customers,
  detail,
}: {
  href: string;
  isActive: boolean;
  title: string;
  amountCents?: number;
  customers?: number;
  detail?: string;
}) {
  return (
    <Link
      to={href}
      aria-current={isActive ? "true" : undefined}
      className={cx(
        "block h-full rounded-lg border bg-white p-3 shadow-sm hover:border-brand-400",
        isActive ? "border-brand-600 ring-2 ring-brand-200" : "border-slate-200",
      )}
    >
      <span className="block text-sm text-slate-700">{title}</span>
      {amountCents === undefined ? null : (
        <span className="block text-lg font-bold text-slate-900">{formatCents(amountCents)}</span>
      )}
      {detail ? <span className="block text-sm text-slate-600">{detail}</span> : null}
      {customers === undefined ? null : (
        <span className="block text-xs text-slate-600">{customers === 1 ? "1 cliente" : `${customers} clientes`}</span>
      )}
    </Link>
  );
}
