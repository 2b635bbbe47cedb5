import { ClipboardCheck } from "lucide-react";
import { Link, redirect } from "react-router";
import { Alert } from "~/components/ui/alert";
import { EmptyState } from "~/components/ui/empty-state";
import { Pager } from "~/components/ui/pager";
import { formatDate, formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { listCreditCorrections } from "~/modules/credit/corrections.server";
import { financeMeta } from "~/modules/finance/components/finance-header";
import type { Route } from "./+types/finance-credit-corrections";

export const meta = () => financeMeta("Correções do crediário");

const PATH = "/financial-management/correcoes-do-crediario";

function pageHref(page: number) {
  return page > 1 ? `${PATH}?pagina=${page}` : PATH;
}

/** The owner (or staff granted "Financeiro", the layout's guard): which customers the payoff rule's correction touched. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const rawPage = searchParams.get("pagina");
  const number = rawPage === null ? 1 : Number(rawPage);
  const page = Number.isSafeInteger(number) && number >= 1 && number <= 1_000 ? number : 1;
  if (rawPage !== null && (page === 1 || rawPage !== String(page))) throw redirect(pageHref(page));
  return listCreditCorrections(actorOf(currentUser(context)), { page });
}

export default function CreditCorrections({ loaderData }: Route.ComponentProps) {
  const { run, rows, page, hasNextPage } = loaderData;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <p className="text-sm">
          <Link to="/cdc" className="text-brand-700 underline underline-offset-2">
            Crediário (CDC)
          </Link>
        </p>
        <h1 className="text-2xl font-bold text-slate-900">Correções do crediário</h1>
        <p className="max-w-3xl text-sm text-slate-700">
          Quitações registradas pela regra antiga (desconto por dias corridos ÷ 30) foram recalculadas pela regra do contrato:
          saldo após o último vencimento mais juros pro rata die (CDC art. 52 §2). O que o cliente pagou a mais virou crédito na
          loja; o que pagou a menos ficou por conta da loja e não é cobrado. O financeiro recebeu, na data da correção, os
          lançamentos que passam de “Juros do crediário” para a receita do que foi vendido.
        </p>
      </div>
      {run ? (
        <Alert tone="info">
          Revisão feita em {formatDateTime(run.ranAt)}: {run.examinedCount}{" "}
          {run.examinedCount === 1 ? "quitação revista" : "quitações revistas"}, {run.correctedCount}{" "}
          {run.correctedCount === 1 ? "corrigida" : "corrigidas"}; {formatCents(run.creditedCents)} em crédito aos clientes e{" "}
          {formatCents(run.absorbedCents)} absorvidos pela loja.
        </Alert>
      ) : (
        <Alert tone="info">A revisão ainda não rodou: ela roda uma vez, quando o servidor inicia.</Alert>
      )}
      {rows.length === 0 ? (
        <EmptyState icon={<ClipboardCheck aria-hidden className="size-10" />} title="Nenhuma quitação precisou de correção">
          <p>Todas as quitações revistas batem com a regra do contrato, centavo por centavo.</p>
        </EmptyState>
      ) : (
        <section aria-labelledby="correcoes" className="space-y-2">
          <h2 id="correcoes" className="sr-only">
            Crediários corrigidos
          </h2>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {rows.map((row) => (
              <li
                key={row.id}
                className="grid gap-x-4 gap-y-1 px-4 py-3 md:grid-cols-[6rem_minmax(0,2fr)_minmax(0,2fr)_minmax(0,2fr)] md:items-start"
              >
                <Link to={`/cdc/${row.planId}`} className="font-medium text-brand-700 underline underline-offset-2">
                  Nº {row.planId}
                </Link>
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{row.customerName}</p>
                  <p className="text-sm text-slate-600">Quitado em {formatDate(row.payoffDate)}</p>
                </div>
                <p className="text-sm text-slate-700">
                  Pago: {formatCents(row.paidCents)}
                  <br />
                  {row.dueCents === null ? "Pela regra: não recalculado" : `Pela regra: ${formatCents(row.dueCents)}`}
                </p>
                <p className="text-sm text-slate-700">
                  {row.status === "failed" ? (
                    <span className="text-red-700">Não foi possível recalcular: confira à mão ({row.failure}).</span>
                  ) : row.creditedCents > 0 ? (
                    <span className="text-emerald-800">Crédito na loja: {formatCents(row.creditedCents)}</span>
                  ) : row.absorbedCents > 0 ? (
                    `Absorvido pela loja: ${formatCents(row.absorbedCents)}`
                  ) : (
                    "Mesmo valor"
                  )}
                  {row.status !== "failed" && row.interestToRevenueCents !== 0 ? (
                    <>
                      <br />
                      {row.interestToRevenueCents > 0
                        ? `${formatCents(row.interestToRevenueCents)} de juros passaram para a receita`
                        : `${formatCents(-row.interestToRevenueCents)} de receita passaram para juros`}
                    </>
                  ) : null}
                  <br />
                  <span className="text-slate-500">
                    {row.status === "failed" ? "Revisto" : "Corrigido"} em {formatDate(row.businessDate)}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Pager label="Páginas de correções" page={page} hasNextPage={hasNextPage} hrefFor={pageHref} />
    </div>
  );
}
