import { ShieldCheck } from "lucide-react";
import { Link, redirect } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FlashAlert } from "~/components/ui/flash-alert";
import { Pager } from "~/components/ui/pager";
import { SearchBox } from "~/components/ui/search-box";
import { cx } from "~/lib/class-names";
import { formatDate, isIsoMonth, shopToday } from "~/lib/dates";
import { flashOf } from "~/lib/flash.server";
import { formatPhone } from "~/lib/phone";
import { searchTextOf } from "~/lib/text-input";
import { readId } from "~/lib/forms";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { WarrantyStatusBadge } from "~/modules/warranties/components/warranty-status-badge";
import {
  claimsPerTechnician,
  listWarranties,
  supplierNameOf,
  MAX_WARRANTIES_PAGE,
  type WarrantyClaimFilter,
} from "~/modules/warranties/queries.server";
import { isWarrantyStatus, WARRANTY_STATUS_LABELS, WARRANTY_STATUSES, type WarrantyStatus } from "~/modules/warranty-terms/rules";
import { WARRANTY_LIMITS } from "~/modules/warranties/validation";
import type { Route } from "./+types/warranty-contract";

const QUERY_PARAM = "q";
const STATUS_PARAM = "situacao";
const PAGE_PARAM = "pagina";
/** "?reclamacao=2026-11&tecnico=<id>": warranties claimed in that month, of that technician's repairs (the Painel links here). */
const CLAIM_MONTH_PARAM = "reclamacao";
const TECHNICIAN_PARAM = "tecnico";
/** "&fornecedor=<id>": of those, the ones whose repair used a part from that supplier. */
const SUPPLIER_PARAM = "fornecedor";

export const meta = () => staffAreaMeta("warranty");

function listHref(query: string, status: WarrantyStatus | null, page: number, claimed: WarrantyClaimFilter | null = null) {
  const params = new URLSearchParams();
  if (query) params.set(QUERY_PARAM, query);
  if (status) params.set(STATUS_PARAM, status);
  if (claimed) params.set(CLAIM_MONTH_PARAM, claimed.month);
  if (claimed?.technician) params.set(TECHNICIAN_PARAM, claimed.technician);
  if (claimed?.supplier) params.set(SUPPLIER_PARAM, String(claimed.supplier));
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const search = params.toString();
  return search ? `/warranty-contract?${search}` : "/warranty-contract";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const { searchParams } = new URL(request.url);
  const query = searchTextOf(searchParams.get(QUERY_PARAM), WARRANTY_LIMITS.search);
  const rawStatus = searchParams.get(STATUS_PARAM);
  const status = isWarrantyStatus(rawStatus) ? rawStatus : null;
  const rawPage = searchParams.get(PAGE_PARAM);
  const number = rawPage === null ? 1 : Number(rawPage);
  const page = Number.isSafeInteger(number) && number >= 1 ? Math.min(number, MAX_WARRANTIES_PAGE) : 1;
  const rawMonth = searchParams.get(CLAIM_MONTH_PARAM);
  const rawTechnician = searchParams.get(TECHNICIAN_PARAM);
  const technician = rawTechnician ? rawTechnician.slice(0, 100) : null;
  const rawSupplier = searchParams.get(SUPPLIER_PARAM);
  const supplierId = rawSupplier === null ? null : readId(rawSupplier);
  const supplierName = supplierId === null ? null : await supplierNameOf(supplierId);
  const isClaimMonth = rawMonth !== null && isIsoMonth(rawMonth);
  const claimed = isClaimMonth ? { month: rawMonth, technician, supplier: supplierName === null ? null : supplierId } : null;
  // An unknown filter (a supplier that does not exist included) or a page that is no page number: the list at its own address.
  if (
    (rawStatus !== null && status === null) ||
    (rawPage !== null && rawPage !== String(page)) ||
    (rawMonth !== null && claimed === null) ||
    (rawTechnician !== null && (claimed === null || technician !== rawTechnician)) ||
    (rawSupplier !== null && (claimed === null || supplierName === null || String(supplierId) !== rawSupplier))
  ) {
    throw redirect(listHref(query, status, page, claimed));
  }
  const [list, technicians] = await Promise.all([
    listWarranties(actor, { today: shopToday(), search: query, status, page, claimed }),
    claimsPerTechnician(actor),
  ]);
  if (list.rows.length === 0 && page > 1) throw redirect(listHref(query, status, 1, claimed));
  return { query, status, claimed, supplierName, ...list, technicians, flash: flashOf(context) };
}

