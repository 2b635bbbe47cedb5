import { CreditCard, Plus } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Button, ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { Pager } from "~/components/ui/pager";
import { SelectField } from "~/components/ui/select-field";
import { formatDate, shopToday } from "~/lib/dates";
import { flashOf } from "~/lib/flash.server";
import { formatCents } from "~/lib/money";
import { formatPhone } from "~/lib/phone";
import { canSeeFinance } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { hasCreditCorrections } from "~/modules/credit/corrections.server";
import { PlanStatusBadge } from "~/modules/credit/components/plan-status-badge";
import { isPlanListStatus, listCreditPlans, type PlanListStatus } from "~/modules/credit/queries.server";
import type { Route } from "./+types/credit-plans";
import { searchTextOf } from "~/lib/text-input";

export const meta = () => staffAreaMeta("cdc");

const MAX_QUERY_LENGTH = 100;

const STATUS_OPTIONS: { value: PlanListStatus; label: string }[] = [
  { value: "", label: "Todos" },
  { value: "active", label: "Ativos" },
  { value: "overdue", label: "Com parcela atrasada" },
  { value: "due-today", label: "Com parcela vencendo hoje" },
  { value: "paid", label: "Quitados" },
  { value: "cancelled", label: "Cancelados" },
];

function listHref(query: string, status: string, page: number) {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (status) params.set("situacao", status);
  if (page > 1) params.set("pagina", String(page));
  const search = params.toString();
  return search ? `/cdc?${search}` : "/cdc";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const actor = actorOf(user);
  const { searchParams } = new URL(request.url);
  const query = searchTextOf(searchParams.get("q"), MAX_QUERY_LENGTH);
  const rawStatus = searchParams.get("situacao") ?? "";
  const status = isPlanListStatus(rawStatus) ? rawStatus : "";
  const rawPage = searchParams.get("pagina");
  const number = rawPage === null ? 1 : Number(rawPage);
  const page = Number.isSafeInteger(number) && number >= 1 ? number : 1;
  if ((rawPage !== null && rawPage !== String(page)) || rawStatus !== status) throw redirect(listHref(query, status, page));
  const today = shopToday();
  const result = await listCreditPlans(actor, { search: query, status, page, today });
  // The correction's report shows money moved (credits, finance entries): the owner and "Financeiro" only.
  const showsCorrections = canSeeFinance(user) && (await hasCreditCorrections(actor));
  return { query, status, today, ...result, showsCorrections, flash: flashOf(context) };
}

export default function CreditPlans({ loaderData }: Route.ComponentProps) {
  const { query, status, rows, page, hasNextPage, showsCorrections, flash } = loaderData;
  const isFiltered = query !== "" || status !== "";
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Crediário (CDC)</h1>
        <ButtonLink to="/cdc/novo">
          <Plus aria-hidden className="size-4" />
          Novo crediário
        </ButtonLink>
      </div>
      <FlashAlert flash={flash} />
      {showsCorrections ? (
        <p className="text-sm text-slate-700">
          Quitações feitas pela regra antiga foram corrigidas:{" "}
          <Link
            to="/financial-management/correcoes-do-crediario"
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            Correções do crediário
          </Link>
          .
        </p>
      ) : null}
      <search>
        <Form method="get" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem_auto] sm:items-start">
          <Field
            key={query}
            label="Buscar"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            hint="Nome ou telefone do cliente, ou o número do crediário."
          />
          <SelectField key={status} label="Situação" name="situacao" defaultValue={status} options={STATUS_OPTIONS} />
          <Button type="submit" className="sm:mt-7">
            Filtrar
          </Button>
        </Form>
      </search>

      {rows.length === 0 ? (
        <EmptyState
          icon={<CreditCard aria-hidden className="size-10" />}
          title={isFiltered ? "Nenhum crediário encontrado" : "Nenhum crediário ainda"}
        >
          <p>
            {isFiltered
              ? "Confira a busca e a situação escolhida."
              : "Um crediário nasce de uma venda no caixa (forma de pagamento Crediário), do saldo de uma OS ou de uma dívida antiga."}
          </p>
        </EmptyState>
      ) : (
        <section aria-labelledby="crediarios" className="space-y-2">
          <h2 id="crediarios" className="sr-only">
            Crediários, dos mais recentes aos mais antigos
          </h2>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {rows.map((row) => (
              <li
                key={row.id}
                className="grid gap-x-4 gap-y-1 px-4 py-3 md:grid-cols-[6rem_minmax(0,2fr)_minmax(0,2fr)_8rem] md:items-center"
              >
                <Link to={`/cdc/${row.id}`} className="font-medium text-brand-700 underline underline-offset-2">
                  Nº {row.id}
                </Link>
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{row.customerName}</p>
                  {row.customerPhone ? <p className="text-sm text-slate-600">{formatPhone(row.customerPhone)}</p> : null}
                </div>
                <p className="text-sm text-slate-700">
                  {formatCents(row.financedCents)} em {row.instalmentCount} × {formatCents(row.instalmentCents)}
                  <br />
                  {row.nextDueDate && row.status === "active" ? `Próximo vencimento: ${formatDate(row.nextDueDate)}` : null}
                  {row.status !== "active" ? `Contrato de ${formatDate(row.contractDate)}` : null}
                </p>
                <div className="md:justify-self-end">
                  <PlanStatusBadge status={row.status} isOverdue={row.isOverdue} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Pager
        label="Páginas de crediários"
        page={page}
        hasNextPage={hasNextPage}
        hrefFor={(target) => listHref(query, status, target)}
      />
    </div>
  );
}
