import { DatabaseZap, Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FlashAlert } from "~/components/ui/flash-alert";
import { Spinner } from "~/components/ui/spinner";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import {
  DEMO_COUNT_CAP,
  DEMO_DATA_KIND_LABELS,
  getDemoDataOverview,
  removeDemoData,
  type DemoDataCounts,
} from "~/modules/demo/remove-demo-data.server";
import { DEMO_DATA_PAGE } from "~/modules/demo/demo-data-page";
import type { Route } from "./+types/demo-data";

const CONFIRM_FIELD = "confirmar";

export const meta = () => [{ title: "Dados de demonstração — Balcão" }, { name: "robots", content: "noindex" }];

/**
 * "30 clientes", "1 avaliação": each kind that has rows, in the order of the
 * labels. `cap`: where the page's counts stop ("mais de 1.000 clientes",
 * getDemoDataOverview); the removal's are exact.
 */
function describeCounts(counts: DemoDataCounts, cap: number | null = null) {
  return (Object.keys(DEMO_DATA_KIND_LABELS) as (keyof DemoDataCounts)[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => ({
      kind,
      text:
        cap !== null && counts[kind] > cap
          ? `mais de ${cap.toLocaleString("pt-BR")} ${DEMO_DATA_KIND_LABELS[kind].many}`
          : `${counts[kind]} ${counts[kind] === 1 ? DEMO_DATA_KIND_LABELS[kind].one : DEMO_DATA_KIND_LABELS[kind].many}`,
    }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const overview = await getDemoDataOverview(actorOf(currentUser(context)));
  return { ...overview, items: describeCounts(overview.counts, DEMO_COUNT_CAP), flash: flashOf(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({});
  if (formText(form, CONFIRM_FIELD) !== "sim") {
    return formProblem({}, "Marque a confirmação para apagar os dados de demonstração.");
  }
  try {
    const removed = await removeDemoData(actor);
    const items = describeCounts(removed).map((item) => item.text);
    return redirectWithFlash(DEMO_DATA_PAGE, {
      title: "Dados de demonstração apagados",
      message: items.length ? `Foram apagados: ${items.join("; ")}.` : "Não havia dados de demonstração.",
    });
  } catch (error) {
    return formRefusal(error, {});
  }
}

export default function DemoData({ loaderData, actionData }: Route.ComponentProps) {
  const { hasDemoData, items, blockers, flash } = loaderData;
  const errors: FieldErrors = actionData && "errors" in actionData ? actionData.errors : {};
  const isSubmitting = useNavigation().state === "submitting";
  const isBlocked = blockers.length > 0;
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Dados de demonstração</h1>
      <FlashAlert flash={flash} />

      {!hasDemoData ? (
        <EmptyState icon={<DatabaseZap aria-hidden className="size-10" />} title="Não há dados de demonstração">
          <p>
            A loja tem só os seus próprios registros. Confira os dados da loja em{" "}
            <Link to="/configuracoes" className="font-medium text-brand-700 underline underline-offset-2">
              Configurações
            </Link>
            .
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="text-slate-700">
            Os clientes, ordens de serviço, avaliações, posts e perguntas que vieram com o Balcão são fictícios, para mostrar como
            o sistema funciona. Quando a loja estiver pronta para atender de verdade, apague-os: o que a loja cadastrou fica como
            está.
          </p>

          <section aria-labelledby="o-que-sai" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="o-que-sai" className="font-semibold text-slate-900">
              O que será apagado
            </h2>
            <ul className="list-disc space-y-1 pl-5 text-slate-800">
              {items.map((item) => (
                <li key={item.kind}>{item.text}</li>
              ))}
            </ul>
            <p className="text-sm text-slate-600">O registro de auditoria é mantido.</p>
          </section>

          {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}

          {isBlocked ? (
            <Alert tone="destructive" title="Não é possível apagar ainda">
              <p>Estes registros reais da loja estão ligados a dados de demonstração. Resolva cada um e volte aqui:</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {blockers.map((blocker) => (
                  <li key={blocker.description}>
                    {blocker.href ? (
                      <Link to={blocker.href} className="underline underline-offset-2">
                        {blocker.description}
                      </Link>
                    ) : (
                      blocker.description
                    )}
                  </li>
                ))}
              </ul>
            </Alert>
          ) : null}

          <Form method="post" className="space-y-4 rounded-lg border border-red-200 bg-red-50/40 p-4">
            <label className="flex items-start gap-3 text-slate-800">
              <input
                type="checkbox"
                name={CONFIRM_FIELD}
                value="sim"
                required
                disabled={isBlocked}
                className="mt-1 size-4 shrink-0 accent-red-700"
              />
              <span>Entendo que os dados listados acima serão apagados e que isso não pode ser desfeito.</span>
            </label>
            <Button type="submit" variant="danger" size="wrap" disabled={isBlocked || isSubmitting}>
              {isSubmitting ? <Spinner /> : <Trash2 aria-hidden className="size-4" />}
              Apagar dados de demonstração
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}
