import { Download, ShieldCheck, Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { formatDate, formatDateTime } from "~/lib/dates";
import { redirectWithFlash } from "~/lib/flash.server";
import { formRefusal } from "~/lib/form-refusal.server";
import { isStaffRole } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { getOwnDeletionRequest, requestAccountDeletion } from "~/modules/privacy/deletion-requests.server";
import type { Route } from "./+types/personal-data";

export const meta = () => [{ title: "Meus dados — Balcão" }, { name: "robots", content: "noindex" }];

/** "Meus dados" (LGPD arts. 18–19): download everything the shop holds, and ask for the account's deletion. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = currentUser(context);
  if (isStaffRole(user.role)) return { view: "staff" as const };
  const own = await getOwnDeletionRequest(actorOf(user));
  return { view: "customer" as const, ...own };
}

export async function action({ context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  try {
    const request = await requestAccountDeletion(actor);
    return redirectWithFlash("/minha-conta/dados", {
      message: request.isNew
        ? `Pedido de exclusão registrado. A loja tem até ${formatDate(request.dueOn)} para atendê-lo.`
        : `Você já pediu a exclusão em ${formatDateTime(request.requestedAt)}; o prazo é ${formatDate(request.dueOn)}.`,
    });
  } catch (error) {
    return formRefusal(error, {});
  }
}

const STATUS_LABELS = { pending: "Aguardando a loja", completed: "Atendido" } as const;

export default function PersonalData({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (loaderData.view === "staff") {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold text-slate-900">Meus dados</h1>
        <Alert>
          Contas da equipe não são excluídas por aqui: o proprietário as desativa em Equipe. Os dados dos clientes ficam em Dados
          pessoais (LGPD), com o proprietário.
        </Alert>
        <a href="/minha-conta/dados/exportar.json" download className={buttonClass({ variant: "outline" })}>
          <Download aria-hidden className="size-4" /> Baixar os dados da minha conta (JSON)
        </a>
      </div>
    );
  }
  const { request, claims } = loaderData;
  const isPending = request?.status === "pending";
  const formError = actionData && "errors" in actionData ? (actionData.errors as Record<string, string>).form : undefined;
  return (
    <div className="space-y-8">
      <div>
        <p className="text-sm">
          <Link to="/dashboard" className="text-brand-700 underline">
            Minha conta
          </Link>{" "}
          › Meus dados
        </p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">Meus dados</h1>
        <p className="mt-1 text-slate-700">
          Pela Lei Geral de Proteção de Dados (LGPD), você pode ver tudo o que a loja guarda sobre você e pedir a exclusão da sua
          conta. Veja também a{" "}
          <Link to="/privacidade" className="text-brand-700 underline">
            Política de Privacidade
          </Link>
          .
        </p>
      </div>

      <section aria-labelledby="baixar" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="baixar" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Download aria-hidden className="size-5" /> Baixar meus dados
        </h2>
        <p className="text-slate-700">
          Um arquivo JSON com seus cadastros, consertos, compras, pagamentos, crediário, dívidas, garantias, documentos emitidos,
          pontos e consentimentos. Senhas e códigos de desbloqueio de aparelhos nunca vão no arquivo.
        </p>
        <a href="/minha-conta/dados/exportar.json" download className={buttonClass({ variant: "outline" })}>
          <Download aria-hidden className="size-4" /> Baixar meus dados (JSON)
        </a>
      </section>

      <section aria-labelledby="excluir" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="excluir" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Trash2 aria-hidden className="size-5" /> Excluir minha conta
        </h2>
        <p className="text-slate-700">
          A loja anonimiza seus dados: nome, telefone, e-mail, CPF/CNPJ e endereço viram “Cliente anonimizado nº …” e sua conta é
          apagada. Valores, datas e registros fiscais que a lei manda guardar ficam, sem o seu nome. A loja tem 15 dias para
          atender o pedido.
        </p>
        {request ? (
          <dl className="grid gap-2 text-sm sm:grid-cols-3" aria-label="Seu pedido de exclusão">
            <div>
              <dt className="text-slate-600">Situação</dt>
              <dd className="font-semibold text-slate-900" data-testid="deletion-status">
                {STATUS_LABELS[request.status]}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Pedido em</dt>
              <dd className="text-slate-900">{formatDateTime(request.requestedAt)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Prazo da loja</dt>
              <dd className="text-slate-900">{formatDate(request.dueOn)}</dd>
            </div>
          </dl>
        ) : null}
        {claims.length > 0 ? (
          <Alert title="A exclusão vai esperar">
            Enquanto houver algo pendente com a loja, seus dados precisam ficar: {claims.join("; ")}.
          </Alert>
        ) : null}
        {formError ? <Alert tone="destructive">{formError}</Alert> : null}
        {isPending ? null : (
          <Form method="post" className="space-y-3">
            <Button type="submit" variant="danger" disabled={navigation.state !== "idle"}>
              <ShieldCheck aria-hidden className="size-4" /> Pedir a exclusão da minha conta
            </Button>
          </Form>
        )}
      </section>
    </div>
  );
}
