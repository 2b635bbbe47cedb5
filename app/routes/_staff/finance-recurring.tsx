import { useState } from "react";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { SelectField } from "~/components/ui/select-field";
import { formatDate, shopMonthOf, shopToday } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { centsToInput, formatCents } from "~/lib/money";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { financeChoices } from "~/modules/finance/choices.server";
import { CategorySelect, type CategoryOption } from "~/modules/finance/components/category-select";
import { FinanceHeader, financeMeta } from "~/modules/finance/components/finance-header";
import { archiveRecurring, createRecurring, listRecurringForPage, updateRecurring } from "~/modules/finance/recurring.server";
import {
  DIRECTION_SHORT_LABELS,
  FINANCE_LIMITS,
  MONTHS_GENERATED_AHEAD,
  type FinanceDirection,
  type RecurringFormValues,
} from "~/modules/finance/validation";
import type { Route } from "./+types/finance-recurring";
import { plural } from "~/lib/wording";

export const meta = () => financeMeta("Recorrentes");

const PATH = "/financial-management/recorrentes";
const FIELDS = [
  "direction",
  "description",
  "categoryId",
  "amount",
  "dayOfMonth",
  "startMonth",
  "endMonth",
  "counterparty",
  "accountId",
] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const today = shopToday();
  const [recurring, { categories, accounts }] = await Promise.all([listRecurringForPage(), financeChoices()]);
  return {
    recurring,
    categories: categories
      .filter((category) => category.archivedAt === null)
      .map(({ id, name, direction }) => ({ id, name, direction })),
    accounts,
    thisMonth: shopMonthOf(today),
    flash: flashOf(context),
    newRecurringKey: newIdempotencyKey(),
  };
}

type ActionResult = { intent: string; recurringId?: string; errors: FieldErrors; values?: RecurringFormValues };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ intent: "" });
  const intent = formText(form, "intent");
  const recurringId = formText(form, "recurringId");
  const actor = actorOf(currentUser(context));
  const values = Object.fromEntries(FIELDS.map((name) => [name, formText(form, name)])) as RecurringFormValues;
  const extra: Omit<ActionResult, "errors"> = { intent, recurringId, values };
  try {
    switch (intent) {
      case "create": {
        const created = await createRecurring(actor, { ...values, idempotencyKey: formText(form, "idempotencyKey") });
        return redirectWithFlash(PATH, {
          message: `Recorrente criado: ${plural(created.entriesWritten, "lançamento gerado", "lançamentos gerados")} até ${MONTHS_GENERATED_AHEAD} meses à frente.`,
        });
      }
      case "update":
        await updateRecurring(actor, recurringId, values);
        return redirectWithFlash(PATH, {
          message: "Recorrente alterado: os lançamentos em aberto a vencer seguem o novo valor.",
        });
      case "archive": {
        const archived = await archiveRecurring(actor, recurringId);
        return redirectWithFlash(PATH, {
          message: archived.wasArchived ? "Este recorrente já estava encerrado." : "Recorrente encerrado.",
          tone: archived.wasArchived ? "info" : "success",
        });
      }
      default:
        return formProblem({ intent });
    }
  } catch (error) {
    return formRefusal(error, extra);
  }
}

