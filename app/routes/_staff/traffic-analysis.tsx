import { Form, Link } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { addDays, formatDate, shopToday } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { TaggedLinkBuilder } from "~/modules/traffic/components/tagged-link-builder";
import { TrafficChart } from "~/modules/traffic/components/traffic-chart";
import { TrafficTable } from "~/modules/traffic/components/traffic-table";
import { changeText, periodFromQuery, periodOf, rateText, type TrafficPeriod } from "~/modules/traffic/period";
import { getTrafficReport } from "~/modules/traffic/report.server";
import type { Route } from "./+types/traffic-analysis";

export const meta = () => staffAreaMeta("trafficAnalysis");

const LINK_FIELDS = ["pagina", "origem", "meio", "campanha"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const params = new URL(request.url).searchParams;
  const today = shopToday();
  const { period, problem } = periodFromQuery(params, today);
  const report = await getTrafficReport(actor, period);
  const linkInput = Object.fromEntries(LINK_FIELDS.map((name) => [name, (params.get(name) ?? "").slice(0, 300)]));
  return { ...report, today, problem, origin: getEnv().PUBLIC_URL, linkInput };
}

function periodQuery(period: Pick<TrafficPeriod, "from" | "to">) {
  return `de=${period.from}&ate=${period.to}`;
}

const integer = (value: number) => value.toLocaleString("pt-BR");

function Figure({
  label,
  value,
  previous,
  text,
  previousText,
}: {
  label: string;
  value: number;
  previous: number;
  text?: string;
  previousText?: string;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{text ?? integer(value)}</dd>
      <dd className="text-sm text-slate-600">
        {changeText(value, previous)} <span className="sr-only">em relação ao</span>
        <span aria-hidden> vs.</span> período anterior ({previousText ?? integer(previous)})
      </dd>
    </div>
  );
}

export default function TrafficAnalysis({ loaderData }: Route.ComponentProps) {
  const { period, daily, totals, previousTotals, conversions, tables, today, problem, origin, linkInput } = loaderData;
  const presets = [7, 30, 90, 365].map((days) => ({ days, period: periodOf(addDays(today, -(days - 1)), today) }));
  const csv = (table: string) => `/traffic-analysis/exportar.csv?tabela=${table}&${periodQuery(period)}`;
  const currentRate = totals.visits > 0 ? totals.conversions / totals.visits : 0;
  const previousRate = previousTotals.visits > 0 ? previousTotals.conversions / previousTotals.visits : 0;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">Tráfego do site</h1>
        <p className="text-slate-700">
          Visitas às páginas públicas, contadas pelo próprio site, sem cookies e sem guardar endereços IP. De{" "}
          {formatDate(period.from)} a {formatDate(period.to)} ({period.days} dias), comparado com{" "}
          {formatDate(period.previous.from)} a {formatDate(period.previous.to)}.
        </p>
      </div>

      <Form key={`${period.from}/${period.to}`} method="get" className="flex flex-wrap items-end gap-3" aria-label="Período">
        <label className="space-y-1.5 text-sm font-medium text-slate-800">
          <span className="block">De</span>
          <input type="date" name="de" defaultValue={period.from} max={today} className={inputClass} required />
        </label>
        <label className="space-y-1.5 text-sm font-medium text-slate-800">
          <span className="block">Até</span>
          <input type="date" name="ate" defaultValue={period.to} max={today} className={inputClass} required />
        </label>
        <Button type="submit">Ver período</Button>
        <ul className="flex flex-wrap gap-2 text-sm">
          {presets.map((preset) => (
            <li key={preset.days}>
              <Link to={`?${periodQuery(preset.period)}`} className="font-medium text-brand-700 underline underline-offset-2">
                Últimos {preset.days} dias
              </Link>
            </li>
          ))}
        </ul>
      </Form>
      {problem ? <Alert tone="destructive">{problem}</Alert> : null}

      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" data-testid="traffic-totals">
        <Figure label="Visitas" value={totals.visits} previous={previousTotals.visits} />
        <Figure label="Visualizações de página" value={totals.views} previous={previousTotals.views} />
        <Figure label="Visitantes únicos*" value={totals.visitors} previous={previousTotals.visitors} />
        <Figure label="Conversões" value={totals.conversions} previous={previousTotals.conversions} />
        <Figure
          label="Taxa de conversão"
          value={currentRate}
          previous={previousRate}
          text={rateText(totals.conversions, totals.visits)}
          previousText={rateText(previousTotals.conversions, previousTotals.visits)}
        />
      </dl>
      <p className="text-sm text-slate-600">
        * Visitantes únicos de um período são a soma dos visitantes únicos de cada dia: para não guardar quem é quem, o site
        reconhece um visitante só dentro do mesmo dia (a chave muda todo dia e a do dia anterior é apagada). Quem volta em outro
        dia conta de novo. Visitantes com “Do Not Track” ou “Global Privacy Control” contam nas visualizações, não nos visitantes.
        Robôs e pré-carregamentos não contam.
      </p>

      <Panel id="grafico-por-dia" title="Visitas e visitantes únicos por dia">
        <TrafficChart days={daily} />
        <Link to={csv("day")} reloadDocument className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Exportar CSV por dia
        </Link>
      </Panel>

      <section
        aria-labelledby="conversoes"
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        data-testid="tabela-conversion"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="conversoes" className="text-lg font-semibold text-slate-900">
            Conversões
          </h2>
          <Link to={csv("conversion")} reloadDocument className="text-sm font-medium text-brand-700 underline underline-offset-2">
            Exportar CSV
          </Link>
        </div>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[24rem] text-left text-sm tabular-nums">
            <thead className="text-slate-600">
              <tr>
                <th className="py-1 pr-3 font-medium">Conversão</th>
                <th className="py-1 pr-3 text-right font-medium">No período</th>
                <th className="py-1 pr-3 text-right font-medium">Por visita</th>
                <th className="py-1 text-right font-medium">Período anterior</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {conversions.map((conversion) => (
                <tr key={conversion.kind}>
                  <td className="py-1 pr-3">{conversion.label}</td>
                  <td className="py-1 pr-3 text-right">{integer(conversion.count)}</td>
                  <td className="py-1 pr-3 text-right">{rateText(conversion.count, totals.visits)}</td>
                  <td className="py-1 text-right">
                    {integer(conversion.previous)} ({changeText(conversion.count, conversion.previous)})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-2">
        <TrafficTable dimension="source" rows={tables.source} csvHref={csv("source")} />
        <TrafficTable dimension="campaign" rows={tables.campaign} csvHref={csv("campaign")} />
        <TrafficTable dimension="page" rows={tables.page} csvHref={csv("page")} />
        <TrafficTable dimension="referrer" rows={tables.referrer} csvHref={csv("referrer")} />
        <TrafficTable dimension="device" rows={tables.device} csvHref={csv("device")} />
        <TrafficTable dimension="browser" rows={tables.browser} csvHref={csv("browser")} />
      </div>

      <Panel id="link-marcado" title="Criar link para divulgar">
        <p className="text-sm text-slate-700">
          Gere um link do site para postar no Instagram, no Facebook ou no status do WhatsApp: as visitas que ele trouxer aparecem
          em “Campanhas” com a origem e a campanha que você escolher. O QR code dos comprovantes já leva a origem “recibo”.
        </p>
        <TaggedLinkBuilder origin={origin} initial={linkInput} />
      </Panel>
    </div>
  );
}
