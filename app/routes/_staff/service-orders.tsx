import { Pager } from "~/components/ui/pager";
import { ClipboardList, FilePlus2, Search } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { cx } from "~/lib/class-names";
import { ServiceOrderRows } from "~/modules/service-orders/components/service-order-rows";
import { SelectField } from "~/components/ui/select-field";
import { listServiceOrdersWithTeam, listTechnicians } from "~/modules/service-orders/queries.server";
import {
  isServiceOrderStatus,
  SERVICE_ORDER_STATUSES,
  STATUS_LABELS,
  type ServiceOrderStatus,
} from "~/modules/service-orders/status";
import type { Route } from "./+types/service-orders";

const MAX_PAGE = 4000;

export const meta = () => staffAreaMeta("serviceOrders");

type Filters = { status: ServiceOrderStatus | null; technicianId: string; from: string; to: string };

function listHref(filters: Filters, page = 1) {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.technicianId) params.set("tecnico", filters.technicianId);
  if (filters.from) params.set("de", filters.from);
  if (filters.to) params.set("ate", filters.to);
  if (page > 1) params.set("pagina", String(page));
  const search = params.toString();
  return search ? `/service-orders?${search}` : "/service-orders";
}

const isIsoDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T12:00:00Z`));

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const rawStatus = params.get("status") ?? "";
  const from = (params.get("de") ?? "").trim();
  const to = (params.get("ate") ?? "").trim();
  const technicianId = (params.get("tecnico") ?? "").trim();
  const rawPage = params.get("pagina");
  const number = rawPage === null ? 1 : Number(rawPage);
  // Not a page number: the first page.
  const requestedPage = Number.isSafeInteger(number) && number >= 1 ? number : 1;
  const page = Math.min(requestedPage, MAX_PAGE);
  const status = isServiceOrderStatus(rawStatus) ? rawStatus : null;
  const validFrom = isIsoDate(from) ? from : "";
  const validTo = isIsoDate(to) ? to : "";
  const dateProblem = validFrom && validTo && validFrom > validTo ? "A data inicial é depois da final." : null;
  // The team (to check the technician asked for) and the page in one round trip; an unknown technician only lists nothing before the redirect below.
  const { technicians, ...result } = dateProblem
    ? { rows: [], page, hasNextPage: false, pageCount: 1, total: 0, counts: null, technicians: await listTechnicians() }
    : await listServiceOrdersWithTeam({ status, technicianId, from: validFrom, to: validTo, page });
  const filters: Filters = {
    status,
    // Unknown values from an edited address are dropped rather than refused: the list still opens.
    technicianId: technicians.some((technician) => technician.id === technicianId) ? technicianId : "",
    from: validFrom,
    to: validTo,
  };
  const isCanonical =
    (rawPage === null || (requestedPage > 1 && rawPage === String(requestedPage))) &&
    filters.status === (rawStatus || null) &&
    filters.technicianId === technicianId &&
    filters.from === from &&
    filters.to === to;
  if (!isCanonical) throw redirect(listHref(filters, requestedPage));
  // Past the last page (an old link, an edited address): the last page, at its own address.
  const lastPage = Math.min(result.pageCount, MAX_PAGE);
  if (requestedPage > lastPage) throw redirect(listHref(filters, lastPage));
  return {
    filters,
    dateProblem,
    technicians: technicians.map(({ id, name, email, isActive }) => ({
      value: id,
      label: `${name || email}${isActive ? "" : " (desativado)"}`,
    })),
    ...result,
  };
}

export default function ServiceOrders({ loaderData }: Route.ComponentProps) {
  const { filters, technicians, rows, page, hasNextPage, pageCount, total, counts, dateProblem } = loaderData;
  const allCount = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Ordens de serviço</h1>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/service-orders/search" variant="outline">
            <Search aria-hidden className="size-4" />
            Buscar
          </ButtonLink>
          <ButtonLink to="/new-service-order">
            <FilePlus2 aria-hidden className="size-4" />
            Nova OS
          </ButtonLink>
        </div>
      </div>

      <nav aria-label="Filtrar por status">
        <ul className="flex flex-wrap gap-2">
          <StatusChip href={listHref({ ...filters, status: null })} isCurrent={!filters.status} label="Todas" count={allCount} />
          {SERVICE_ORDER_STATUSES.map((status) => (
            <StatusChip
              key={status}
              href={listHref({ ...filters, status })}
              isCurrent={filters.status === status}
              label={STATUS_LABELS[status]}
              count={counts ? counts[status] : null}
            />
          ))}
        </ul>
      </nav>

      <search>
        <Form
          method="get"
          className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.5fr)_1fr_1fr_auto] lg:items-start"
        >
          {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
          <SelectField
            key={`t-${filters.technicianId}`}
            label="Técnico"
            name="tecnico"
            defaultValue={filters.technicianId}
            options={[{ value: "", label: "Todos" }, ...technicians]}
          />
          <Field
            key={`de-${filters.from}`}
            label="Abertas de"
            name="de"
            type="date"
            defaultValue={filters.from}
            error={dateProblem}
          />
          <Field key={`ate-${filters.to}`} label="até" name="ate" type="date" defaultValue={filters.to} />
          <div className="flex gap-2 lg:mt-7">
            <Button type="submit" variant="outline">
              Filtrar
            </Button>
            {filters.technicianId || filters.from || filters.to ? (
              <Link
                to={listHref({ ...filters, technicianId: "", from: "", to: "" })}
                className={buttonClass({ variant: "ghost" })}
              >
                Limpar
              </Link>
            ) : null}
          </div>
        </Form>
      </search>

      {rows.length === 0 ? (
        <EmptyState
          icon={<ClipboardList aria-hidden className="size-10" />}
          title={page > 1 ? "Nada nesta página" : "Nenhuma ordem de serviço"}
        >
          <p>
            {filters.status || filters.technicianId || filters.from || filters.to
              ? "Nenhuma ordem de serviço com estes filtros."
              : "As ordens de serviço abertas aparecem aqui."}
          </p>
        </EmptyState>
      ) : (
        <section aria-labelledby="ordens-resultado" className="space-y-2">
          <h2 id="ordens-resultado" className="text-sm font-normal text-slate-600">
            {total === 1 ? "1 ordem de serviço" : `${total.toLocaleString("pt-BR")} ordens de serviço`}
            {filters.status ? ` com status “${STATUS_LABELS[filters.status]}”` : ""}, das mais recentes às mais antigas.
          </h2>
          <ServiceOrderRows rows={rows} label="Ordens de serviço" />
        </section>
      )}

      <Pager
        label="Páginas de ordens de serviço"
        page={page}
        pageCount={pageCount}
        hasNextPage={hasNextPage}
        hrefFor={(target) => listHref(filters, target)}
      />
    </div>
  );
}

function StatusChip({
  href,
  isCurrent,
  label,
  count,
}: {
  href: string;
  isCurrent: boolean;
  label: string;
  count: number | null;
}) {
  return (
    <li>
      <Link
        to={href}
        aria-current={isCurrent ? "page" : undefined}
        className={cx(
          "inline-flex h-9 items-center gap-2 rounded-full border px-3 text-sm font-medium",
          isCurrent ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
        )}
      >
        {label}
        {count !== null ? (
          <span className={cx("rounded-full px-1.5 text-xs", isCurrent ? "bg-white/20" : "bg-slate-100 text-slate-700")}>
            {count.toLocaleString("pt-BR")}
          </span>
        ) : null}
      </Link>
    </li>
  );
}
