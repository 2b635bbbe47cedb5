import { Link } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { Alert } from "~/components/ui/alert";
import { formatDateTime } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { formatCents } from "~/lib/money";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { closeCashRegister } from "~/modules/cash-register/closing.server";
import { ClosingForm } from "~/modules/cash-register/components/closing-form";
import { getRegisterDesk, listPendingPixOfRegister } from "~/modules/cash-register/queries.server";
import { ENTRY_KIND_LABELS } from "~/modules/cash-register/register-rules";
import { shopToday } from "~/lib/dates";
import { closingFormToInput, type CloseCashRegisterFormValues } from "~/modules/cash-register/validation";
import type { Route } from "./+types/cash-register-closing";

/** After a refusal the totals are read again: a closing refused because entries changed shows the new ones at once. */
export const shouldRevalidate = () => true;

export const meta = () => [{ title: "Fechar o caixa — Balcão" }, { name: "robots", content: "noindex" }];

export async function loader() {
  const desk = await getRegisterDesk();
  // No register open (closed meanwhile, or never opened): the page says so, next to a refused closing's message.
  if (!desk.register) return { register: null, closeKey: "" };
  return {
    register: desk.register,
    totals: desk.totals,
    unassignedCount: desk.unassignedCount,
    seen: desk.fingerprint,
    pendingPix: await listPendingPixOfRegister(desk.register.id, shopToday(desk.register.openedAt)),
    closeKey: newIdempotencyKey(),
  };
}

type ActionResult = { errors: FieldErrors; values?: CloseCashRegisterFormValues };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({});
  const values = closingFormToInput(form);
  try {
    const closed = await closeCashRegister(actorOf(currentUser(context)), formText(form, "registerId"), values);
    const difference = closed.differenceCents === 0 ? "sem diferença" : `diferença de ${formatCents(closed.differenceCents)}`;
    return redirectWithFlash(`/cash-register/${closed.registerId}`, {
      message: closed.isReplay
        ? `O caixa nº ${closed.registerId} já tinha sido fechado.`
        : `Caixa nº ${closed.registerId} fechado, ${difference}.`,
      tone: closed.isReplay ? "info" : "success",
      link: { href: `/cash-register/${closed.registerId}/print?papel=80mm`, label: "Imprimir o relatório" },
    });
  } catch (error) {
    return formRefusal(error, { values } satisfies Omit<ActionResult, "errors">);
  }
}

export default function CashRegisterClosingPage({ loaderData, actionData }: Route.ComponentProps) {
  const result: ActionResult | undefined = actionData;
  if (!loaderData.register) {
    return (
      <div className="max-w-4xl space-y-6">
        <BackLink to="/cash-register">Voltar para o caixa</BackLink>
        <h1 className="text-2xl font-bold text-slate-900">Fechar o caixa</h1>
        {result?.errors.form ? <Alert tone="destructive">{result.errors.form}</Alert> : null}
        <p className="text-slate-700">
          Não há caixa aberto para fechar.{" "}
          <Link to="/cash-register/historico" className="font-medium text-brand-700 underline underline-offset-2">
            Ver os caixas fechados
          </Link>
          .
        </p>
      </div>
    );
  }
  const { register, totals } = loaderData;
  return (
    <div className="max-w-4xl space-y-6">
      <BackLink to="/cash-register">Voltar para o caixa</BackLink>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Fechar o caixa nº {register.id}</h1>
        <p className="text-sm text-slate-700">
          Aberto por {register.openedByName} em {formatDateTime(register.openedAt)}, com {formatCents(register.openingFloatCents)}{" "}
          de fundo de troco.
        </p>
      </header>
      {result?.errors.pendingPix ? <Alert tone="destructive">{result.errors.pendingPix}</Alert> : null}
      {totals.pendingPixCount > 0 ? (
        <section aria-labelledby="pix-pendentes" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4">
          <h2 id="pix-pendentes" className="font-semibold text-slate-900">
            PIX aguardando confirmação
          </h2>
          <p className="text-sm text-slate-800">
            {totals.pendingPixCount === 1 ? "1 PIX" : `${totals.pendingPixCount} PIX`} somando{" "}
            {formatCents(totals.pendingPixCents)} ainda sem “PIX recebido”. O caixa só fecha depois que cada um for confirmado (o
            valor caiu na conta) ou cancelado (não caiu): depois do fechamento o caixa não muda mais.
          </p>
          <ul className="space-y-1 text-sm">
            {loaderData.pendingPix.map((entry) => (
              <li key={entry.id}>
                <Link
                  to={`/cash-register#lancamento-${entry.id}`}
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  Confirmar ou cancelar o PIX de {formatCents(entry.amountCents)}
                </Link>{" "}
                —{" "}
                {entry.saleCode
                  ? `Venda ${entry.saleCode}`
                  : entry.serviceOrderId
                    ? `OS nº ${entry.serviceOrderId}`
                    : ENTRY_KIND_LABELS[entry.kind]}
                , {formatDateTime(entry.createdAt)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {loaderData.unassignedCount > 0 ? (
        <p className="text-sm text-slate-700">
          Este fechamento inclui {loaderData.unassignedCount === 1 ? "1 lançamento" : `${loaderData.unassignedCount} lançamentos`}{" "}
          feitos com o caixa fechado desde o dia da abertura.
        </p>
      ) : null}
      <ClosingForm
        registerId={register.id}
        methods={totals.methods}
        expected={totals.expected}
        seen={loaderData.seen}
        idempotencyKey={loaderData.closeKey}
        errors={result?.errors ?? {}}
        values={result?.values ?? null}
      />
    </div>
  );
}
