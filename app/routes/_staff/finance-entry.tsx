import type { ReactNode } from "react";
import { Form, Link, data } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { TextareaField } from "~/components/ui/textarea-field";
import { formatDate, formatDateTime, shopToday } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { centsToInput, formatCents } from "~/lib/money";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { financeChoices } from "~/modules/finance/choices.server";
import { CategorySelect } from "~/modules/finance/components/category-select";
import { EntryStatusBadge } from "~/modules/finance/components/entry-status-badge";
import { FinanceHeader, financeMeta } from "~/modules/finance/components/finance-header";
import { PaymentFields } from "~/modules/finance/components/payment-fields";
import { SupplierSelect } from "~/modules/finance/components/supplier-select";
import { cancelEntry, isBillEntry, payEntry, redateEntry, splitEntry, updateEntry } from "~/modules/finance/entries.server";
import { entryStatusOf } from "~/modules/finance/entry-filters";
import { getEntryForPage } from "~/modules/finance/entry-list.server";
import {
  DIRECTION_LABELS,
  ENTRY_METHOD_LABELS,
  FINANCE_LIMITS,
  type PayEntryFormValues,
  type RedateEntryFormValues,
  type SplitEntryFormValues,
  type UpdateEntryFormValues,
} from "~/modules/finance/validation";
import type { Route } from "./+types/finance-entry";

export const meta = () => financeMeta("Lançamento");

export async function loader({ params, context }: Route.LoaderArgs) {
  const entryId = parseIdParam(params.id);
  const actor = actorOf(currentUser(context));
  const entry = await getEntryForPage(actor, entryId);
  if (!entry) throw data(null, { status: 404 });
  const { categories, accounts, suppliers } = await financeChoices({ suppliers: true });
  return {
    entry,
    isBill: isBillEntry(entry),
    suppliers,
    categories: categories
      .filter((category) => category.archivedAt === null || category.id === entry.categoryId)
      .map(({ id, name, direction }) => ({ id, name, direction })),
    accounts,
    today: shopToday(),
    payKey: newIdempotencyKey(),
    splitKey: newIdempotencyKey(),
    flash: flashOf(context),
  };
}

type ActionResult = { intent: string; errors: FieldErrors; values?: Record<string, string> };

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ intent: "" });
  const intent = formText(form, "intent");
  const actor = actorOf(currentUser(context));
  const here = `/financial-management/lancamentos/${params.id}`;
  const pick = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, formText(form, name)]));
  let extra: Omit<ActionResult, "errors"> = { intent };
  try {
    switch (intent) {
      case "pay": {
        const values = pick(["paidDate", "accountId", "method", "idempotencyKey"]) as PayEntryFormValues;
        extra = { intent, values };
        const paid = await payEntry(actor, params.id, values);
        return redirectWithFlash(here, {
          message: paid.isReplay
            ? "Este pagamento já tinha sido registrado: nada foi lançado em dobro."
            : "Pagamento registrado.",
          tone: paid.isReplay ? "info" : "success",
        });
      }
      case "redate": {
        const values = pick(["dueDate"]) as RedateEntryFormValues;
        extra = { intent, values };
        await redateEntry(actor, params.id, values);
        return redirectWithFlash(here, { message: "Vencimento alterado." });
      }
      case "split": {
        const values = pick(["amount", "dueDate", "idempotencyKey"]) as SplitEntryFormValues;
        extra = { intent, values };
        const split = await splitEntry(actor, params.id, values);
        return redirectWithFlash(here, {
          message: split.isReplay
            ? "Esta divisão já tinha sido feita: nada foi lançado em dobro."
            : "Lançamento dividido: o restante virou outra parcela.",
          tone: split.isReplay ? "info" : "success",
        });
      }
      case "update": {
        const values = pick([
          "description",
          "categoryId",
          "amount",
          "dueDate",
          "counterparty",
          "supplierId",
          "notes",
        ]) as UpdateEntryFormValues;
        extra = { intent, values };
        await updateEntry(actor, params.id, values);
        return redirectWithFlash(here, { message: "Lançamento alterado." });
      }
      case "cancel": {
        const values = pick(["reason"]);
        extra = { intent, values };
        const cancelled = await cancelEntry(actor, params.id, values);
        return redirectWithFlash(here, {
          message: cancelled.wasCancelled ? "Este lançamento já estava cancelado." : "Lançamento cancelado.",
          tone: cancelled.wasCancelled ? "info" : "success",
        });
      }
      default:
        return formProblem({ intent });
    }
  } catch (error) {
    return formRefusal(error, extra);
  }
}

