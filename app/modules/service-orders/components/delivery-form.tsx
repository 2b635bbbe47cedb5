import { useId } from "react";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, FieldMessage } from "~/components/ui/field";
import { formatCents } from "~/lib/money";

/**
 * Delivery is its own small form: who collected the device and, when money
 * is still owed, the explicit choice to record it as a debt.
 */
export function DeliveryForm({
  balanceCents,
  errors,
  defaultDeliveredTo,
}: {
  balanceCents: number;
  errors: Record<string, string>;
  defaultDeliveredTo: string;
}) {
  const debtId = useId();
  return (
    <details open={Object.keys(errors).length > 0} className="rounded-md border border-emerald-300 bg-emerald-50 p-3">
      <summary className="cursor-pointer font-medium text-emerald-900">Registrar entrega</summary>
      <Form method="post" noValidate className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="deliver" />
        {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
        <Field
          label="Quem retirou o aparelho"
          name="deliveredTo"
          required
          maxLength={120}
          defaultValue={defaultDeliveredTo}
          hint="Nome (e documento, se for outra pessoa)."
          error={errors.deliveredTo}
        />
        <Field label="Observação (opcional)" name="note" maxLength={500} error={errors.note} />
        {balanceCents > 0 ? (
          <div className="space-y-1">
            <label className="flex items-start gap-3 text-slate-900">
              <input
                type="checkbox"
                name="registerDebt"
                className="mt-1 size-5 accent-brand-700"
                aria-describedby={errors.registerDebt ? `${debtId}-error` : `${debtId}-hint`}
                aria-invalid={errors.registerDebt ? true : undefined}
              />
              <span>
                Registrar saldo de <strong>{formatCents(balanceCents)}</strong> como dívida do cliente
              </span>
            </label>
            <FieldMessage
              id={debtId}
              error={errors.registerDebt}
              hint="Sem pagar agora, o valor passa para a lista de devedores."
            />
          </div>
        ) : (
          <p className="text-sm text-emerald-900">Sem saldo em aberto.</p>
        )}
        <p className="text-sm text-slate-700">Ao entregar, a senha de desbloqueio guardada é apagada.</p>
        <Button type="submit">Confirmar entrega</Button>
      </Form>
    </details>
  );
}
