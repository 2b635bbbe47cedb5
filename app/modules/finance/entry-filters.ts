import { isIsoDate } from "~/lib/dates";
import { readId } from "~/lib/forms";
import { searchTextOf } from "~/lib/text-input";
import type { FinanceDirection } from "~/db/schema/finance";
import { lookup } from "~/lib/lookup";

export const ENTRY_STATUSES = ["open", "overdue", "paid", "cancelled"] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

export const ENTRY_STATUS_LABELS: Record<EntryStatus, string> = {
  open: "Em aberto",
  overdue: "Atrasado",
  paid: "Pago",
  cancelled: "Cancelado",
};

/** What the lançamentos list and its CSV show: every filter is optional. */
export type EntryFilters = {
  query: string;
  direction: FinanceDirection | null;
  categoryId: number | null;
  accountId: number | null;
  status: EntryStatus | null;
  dueFrom: string | null;
  dueTo: string | null;
  paidFrom: string | null;
  paidTo: string | null;
  counterparty: string;
};

/**
 * The list's address: each filter a query parameter in Portuguese (the list
 * has its URL, works without JavaScript, and the CSV link repeats it), read
 * leniently: an unknown value is no filter.
 */
export const ENTRY_PARAMS = {
  query: "q",
  direction: "tipo",
  categoryId: "categoria",
  accountId: "conta",
  status: "situacao",
  dueFrom: "vencimento_de",
  dueTo: "vencimento_ate",
  paidFrom: "pagamento_de",
  paidTo: "pagamento_ate",
  counterparty: "contraparte",
  page: "pagina",
} as const;

const DIRECTION_WORDS: Record<string, FinanceDirection> = { entrada: "in", saida: "out" };
export const DIRECTION_PARAM: Record<FinanceDirection, string> = { in: "entrada", out: "saida" };
const STATUS_WORDS: Record<string, EntryStatus> = { aberto: "open", atrasado: "overdue", pago: "paid", cancelado: "cancelled" };
/** Each status as the address writes it. */
export const STATUS_PARAM: Record<EntryStatus, string> = {
  open: "aberto",
  overdue: "atrasado",
  paid: "pago",
  cancelled: "cancelado",
};

export const MAX_ENTRY_QUERY_LENGTH = 100;

const dateParam = (value: string | null) => (value && isIsoDate(value) ? value : null);
const idParam = (value: string | null) => (value ? readId(value) : null);

export function entryFiltersFromSearchParams(params: URLSearchParams): EntryFilters {
  return {
    query: searchTextOf(params.get(ENTRY_PARAMS.query), MAX_ENTRY_QUERY_LENGTH),
    direction: lookup(DIRECTION_WORDS, params.get(ENTRY_PARAMS.direction)) ?? null,
    categoryId: idParam(params.get(ENTRY_PARAMS.categoryId)),
    accountId: idParam(params.get(ENTRY_PARAMS.accountId)),
    status: lookup(STATUS_WORDS, params.get(ENTRY_PARAMS.status)) ?? null,
    dueFrom: dateParam(params.get(ENTRY_PARAMS.dueFrom)),
    dueTo: dateParam(params.get(ENTRY_PARAMS.dueTo)),
    paidFrom: dateParam(params.get(ENTRY_PARAMS.paidFrom)),
    paidTo: dateParam(params.get(ENTRY_PARAMS.paidTo)),
    counterparty: searchTextOf(params.get(ENTRY_PARAMS.counterparty), MAX_ENTRY_QUERY_LENGTH),
  };
}

/** The filters as query parameters (no page): the list's links and the CSV's. */
export function entrySearchParams(filters: EntryFilters, page = 1) {
  const params = new URLSearchParams();
  if (filters.query) params.set(ENTRY_PARAMS.query, filters.query);
  if (filters.direction) params.set(ENTRY_PARAMS.direction, DIRECTION_PARAM[filters.direction]);
  if (filters.categoryId) params.set(ENTRY_PARAMS.categoryId, String(filters.categoryId));
  if (filters.accountId) params.set(ENTRY_PARAMS.accountId, String(filters.accountId));
  if (filters.status) params.set(ENTRY_PARAMS.status, STATUS_PARAM[filters.status]);
  if (filters.dueFrom) params.set(ENTRY_PARAMS.dueFrom, filters.dueFrom);
  if (filters.dueTo) params.set(ENTRY_PARAMS.dueTo, filters.dueTo);
  if (filters.paidFrom) params.set(ENTRY_PARAMS.paidFrom, filters.paidFrom);
  if (filters.paidTo) params.set(ENTRY_PARAMS.paidTo, filters.paidTo);
  if (filters.counterparty) params.set(ENTRY_PARAMS.counterparty, filters.counterparty);
  if (page > 1) params.set(ENTRY_PARAMS.page, String(page));
  return params;
}

export const ENTRIES_PATH = "/financial-management/lancamentos";
export const ENTRIES_CSV_PATH = "/financial-management/exportar.csv";

export function entriesHref(filters: EntryFilters, page = 1, path = ENTRIES_PATH) {
  const search = entrySearchParams(filters, page).toString();
  return search ? `${path}?${search}` : path;
}

export function isFiltered(filters: EntryFilters) {
  return entrySearchParams(filters).toString() !== "";
}

/** How an entry reads in the list: cancelled, paid, overdue (open and due before today) or open. */
export function entryStatusOf(
  entry: { cancelledAt: Date | string | null; paidDate: string | null; dueDate: string },
  today: string,
): EntryStatus {
  if (entry.cancelledAt) return "cancelled";
  if (entry.paidDate) return "paid";
  return entry.dueDate < today ? "overdue" : "open";
}