export default function WarrantyContracts({ loaderData }: Route.ComponentProps) {
  const { query, status, claimed, supplierName, rows, page, hasNextPage, today, technicians, flash } = loaderData;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900">Garantias</h1>
          <ButtonLink to="/warranty-contract/nova" variant="outline">
            Emitir garantia
          </ButtonLink>
        </div>
        <p className="max-w-3xl text-slate-700">
          As garantias dadas pela loja: de cada ordem de serviço entregue com reparo e dos itens de vendas. A garantia legal de 90
          dias (CDC art. 26) corre depois do fim da contratual. Situação em {formatDate(today)}.
        </p>
      </div>

      <FlashAlert flash={flash} />

      <SearchBox
        label="Buscar garantia"
        name={QUERY_PARAM}
        query={query}
        maxLength={WARRANTY_LIMITS.search}
        hint="Número da OS ou da venda, nome ou WhatsApp do cliente, IMEI ou número de série (inteiro ou os últimos dígitos)."
      />

      <nav aria-label="Filtrar por situação" className="flex flex-wrap gap-2">
        <FilterLink href={listHref(query, null, 1, claimed)} isActive={status === null}>
          Todas
        </FilterLink>
        {WARRANTY_STATUSES.map((option) => (
          <FilterLink key={option} href={listHref(query, option, 1, claimed)} isActive={status === option}>
            {WARRANTY_STATUS_LABELS[option]}
          </FilterLink>
        ))}
      </nav>

      {claimed ? (
        <p className="text-sm text-slate-700">
          Só as garantias acionadas em {claimed.month.slice(5)}/{claimed.month.slice(0, 4)}
          {claimed.technician ? ", do técnico escolhido" : ""}
          {claimed.supplier && supplierName ? `, de reparos com peça do fornecedor ${supplierName}` : ""}.{" "}
          <Link to={listHref(query, status, 1)} className="font-medium text-brand-700 underline underline-offset-2">
            Mostrar todas
          </Link>
          {claimed.supplier ? (
            <span className="mt-1 block text-slate-600">
              Uma garantia cuja OS teve peças de dois fornecedores conta uma vez para cada um.
            </span>
          ) : null}
        </p>
      ) : null}

      {rows.length === 0 ? (
        <EmptyState
          icon={<ShieldCheck aria-hidden className="size-10" />}
          title={query || status || claimed ? "Nenhuma garantia encontrada" : "Nenhuma garantia ainda"}
        >
          <p>
            {query || status || claimed
              ? "Confira a busca ou mostre todas as situações."
              : "Cada OS entregue com reparo ganha a sua garantia; as de vendas são emitidas pela venda."}
          </p>
        </EmptyState>
      ) : (
        <ul
          aria-label="Garantias"
          className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white"
        >
          {rows.map((row) => (
            <li key={row.id} className="grid gap-x-4 gap-y-2 px-4 py-3 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <div className="min-w-0 space-y-1">
                <Link
                  to={`/warranty-contract/${row.id}`}
                  className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
                >
                  Garantia nº {row.id} · {row.itemDescription}
                </Link>
                <p className="text-sm break-words text-slate-700">
                  {row.customerName}
                  {row.customerPhone ? ` · ${formatPhone(row.customerPhone)}` : ""}
                  {row.imeiOrSerial ? ` · IMEI/série ${row.imeiOrSerial}` : ""}
                </p>
                <p className="text-sm text-slate-600">
                  {row.serviceOrderId ? `OS nº ${row.serviceOrderId}` : `Venda nº ${row.saleId}`}
                </p>
              </div>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <div className="col-span-2">
                  <dt className="sr-only">Situação</dt>
                  <dd>
                    <WarrantyStatusBadge status={row.status} daysLeft={row.daysLeft} />
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">Período</dt>
                  <dd className="text-slate-900">
                    {formatDate(row.startsOn)} a {formatDate(row.endsOn)}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">Acionamentos</dt>
                  <dd className="text-slate-900">{row.claims}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}

      <Pager
        label="Páginas de garantias"
        page={page}
        hasNextPage={hasNextPage}
        hrefFor={(target) => listHref(query, status, target, claimed)}
      />

      <section aria-labelledby="garantias-tecnicos" className="max-w-2xl space-y-2">
        <h2 id="garantias-tecnicos" className="text-lg font-semibold text-slate-900">
          Acionamentos por técnico
        </h2>
        <p className="text-sm text-slate-700">Garantias de reparos e quantas voltaram, pelo técnico do reparo original.</p>
        {technicians.length === 0 ? (
          <p className="text-sm text-slate-700">Nenhuma garantia de reparo ainda.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Técnico
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Garantias
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Acionamentos
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {technicians.map((row) => (
                  <tr key={row.technicianUserId ?? "none"}>
                    <th scope="row" className="px-3 py-2 font-normal text-slate-900">
                      {row.name}
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">{row.warranties}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{row.claims}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function FilterLink({ href, isActive, children }: { href: string; isActive: boolean; children: string }) {
  return (
    <Link
      to={href}
      aria-current={isActive ? "true" : undefined}
      className={cx(
        "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium",
        isActive
          ? "border-brand-600 bg-brand-50 text-brand-800"
          : "border-slate-300 bg-white text-slate-800 hover:border-brand-400",
      )}
    >
      {children}
    </Link>
  );
}
