import { ShieldCheck } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FlashAlert } from "~/components/ui/flash-alert";
import { formatDate, formatDateTime } from "~/lib/dates";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { plural } from "~/lib/wording";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { CustomerPicker } from "~/modules/customers/components/customer-picker";
import { carryOutDeletionRequest, listDeletionRequests } from "~/modules/privacy/deletion-requests.server";
import type { Route } from "./+types/personal-data-requests";

export const meta = () => staffAreaMeta("privacy");

/** Dados pessoais (LGPD): the deletion requests with their 15-day deadline, and the way to any customer's data. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const chosen = new URL(request.url).searchParams.get("cliente")?.trim() ?? "";
  if (/^\d{1,9}$/.test(chosen)) throw redirect(`/dados-pessoais/clientes/${chosen}`);
  const requests = await listDeletionRequests(actor);
  return {
    requests,
    flash: flashOf(context),
    chosenError: chosen ? "Escolha o cliente na lista ou digite o número dele." : undefined,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const form = await request.formData().catch(() => null);
  const requestId = form ? Number(formText(form, "requestId")) : Number.NaN;
  if (!form || !Number.isSafeInteger(requestId)) return formProblem({ requestId: 0 });
  if (formText(form, "confirm") !== "sim") {
    return formProblem({ requestId }, "Marque a confirmação: a anonimização não pode ser desfeita.");
  }
  try {
    const done = await carryOutDeletionRequest(actor, requestId);
    return redirectWithFlash("/dados-pessoais", {
      message: `Pedido nº ${requestId} atendido: ${plural(done.customerIds.length, "cadastro anonimizado", "cadastros anonimizados")} e ${plural(done.removedAccounts, "conta apagada", "contas apagadas")}.`,
    });
  } catch (error) {
    return formRefusal(error, { requestId });
  }
}

export default function PersonalDataRequests({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const refused = actionData && "errors" in actionData ? actionData : null;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Dados pessoais (LGPD)</h1>
        <p className="mt-1 text-slate-700">
          Pedidos de exclusão dos clientes, com o prazo de 15 dias da LGPD (art. 19), e a exportação ou anonimização dos dados de
          qualquer cliente.
        </p>
      </div>
      <FlashAlert flash={loaderData.flash} />

      <section aria-labelledby="cliente" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="cliente" className="text-lg font-semibold text-slate-900">
          Dados de um cliente
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
            <CustomerPicker name="cliente" defaultCustomer={null} error={loaderData.chosenError} canCreate={false} />
          </div>
          <Button type="submit" variant="outline">
            Abrir
          </Button>
        </Form>
      </section>

      <section aria-labelledby="pedidos" className="space-y-3">
        <h2 id="pedidos" className="text-lg font-semibold text-slate-900">
          Pedidos de exclusão
        </h2>
        {loaderData.requests.length === 0 ? (
          <EmptyState icon={<ShieldCheck aria-hidden className="size-8" />} title="Nenhum pedido de exclusão">
            <p>Os pedidos que os clientes fizerem em Minha conta › Meus dados aparecem aqui, com o prazo de cada um.</p>
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Pedidos de exclusão">
            {loaderData.requests.map((row) => (
              <li key={row.id} className="space-y-2 p-4" data-testid={`deletion-request-${row.id}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold text-slate-900">
                    Pedido nº {row.id} · {row.who}
                    {row.email ? <span className="font-normal text-slate-700"> · {row.email}</span> : null}
                  </p>
                  <p className="text-sm">
                    {row.status === "pending" ? (
                      <span
                        className={
                          row.daysLeft < 0
                            ? "font-semibold text-red-800"
                            : row.daysLeft <= 3
                              ? "font-semibold text-amber-900"
                              : "text-slate-800"
                        }
                      >
                        Aguardando · prazo {formatDate(row.dueOn)}
                        {row.daysLeft < 0
                          ? ` (atrasado ${plural(-row.daysLeft, "dia", "dias")})`
                          : ` (${plural(row.daysLeft, "dia restante", "dias restantes")})`}
                      </span>
                    ) : (
                      <span className="text-emerald-800">
                        Atendido em {row.completedAt ? formatDateTime(row.completedAt) : "—"} por {row.completedByLabel}
                      </span>
                    )}
                  </p>
                </div>
                <p className="text-sm text-slate-700">Pedido em {formatDateTime(row.requestedAt)}.</p>
                {row.status === "pending" ? (
                  <>
                    {row.customerIds.length > 0 ? (
                      <p className="text-sm text-slate-700">
                        Cadastros da conta:{" "}
                        {row.customerIds.map((id, index) => (
                          <span key={id}>
                            {index > 0 ? ", " : ""}
                            <Link to={`/dados-pessoais/clientes/${id}`} className="text-brand-700 underline">
                              nº {id}
                            </Link>
                          </span>
                        ))}
                      </p>
                    ) : (
                      <p className="text-sm text-slate-700">
                        Nenhum cadastro de cliente ligado à conta: só a conta será apagada.
                      </p>
                    )}
                    {row.claims.length > 0 ? <Alert title="Ainda não pode ser atendido">{row.claims.join("; ")}.</Alert> : null}
                    {refused?.requestId === row.id && refused.errors.form ? (
                      <Alert tone="destructive">{refused.errors.form}</Alert>
                    ) : null}
                    <Form method="post" className="flex flex-wrap items-center gap-3">
                      <input type="hidden" name="requestId" value={row.id} />
                      <label className="flex items-center gap-2 text-sm text-slate-800">
                        <input type="checkbox" name="confirm" value="sim" required className="size-4" />
                        Confirmo: não pode ser desfeito
                      </label>
                      <Button type="submit" variant="danger" size="sm" disabled={navigation.state !== "idle"}>
                        Atender: anonimizar e apagar a conta
                      </Button>
                    </Form>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
