import { Download } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { FlashAlert } from "~/components/ui/flash-alert";
import { formatPhone } from "~/lib/phone";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { anonymiseCustomer, getCustomerPrivacy } from "~/modules/privacy/deletion-requests.server";
import type { Route } from "./+types/personal-data-customer";

export const meta = () => staffAreaMeta("privacy");

export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  try {
    return { ...(await getCustomerPrivacy(actor, Number(params.customerId))), flash: flashOf(context) };
  } catch (error) {
    if (error instanceof Error && error.name.endsWith("NotFoundError")) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const customerId = Number(params.customerId);
  const form = await request.formData().catch(() => null);
  if (!form || formText(form, "confirm") !== "sim") {
    return formProblem({}, "Marque a confirmação: a anonimização não pode ser desfeita.");
  }
  try {
    const done = await anonymiseCustomer(actor, customerId);
    return redirectWithFlash(`/dados-pessoais/clientes/${customerId}`, {
      message: `Cliente anonimizado: agora é “${done.label}”.${done.removedAccounts ? " A conta do site foi apagada." : ""}`,
    });
  } catch (error) {
    return formRefusal(error, {});
  }
}

export default function PersonalDataCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { customer, claims, flash } = loaderData;
  const formError = actionData && "errors" in actionData ? (actionData.errors as Record<string, string>).form : undefined;
  const isAnonymised = customer.name.startsWith("Cliente anonimizado nº");
  return (
    <div className="space-y-8">
      <div>
        <p className="text-sm">
          <Link to="/dados-pessoais" className="text-brand-700 underline">
            Dados pessoais (LGPD)
          </Link>{" "}
          › Cliente nº {customer.id}
        </p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{customer.name}</h1>
        <p className="mt-1 text-slate-700">
          {[customer.phone ? formatPhone(customer.phone) : "", customer.email].filter(Boolean).join(" · ") || "Sem contato"}
          {" · "}
          <Link to={`/customers/${customer.id}`} className="text-brand-700 underline">
            Abrir o cadastro
          </Link>
        </p>
      </div>
      <FlashAlert flash={flash} />

      <section aria-labelledby="exportar" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="exportar" className="text-lg font-semibold text-slate-900">
          Exportar os dados
        </h2>
        <p className="text-slate-700">
          Tudo o que a loja guarda sobre este cliente, num arquivo JSON (sem senhas e sem códigos de desbloqueio). Fica no
          registro de auditoria.
        </p>
        <a
          href={`/dados-pessoais/clientes/${customer.id}/exportar.json`}
          download
          className={buttonClass({ variant: "outline" })}
        >
          <Download aria-hidden className="size-4" /> Exportar dados (JSON)
        </a>
      </section>

      <section aria-labelledby="anonimizar" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="anonimizar" className="text-lg font-semibold text-slate-900">
          Anonimizar
        </h2>
        <p className="text-slate-700">
          Troca nome, telefone, e-mail, CPF/CNPJ, endereço e foto por “Cliente anonimizado nº {customer.id}” no cadastro, nos
          documentos emitidos, nos registros e na auditoria, e apaga a conta do site ligada ao cadastro. Valores, datas e
          registros fiscais e financeiros ficam. Não pode ser desfeito.
        </p>
        {isAnonymised ? (
          <Alert tone="success">Este cliente já foi anonimizado.</Alert>
        ) : (
          <>
            {claims.length > 0 ? <Alert title="Não pode ser anonimizado agora">{claims.join("; ")}.</Alert> : null}
            {formError ? <Alert tone="destructive">{formError}</Alert> : null}
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="confirm" value="sim" required className="size-4" />
                Confirmo: não pode ser desfeito
              </label>
              <Button type="submit" variant="danger" disabled={navigation.state !== "idle"}>
                Anonimizar este cliente
              </Button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