export default function FinanceRecurring({ loaderData, actionData }: Route.ComponentProps) {
  const { recurring, categories, accounts, thisMonth, flash, newRecurringKey } = loaderData;
  const result: ActionResult | undefined = actionData;
  const isFor = (intent: string, id = "") => result?.intent === intent && (result.recurringId ?? "") === id;
  const active = recurring.filter((row) => row.archivedAt === null);
  const archived = recurring.filter((row) => row.archivedAt !== null);
  return (
    <div className="space-y-6">
      <FinanceHeader title="Financeiro" />
      <FlashAlert flash={flash} />
      {result?.intent === "archive" && result.errors.form ? <Alert tone="destructive">{result.errors.form}</Alert> : null}

      <section aria-labelledby="recorrentes-titulo" className="space-y-2">
        <h2 id="recorrentes-titulo" className="text-lg font-semibold text-slate-900">
          Despesas e receitas recorrentes
        </h2>
        <p className="text-sm text-slate-600">
          Cada recorrente gera seus lançamentos em aberto até {MONTHS_GENERATED_AHEAD} meses à frente; pague-os na lista de
          lançamentos.
        </p>
        {active.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">Nenhum recorrente ativo.</p>
        ) : (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {active.map((row) => {
              const id = String(row.id);
              return (
                <li key={row.id} className="space-y-2 px-4 py-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-medium break-words text-slate-900">{row.description}</p>
                      <p className="text-xs text-slate-600">
                        {DIRECTION_SHORT_LABELS[row.direction]} · {row.categoryName} · todo dia {row.dayOfMonth}
                        {row.endMonth ? ` · até ${row.endMonth.slice(5)}/${row.endMonth.slice(0, 4)}` : ""}
                        {row.counterparty ? ` · ${row.counterparty}` : ""}
                        {row.nextDueDate ? ` · próximo em aberto: ${formatDate(row.nextDueDate)}` : ""}
                      </p>
                    </div>
                    <p className="font-semibold text-slate-900 tabular-nums">{formatCents(row.amountCents)}</p>
                  </div>
                  <details open={isFor("update", id) || undefined}>
                    <summary className="cursor-pointer text-sm font-medium text-brand-700">Alterar ou encerrar</summary>
                    <RecurringForm
                      recurringId={id}
                      categories={categories}
                      accounts={accounts}
                      errors={isFor("update", id) ? result!.errors : {}}
                      values={
                        isFor("update", id)
                          ? result!.values!
                          : {
                              direction: row.direction,
                              description: row.description,
                              categoryId: String(row.categoryId),
                              amount: centsToInput(row.amountCents),
                              dayOfMonth: String(row.dayOfMonth),
                              startMonth: row.startMonth,
                              endMonth: row.endMonth ?? "",
                              counterparty: row.counterparty,
                              accountId: row.accountId ? String(row.accountId) : "",
                            }
                      }
                    />
                  </details>
                </li>
              );
            })}
          </ul>
        )}
        {archived.length > 0 ? (
          <details className="text-sm text-slate-700">
            <summary className="cursor-pointer">Encerrados ({archived.length})</summary>
            <ul className="mt-2 list-disc pl-5">
              {archived.map((row) => (
                <li key={row.id}>
                  {row.description} · {formatCents(row.amountCents)}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      <section
        aria-labelledby="novo-recorrente-titulo"
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 id="novo-recorrente-titulo" className="text-lg font-semibold text-slate-900">
          Novo recorrente
        </h2>
        <RecurringForm
          idempotencyKey={newRecurringKey}
          categories={categories}
          accounts={accounts}
          errors={isFor("create") ? result!.errors : {}}
          values={isFor("create") ? result!.values! : { direction: "out", startMonth: thisMonth, dayOfMonth: "5" }}
        />
      </section>
    </div>
  );
}

function RecurringForm({
  recurringId,
  idempotencyKey,
  categories,
  accounts,
  errors,
  values,
}: {
  recurringId?: string;
  /** Only on the new-recurring form: sent twice, it makes one rule. */
  idempotencyKey?: string;
  categories: readonly CategoryOption[];
  accounts: readonly { id: number; name: string }[];
  errors: FieldErrors;
  values: RecurringFormValues;
}) {
  const [direction, setDirection] = useState<FinanceDirection>(values.direction === "in" ? "in" : "out");
  return (
    <Form method="post" noValidate className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {recurringId ? <input type="hidden" name="recurringId" value={recurringId} /> : null}
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      {errors.form ? (
        <div className="sm:col-span-2 lg:col-span-3">
          <Alert tone="destructive">{errors.form}</Alert>
        </div>
      ) : null}
      {recurringId ? (
        <input type="hidden" name="direction" value={direction} />
      ) : (
        <SelectField
          label="Tipo"
          name="direction"
          value={direction}
          onChange={(event) => setDirection(event.target.value === "in" ? "in" : "out")}
          error={errors.direction}
          options={[
            { value: "out", label: "Despesa (saída)" },
            { value: "in", label: "Receita (entrada)" },
          ]}
        />
      )}
      <Field
        label="Descrição"
        name="description"
        maxLength={FINANCE_LIMITS.description}
        defaultValue={values.description ?? ""}
        error={errors.description}
        className={recurringId ? "sm:col-span-2" : undefined}
      />
      <CategorySelect categories={categories} direction={direction} defaultValue={values.categoryId} error={errors.categoryId} />
      <Field
        label="Valor por mês (R$)"
        name="amount"
        inputMode="decimal"
        maxLength={20}
        placeholder="0,00"
        defaultValue={values.amount ?? ""}
        error={errors.amount}
      />
      <Field
        label="Dia do vencimento"
        name="dayOfMonth"
        inputMode="numeric"
        maxLength={2}
        defaultValue={values.dayOfMonth ?? ""}
        error={errors.dayOfMonth}
        hint="Num mês mais curto, vence no último dia."
      />
      <Field
        label="Primeiro mês"
        name="startMonth"
        type="month"
        defaultValue={values.startMonth ?? ""}
        error={errors.startMonth}
      />
      <Field
        label="Último mês (opcional)"
        name="endMonth"
        type="month"
        defaultValue={values.endMonth ?? ""}
        error={errors.endMonth}
      />
      <Field
        label="Fornecedor ou cliente"
        name="counterparty"
        maxLength={FINANCE_LIMITS.counterparty}
        defaultValue={values.counterparty ?? ""}
        error={errors.counterparty}
      />
      <SelectField
        label="Conta de costume (opcional)"
        name="accountId"
        defaultValue={values.accountId ?? ""}
        error={errors.accountId}
        options={[
          { value: "", label: "Nenhuma" },
          ...accounts.map((account) => ({ value: String(account.id), label: account.name })),
        ]}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit" name="intent" value={recurringId ? "update" : "create"}>
          {recurringId ? "Salvar recorrente" : "Criar recorrente"}
        </Button>
        {recurringId ? (
          <Button type="submit" name="intent" value="archive" variant="outline">
            Encerrar recorrente
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
