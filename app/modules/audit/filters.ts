import { isIsoDate } from "~/lib/dates";
import { readId } from "~/lib/forms";
import { isAuditAreaKey, type AuditAreaKey } from "./presentation";

/** The log's address: each filter a query parameter in Portuguese, read leniently (an unknown value is no filter). */
export const AUDIT_PARAMS = {
  person: "pessoa",
  area: "area",
  record: "registro",
  from: "de",
  to: "ate",
  before: "antes",
} as const;

export type AuditFilters = {
  /** A person's account id (better-auth ids: letters, digits, - and _). */
  personId: string | null;
  area: AuditAreaKey | null;
  /** A record's number within the area ("123"). */
  recordId: string | null;
  from: string | null;
  to: string | null;
};

const PERSON_ID = /^[A-Za-z0-9_-]{1,64}$/;

const date = (value: string | null) => (value && isIsoDate(value) ? value : null);

export function auditFiltersFromSearchParams(params: URLSearchParams): AuditFilters {
  const person = params.get(AUDIT_PARAMS.person);
  const area = params.get(AUDIT_PARAMS.area);
  const recordId = readId(params.get(AUDIT_PARAMS.record) ?? "");
  let [from, to] = [date(params.get(AUDIT_PARAMS.from)), date(params.get(AUDIT_PARAMS.to))];
  if (from && to && from > to) [from, to] = [to, from];
  return {
    personId: person && PERSON_ID.test(person) ? person : null,
    area: area && isAuditAreaKey(area) ? area : null,
    recordId: recordId === null ? null : String(recordId),
    from,
    to,
  };
}

/** The entry id the page starts before (the next, older page), or null for the newest. */
export function auditCursorFrom(params: URLSearchParams): number | null {
  const raw = params.get(AUDIT_PARAMS.before);
  return raw === null ? null : readId(raw);
}

export function auditSearchParams(filters: AuditFilters, before: number | null = null) {
  const params = new URLSearchParams();
  if (filters.personId) params.set(AUDIT_PARAMS.person, filters.personId);
  if (filters.area) params.set(AUDIT_PARAMS.area, filters.area);
  if (filters.recordId) params.set(AUDIT_PARAMS.record, filters.recordId);
  if (filters.from) params.set(AUDIT_PARAMS.from, filters.from);
  if (filters.to) params.set(AUDIT_PARAMS.to, filters.to);
  if (before !== null) params.set(AUDIT_PARAMS.before, String(before));
  return params;
}
