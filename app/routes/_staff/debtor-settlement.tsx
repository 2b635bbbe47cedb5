import { data, Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { optionsOf, SelectField } from "~/components/ui/select-field";
import { daysBetween, formatDate } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText, formTexts } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { formatCents } from "~/lib/money";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { CREDIT_PAYMENT_METHODS } from "~/modules/credit/payment-validation";
import { getCustomerSettlement, settleCustomerDebts } from "~/modules/credit/settlement.server";
import { PixCharge } from "~/modules/pix/components/pix-charge";
import { pixChargeFor } from "~/modules/pix/pix-charge.server";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/debtor-settlement";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Pagamento de ${loaderData?.settlement.customer.name ?? "cliente"} — Balcão` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const settlement = await getCustomerSettlement(actorOf(currentUser(context)), parseIdParam(params.customerId));
  if (!settlement) throw data({ reason: "not-found" }, { status: 404 });
  const pix =
    settlement.totalCents > 0
      ? await pixChargeFor(await getShopSettings(), {
          amountCents: settlement.totalCents,
          txid: `DEV${settlement.customer.id}`,
          description: "Acerto de débitos",
        })
      : null;
  return { settlement, pix, flash: flashOf(context), idempotencyKey: newIdempotencyKey() };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const customerId = parseIdParam(params.customerId);
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ values: null });
  const values = {
    items: formTexts(form, "items"),
    amount: formText(form, "amount"),
    method: formText(form, "method"),
    note: formText(form, "note"),
    idempotencyKey: formText(form, "idempotencyKey"),
  };
  try {
    const settled = await settleCustomerDebts(actor, customerId, values);
    const count = settled.parts.length;
    return redirectWithFlash(`/devedores/${customerId}/pagamento`, {
      message: `Pagamento de ${formatCents(settled.amountCents)} registrado em ${count} ${count === 1 ? "item" : "itens"}.`,
    });
  } catch (error) {
    return formRefusal(error, { values });
  }
}

export default function DebtorSettlement({ loaderData, actionData }: Route.ComponentProps) {
  const { settlement, pix, flash, idempotencyKey } = loaderData;
  const errors: FieldErrors = actionData?.errors ?? {};
  const values = actionData?.values ?? null;
  const chosen = values ? new Set(values.items) : null;
  // Plans whose instalments together are worth less paid off today than their face: the settlement takes the payoff.
  const payoffs = new Map<number, { sum: number; payoff: number }>();
  for (const item of settlement.items) {
    if (item.planId === null || item.planPayoffCents === null) continue;
    const plan = payoffs.get(item.planId) ?? { sum: 0, payoff: item.planPayoffCents };
    plan.sum += item.dueCents;
    payoffs.set(item.planId, plan);
  }
  const discounted = [...payoffs].filter(([, plan]) => plan.payoff < plan.sum);

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <BackLink to={`/devedores/${settlement.customer.id}`}>Débitos do cliente</BackLink>
        <h1 className="text-2xl font-bold text-slate-900">Registrar pagamento</h1>
        <p className="text-slate-700">
          {settlement.customer.name} · em aberto hoje: <strong>{formatCents(settlement.totalCents)}</strong>
        </p>
      </div>
      <FlashAlert flash={flash} />
      {settlement.items.length === 0 ? (
        <Alert tone="success">Este cliente não deve nada.</Alert>
      ) : (
        <div className="max-w-3xl space-y-6">
          <Form method="post" noValidate className="space-y-4">
            <input type="hidden" name="idempotencyKey" value={values?.idempotencyKey || idempotencyKey} />
            {errors.form || errors.idempotencyKey ? (
              <Alert tone="destructive">{errors.form ?? errors.idempotencyKey}</Alert>
            ) : null}
            <fieldset className="space-y-2">
              <legend className="text-lg font-semibold text-slate-900">O que pagar</legend>
              <p className="text-sm text-slate-700">
                Os mais antigos são pagos primeiro; com um valor menor que o total, o último fica pago em parte.
              </p>
              {errors.items ? (
                <p className="text-sm font-medium text-red-700" role="alert">
                  {errors.items}
                </p>
              ) : null}
              <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
                {settlement.items.map((item) => {
                  const daysLate = daysBetween(item.dueDate, settlement.today);
                  return (
                    <li key={item.key}>
                      <label className="flex cursor-pointer items-start gap-3 px-3 py-2">
                        <input
                          type="checkbox"
                          name="items"
                          value={item.key}
                          defaultChecked={chosen ? chosen.has(item.key) : true}
                          className="mt-1 size-5"
                        />
                        <span className="min-w-0 flex-1">
                          <span className="block font-medium text-slate-900">
                            {item.kind === "debt" ? `Débito · ${item.description}` : item.description}
                          </span>
                          <span className={daysLate > 0 ? "block text-sm text-red-800" : "block text-sm text-slate-600"}>
                            Vence {formatDate(item.dueDate)}
                            {daysLate > 0 ? ` · ${daysLate} dia${daysLate === 1 ? "" : "s"} em atraso` : ""}
                          </span>
                        </span>
                        <strong className="text-slate-900">{formatCents(item.dueCents)}</strong>
                      </label>
                    </li>
                  );
                })}
              </ul>
              {discounted.map(([planId, plan]) => (
                <p key={planId} className="text-sm text-slate-700" data-testid={`quitacao-${planId}`}>
                  Crediário nº {planId} inteiro hoje: <strong>{formatCents(plan.payoff)}</strong> em vez de{" "}
                  {formatCents(plan.sum)} (juros ainda não corridos abatidos, CDC art. 52 §2).
                </p>
              ))}
            </fieldset>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                label="Valor (R$)"
                name="amount"
                inputMode="decimal"
                maxLength={20}
                defaultValue={values?.amount ?? ""}
                hint="Em branco: o total dos itens marcados."
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
            <Field label="Observação (opcional)" name="note" maxLength={200} defaultValue={values?.note} error={errors.note} />
            <Button type="submit">Registrar pagamento</Button>
          </Form>
          <div className="space-y-3">
            {pix?.status === "ready" ? (
              <PixCharge charge={pix.charge} title={`PIX de ${formatCents(settlement.totalCents)}`} />
            ) : pix ? (
              <Alert tone="info">{pix.message}</Alert>
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}
