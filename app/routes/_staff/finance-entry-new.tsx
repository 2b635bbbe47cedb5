import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { TextareaField } from "~/components/ui/textarea-field";
import { shopToday } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { redirectWithFlash } from "~/lib/flash.server";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { financeChoices } from "~/modules/finance/choices.server";
import { CategorySelect } from "~/modules/finance/components/category-select";
import { FinanceHeader, financeMeta } from "~/modules/finance/components/finance-header";
import { createEntries } from "~/modules/finance/entries.server";
import { FINANCE_LIMITS, MAX_INSTALMENTS, type FinanceDirection, type NewEntryFormValues } from "~/modules/finance/validation";
import { PaymentFields } from "~/modules/finance/components/payment-fields";
import { SupplierSelect } from "~/modules/finance/components/supplier-select";
import type { Route } from "./+types/finance-entry-new";

export const meta = () => financeMeta("Novo lançamento");

export async function loader({ request }: Route.LoaderArgs) {
  const direction: FinanceDirection = new URL(request.url).searchParams.get("tipo") === "entrada" ? "in" : "out";
  const { categories, accounts, suppliers } = await financeChoices({ suppliers: true });
  return {
    direction,
    categories: categories
      .filter((category) => category.archivedAt === null)
      .map(({ id, name, direction: side }) => ({ id, name, direction: side })),
    accounts,
    suppliers,
    today: shopToday(),
    idempotencyKey: newIdempotencyKey(),
  };
}

const FIELDS = [
  "direction",
  "description",
  "categoryId",
  "amount",
  "dueDate",
  "instalments",
  "counterparty",
  "supplierId",
  "notes",
  "isPaid",
  "paidDate",
  "accountId",
  "method",
  "idempotencyKey",
] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const values = Object.fromEntries(FIELDS.map((name) => [name, formText(form, name)])) as NewEntryFormValues;
  try {
    const created = await createEntries(actorOf(currentUser(context)), values);
    const count = created.entryIds.length;
    const message = created.isReplay
      ? "Este lançamento já tinha sido registrado: nada foi lançado em dobro."
      : count > 1
        ? `${count} parcelas lançadas.`
        : "Lançamento registrado.";
    return redirectWithFlash(
      count > 1
        ? "/financial-management/lancamentos?situacao=aberto"
        : `/financial-management/lancamentos/${created.entryIds[0]}`,
      { message, tone: created.isReplay ? "info" : "success" },
    );
  } catch (error) {
    return formRefusal(error, { values });
  }
}

export default function NewFinanceEntry({ loaderData, actionData }: Route.ComponentProps) {
  const values: NewEntryFormValues = actionData?.values ?? {};
  const errors: FieldErrors = actionData?.errors ?? {};
  const [direction, setDirection] = useState<FinanceDirection>(
    values.direction === "in" || values.direction === "out" ? values.direction : loaderData.direction,
  );
  const [isPaid, setIsPaid] = useState(values.isPaid === "sim");
  const navigation = useNavigation();
  return (
    <div className="space-y-6">
      <FinanceHeader title="Financeiro" />
      <Form method="post" noValidate className="max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Novo lançamento</h2>
        <input type="hidden" name="idempotencyKey" value={values.idempotencyKey || loaderData.idempotencyKey} />
        {errors.form || errors.idempotencyKey || errors.direction ? (
          <Alert tone="destructive">{errors.form ?? errors.idempotencyKey ?? errors.direction}</Alert>
        ) : null}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Tipo</legend>
          <div className="mt-1 flex flex-wrap gap-x-6">
            {(
              [
                ["out", "Conta a pagar (saída)"],
                ["in", "Conta a receber (entrada)"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="inline-flex min-h-11 items-center gap-2 text-slate-900">
                <input
                  type="radio"
                  name="direction"
                  value={value}
                  checked={direction === value}
                  onChange={() => setDirection(value)}
                  className="size-5 accent-brand-700"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          label="Descrição"
          name="description"
          maxLength={FINANCE_LIMITS.description}
          defaultValue={values.description ?? ""}
          error={errors.description}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <CategorySelect
            categories={loaderData.categories}
            direction={direction}
            defaultValue={values.categoryId}
            error={errors.categoryId}
          />
          <Field
            label="Valor total (R$)"
            name="amount"
            inputMode="decimal"
            maxLength={20}
            placeholder="0,00"
            defaultValue={values.amount ?? ""}
            error={errors.amount}
          />
          <Field
            label="Vencimento"
            name="dueDate"
            type="date"
            defaultValue={values.dueDate || loaderData.today}
            error={errors.dueDate}
            hint="Em parcelas: o da primeira; as outras vencem mês a mês."
          />
          <Field
            label="Parcelas"
            name="instalments"
            inputMode="numeric"
            maxLength={3}
            defaultValue={values.instalments || "1"}
            error={errors.instalments}
            hint={`1 a ${MAX_INSTALMENTS}; o valor total é dividido entre elas.`}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SupplierSelect suppliers={loaderData.suppliers} defaultValue={values.supplierId ?? ""} error={errors.supplierId} />
          <Field
            label="Cliente ou outro favorecido (texto)"
            name="counterparty"
            maxLength={FINANCE_LIMITS.counterparty}
            defaultValue={values.counterparty ?? ""}
            error={errors.counterparty}
            hint="Para quem não é fornecedor cadastrado."
          />
        </div>
        <TextareaField
          label="Observações"
          name="notes"
          rows={2}
          maxLength={FINANCE_LIMITS.notes}
          defaultValue={values.notes ?? ""}
          error={errors.notes}
        />
        <label className="inline-flex min-h-11 items-center gap-2 text-slate-900">
          <input
            type="checkbox"
            name="isPaid"
            value="sim"
            checked={isPaid}
            onChange={(event) => setIsPaid(event.target.checked)}
            className="size-5 accent-brand-700"
          />
          Já foi pago
        </label>
        {isPaid ? (
          <fieldset className="grid gap-4 rounded-md border border-slate-200 p-3 sm:grid-cols-3">
            <legend className="px-1 text-sm font-medium text-slate-800">Pagamento</legend>
            <PaymentFields accounts={loaderData.accounts} today={loaderData.today} values={values} errors={errors} />
          </fieldset>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={navigation.state === "submitting"}>
            Salvar lançamento
          </Button>
          <ButtonLink to="/financial-management/lancamentos" variant="ghost">
            Voltar
          </ButtonLink>
        </div>
      </Form>
    </div>
  );
}
