import { ChevronRight, ScrollText } from "lucide-react";
import { Form, Link } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Button, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { formatDateTime } from "~/lib/dates";
import { assertOwnerActor } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { auditPeople, listAuditEntries } from "~/modules/audit/audit-log.server";
import { AUDIT_PARAMS, auditCursorFrom, auditFiltersFromSearchParams, auditSearchParams } from "~/modules/audit/filters";
import {
  AUDIT_AREA_KEYS,
  AUDIT_AREAS,
  actionLabelOf,
  areaLabelOf,
  detailLinesOf,
  fieldLabelOf,
  recordPageOf,
  type DetailLine,
} from "~/modules/audit/presentation";
import type { Route } from "./+types/audit";

export const meta = () => staffAreaMeta("audit");

const PATH = "/auditoria";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = auditFiltersFromSearchParams(params);
  assertOwnerActor(actorOf(currentUser(context)));
  const before = auditCursorFrom(params);
  const [page, people] = await Promise.all([listAuditEntries(filters, before), auditPeople()]);
  const isFirstPage = before === null;
  const filtersQuery = auditSearchParams(filters).toString();
  return {
    filters,
    people,
    isFirstPage,
    entries: page.rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      who: row.actorLabel,
      action: actionLabelOf(row.action),
      area: areaLabelOf(row.entity),
      recordId: row.entityId,
      recordPage: recordPageOf(row.entity, row.entityId),
      details: detailLinesOf(row.details),
    })),
    olderHref: page.olderFrom === null ? null : `${PATH}?${auditSearchParams(filters, page.olderFrom)}`,
    newestHref: `${PATH}?${filtersQuery}`,
    exportHref: `${PATH}/exportar.csv?${filtersQuery}`,
    filtersKey: filtersQuery,
  };
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { filters, filtersKey, people, entries, olderHref, newestHref, exportHref, isFirstPage } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Registro de auditoria</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-700">
            Quem fez o quê e quando, em todas as áreas. As entradas não podem ser alteradas nem apagadas; senhas, códigos de
            desbloqueio e links de acesso nunca aparecem aqui.
          </p>
        </div>
        <a href={exportHref} className={buttonClass({ variant: "outline" })} download>
          Exportar CSV
        </a>
      </div>

      {/* Keyed by the filters in force: after "Limpar filtros" or a link, the fields show what the list shows. */}
      <Form
        key={filtersKey}
        method="get"
        className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <SelectField
          label="Pessoa"
          name={AUDIT_PARAMS.person}
          defaultValue={filters.personId ?? ""}
          options={[
            { value: "", label: "Todas" },
            ...people.map((person) => ({
              value: person.id,
              label: `${person.name || person.email}${person.deactivated ? " (desativada)" : ""}`,
            })),
          ]}
        />
        <SelectField
          label="Área"
          name={AUDIT_PARAMS.area}
          defaultValue={filters.area ?? ""}
          options={[
            { value: "", label: "Todas" },
            ...AUDIT_AREA_KEYS.map((key) => ({ value: key, label: AUDIT_AREAS[key].label })),
          ]}
        />
        <Field
          label="Nº do registro"
          name={AUDIT_PARAMS.record}
          inputMode="numeric"
          maxLength={10}
          defaultValue={filters.recordId ?? ""}
        />
        <Field label="De" name={AUDIT_PARAMS.from} type="date" defaultValue={filters.from ?? ""} />
        <Field label="Até" name={AUDIT_PARAMS.to} type="date" defaultValue={filters.to ?? ""} />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
          <Button type="submit">Filtrar</Button>
          <Link to={PATH} className={buttonClass({ variant: "ghost" })}>
            Limpar filtros
          </Link>
        </div>
      </Form>

      {entries.length === 0 ? (
        <EmptyState icon={<ScrollText aria-hidden className="size-10" />} title="Nenhuma entrada encontrada">
          <p>Nada foi registrado com estes filtros. Mude a pessoa, a área ou o período.</p>
        </EmptyState>
      ) : (
        <section aria-labelledby="entradas" className="space-y-3">
          <h2 id="entradas" className="sr-only">
            Entradas
          </h2>
          <ol className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {entries.map((entry) => (
              <li key={entry.id} className="grid gap-x-4 gap-y-1 px-4 py-3 md:grid-cols-[11rem_minmax(0,1fr)]">
                <div className="text-sm text-slate-700">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  <p className="break-words text-slate-900">{entry.who}</p>
                </div>
                <div className="min-w-0 space-y-1">
                  <p className="font-medium text-slate-900">
                    {entry.action}
                    <span className="font-normal text-slate-700">
                      {" · "}
                      {entry.area}
                      {entry.recordId ? (
                        <>
                          {" "}
                          {entry.recordPage ? (
                            <Link to={entry.recordPage} className="text-brand-700 underline underline-offset-2">
                              nº {entry.recordId}
                            </Link>
                          ) : (
                            `nº ${entry.recordId}`
                          )}
                        </>
                      ) : null}
                    </span>
                  </p>
                  <DetailList lines={entry.details} />
                </div>
              </li>
            ))}
          </ol>
          <nav aria-label="Páginas do registro" className="flex flex-wrap justify-between gap-3">
            {isFirstPage ? (
              <span />
            ) : (
              <Link to={newestHref} className={buttonClass({ variant: "outline" })}>
                Voltar às mais recentes
              </Link>
            )}
            {olderHref ? (
              <Link to={olderHref} rel="next" className={buttonClass({ variant: "outline" })}>
                Mais antigas
                <ChevronRight aria-hidden className="size-4" />
              </Link>
            ) : null}
          </nav>
        </section>
      )}
    </div>
  );
}

function DetailList({ lines }: { lines: readonly DetailLine[] }) {
  if (lines.length === 0) return null;
  return (
    <dl className="grid grid-cols-[minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
      {lines.map((line) => (
        <div key={line.field} className="contents">
          <dt className="wrap-anywhere text-slate-600">{fieldLabelOf(line.field)}</dt>
          <dd className="wrap-anywhere text-slate-900">
            {line.value !== undefined ? (
              line.value
            ) : (
              <>
                <span className="text-slate-600 line-through decoration-slate-400">{line.before}</span>
                {" → "}
                {line.after}
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
