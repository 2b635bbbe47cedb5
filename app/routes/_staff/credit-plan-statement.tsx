import { Printer } from "lucide-react";
import { data, Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FlashAlert } from "~/components/ui/flash-alert";
import { TextareaField } from "~/components/ui/textarea-field";
import { formatDate, formatDateTime } from "~/lib/dates";
import { NotFoundError, type FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText, readId } from "~/lib/forms";
import { formatCents } from "~/lib/money";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { PlanPaymentHeader } from "~/modules/credit/components/plan-payment-header";
import { INSTALMENT_STATUS_LABELS } from "~/modules/credit/payment-labels";
import { getCreditPlanAccount } from "~/modules/credit/payment-queries.server";
import { cancelCreditPayment } from "~/modules/credit/payments.server";
import type { Route } from "./+types/credit-plan-statement";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Extrato do crediário nº ${loaderData?.account.plan.id ?? ""} — Balcão` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const account = await getCreditPlanAccount(actorOf(currentUser(context)), parseIdParam(params.id));
  if (!account) throw data({ reason: "not-found" }, { status: 404 });
  return { account, flash: flashOf(context) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const planId = parseIdParam(params.id);
  const form = await request.formData().catch(() => null);
  if (!form || formText(form, "intent") !== "cancel-payment") return formProblem({ paymentId: null as number | null });
  const paymentId = readId(formText(form, "paymentId"));
  try {
    // Only a payment of this plan: the id comes from the page and is checked against it.
    const account = await getCreditPlanAccount(actor, planId);
    if (paymentId === null || !account?.payments.some((payment) => payment.id === paymentId)) {
      throw new NotFoundError("Pagamento não encontrado.");
    }
    await cancelCreditPayment(actor, paymentId, { reason: formText(form, "reason") });
    return redirectWithFlash(`/cdc/${planId}/extrato`, {
      message: `Pagamento nº ${paymentId} cancelado: parcelas, caixa e financeiro desfeitos.`,
      tone: "info",
    });
  } catch (error) {
    return formRefusal(error, { paymentId });
  }
}

const STATUS_CLASSES = {
  paid: "bg-emerald-100 text-emerald-900",
  overdue: "bg-red-100 text-red-900",
  open: "bg-slate-100 text-slate-800",
} as const;

export default function CreditPlanStatement({ loaderData, actionData }: Route.ComponentProps) {
  const { account, flash } = loaderData;
  const errors: FieldErrors = actionData?.errors ?? {};
  const paidCents = account.payments
    .filter((payment) => !payment.cancelledAt)
    .reduce((sum, payment) => sum + payment.amountCents, 0);

  return (
    <div className="space-y-6">
      <PlanPaymentHeader plan={account.plan} title="Extrato do crediário" owedTodayCents={account.owedTodayCents} />
      <FlashAlert flash={flash} />

      <dl className="grid gap-3 sm:grid-cols-4">
        {[
          ["Financiado", account.plan.financedCents],
          ["Total das parcelas", account.plan.totalCents],
          ["Pago até hoje", paidCents],
          ["Em aberto hoje", account.owedTodayCents],
        ].map(([label, cents]) => (
          <div key={label} className="rounded-md border border-slate-200 bg-white p-3">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{formatCents(Number(cents))}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="parcelas" className="space-y-2">
        <h2 id="parcelas" className="text-lg font-semibold text-slate-900">
          Parcelas
        </h2>
        <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
          <table className="w-full min-w-[36rem] text-sm">
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Parcela
                </th>
                <th scope="col" className="px-3 py-2">
                  Vencimento
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Valor
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Pago
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Encargos pagos
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Abatido
                </th>
                <th scope="col" className="px-3 py-2">
                  Situação
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {account.instalments.map((instalment) => (
                <tr key={instalment.id}>
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {instalment.number}/{account.plan.instalmentCount}
                  </th>
                  <td className="px-3 py-2">{formatDate(instalment.dueDate)}</td>
                  <td className="px-3 py-2 text-right">{formatCents(instalment.amountCents)}</td>
                  <td className="px-3 py-2 text-right">
                    {formatCents(instalment.paidInterestCents + instalment.paidPrincipalCents)}
                    {instalment.paidInterestCents > 0 ? (
                      <span className="block text-xs text-slate-600">juros {formatCents(instalment.paidInterestCents)}</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 text-right">{formatCents(instalment.paidChargesCents)}</td>
                  <td className="px-3 py-2 text-right">{formatCents(instalment.waivedInterestCents)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[instalment.status]}`}>
                      {INSTALMENT_STATUS_LABELS[instalment.status]}
                      {instalment.status === "overdue" ? ` há ${instalment.daysLate} d` : ""}
                    </span>
                    {instalment.status !== "paid" && instalment.owedTodayCents > 0 ? (
                      <span className="block text-xs text-slate-600">hoje: {formatCents(instalment.owedTodayCents)}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="pagamentos" className="space-y-2">
        <h2 id="pagamentos" className="text-lg font-semibold text-slate-900">
          Pagamentos
        </h2>
        {account.payments.length === 0 ? (
          <p className="text-slate-700">Nenhum pagamento registrado.</p>
        ) : (
          <ul className="space-y-3">
            {account.payments.map((payment) => (
              <li
                key={payment.id}
                className={`space-y-2 rounded-md border border-slate-200 bg-white p-3 ${payment.cancelledAt ? "opacity-80" : ""}`}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-medium text-slate-900">
                    Nº {payment.id} · {formatDateTime(payment.paidAt)} · {payment.methodLabel}
                    {payment.kind === "payoff" ? " · quitação" : ""}
                  </p>
                  <strong className={payment.cancelledAt ? "text-slate-500 line-through" : "text-slate-900"}>
                    {formatCents(payment.amountCents)}
                  </strong>
                </div>
                <p className="text-sm text-slate-700">
                  Parcela{payment.instalmentNumbers.length === 1 ? "" : "s"} {payment.instalmentNumbers.join(", ")} · encargos{" "}
                  {formatCents(payment.chargesCents)} · juros {formatCents(payment.interestCents)} · principal{" "}
                  {formatCents(payment.principalCents)}
                  {payment.waivedInterestCents > 0 ? ` · abatido ${formatCents(payment.waivedInterestCents)}` : ""} ·{" "}
                  {payment.actorName}
                </p>
                {payment.cancelledAt ? (
                  <p className="text-sm text-red-800">
                    Cancelado em {formatDateTime(payment.cancelledAt)}: {payment.cancelReason}
                  </p>
                ) : null}
                <div className="flex flex-wrap items-start gap-3">
                  <a
                    href={`/cdc/${account.plan.id}/pagamentos/${payment.id}/recibo?papel=80mm`}
                    className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2"
                  >
                    <Printer aria-hidden className="size-4" />
                    Recibo
                  </a>
                  {payment.isCancellable ? (
                    <details className="w-full sm:w-auto" open={actionData?.paymentId === payment.id}>
                      <summary className="cursor-pointer text-sm font-medium text-red-800">Cancelar pagamento</summary>
                      <Form method="post" noValidate className="mt-2 space-y-2">
                        <input type="hidden" name="intent" value="cancel-payment" />
                        <input type="hidden" name="paymentId" value={payment.id} />
                        {actionData?.paymentId === payment.id && errors.form ? (
                          <Alert tone="destructive">{errors.form}</Alert>
                        ) : null}
                        <TextareaField
                          label="Motivo"
                          name="reason"
                          rows={2}
                          maxLength={300}
                          error={actionData?.paymentId === payment.id ? errors.reason : undefined}
                        />
                        <Button type="submit" variant="danger" size="sm">
                          Cancelar este pagamento
                        </Button>
                      </Form>
                    </details>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
