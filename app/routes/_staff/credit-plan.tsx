import { Printer } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { FlashAlert } from "~/components/ui/flash-alert";
import { TextareaField } from "~/components/ui/textarea-field";
import { formatDate, formatDateTime, shopToday } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { formatCents } from "~/lib/money";
import { formatPhone } from "~/lib/phone";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { SALE_PAYMENT_LABELS } from "~/modules/cash-register/sale-totals";
import { CreditDisclosurePanel } from "~/modules/credit/components/credit-disclosure";
import { PlanStatusBadge } from "~/modules/credit/components/plan-status-badge";
import { CREDIT_LIMITS } from "~/modules/credit/plan-terms";
import { cancelCreditPlan } from "~/modules/credit/plans.server";
import { getCreditPlan, type CreditPlanDetail, type InstalmentStatus } from "~/modules/credit/queries.server";
import { correctionOfPlan } from "~/modules/credit/corrections.server";
import type { Route } from "./+types/credit-plan";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Crediário nº ${loaderData.plan.id} — Balcão` : "Crediário — Balcão" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const plan = await getCreditPlan(actor, parseIdParam(params.id), { today: shopToday() });
  if (!plan) throw data({ reason: "not-found" }, { status: 404 });
  const correction = plan.status === "paid" ? await correctionOfPlan(actor, plan.id) : null;
  return { plan, correction, flash: flashOf(context) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const planId = parseIdParam(params.id);
  const form = await request.formData().catch(() => null);
  if (!form || formText(form, "intent") !== "cancel") return formProblem({});
  try {
    await cancelCreditPlan(actor, planId, { reason: formText(form, "reason") });
  } catch (error) {
    return formRefusal(error, {});
  }
  return redirectWithFlash(`/cdc/${planId}`, { message: "Crediário cancelado.", tone: "info" });
}

const INSTALMENT_LOOKS: Record<InstalmentStatus, string> = {
  open: "text-slate-700",
  paid: "text-emerald-800",
  overdue: "font-semibold text-red-700",
};

function instalmentStatusText(instalment: CreditPlanDetail["instalments"][number]) {
  if (instalment.status === "paid") return "Paga";
  if (instalment.status === "overdue")
    return `Atrasada há ${instalment.daysOverdue} dia${instalment.daysOverdue === 1 ? "" : "s"}`;
  return instalment.paidCents > 0 ? `Em aberto (pago ${formatCents(instalment.paidCents)})` : "Em aberto";
}

function originLink(origin: CreditPlanDetail["origin"]) {
  if (origin.kind === "sale") return { href: `/cash-register/vendas/${origin.id}`, label: `Venda nº ${origin.id}` };
  if (origin.kind === "order") return { href: `/service-orders/${origin.id}/edit`, label: `OS nº ${origin.id}` };
  return { href: null, label: `Dívida nº ${origin.id}` };
}

export default function CreditPlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, correction, flash } = loaderData;
  const errors: FieldErrors = actionData && "errors" in actionData ? actionData.errors : {};
  const origin = originLink(plan.origin);
  const isActive = plan.status === "active";
  const isOverdue = plan.instalments.some((instalment) => instalment.status === "overdue");

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <BackLink to="/cdc">Crediários</BackLink>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold text-slate-900">
          Crediário nº {plan.id} <PlanStatusBadge status={plan.status} isOverdue={isOverdue} />
        </h1>
        <p className="text-slate-700">
          {plan.customerName}
          {plan.customerPhone ? ` · ${formatPhone(plan.customerPhone)}` : ""} ·{" "}
          {origin.href ? (
            <Link to={origin.href} className="text-brand-700 underline underline-offset-2">
              {origin.label}
            </Link>
          ) : (
            origin.label
          )}{" "}
          · criado em {formatDateTime(plan.createdAt)} por {plan.createdByLabel}
        </p>
      </div>
      <FlashAlert flash={flash} />
      {plan.cancelledAt ? (
        <Alert tone="destructive">
          Cancelado em {formatDateTime(plan.cancelledAt)} por {plan.cancelledByLabel}: {plan.cancelReason}
        </Alert>
      ) : null}

      {correction ? (
        <Alert tone="info">
          {correction.status === "failed"
            ? "A quitação deste crediário foi feita pela regra antiga e não pôde ser recalculada: confira em Correções do crediário."
            : `Quitação corrigida em ${formatDate(correction.businessDate)} pela regra do contrato: pago ${formatCents(correction.paidCents)}, devido ${formatCents(correction.dueCents ?? 0)}${
                correction.creditedCents > 0
                  ? `; ${formatCents(correction.creditedCents)} voltaram ao cliente como crédito na loja.`
                  : correction.absorbedCents > 0
                    ? `; a loja absorveu ${formatCents(correction.absorbedCents)} (nada é cobrado do cliente).`
                    : "; o financeiro foi corrigido."
              }`}
        </Alert>
      ) : null}

      <nav aria-label="Ações do crediário" className="flex flex-wrap gap-2">
        {isActive ? (
          <>
            <ButtonLink to={`/cdc/${plan.id}/pagar`}>Receber parcela</ButtonLink>
            <ButtonLink to={`/cdc/${plan.id}/quitar`} variant="outline">
              Quitar antecipado
            </ButtonLink>
          </>
        ) : null}
        <ButtonLink to={`/cdc/${plan.id}/extrato`} variant="outline">
          Extrato
        </ButtonLink>
        <a href={`/cdc/${plan.id}/contrato`} className={buttonClass({ variant: "outline" })}>
          <Printer aria-hidden className="size-4" />
          Imprimir contrato
        </a>
      </nav>

      <section aria-labelledby="parcelas" className="space-y-2">
        <h2 id="parcelas" className="text-lg font-semibold text-slate-900">
          Parcelas
        </h2>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {plan.instalments.map((instalment) => (
            <li
              key={instalment.id}
              className="grid grid-cols-[2.5rem_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-0.5 px-4 py-2"
              data-testid="instalment"
            >
              <span className="font-medium text-slate-900">{instalment.number}</span>
              <span className="min-w-0">
                <span className="block text-slate-900">{formatDate(instalment.dueDate)}</span>
                <span className={`block text-sm ${INSTALMENT_LOOKS[instalment.status]}`}>{instalmentStatusText(instalment)}</span>
              </span>
              <span className="font-medium text-slate-900 tabular-nums">{formatCents(instalment.amountCents)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="pagamentos" className="space-y-2">
        <h2 id="pagamentos" className="text-lg font-semibold text-slate-900">
          Pagamentos
        </h2>
        {plan.payments.length === 0 ? (
          <p className="text-slate-700">Nenhum pagamento ainda.</p>
        ) : (
          <ul className="space-y-1">
            {plan.payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap justify-between gap-2">
                <span>
                  {formatDateTime(payment.paidAt)} ·{" "}
                  {SALE_PAYMENT_LABELS[payment.method as keyof typeof SALE_PAYMENT_LABELS] ?? payment.method}
                  {payment.kind === "payoff" ? " · quitação" : ""}
                  {payment.cancelledAt ? " (cancelado)" : ""}
                </span>
                <span className="tabular-nums">{formatCents(payment.amountCents)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <CreditDisclosurePanel disclosure={plan.disclosure} />

      {isActive ? <CancelPlanForm hasPayments={plan.hasPayments} errors={errors} /> : null}
    </div>
  );
}

function CancelPlanForm({ hasPayments, errors }: { hasPayments: boolean; errors: FieldErrors }) {
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting";
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4" open={Object.keys(errors).length > 0}>
      <summary className="cursor-pointer text-lg font-semibold text-slate-900">Cancelar crediário</summary>
      {hasPayments ? (
        <p className="mt-3 text-slate-700">
          Este crediário já tem pagamentos: cancele os pagamentos no extrato antes de cancelar o crediário.
        </p>
      ) : (
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="cancel" />
          <p className="text-sm text-slate-700">
            As parcelas deixam de valer. O que o crediário cobria volta para a origem: o saldo da OS ou a dívida ficam em aberto
            de novo.
          </p>
          {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
          <TextareaField
            label="Motivo do cancelamento"
            name="reason"
            maxLength={CREDIT_LIMITS.cancelReason}
            required
            error={errors.reason}
            className="[&_textarea]:min-h-20"
          />
          <Button type="submit" variant="danger" disabled={isSaving} aria-busy={isSaving}>
            Cancelar crediário
          </Button>
        </Form>
      )}
    </details>
  );
}
