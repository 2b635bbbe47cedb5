import { data } from "react-router";
import { csvDownload } from "~/lib/csv-download.server";
import { shopToday } from "~/lib/dates";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { exportTrafficCsv, isTrafficExport, trafficExportFile } from "~/modules/traffic/export.server";
import { periodFromQuery } from "~/modules/traffic/period";
import type { Route } from "./+types/traffic-export";

/**
 * /traffic-analysis/exportar.csv?tabela=page&de=…&ate=…: one table of the
 * traffic page, every row; without `tabela`, the chart's days.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const params = new URL(request.url).searchParams;
  const table = params.get("tabela") ?? "day";
  if (!isTrafficExport(table)) throw data("Tabela desconhecida.", { status: 404 });
  const { period, problem } = periodFromQuery(params, shopToday());
  if (problem) throw data(problem, { status: 400 });
  return csvDownload(trafficExportFile(table, period), await exportTrafficCsv(actor, table, period));
}
