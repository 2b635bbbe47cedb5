import { data, Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { optionsOf, SelectField } from "~/components/ui/select-field";
import { formatDate } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { centsToInput, formatCents, parseMoneyToCents } from "~/lib/money";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { PlanPaymentHeader } from "~/modules/credit/components/plan-payment-header";
import { creditPixTxid, INSTALMENT_STATUS_LABELS } from "~/modules/credit/payment-labels";
import { getCreditPlanAccount } from "~/modules/credit/payment-queries.server";
import { CREDIT_PAYMENT_METHODS, MAX_PAYMENT_CENTS } from "~/modules/credit/payment-validation";
import { payCreditPlan } from "~/modules/credit/payments.server";
import { PixCharge } from "~/modules/pix/components/pix-charge";
import { pixChargeFor } from "~/modules/pix/pix-charge.server";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/credit-plan-pay";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Pagar crediário nº ${loaderData?.account.plan.id ?? ""} — Balcão` }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const account = await getCreditPlanAccount(actorOf(currentUser(context)), parseIdParam(params.id));
  if (!account) throw data({ reason: "not-found" }, { status: 404 });
  // "Gerar PIX" for another amount (a partial payment) asks by the address; anything unreadable falls back to what is due.
  const asked = parseMoneyToCents(new URL(request.url).searchParams.get("valor") ?? "");
  const pixCents =
    asked !== null && asked > 0 && asked <= Math.min(account.owedTodayCents, MAX_PAYMENT_CENTS) ? asked : account.suggestedCents;
  const pix =
    account.plan.status === "active" && pixCents > 0 && account.nextInstalmentNumber !== null
      ? await pixChargeFor(await getShopSettings(), {
          amountCents: pixCents,
          txid: creditPixTxid(account.plan.id, account.nextInstalmentNumber),
          description: `Crediário ${account.plan.id}`,
        })
      : null;
  return { account, pix, pixCents, flash: flashOf(context), idempotencyKey: newIdempotencyKey() };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const planId = parseIdParam(params.id);
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ values: null });
  const values = {
    amount: formText(form, "amount"),
    method: formText(form, "method"),
    idempotencyKey: formText(form, "idempotencyKey"),
  };
  try {
    const paid = await payCreditPlan(actor, planId, values);
    return redirectWithFlash(`/cdc/${planId}/extrato`, {
      message: `Pagamento de ${formatCents(paid.amountCents)} registrado${paid.isPlanPaid ? ": crediário quitado" : ""}.`,
      link: { href: `/cdc/${planId}/pagamentos/${paid.paymentId}/recibo?papel=80mm`, label: "Imprimir recibo" },
    });
  } catch (error) {
    return formRefusal(error, { values });
  }
}

export default function CreditPlanPay({ loaderData, actionData }: Route.ComponentProps) {
  const { account, pix, pixCents, flash, idempotencyKey } = loaderData;
  const errors: FieldErrors = actionData?.errors ?? {};
  const values = actionData?.values ?? null;
  const open = account.instalments.filter((instalment) => instalment.status !== "paid");
  const isActive = account.plan.status === "active";

  return (
    <div className="space-y-6">
      <PlanPaymentHeader plan={account.plan} title="Pagar parcelas" owedTodayCents={account.owedTodayCents} />
      <FlashAlert flash={flash} />
      {!isActive ? (
        <Alert tone="info">
          Este crediário está {account.plan.statusLabel.toLowerCase()}: não recebe pagamentos.{" "}
          <Link to={`/cdc/${account.plan.id}/extrato`} className="font-medium underline">
            Ver o extrato
          </Link>
        </Alert>
      ) : (
        <div className="max-w-3xl space-y-6">
          <div className="space-y-6">
            <section aria-labelledby="em-aberto" className="space-y-2">
              <h2 id="em-aberto" className="text-lg font-semibold text-slate-900">
                Parcelas em aberto hoje
              </h2>
              <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
                {open.map((instalment) => (
                  <li key={instalment.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">
                        Parcela {instalment.number}/{account.plan.instalmentCount} · vence {formatDate(instalment.dueDate)}
                      </p>
                      <p className={instalment.status === "overdue" ? "text-sm text-red-800" : "text-sm text-slate-600"}>
                        {instalment.status === "overdue"
                          ? `Vencida há ${instalment.daysLate} dia${instalment.daysLate === 1 ? "" : "s"} · multa e juros: ${formatCents(instalment.chargesTodayCents)}`
                          : INSTALMENT_STATUS_LABELS[instalment.status]}
                      </p>
                    </div>
                    <strong className="text-slate-900">{formatCents(instalment.owedTodayCents)}</strong>
                  </li>
                ))}
              </ul>
              <p className="text-sm text-slate-700">
                Um pagamento parcial quita primeiro a multa e os juros de atraso, depois os juros e por fim o valor principal, da
                parcela mais antiga para a mais nova (Código Civil, art. 354). Para pagar tudo com os juros reduzidos, use{" "}
                <Link to={`/cdc/${account.plan.id}/quitar`} className="font-medium text-brand-700 underline underline-offset-2">
                  Quitar
                </Link>
                .
              </p>
            </section>

            <Form method="post" noValidate className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4">
              <h2 className="text-lg font-semibold text-slate-900">Registrar pagamento</h2>
              <input type="hidden" name="idempotencyKey" value={values?.idempotencyKey || idempotencyKey} />
              {errors.form || errors.idempotencyKey ? (
                <Alert tone="destructive">{errors.form ?? errors.idempotencyKey}</Alert>
              ) : null}
              <div className="grid gap-3 sm:grid-cols-2">
                <Field
                  label="Valor (R$)"
                  name="amount"
                  inputMode="decimal"
                  maxLength={20}
                  defaultValue={values?.amount ?? centsToInput(account.suggestedCents)}
                  hint={`Devido hoje: ${formatCents(account.suggestedCents)}`}
                  error={errors.amount}
                />
                <SelectField
                  label="Forma de pagamento"
                  name="method"
                  defaultValue={values?.method || "pix"}
                  options={optionsOf(CREDIT_PAYMENT_METHODS)}
                  error={errors.method}
                />
              </div>
              <Button type="submit">Registrar pagamento</Button>
            </Form>
          </div>

          <div className="space-y-3">
            {pix?.status === "ready" ? (
              <PixCharge charge={pix.charge} title={`PIX de ${formatCents(pixCents)}`} />
            ) : pix ? (
              <Alert tone="info">{pix.message}</Alert>
            ) : null}
            <Form method="get" className="flex items-end gap-2">
              <Field
                label="PIX de outro valor (R$)"
                name="valor"
                inputMode="decimal"
                maxLength={20}
                defaultValue={centsToInput(pixCents)}
                className="flex-1"
              />
              <Button type="submit" variant="outline">
                Gerar PIX
              </Button>
            </Form>
            <p className="text-sm text-slate-700">
              O código não confirma sozinho: confira o extrato do banco e registre o pagamento como PIX.
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
