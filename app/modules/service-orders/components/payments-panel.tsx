import { paymentMethodLabel } from "~/lib/payment-methods";
import { useState } from "react";
import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { formatDate } from "~/lib/dates";
import { centsToInput, formatCents } from "~/lib/money";
import { PAYMENT_METHODS, type ServiceOrderPaymentFormValues } from "../validation";
import { optionsOf, SelectField } from "~/components/ui/select-field";
import { PixCharge } from "~/modules/pix/components/pix-charge";
import type { PixChargeResult } from "~/modules/pix/pix-charge";

export type PaymentView = {
  id: number;
  method: string;
  amountCents: number;
  isDeposit: boolean;
  paidAt: Date | string;
  note: string;
  /** Set when the payment was cancelled in the register. */
  cancelReason?: string | null;
};

/**
 * Payments received and the form for a new one. The idempotency key comes
 * with each render of the page: submitting the same form twice records the
 * payment once.
 */
export function PaymentsPanel({
  payments,
  balanceCents,
  idempotencyKey,
  today,
  errors,
  values,
  registerOpen,
  registerClosedRefusal,
  pix = null,
}: {
  payments: readonly PaymentView[];
  balanceCents: number;
  idempotencyKey: string;
  today: string;
  errors: Record<string, string>;
  values: ServiceOrderPaymentFormValues | null;
  /** Cash lands in the open register: with none open, the form says so and links to open it. */
  registerOpen: boolean;
  registerClosedRefusal: boolean;
  /** The PIX code of the open balance (or why there is none), shown while PIX is the chosen method. */
  pix?: PixChargeResult | null;
}) {
  const [method, setMethod] = useState(values?.method ?? "pix");
  return (
    <div className="space-y-4">
      {payments.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum pagamento registrado.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm">
              <span className="text-slate-800">
                {formatDate(payment.paidAt)} · {paymentMethodLabel(payment.method)}
                {payment.isDeposit ? " · sinal" : ""}
                {payment.note && !payment.isDeposit ? ` · ${payment.note}` : ""}
              </span>
              {payment.cancelReason ? (
                <span className="w-full text-slate-700 sm:order-last">Cancelado no caixa: {payment.cancelReason}</span>
              ) : null}
              <strong className={payment.cancelReason ? "text-slate-500 line-through" : "text-slate-900"}>
                {formatCents(payment.amountCents)}
              </strong>
            </li>
          ))}
        </ul>
      )}
      {balanceCents > 0 ? (
        <Form method="post" noValidate className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
          <h3 className="font-medium text-slate-900">Registrar pagamento</h3>
          <input type="hidden" name="intent" value="payment" />
          <input type="hidden" name="idempotencyKey" value={values?.idempotencyKey || idempotencyKey} />
          {errors.form || errors.idempotencyKey ? <Alert tone="destructive">{errors.form ?? errors.idempotencyKey}</Alert> : null}
          {registerClosedRefusal || !registerOpen ? (
            <p className={registerClosedRefusal ? "text-sm font-medium text-red-700" : "text-sm text-slate-700"}>
              {registerClosedRefusal
                ? "Não há caixa aberto para receber em dinheiro: "
                : "O caixa está fechado: dinheiro só com o caixa aberto. "}
              <Link to="/cash-register" className="font-medium text-brand-700 underline underline-offset-2">
                Abrir o caixa
              </Link>
              {registerClosedRefusal ? " e registre de novo, ou receba por PIX ou cartão." : "."}
            </p>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField
              label="Forma"
              name="method"
              value={method}
              onChange={(event) => setMethod(event.target.value)}
              options={optionsOf(PAYMENT_METHODS)}
              error={errors.method}
            />
            <Field
              label="Valor (R$)"
              name="amount"
              inputMode="decimal"
              maxLength={20}
              defaultValue={values?.amount ?? centsToInput(balanceCents)}
              error={errors.amount}
            />
            <Field
              label="Data"
              name="paidAt"
              type="date"
              max={today}
              defaultValue={values?.paidAt || today}
              error={errors.paidAt}
            />
          </div>
          <Field label="Observação (opcional)" name="note" maxLength={200} defaultValue={values?.note} error={errors.note} />
          {method === "pix" && pix ? (
            pix.status === "ready" ? (
              <PixCharge charge={pix.charge} title={`PIX do saldo (${formatCents(balanceCents)})`} headingLevel={3} />
            ) : (
              <Alert tone="info">{pix.message}</Alert>
            )
          ) : null}
          <Button type="submit" size="sm">
            Registrar pagamento
          </Button>
        </Form>
      ) : (
        <p className="text-sm font-medium text-emerald-800">Sem saldo em aberto.</p>
      )}
    </div>
  );
}
