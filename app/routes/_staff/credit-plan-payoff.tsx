import { data, Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FlashAlert } from "~/components/ui/flash-alert";
import { optionsOf, SelectField } from "~/components/ui/select-field";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { centsToInput, formatCents } from "~/lib/money";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { PlanPaymentHeader } from "~/modules/credit/components/plan-payment-header";
import { getCreditPlanAccount } from "~/modules/credit/payment-queries.server";
import { CREDIT_PAYMENT_METHODS } from "~/modules/credit/payment-validation";
import { payoffCreditPlan } from "~/modules/credit/payments.server";
import type { Route } from "./+types/credit-plan-payoff";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Quitar crediário nº ${loaderData?.account.plan.id ?? ""} — Balcão` }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const account = await getCreditPlanAccount(actorOf(currentUser(context)), parseIdParam(params.id));
  if (!account) throw data({ reason: "not-found" }, { status: 404 });
  // ?parcelas=N shows the quote for the last N; anything else, all of them.
  const asked = Number(new URL(request.url).searchParams.get("parcelas"));
  const chosen = account.payoffOptions.find((option) => option.count === asked) ?? account.payoffOptions[0] ?? null;
  return { account, chosen, flash: flashOf(context), idempotencyKey: newIdempotencyKey() };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const planId = parseIdParam(params.id);
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ values: null });
  const values = {
    instalments: formText(form, "instalments"),
    expectedTotal: formText(form, "expectedTotal"),
    method: formText(form, "method"),
    idempotencyKey: formText(form, "idempotencyKey"),
  };
  try {
    const paid = await payoffCreditPlan(actor, planId, values);
    return redirectWithFlash(`/cdc/${planId}/extrato`, {
      message: `Quitação de ${formatCents(paid.amountCents)} registrada (${formatCents(paid.waivedInterestCents)} de juros abatidos)${paid.isPlanPaid ? ": crediário quitado" : ""}.`,
      link: { href: `/cdc/${planId}/pagamentos/${paid.paymentId}/recibo?papel=80mm`, label: "Imprimir recibo" },
    });
  } catch (error) {
    return formRefusal(error, { values });
  }
}

export default function CreditPlanPayoff({ loaderData, actionData }: Route.ComponentProps) {
  const { account, chosen, flash, idempotencyKey } = loaderData;
  const errors: FieldErrors = actionData?.errors ?? {};
  const values = actionData?.values ?? null;
  const isAll = chosen !== null && chosen.count === account.openCount;

  return (
    <div className="space-y-6">
      <PlanPaymentHeader plan={account.plan} title="Quitar antecipadamente" owedTodayCents={account.owedTodayCents} />
      <FlashAlert flash={flash} />
      {account.plan.status !== "active" || chosen === null ? (
        <Alert tone="info">
          Este crediário está {account.plan.statusLabel.toLowerCase()}: nada a quitar.{" "}
          <Link to={`/cdc/${account.plan.id}/extrato`} className="font-medium underline">
            Ver o extrato
          </Link>
        </Alert>
      ) : (
        <div className="max-w-2xl space-y-6">
          <p className="text-slate-700">
            Pagando antes do vencimento, os juros das parcelas a vencer são reduzidos: cada uma é trazida ao valor de hoje pela
            taxa do contrato (CDC, art. 52, § 2º). Parcelas já vencidas entram inteiras, com multa e juros de atraso.
          </p>
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <SelectField
              label="Quais parcelas"
              name="parcelas"
              defaultValue={String(chosen.count)}
              options={account.payoffOptions.map((option) => ({
                value: String(option.count),
                label:
                  option.count === account.openCount
                    ? `Todas as ${option.count} em aberto`
                    : `As últimas ${option.count} (${option.numbers.join(", ")})`,
              }))}
              className="min-w-64 flex-1"
            />
            <Button type="submit" variant="outline">
              Calcular
            </Button>
          </Form>

          <section aria-labelledby="cotacao" className="space-y-2 rounded-md border border-slate-200 bg-white p-4">
            <h2 id="cotacao" className="text-lg font-semibold text-slate-900">
              {isAll ? "Quitação de todo o crediário" : `Quitação das parcelas ${chosen.numbers.join(", ")}`}
            </h2>
            <dl className="space-y-1">
              <div className="flex justify-between gap-4 text-slate-700">
                <dt>Valor das parcelas (sem desconto)</dt>
                <dd>{formatCents(chosen.nominalCents)}</dd>
              </div>
              <div className="flex justify-between gap-4 text-emerald-800">
                <dt>Juros abatidos</dt>
                <dd>− {formatCents(chosen.savedCents)}</dd>
              </div>
              <div className="flex justify-between gap-4 text-lg font-bold text-slate-900">
                <dt>A pagar hoje</dt>
                <dd data-testid="payoff-total">{formatCents(chosen.totalCents)}</dd>
              </div>
            </dl>
          </section>

          <Form method="post" noValidate className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4">
            <input type="hidden" name="idempotencyKey" value={values?.idempotencyKey || idempotencyKey} />
            <input type="hidden" name="instalments" value={isAll ? "todas" : String(chosen.count)} />
            <input type="hidden" name="expectedTotal" value={centsToInput(chosen.totalCents)} />
            {errors.form || errors.idempotencyKey || errors.expectedTotal || errors.instalments ? (
              <Alert tone="destructive">
                {errors.form ?? errors.idempotencyKey ?? errors.expectedTotal ?? errors.instalments}
              </Alert>
            ) : null}
            <SelectField
              label="Forma de pagamento"
              name="method"
              defaultValue={values?.method || "pix"}
              options={optionsOf(CREDIT_PAYMENT_METHODS)}
              error={errors.method}
              className="max-w-xs"
            />
            <Button type="submit">Confirmar quitação de {formatCents(chosen.totalCents)}</Button>
          </Form>
        </div>
      )}
    </div>
  );
}
