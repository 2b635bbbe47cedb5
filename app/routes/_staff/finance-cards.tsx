import { CreditCard, Save } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Field, inputClass } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { Pager } from "~/components/ui/pager";
import { cx } from "~/lib/class-names";
import { formatDate, isIsoDate, shopMonthRange, shopMonthOf, shopToday } from "~/lib/dates";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { basisPointsToPercentText, formatCents } from "~/lib/money";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import {
  cardFeeFormToInput,
  cardRowLabel,
  daysFieldName,
  feeFieldName,
  MAX_SETTLEMENT_DAYS,
  type CardMethod,
} from "~/modules/finance/card-fees";
import {
  getCardFeesForPage,
  updateCardFeeRates,
  updateCardReceivableDate,
  type CardFeesPage,
} from "~/modules/finance/card-fees.server";
import { FinanceHeader, financeMeta } from "~/modules/finance/components/finance-header";
import type { Route } from "./+types/finance-cards";

const PATH = "/financial-management/cartoes";
const MAX_PAGE = 10_000;

export const meta = () => financeMeta("Cartões");

/** The period and page the address asks for; anything unreadable falls back to this month and page 1. */
function periodOf(url: URL) {
  const today = shopToday();
  const month = shopMonthRange(shopMonthOf(today));
  const read = (name: string) => {
    const value = url.searchParams.get(name) ?? "";
    return isIsoDate(value) ? value : null;
  };
  let from = read("de") ?? month.firstDay;
  let to = read("ate") ?? month.lastDay;
  if (to < from) [from, to] = [to, from];
  const rawPage = url.searchParams.get("pagina") ?? "1";
  const page = /^\d{1,5}$/.test(rawPage) ? Math.min(Math.max(Number(rawPage), 1), MAX_PAGE) : 1;
  const rawEditing = url.searchParams.get(EDIT_PARAM) ?? "";
  const editingId = /^\d{1,9}$/.test(rawEditing) ? Number(rawEditing) : null;
  return { from, to, page, today, editingId };
}

/**
 * The address's `alterar`: the one receivable whose date form the page
 * draws. A form on each of the 50 rows was 150 KB of the page’s 260 KB at
 * the scale seed (issue 26: ≤ 200 KB); without them 50 rows were still 211
 * KB, so a page lists 30 (RECEIVABLES_PAGE_SIZE).
 */
const EDIT_PARAM = "alterar";

const anchorOf = (receivableId: number) => `recebivel-${receivableId}`;

function editHref(period: { from: string; to: string; page: number }, receivableId: number) {
  return `${hrefOf(period, period.page)}&${EDIT_PARAM}=${receivableId}#${anchorOf(receivableId)}`;
}

