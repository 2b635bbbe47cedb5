import type { ReactNode } from "react";
import { data, Link, redirect } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { Pager } from "~/components/ui/pager";
import { Panel } from "~/components/ui/panel";
import { cx } from "~/lib/class-names";
import { formatDate, isIsoDate } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { paymentMethodLabel } from "~/lib/payment-methods";
import { PAGE_PARAM, redirectToOwnPageAddress, requestedPage } from "~/lib/route-params";
import { plural } from "~/lib/wording";
import { EntryList } from "~/modules/cash-register/components/entry-list";
import { listTakingsOfDay } from "~/modules/cash-register/queries.server";
import { isTakingsMethod, type TakingsMethod } from "~/modules/finance/takings.server";
import type { Route } from "./+types/cash-register-takings";

/** "?forma=pix": one method's takings (the Painel links each of its "Recebido hoje" lines here). */
const METHOD_PARAM = "forma";

function takingsHref(day: string, method: TakingsMethod | null, page = 1) {
  const params = new URLSearchParams();
  if (method !== null) params.set(METHOD_PARAM, method);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const search = params.toString();
  return `/cash-register/recebimentos/${day}${search ? `?${search}` : ""}`;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Recebido em ${formatDate(loaderData.day)} — Balcão` : "Recebido no dia — Balcão" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, request }: Route.LoaderArgs) {
  if (!isIsoDate(params.day)) throw data(null, { status: 404 });
  // An unknown method (a typed or old address) is not a filter: the day's whole list, at its own address.
  const rawMethod = new URL(request.url).searchParams.get(METHOD_PARAM);
  const method = isTakingsMethod(rawMethod) ? rawMethod : null;
  if (rawMethod !== null && method === null) throw redirect(takingsHref(params.day, null, requestedPage(request)));
  const list = await listTakingsOfDay(params.day, method, requestedPage(request));
  redirectToOwnPageAddress(request, { page: list.page, isEmpty: list.entries.length === 0 }, (page) =>
    takingsHref(params.day, method, page),
  );
  return list;
}

/**
 * What customers paid on one day, whatever register took it (or none):
 * each method with how many and how much, the entries of the method chosen
 * (or of all), newest first. Cancelled entries, suprimentos, sangrias,
 * refunds, crediário and store credit are not takings and are not listed.
 */
export default function CashRegisterTakings({ loaderData }: Route.ComponentProps) {
  const { day, method, methods, entries, entryCount, totalCents, page, hasNextPage } = loaderData;
  return (
    <div className="max-w-5xl space-y-6">
      <BackLink to="/cash-register">Voltar para o caixa</BackLink>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">
          Recebido em {formatDate(day)}
          {method === null ? "" : ` — ${paymentMethodLabel(method)}`}
        </h1>
        <p className="text-sm text-slate-700" data-testid="recebido-resumo">
          {plural(entryCount, "recebimento", "recebimentos")}, {formatCents(totalCents)}. Vendas e pagamentos de ordens,
          crediários e fiados, sem os cancelados; suprimentos, sangrias e devoluções não entram.
        </p>
      </header>
      <nav aria-label="Filtrar por forma de pagamento" className="flex flex-wrap gap-2 text-sm">
        <FilterLink to={takingsHref(day, null)} isCurrent={method === null}>
          Todas
        </FilterLink>
        {methods.map((row) => (
          <FilterLink key={row.method} to={takingsHref(day, row.method)} isCurrent={method === row.method}>
            {paymentMethodLabel(row.method)} ({row.count}) {formatCents(row.cents)}
          </FilterLink>
        ))}
      </nav>
      {entryCount === 0 ? (
        <p className="text-slate-700">Nenhum recebimento neste dia{method === null ? "" : " nesta forma de pagamento"}.</p>
      ) : (
        <Panel id="recebido-lancamentos" title="Lançamentos">
          <EntryList entries={entries} actions={false} />
        </Panel>
      )}
      <Pager
        label="Páginas de recebimentos do dia"
        page={page}
        hasNextPage={hasNextPage}
        hrefFor={(next) => takingsHref(day, method, next)}
      />
    </div>
  );
}

function FilterLink({ to, isCurrent, children }: { to: string; isCurrent: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={isCurrent ? "page" : undefined}
      className={cx(
        "rounded-full border px-3 py-1",
        isCurrent
          ? "border-brand-700 bg-brand-50 font-semibold text-brand-800"
          : "border-slate-300 text-slate-800 hover:bg-slate-50",
      )}
    >
      {children}
    </Link>
  );
}
