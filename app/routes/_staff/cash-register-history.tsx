import { Printer } from "lucide-react";
import { Link } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { EmptyState } from "~/components/ui/empty-state";
import { Pager } from "~/components/ui/pager";
import { cx } from "~/lib/class-names";
import { formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { PAGE_PARAM, redirectToOwnPageAddress, requestedPage } from "~/lib/route-params";
import { differenceClass, signedCents } from "~/modules/cash-register/components/closing-summary";
import { listClosedRegisters } from "~/modules/cash-register/queries.server";
import type { Route } from "./+types/cash-register-history";

const pageHref = (page: number) => (page === 1 ? "/cash-register/historico" : `/cash-register/historico?${PAGE_PARAM}=${page}`);

export const meta = () => [{ title: "Caixas fechados — Balcão" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const list = await listClosedRegisters(requestedPage(request));
  redirectToOwnPageAddress(request, { page: list.page, isEmpty: list.registers.length === 0 }, pageHref);
  return list;
}

export default function CashRegisterHistory({ loaderData }: Route.ComponentProps) {
  const { registers, page, hasNextPage } = loaderData;
  return (
    <div className="max-w-5xl space-y-6">
      <BackLink to="/cash-register">Voltar para o caixa</BackLink>
      <h1 className="text-2xl font-bold text-slate-900">Caixas fechados</h1>
      {registers.length === 0 ? (
        <EmptyState title="Nenhum caixa fechado ainda">
          <p>Cada fechamento aparece aqui com o seu relatório.</p>
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white" data-testid="closed-registers">
          {registers.map((register) => (
            <li
              key={register.id}
              data-register-id={register.id}
              className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 text-sm"
            >
              <div className="space-y-0.5">
                <Link
                  to={`/cash-register/${register.id}`}
                  className="text-base font-semibold text-brand-700 underline underline-offset-2"
                >
                  Caixa nº {register.id}
                </Link>
                <p className="text-slate-700">
                  {formatDateTime(register.openedAt)} a {register.closedAt ? formatDateTime(register.closedAt) : "—"} · fechado
                  por {register.closedByName}
                </p>
              </div>
              <dl className="flex flex-wrap gap-x-6 gap-y-1">
                <div>
                  <dt className="text-slate-600">Dinheiro contado</dt>
                  <dd className="font-medium tabular-nums text-slate-900">{formatCents(register.countedCashCents ?? 0)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Diferença</dt>
                  <dd className={cx("font-semibold tabular-nums", differenceClass(register.differenceCents))}>
                    {signedCents(register.differenceCents)}
                  </dd>
                </div>
              </dl>
              <a
                href={`/cash-register/${register.id}/print?papel=a4`}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2"
              >
                <Printer aria-hidden className="size-4" />
                Relatório<span className="sr-only"> do caixa nº {register.id} (abre em nova aba)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <Pager label="Páginas de caixas fechados" page={page} hasNextPage={hasNextPage} hrefFor={pageHref} />
    </div>
  );
}
