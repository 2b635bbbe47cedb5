import { formatDate } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { PixCharge } from "~/modules/pix/components/pix-charge";
import type { AccountCreditPlan } from "../account-plans.server";

const STATUS_CLASSES = {
  paid: "bg-emerald-100 text-emerald-900",
  overdue: "bg-red-100 text-red-900",
  open: "bg-slate-100 text-slate-800",
} as const;

/** "Minha conta": the customer's crediário plans, each instalment's status, and a PIX code for the next one. */
export function AccountCreditPlans({ plans }: { plans: readonly AccountCreditPlan[] }) {
  if (plans.length === 0) return null;
  return (
    <section aria-labelledby="meus-crediarios" className="space-y-3">
      <h2 id="meus-crediarios" className="text-lg font-semibold text-slate-900">
        Meus crediários
      </h2>
      {plans.map((plan) => (
        <article key={plan.id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-semibold text-slate-900">Crediário nº {plan.id}</h3>
            <span className="text-sm font-medium text-slate-700">{plan.statusLabel}</span>
          </div>
          <p className="text-sm text-slate-700">
            Contratado em {formatDate(plan.contractDate)} · {formatCents(plan.financedCents)} financiados em{" "}
            {plan.instalmentCount} parcelas · total {formatCents(plan.totalCents)}
          </p>
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {plan.instalments.map((instalment) => (
              <li key={instalment.number} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="text-slate-800">
                  Parcela {instalment.number}/{plan.instalmentCount} · vence {formatDate(instalment.dueDate)}
                </span>
                <span className="flex items-center gap-2">
                  <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[instalment.status]}`}>
                    {instalment.statusLabel}
                    {instalment.status === "overdue" ? ` há ${instalment.daysLate} d` : ""}
                  </span>
                  <strong className="text-slate-900">{formatCents(instalment.amountCents)}</strong>
                </span>
              </li>
            ))}
          </ul>
          {plan.next ? (
            <div className="space-y-2">
              <p className="text-slate-800">
                Próxima parcela: <strong>{plan.next.number}</strong>, vence {formatDate(plan.next.dueDate)}. Valor hoje:{" "}
                <strong>{formatCents(plan.next.dueTodayCents)}</strong>
                {plan.next.chargesCents > 0 ? " (com multa e juros de atraso)" : ""}.
              </p>
              {plan.next.pix.status === "ready" ? (
                <>
                  <PixCharge charge={plan.next.pix.charge} title={`PIX da parcela ${plan.next.number}`} headingLevel={4} />
                  <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
                    O pagamento por PIX é confirmado pela loja: depois de pagar, a parcela aparece como paga quando a loja
                    conferir o recebimento. Guarde o comprovante do seu banco.
                  </p>
                </>
              ) : (
                <p className="text-sm text-slate-700">Pague na loja: {plan.next.pix.message}</p>
              )}
            </div>
          ) : null}
          {plan.payments.length > 0 ? (
            <div className="space-y-1">
              <h4 className="font-medium text-slate-900">Recibos de pagamento</h4>
              <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
                {plan.payments.map((payment) => (
                  <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="text-slate-800">
                      {formatDate(payment.paidAt)} · {formatCents(payment.amountCents)}
                      {payment.isCancelled ? " · cancelado" : ""}
                    </span>
                    <a href={payment.receiptPath} className="font-medium text-brand-700 underline">
                      Ver 2ª via<span className="sr-only"> do recibo nº {payment.id}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </article>
      ))}
    </section>
  );
}
