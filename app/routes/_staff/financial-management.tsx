import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { addDays, addMonths, formatDate, isIsoMonth, shopMonthOf, shopToday } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { FinanceTabs } from "~/modules/finance/components/finance-tabs";
import { MonthResultTable } from "~/modules/finance/components/month-result-table";
import { CashFlowChart, shortMonth, TwelveMonthsChart } from "~/modules/finance/components/report-charts";
import { entriesHref, entryFiltersFromSearchParams } from "~/modules/finance/entry-filters";
import { getFinanceReportForPage, type OpenEntryList } from "~/modules/finance/report.server";
import type { Route } from "./+types/financial-management";

const MONTH_PARAM = "mes";
const MONTH_NAMES = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];

const MONTH_LINK_CLASS =
  "inline-flex h-11 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-50";

const monthHref = (month: string) => `/financial-management?${MONTH_PARAM}=${month}`;
const monthTitle = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} de ${month.slice(0, 4)}`;

export const meta = () => [{ title: "Financeiro — Balcão" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get(MONTH_PARAM);
  const today = shopToday();
  // A month the shop can have records for; anything else (a typo, a hostile value) is the current month.
  if (raw !== null && !(isIsoMonth(raw) && raw >= "2000-01" && raw <= "2100-12")) throw redirect("/financial-management");
  const month = raw ?? shopMonthOf(today);
  const actor = actorOf(currentUser(context));
  const report = await getFinanceReportForPage(actor, { month, today });
  const noFilters = entryFiltersFromSearchParams(new URLSearchParams());
  return {
    ...report,
    overdueHref: entriesHref({ ...noFilters, status: "overdue" }),
    dueThisWeekHref: entriesHref({ ...noFilters, status: "open", dueFrom: today, dueTo: addDays(today, 6) }),
  };
}

function OpenEntries({
  title,
  list,
  emptyText,
  href,
  testId,
}: {
  title: string;
  list: OpenEntryList;
  emptyText: string;
  href: string;
  testId: string;
}) {
  return (
    <section
      className="space-y-2 rounded-md border border-slate-200 bg-white p-4"
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
    >
      <h2 id={`${testId}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {list.count === 0 ? (
        <p className="text-sm text-slate-700">{emptyText}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {list.count} {list.count === 1 ? "lançamento" : "lançamentos"}: a receber {formatCents(list.inCents)}, a pagar{" "}
            {formatCents(list.outCents)}.
          </p>
          <ul className="divide-y divide-slate-100 text-sm">
            {list.entries.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
                <span className="min-w-0 break-words text-slate-800">
                  <span className="tabular-nums text-slate-600">{formatDate(entry.dueDate)}</span> · {entry.description}
                  <span className="text-slate-600"> ({entry.categoryName})</span>
                </span>
                <span
                  className={
                    entry.direction === "in"
                      ? "font-medium tabular-nums text-emerald-800"
                      : "font-medium tabular-nums text-red-700"
                  }
                >
                  {entry.direction === "in" ? "+" : "−"} {formatCents(entry.amountCents)}
                </span>
              </li>
            ))}
          </ul>
          <Link to={href} className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2">
            Ver em Lançamentos
          </Link>
        </>
      )}
    </section>
  );
}

export default function FinancialManagement({ loaderData }: Route.ComponentProps) {
  const { month, result, cashFlow, lastTwelveMonths, overdue, dueThisWeek } = loaderData;
  const previous = addMonths(`${month}-01`, -1).slice(0, 7);
  const next = addMonths(`${month}-01`, 1).slice(0, 7);
  return (
    <div className="max-w-5xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">
          Financeiro{" "}
          <span className="block text-lg font-semibold text-slate-700 first-letter:uppercase">{monthTitle(month)}</span>
        </h1>
        <nav aria-label="Escolher o mês" className="flex flex-wrap items-end gap-2">
          <Form method="get" className="flex items-end gap-2">
            <label className="space-y-1 text-sm font-medium text-slate-800">
              <span className="block">Mês</span>
              <input type="month" name={MONTH_PARAM} defaultValue={month} key={month} required className={`${inputClass} w-40`} />
            </label>
            <Button type="submit" variant="outline">
              Ver
            </Button>
          </Form>
          <div className="flex gap-2">
            <Link to={monthHref(previous)} className={MONTH_LINK_CLASS}>
              <ChevronLeft aria-hidden className="size-4" />
              {shortMonth(previous)}
              <span className="sr-only"> (mês anterior)</span>
            </Link>
            <Link to={monthHref(next)} className={MONTH_LINK_CLASS}>
              {shortMonth(next)}
              <span className="sr-only"> (próximo mês)</span>
              <ChevronRight aria-hidden className="size-4" />
            </Link>
          </div>
        </nav>
      </div>
      <FinanceTabs />

      <div className="grid gap-6 lg:grid-cols-2">
        <section className="space-y-2 rounded-md border border-slate-200 bg-white p-4" aria-labelledby="result-title">
          <h2 id="result-title" className="text-lg font-semibold text-slate-900">
            Resultado do mês
          </h2>
          <p className="text-sm text-slate-700">
            Regime de caixa: o que entrou e saiu de fato no mês. O custo das peças e mercadorias vem do estoque; compras de
            estoque não entram aqui (só no fluxo de caixa).
          </p>
          <MonthResultTable result={result} />
        </section>
        <div className="space-y-6">
          <OpenEntries
            title="Vencidos"
            list={overdue}
            emptyText="Nenhum lançamento vencido em aberto."
            href={loaderData.overdueHref}
            testId="overdue-entries"
          />
          <OpenEntries
            title="Vencem nos próximos 7 dias"
            list={dueThisWeek}
            emptyText="Nada a pagar ou receber nos próximos 7 dias."
            href={loaderData.dueThisWeekHref}
            testId="due-this-week"
          />
        </div>
      </div>

      <section className="space-y-2 rounded-md border border-slate-200 bg-white p-4" aria-labelledby="cash-flow-title">
        <h2 id="cash-flow-title" className="text-lg font-semibold text-slate-900">
          Fluxo de caixa por dia
        </h2>
        <CashFlowChart days={cashFlow} />
      </section>

      <section className="space-y-2 rounded-md border border-slate-200 bg-white p-4" aria-labelledby="months-title">
        <h2 id="months-title" className="text-lg font-semibold text-slate-900">
          Últimos 12 meses
        </h2>
        <TwelveMonthsChart months={lastTwelveMonths} />
      </section>
    </div>
  );
}
