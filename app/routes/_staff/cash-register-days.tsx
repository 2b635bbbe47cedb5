import { Link } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { EmptyState } from "~/components/ui/empty-state";
import { Pager } from "~/components/ui/pager";
import { formatDate } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { PAGE_PARAM, redirectToOwnPageAddress, requestedPage } from "~/lib/route-params";
import { listUnassignedDays } from "~/modules/cash-register/queries.server";
import type { Route } from "./+types/cash-register-days";

const pageHref = (page: number) => (page === 1 ? "/cash-register/dias" : `/cash-register/dias?${PAGE_PARAM}=${page}`);

export const meta = () => [{ title: "Dias sem caixa — Balcão" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const list = await listUnassignedDays(requestedPage(request));
  redirectToOwnPageAddress(request, { page: list.page, isEmpty: list.days.length === 0 }, pageHref);
  return list;
}

/**
 * PIX and cards taken with no register open belong to their day (decision
 * 0024): each day listed with what it took and the PIX still to confirm,
 * newest first, a page at a time.
 */
export default function CashRegisterDays({ loaderData }: Route.ComponentProps) {
  const { days, page, hasNextPage } = loaderData;
  return (
    <div className="max-w-5xl space-y-6">
      <BackLink to="/cash-register">Voltar para o caixa</BackLink>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Dias sem caixa</h1>
        <p className="text-sm text-slate-700">
          PIX e cartões recebidos com o caixa fechado ficam no dia em que entraram. Confira cada dia com o extrato do banco e o
          relatório da maquininha, e marque os PIX recebidos.
        </p>
      </header>
      {days.length === 0 ? (
        <EmptyState title="Nenhum lançamento sem caixa">
          <p>Com o caixa fechado, PIX e cartões aparecem aqui, no seu dia.</p>
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white" data-testid="unassigned-days">
          {days.map((day) => (
            <li
              key={day.day}
              data-day={day.day}
              className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 text-sm"
            >
              <Link
                to={`/cash-register/dias/${day.day}`}
                className="text-base font-semibold text-brand-700 underline underline-offset-2"
              >
                {formatDate(day.day)}
              </Link>
              <dl className="flex flex-wrap gap-x-6 gap-y-1">
                <div>
                  <dt className="text-slate-600">Lançamentos</dt>
                  <dd className="font-medium tabular-nums text-slate-900">{day.count}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Total</dt>
                  <dd className="font-medium tabular-nums text-slate-900">{formatCents(day.amountCents)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">PIX a conferir</dt>
                  <dd className={day.pendingPixCount > 0 ? "font-semibold text-amber-800" : "font-medium text-slate-900"}>
                    {day.pendingPixCount}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <Pager label="Páginas de dias sem caixa" page={page} hasNextPage={hasNextPage} hrefFor={pageHref} />
    </div>
  );
}