export default function FinanceEntryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { entry, isBill, suppliers, categories, accounts, today, payKey, splitKey, flash } = loaderData;
  const result: ActionResult | undefined = actionData;
  const errorsOf = (intent: string) => (result?.intent === intent ? result.errors : {});
  const valuesOf = (intent: string) => (result?.intent === intent ? (result.values ?? {}) : {});
  const status = entryStatusOf(entry, today);
  const isTyped = entry.originKind === null;
  const isChangeable = isTyped && entry.cancelledAt === null;
  // Typed bills and stock purchases are paid, re-dated and split here (issue 23).
  const isOpenBill = isBill && entry.cancelledAt === null && !entry.paidDate;
  const formError = result && (result.errors.form ?? result.errors.idempotencyKey);
  return (
    <div className="space-y-6">
      <FinanceHeader
        title="Financeiro"
        actions={
          <ButtonLink to="/financial-management/lancamentos" variant="outline">
            Voltar à lista
          </ButtonLink>
        }
      />
      <FlashAlert flash={flash} />
      {formError ? <Alert tone="destructive">{formError}</Alert> : null}

      <section aria-labelledby="lancamento-titulo" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id="lancamento-titulo" className="text-lg font-semibold break-words text-slate-900">
            {entry.description}
          </h2>
          <EntryStatusBadge status={status} />
        </div>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Item label="Tipo" value={DIRECTION_LABELS[entry.direction]} />
          <Item label="Valor" value={formatCents(entry.amountCents)} />
          <Item label="Categoria" value={entry.categoryName} />
          <Item label="Vencimento" value={formatDate(entry.dueDate)} />
          {entry.paidDate ? <Item label="Pago em" value={formatDate(entry.paidDate)} /> : null}
          {entry.accountName ? <Item label="Conta" value={entry.accountName} /> : null}
          {entry.method ? <Item label="Forma" value={ENTRY_METHOD_LABELS[entry.method] ?? entry.method} /> : null}
          {entry.supplierId && entry.supplierName ? (
            <div className="min-w-0">
              <dt className="text-slate-600">Fornecedor</dt>
              <dd className="font-medium break-words">
                <Link
                  to={`/financial-management/fornecedores/${entry.supplierId}`}
                  className="text-brand-700 underline underline-offset-2"
                >
                  {entry.supplierName}
                </Link>
              </dd>
            </div>
          ) : entry.customerName || entry.counterparty ? (
            <Item label="Cliente ou fornecedor" value={entry.customerName ?? entry.counterparty} />
          ) : null}
          {entry.instalmentCount ? (
            <Item label="Parcela" value={`${entry.instalmentNumber} de ${entry.instalmentCount}`} />
          ) : null}
          {entry.recurringId ? <Item label="Origem" value="Recorrente (gerado todo mês)" /> : null}
          {entry.originKind ? <Item label="Origem" value="Lançado automaticamente por outro módulo" /> : null}
          <Item label="Lançado por" value={`${entry.createdByLabel}, ${formatDateTime(entry.createdAt)}`} />
          {entry.notes ? <Item label="Observações" value={entry.notes} /> : null}
          {entry.cancelledAt ? (
            <Item
              label="Cancelado"
              value={`${formatDateTime(entry.cancelledAt)} por ${entry.cancelledByLabel ?? "—"}: ${entry.cancelReason ?? ""}`}
            />
          ) : null}
        </dl>
        {!isTyped && isBill ? (
          <p className="text-sm text-slate-600">
            Compra de estoque: pague, mude o vencimento ou divida aqui. Quantidade e custo se corrigem no estoque.
          </p>
        ) : !isTyped ? (
          <p className="text-sm text-slate-600">Lançamentos automáticos se corrigem ou cancelam na origem (venda, caixa).</p>
        ) : null}
      </section>

      {isOpenBill ? (
        <section aria-labelledby="pagar-titulo" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="pagar-titulo" className="text-lg font-semibold text-slate-900">
            {entry.direction === "out" ? "Registrar pagamento" : "Registrar recebimento"}
          </h2>
          <PayForm
            idempotencyKey={valuesOf("pay").idempotencyKey || payKey}
            errors={errorsOf("pay")}
            values={valuesOf("pay")}
            accounts={accounts}
            usualAccountId={entry.usualAccountId}
            today={today}
            direction={entry.direction}
          />
        </section>
      ) : null}

      {isOpenBill ? (
        <ActionPanel
          title="Mudar o vencimento"
          intent="redate"
          openIntent={result?.intent}
          className="grid gap-4 sm:grid-cols-3 sm:items-start"
        >
          <Field
            label="Novo vencimento"
            name="dueDate"
            type="date"
            defaultValue={valuesOf("redate").dueDate ?? entry.dueDate}
            error={errorsOf("redate").dueDate}
          />
          <Button type="submit" className="sm:mt-7">
            Salvar vencimento
          </Button>
        </ActionPanel>
      ) : null}

      {isOpenBill ? (
        <ActionPanel title="Dividir em duas parcelas" intent="split" openIntent={result?.intent} className="space-y-4">
          <input type="hidden" name="idempotencyKey" value={valuesOf("split").idempotencyKey || splitKey} />
          <p className="text-sm text-slate-700">
            Fica neste lançamento o valor informado; o restante de {formatCents(entry.amountCents)} vira outra parcela, com o
            vencimento escolhido.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Valor que fica neste lançamento (R$)"
              name="amount"
              inputMode="decimal"
              maxLength={20}
              defaultValue={valuesOf("split").amount ?? ""}
              error={errorsOf("split").amount}
            />
            <Field
              label="Vencimento do restante"
              name="dueDate"
              type="date"
              defaultValue={valuesOf("split").dueDate ?? ""}
              error={errorsOf("split").dueDate}
            />
          </div>
          <Button type="submit" variant="outline">
            Dividir
          </Button>
        </ActionPanel>
      ) : null}

      {isChangeable ? (
        <ActionPanel title="Alterar lançamento" intent="update" openIntent={result?.intent} className="space-y-4">
          <Field
            label="Descrição"
            name="description"
            maxLength={FINANCE_LIMITS.description}
            defaultValue={valuesOf("update").description ?? entry.description}
            error={errorsOf("update").description}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <CategorySelect
              categories={categories}
              direction={entry.direction}
              defaultValue={valuesOf("update").categoryId ?? String(entry.categoryId)}
              error={errorsOf("update").categoryId}
            />
            <Field
              label="Valor (R$)"
              name="amount"
              inputMode="decimal"
              maxLength={20}
              defaultValue={valuesOf("update").amount ?? centsToInput(entry.amountCents)}
              error={errorsOf("update").amount}
            />
            <Field
              label="Vencimento"
              name="dueDate"
              type="date"
              defaultValue={valuesOf("update").dueDate ?? entry.dueDate}
              error={errorsOf("update").dueDate}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SupplierSelect
              suppliers={suppliers}
              defaultValue={valuesOf("update").supplierId ?? (entry.supplierId ? String(entry.supplierId) : "")}
              error={errorsOf("update").supplierId}
            />
            <Field
              label="Cliente ou outro favorecido (texto)"
              name="counterparty"
              maxLength={FINANCE_LIMITS.counterparty}
              defaultValue={valuesOf("update").counterparty ?? entry.counterparty}
              error={errorsOf("update").counterparty}
            />
          </div>
          <TextareaField
            label="Observações"
            name="notes"
            rows={2}
            maxLength={FINANCE_LIMITS.notes}
            defaultValue={valuesOf("update").notes ?? entry.notes}
            error={errorsOf("update").notes}
          />
          <Button type="submit">Salvar alterações</Button>
        </ActionPanel>
      ) : null}

      {isChangeable ? (
        <ActionPanel title="Cancelar lançamento" intent="cancel" openIntent={result?.intent} className="space-y-3">
          <p className="text-sm text-slate-700">
            O lançamento fica registrado, marcado como cancelado, e sai dos totais e saldos.
          </p>
          <Field
            label="Motivo do cancelamento"
            name="reason"
            maxLength={FINANCE_LIMITS.reason}
            defaultValue={valuesOf("cancel").reason ?? ""}
            error={errorsOf("cancel").reason}
          />
          <Button type="submit" variant="danger">
            Cancelar lançamento
          </Button>
        </ActionPanel>
      ) : null}
    </div>
  );
}

