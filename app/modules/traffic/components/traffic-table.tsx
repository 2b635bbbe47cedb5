import { Link } from "react-router";
import { TRAFFIC_TABLES, rateText, type TrafficDimension } from "../period";
import type { TrafficRow } from "../report.server";

const integer = (value: number) => value.toLocaleString("pt-BR");

/** A campaign's value is "source\tmedium\tcampaign": shown as "source / medium / campaign". */
export function rowLabel(dimension: TrafficDimension, value: string) {
  if (dimension === "campaign")
    return value
      .split("\t")
      .map((part) => part || "–")
      .join(" / ");
  return value;
}

/** One table of the page: its first rows, with visits, views, visitors, conversions and the conversion rate, and its CSV. */
export function TrafficTable({
  dimension,
  rows,
  csvHref,
}: {
  dimension: Exclude<TrafficDimension, "conversion">;
  rows: readonly TrafficRow[];
  csvHref: string;
}) {
  const { title, column } = TRAFFIC_TABLES[dimension];
  const id = `tabela-${dimension}`;
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid={id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Link to={csvHref} reloadDocument className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Exportar CSV
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">Nada no período.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left text-sm tabular-nums">
            <thead className="text-slate-600">
              <tr>
                <th className="py-1 pr-3 font-medium">{column}</th>
                <th className="py-1 pr-3 text-right font-medium">Visitas</th>
                <th className="py-1 pr-3 text-right font-medium">Visualizações</th>
                <th className="py-1 pr-3 text-right font-medium">Visitantes*</th>
                <th className="py-1 pr-3 text-right font-medium">Conversões</th>
                <th className="py-1 text-right font-medium">Taxa</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.value}>
                  <td className="max-w-[16rem] py-1 pr-3 break-words">{rowLabel(dimension, row.value)}</td>
                  <td className="py-1 pr-3 text-right">{integer(row.visits)}</td>
                  <td className="py-1 pr-3 text-right">{integer(row.views)}</td>
                  <td className="py-1 pr-3 text-right">{integer(row.visitors)}</td>
                  <td className="py-1 pr-3 text-right">{integer(row.conversions)}</td>
                  <td className="py-1 text-right">{rateText(row.conversions, row.visits)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
