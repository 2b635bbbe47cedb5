import { addDays, daysBetween, isIsoDate } from "~/lib/dates";

/** The dimensions the page shows as tables, in its order, with their titles and CSV file names. */
export const TRAFFIC_TABLES = {
  page: { title: "Páginas mais vistas", column: "Página", file: "trafego-paginas" },
  referrer: { title: "Sites que trouxeram visitas", column: "Site de origem", file: "trafego-origens" },
  source: { title: "Conversões por origem", column: "Origem", file: "trafego-conversoes-por-origem" },
  campaign: { title: "Campanhas (UTM)", column: "Origem / meio / campanha", file: "trafego-campanhas" },
  device: { title: "Dispositivos", column: "Dispositivo", file: "trafego-dispositivos" },
  browser: { title: "Navegadores", column: "Navegador", file: "trafego-navegadores" },
  conversion: { title: "Conversões por tipo", column: "Conversão", file: "trafego-conversoes" },
} as const;

export type TrafficDimension = keyof typeof TRAFFIC_TABLES;

export function isTrafficDimension(value: unknown): value is TrafficDimension {
  return typeof value === "string" && Object.hasOwn(TRAFFIC_TABLES, value);
}

/** The longest period the page compares (two years), so one request cannot ask for centuries. */
export const MAX_PERIOD_DAYS = 731;
export const DEFAULT_PERIOD_DAYS = 30;

export type TrafficPeriod = { from: string; to: string; days: number; previous: { from: string; to: string } };

/** A period of `from`..`to` (both included) and the one of the same length just before it. */
export function periodOf(from: string, to: string): TrafficPeriod {
  const days = daysBetween(from, to) + 1;
  return { from, to, days, previous: { from: addDays(from, -days), to: addDays(from, -1) } };
}

/**
 * The period the page's query asks for (`de`, `ate`, days as 2026-11-29), or
 * the last 30 days up to today; with the message to show when the query was
 * not a period (then the default is shown).
 */
export function periodFromQuery(params: URLSearchParams, today: string): { period: TrafficPeriod; problem: string | null } {
  const fallback = periodOf(addDays(today, -(DEFAULT_PERIOD_DAYS - 1)), today);
  const from = params.get("de");
  const to = params.get("ate");
  if (!from && !to) return { period: fallback, problem: null };
  if (!from || !to || !isIsoDate(from) || !isIsoDate(to))
    return { period: fallback, problem: "Informe as duas datas do período." };
  if (from > to) return { period: fallback, problem: "A data inicial deve ser anterior ou igual à final." };
  if (daysBetween(from, to) + 1 > MAX_PERIOD_DAYS)
    return { period: fallback, problem: "O período pode ter no máximo dois anos." };
  return { period: periodOf(from, to), problem: null };
}

/** "12,5%" of a part in a whole; "–" when there is no whole. */
export function rateText(part: number, whole: number) {
  if (whole <= 0) return "–";
  return `${((part / whole) * 100).toLocaleString("pt-BR", { maximumFractionDigits: 1, minimumFractionDigits: 1 })}%`;
}

/** "+12%", "−5%", "=" or "novo": how a number moved from the previous period. */
export function changeText(current: number, previous: number) {
  if (previous === 0) return current === 0 ? "=" : "novo";
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0) return "=";
  return change > 0 ? `+${change}%` : `−${Math.abs(change)}%`;
}