/** One thing to do to the entry, folded until chosen (or reopened on its refusal), posting its own intent. */
function ActionPanel({
  title,
  intent,
  openIntent,
  className,
  children,
}: {
  title: string;
  intent: string;
  openIntent: string | undefined;
  className: string;
  children: ReactNode;
}) {
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6" open={openIntent === intent || undefined}>
      <summary className="cursor-pointer text-lg font-semibold text-slate-900">{title}</summary>
      <Form method="post" noValidate className={`mt-4 ${className}`}>
        <input type="hidden" name="intent" value={intent} />
        {children}
      </Form>
    </details>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium break-words text-slate-900">{value}</dd>
    </div>
  );
}

function PayForm({
  idempotencyKey,
  errors,
  values,
  accounts,
  usualAccountId,
  today,
  direction,
}: {
  idempotencyKey: string;
  errors: FieldErrors;
  values: PayEntryFormValues;
  accounts: readonly { id: number; name: string }[];
  usualAccountId: number | null;
  today: string;
  direction: "in" | "out";
}) {
  return (
    <Form method="post" noValidate className="grid gap-4 sm:grid-cols-3">
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <PaymentFields
        accounts={accounts}
        today={today}
        values={values}
        errors={errors}
        defaultAccountId={usualAccountId}
        labels={direction === "out" ? {} : { date: "Data do recebimento" }}
      />
      <div className="sm:col-span-3">
        <Button type="submit">{direction === "out" ? "Marcar como pago" : "Marcar como recebido"}</Button>
      </div>
    </Form>
  );
}