function hrefOf(period: { from: string; to: string }, page = 1) {
  const params = new URLSearchParams({ de: period.from, ate: period.to });
  if (page > 1) params.set("pagina", String(page));
  return `${PATH}?${params}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const period = periodOf(new URL(request.url));
  const page = await getCardFeesForPage(actor, period);
  if (period.page > 1 && page.receivables.length === 0) throw redirect(hrefOf(period));
  return {
    ...page,
    period,
    ratesKey: newIdempotencyKey(),
    dateKey: newIdempotencyKey(),
    flash: flashOf(context),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ intent: "", receivableId: "", values: {} as Record<string, string> });
  const intent = formText(form, "intent");
  const back = new URL(request.url);
  // Back to the same period and page, the date form closed.
  back.searchParams.delete(EDIT_PARAM);
  const returnTo = `${PATH}${back.search}`;
  if (intent === "rates") {
    const values = cardFeeFormToInput(form);
    try {
      const { changedCount } = await updateCardFeeRates(actor, values);
      return redirectWithFlash(returnTo, {
        title: "Taxas salvas",
        message:
          changedCount === 0
            ? "Nada mudou."
            : "Os próximos pagamentos com cartão usam as novas taxas; os já lançados mantêm as do seu dia.",
      });
    } catch (error) {
      return formRefusal(error, { intent, receivableId: "", values });
    }
  }
  if (intent === "receivable-date") {
    const receivableId = formText(form, "receivableId");
    const values = { expectedDate: formText(form, "expectedDate"), idempotencyKey: formText(form, "idempotencyKey") };
    try {
      const { expectedDate } = await updateCardReceivableDate(actor, receivableId, values);
      return redirectWithFlash(returnTo, {
        title: "Data prevista alterada",
        message: `O recebível passa a ser esperado em ${formatDate(expectedDate)}.`,
      });
    } catch (error) {
      return formRefusal(error, { intent, receivableId, values });
    }
  }
  return formProblem({ intent: "", receivableId: "", values: {} as Record<string, string> });
}

const STATUS_LABELS = { expected: "A receber", settled: "Recebido", cancelled: "Cancelado" } as const;
const STATUS_CLASSES = {
  expected: "bg-amber-50 text-amber-800",
  settled: "bg-emerald-50 text-emerald-800",
  cancelled: "bg-slate-100 text-slate-600 line-through",
} as const;

export default function FinanceCards({ loaderData, actionData }: Route.ComponentProps) {
  const { rates, receivables, totals, hasNextPage, canEdit, period, flash } = loaderData;
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const errors = actionData && "errors" in actionData ? actionData.errors : {};
  const refusedRates = actionData?.intent === "rates" ? actionData.values : null;
  const refusedDate = actionData?.intent === "receivable-date" ? actionData : null;
  return (
    <div className="max-w-5xl space-y-8">
      <FinanceHeader title="Financeiro" />
      <div className="space-y-2">
        <h2 className="text-xl font-semibold text-slate-900">Cartões</h2>
        <p className="text-slate-700">
          A taxa da maquininha por forma e número de parcelas, e quando o dinheiro de cada parcela cai na conta. Cada pagamento
          com cartão mostra o bruto, a taxa e o líquido.
        </p>
        <FlashAlert flash={actionData ? null : flash} />
        {actionData && errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
      </div>

      <section aria-labelledby="taxas" className="space-y-3">
        <h2 id="taxas" className="text-lg font-semibold text-slate-900">
          Taxas da maquininha
        </h2>
        {canEdit ? null : <p className="text-sm text-slate-600">Só o proprietário altera as taxas.</p>}
        <Form method="post" noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
          <input type="hidden" name="intent" value="rates" />
          <input type="hidden" name="idempotencyKey" value={loaderData.ratesKey} />
          <table className="w-full table-fixed text-sm" data-testid="card-fee-table">
            {/* Fixed columns: a refusal's message wraps inside its cell instead of widening the table. */}
            <colgroup>
              <col className="w-1/4" />
              <col />
              <col />
            </colgroup>
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-600">
                <th scope="col" className="py-2 pr-2 font-medium">
                  Forma
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Taxa (%)
                </th>
                <th scope="col" className="py-2 pl-2 font-medium">
                  Dias até a 1ª parcela
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rates.map((rate) => (
                <RateRow
                  key={`${rate.method}-${rate.instalments}`}
                  rate={rate}
                  canEdit={canEdit}
                  refused={refusedRates}
                  errors={refusedRates ? errors : {}}
                />
              ))}
            </tbody>
          </table>
          <p className="text-sm text-slate-600">
            No crédito parcelado, cada parcela seguinte cai 30 dias depois da anterior. Débito costuma cair em D+1; crédito em
            D+30.
          </p>
          {canEdit ? (
            <Button type="submit" disabled={isSubmitting}>
              <Save aria-hidden className="size-4" />
              Salvar taxas
            </Button>
          ) : null}
        </Form>
      </section>

      <section aria-labelledby="recebiveis" className="space-y-3">
        <h2 id="recebiveis" className="text-lg font-semibold text-slate-900">
          Recebíveis
        </h2>
        <Form
          key={`${period.from}/${period.to}`}
          method="get"
          className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <Field label="Previstos de" name="de" type="date" defaultValue={period.from} className="w-44" />
          <Field label="até" name="ate" type="date" defaultValue={period.to} className="w-44" />
          <Button type="submit" variant="outline">
            Filtrar
          </Button>
        </Form>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="receivable-totals">
          <Total label="Bruto" cents={totals.grossCents} />
          <Total label="Taxa" cents={totals.feeCents} />
          <Total label="Líquido" cents={totals.netCents} />
          <Total label="Já recebido (líquido)" cents={totals.settledNetCents} />
        </dl>
        {receivables.length === 0 ? (
          <EmptyState title="Nenhum recebível de cartão neste período">
            <p>Cada pagamento com cartão gera um recebível por parcela, com a data em que o dinheiro deve cair.</p>
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="card-receivables">
            {receivables.map((receivable) => (
              <ReceivableRow
                key={receivable.id}
                receivable={receivable}
                canEdit={canEdit}
                dateKey={loaderData.dateKey}
                isSubmitting={isSubmitting}
                period={period}
                isEditing={period.editingId === receivable.id || refusedDate?.receivableId === String(receivable.id)}
                refused={refusedDate?.receivableId === String(receivable.id) ? refusedDate : null}
                error={refusedDate?.receivableId === String(receivable.id) ? errors.expectedDate : undefined}
              />
            ))}
          </ul>
        )}
        <Pager
          label="Páginas de recebíveis"
          page={period.page}
          hasNextPage={hasNextPage}
          hrefFor={(page) => hrefOf(period, page)}
        />
      </section>
    </div>
  );
}

function RateRow({
  rate,
  canEdit,
  refused,
  errors,
}: {
  rate: CardFeesPage["rates"][number];
  canEdit: boolean;
  refused: Record<string, string> | null;
  errors: Record<string, string>;
}) {
  const label = cardRowLabel(rate.method as CardMethod, rate.instalments);
  const fee = feeFieldName(rate.method, rate.instalments);
  const days = daysFieldName(rate.method, rate.instalments);
  const feeText = refused?.[fee] ?? basisPointsToPercentText(rate.feeBasisPoints);
  const daysText = refused?.[days] ?? String(rate.settlementDays);
  return (
    <tr data-rate={`${rate.method}-${rate.instalments}`}>
      <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-900">
        {label}
      </th>
      <td className="px-2 py-2 align-top">
        {canEdit ? (
          <CellInput name={fee} label={`Taxa (%) — ${label}`} defaultValue={feeText} error={errors[fee]} inputMode="decimal" />
        ) : (
          <span className="tabular-nums">{feeText}%</span>
        )}
      </td>
      <td className="py-2 pl-2 align-top">
        {canEdit ? (
          <CellInput
            name={days}
            label={`Dias até a 1ª parcela — ${label}`}
            defaultValue={daysText}
            error={errors[days]}
            inputMode="numeric"
            maxLength={String(MAX_SETTLEMENT_DAYS).length}
          />
        ) : (
          <span className="tabular-nums">D+{daysText}</span>
        )}
      </td>
    </tr>
  );
}

/** A table cell's input: its column header says what it is, the aria-label says it for the row too. */
function CellInput({
  name,
  label,
  defaultValue,
  error,
  inputMode,
  maxLength = 12,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  inputMode: "decimal" | "numeric";
  maxLength?: number;
}) {
  const errorId = `${name}-error`;
  return (
    <div className="space-y-1">
      <input
        name={name}
        aria-label={label}
        defaultValue={defaultValue}
        inputMode={inputMode}
        autoComplete="off"
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cx(inputClass, "w-full max-w-28 tabular-nums")}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Total({ label, cents }: { label: string; cents: number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900">{formatCents(cents)}</dd>
    </div>
  );
}

function ReceivableRow({
  receivable,
  canEdit,
  dateKey,
  isSubmitting,
  period,
  isEditing,
  refused,
  error,
}: {
  receivable: CardFeesPage["receivables"][number];
  canEdit: boolean;
  period: { from: string; to: string; page: number };
  isEditing: boolean;
  dateKey: string;
  isSubmitting: boolean;
  refused: { values: Record<string, string> } | null;
  error?: string;
}) {
  const origin = receivable.saleId
    ? { href: `/cash-register/vendas/${receivable.saleId}`, label: `Venda ${receivable.saleCode ?? receivable.saleId}` }
    : receivable.serviceOrderId
      ? { href: `/service-orders/${receivable.serviceOrderId}/edit`, label: `OS nº ${receivable.serviceOrderId}` }
      : { href: null, label: receivable.reason || "Pagamento no caixa" };
  const method = receivable.method === "debit" ? "Débito" : "Crédito";
  return (
    <li
      id={anchorOf(receivable.id)}
      className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3 px-4 py-3 text-sm"
      data-receivable-id={receivable.id}
    >
      <div className="min-w-0 space-y-0.5">
        <p className="text-base font-semibold text-slate-900">
          {formatDate(receivable.expectedDate)}{" "}
          <span className={cx("ml-1 rounded px-1.5 py-0.5 text-xs font-medium", STATUS_CLASSES[receivable.status])}>
            {STATUS_LABELS[receivable.status]}
          </span>
        </p>
        <p className="text-slate-700">
          {origin.href ? (
            <Link to={origin.href} className="font-medium text-brand-700 underline underline-offset-2">
              {origin.label}
            </Link>
          ) : (
            origin.label
          )}{" "}
          · {method} · parcela {receivable.instalmentNumber}/{receivable.instalmentCount} · pago em{" "}
          {formatDate(receivable.businessDate)}
        </p>
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-1">
        <Amount label="Bruto" cents={receivable.grossCents} />
        <Amount label="Taxa" cents={receivable.feeCents} />
        <Amount label="Líquido" cents={receivable.netCents} strong />
      </dl>
      {canEdit && receivable.status !== "cancelled" && !isEditing ? (
        <Link
          to={editHref(period, receivable.id)}
          className="self-center font-medium text-brand-700 underline underline-offset-2"
        >
          Alterar data
          <span className="sr-only">
            {" "}
            — {origin.label}, parcela {receivable.instalmentNumber}
          </span>
        </Link>
      ) : null}
      {canEdit && receivable.status !== "cancelled" && isEditing ? (
        <Form method="post" noValidate className="flex w-full flex-wrap items-start gap-2 sm:w-auto">
          <input type="hidden" name="intent" value="receivable-date" />
          <input type="hidden" name="receivableId" value={receivable.id} />
          <input type="hidden" name="idempotencyKey" value={dateKey} />
          <div className="space-y-1">
            <input
              type="date"
              name="expectedDate"
              aria-label={`Nova data prevista — ${origin.label}, parcela ${receivable.instalmentNumber}`}
              defaultValue={refused?.values.expectedDate ?? receivable.expectedDate}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `receivable-${receivable.id}-error` : undefined}
              className={cx(inputClass, "h-9 w-40 text-sm")}
            />
            {error ? (
              <p id={`receivable-${receivable.id}-error`} className="max-w-60 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="submit" size="sm" variant="outline" disabled={isSubmitting}>
            <CreditCard aria-hidden className="size-4" />
            Salvar data
          </Button>
          <Link
            to={hrefOf(period, period.page)}
            preventScrollReset
            className="self-center font-medium text-brand-700 underline underline-offset-2"
          >
            Cancelar
          </Link>
        </Form>
      ) : null}
    </li>
  );
}

function Amount({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className={cx("tabular-nums text-slate-900", strong ? "font-semibold" : "font-medium")}>{formatCents(cents)}</dd>
    </div>
  );
}
