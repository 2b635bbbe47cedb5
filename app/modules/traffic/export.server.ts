import { toCsv } from "~/lib/csv";
import { formatDate } from "~/lib/dates";
import { CONVERSION_KINDS, isConversionKind } from "~/lib/traffic-events";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordDataExport } from "~/modules/audit/record-audit.server";
import { TRAFFIC_TABLES, type TrafficDimension, type TrafficPeriod } from "./period";
import { trafficDailyRows, trafficTableRows } from "./report.server";

/** What /traffic-analysis/exportar.csv offers: each table of the page, and the days of the chart. */
export type TrafficExport = TrafficDimension | "day";

export function isTrafficExport(value: unknown): value is TrafficExport {
  return value === "day" || (typeof value === "string" && Object.hasOwn(TRAFFIC_TABLES, value));
}

export function trafficExportFile(table: TrafficExport, period: TrafficPeriod) {
  const stem = table === "day" ? "trafego-por-dia" : TRAFFIC_TABLES[table].file;
  return `${stem}-${period.from}-a-${period.to}`;
}

const COUNT_HEADERS = ["Visitas", "Visualizações", "Visitantes únicos (soma dos dias)", "Conversões", "Taxa de conversão (%)"];

const rate = (part: number, whole: number) => (whole > 0 ? ((part / whole) * 100).toFixed(1).replace(".", ",") : "");

/** One table of a period as CSV (all its rows, not only the page's first ones); checked and recorded before the first chunk. */
export async function exportTrafficCsv(
  actor: Actor,
  table: TrafficExport,
  period: TrafficPeriod,
): Promise<AsyncGenerator<string>> {
  assertStaffActor(actor);
  await recordDataExport(actor, {
    action: "traffic.export",
    entity: "traffic",
    details: { table, period: `${formatDate(period.from)} a ${formatDate(period.to)}` },
  });
  return csvChunks(actor, table, period);
}

async function* csvChunks(actor: Actor, table: TrafficExport, period: TrafficPeriod): AsyncGenerator<string> {
  if (table === "day") {
    const days = await trafficDailyRows(actor, period);
    yield toCsv([
      ["Dia", ...COUNT_HEADERS],
      ...days.map((day) => [
        formatDate(day.day),
        day.visits,
        day.views,
        day.visitors,
        day.conversions,
        rate(day.conversions, day.visits),
      ]),
    ]);
    return;
  }
  const rows = await trafficTableRows(actor, period, table);
  if (table === "conversion") {
    yield toCsv([
      ["Conversão", "Quantidade", "Visitantes únicos (soma dos dias)"],
      ...rows.map((row) => [
        isConversionKind(row.value) ? CONVERSION_KINDS[row.value] : row.value,
        row.conversions,
        row.visitors,
      ]),
    ]);
    return;
  }
  const header = table === "campaign" ? ["Origem", "Meio", "Campanha"] : [TRAFFIC_TABLES[table].column];
  yield toCsv([
    [...header, ...COUNT_HEADERS],
    ...rows.map((row) => [
      ...(table === "campaign" ? row.value.split("\t") : [row.value]),
      row.visits,
      row.views,
      row.visitors,
      row.conversions,
      rate(row.conversions, row.visits),
    ]),
  ]);
}
