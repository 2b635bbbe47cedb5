import { ClipboardList } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { formatDateTime } from "~/lib/dates";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { listStockCounts } from "~/modules/inventory/queries.server";
import { startStockCount } from "~/modules/inventory/stock-counts.server";
import { PRODUCT_LIMITS } from "~/modules/inventory/validation";
import type { Route } from "./+types/inventory-counts";

export const meta = () => [{ title: "Inventário — Estoque — Balcão" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { counts: await listStockCounts(), flash: flashOf(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ note: "" });
  const note = formText(form, "note");
  try {
    const { id } = await startStockCount(actor, { note });
    return redirectWithFlash(`/inventory/contagem/${id}`, {
      title: `Inventário nº ${id} iniciado`,
      message: "Busque cada item e digite a quantidade contada. As diferenças só entram no estoque ao encerrar.",
    });
  } catch (error) {
    return formRefusal(error, { note });
  }
}

export default function InventoryCounts({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, flash } = loaderData;
  const navigation = useNavigation();
  const errors = actionData && "errors" in actionData ? actionData.errors : {};
  const open = counts.find((count) => count.closedAt === null);
  return (
    <div className="max-w-3xl space-y-6">
      <div className="space-y-2">
        <BackLink to="/inventory">Voltar para o estoque</BackLink>
        <h1 className="text-2xl font-bold text-slate-900">Inventário (contagem de estoque)</h1>
        <p className="text-slate-700">
          Conte as prateleiras e digite o que encontrou. Ao encerrar, cada diferença entre o contado e o estoque do sistema vira
          um movimento de inventário no extrato do item.
        </p>
        <FlashAlert flash={actionData ? null : flash} />
      </div>

      {open ? (
        <Alert title={`Inventário nº ${open.id} em andamento`}>
          <Link to={`/inventory/contagem/${open.id}`} className="font-medium underline underline-offset-2">
            Continuar a contagem
          </Link>
        </Alert>
      ) : (
        <Form method="post" noValidate className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
          <Field
            label="Observação (opcional)"
            name="note"
            defaultValue={actionData && "note" in actionData ? actionData.note : ""}
            error={errors.note}
            maxLength={PRODUCT_LIMITS.note}
            autoComplete="off"
            hint="Como “balanço de novembro” ou “vitrine de capas”."
          />
          <Button type="submit" disabled={navigation.state === "submitting"}>
            <ClipboardList aria-hidden className="size-4" />
            Iniciar inventário
          </Button>
        </Form>
      )}

      {counts.length === 0 ? (
        <EmptyState title="Nenhum inventário ainda" />
      ) : (
        <section aria-labelledby="inventarios" className="space-y-2">
          <h2 id="inventarios" className="text-lg font-semibold text-slate-900">
            Inventários
          </h2>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {counts.map((count) => (
              <li key={count.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <div>
                  <Link
                    to={`/inventory/contagem/${count.id}`}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    Inventário nº {count.id}
                  </Link>
                  {count.note ? <span className="text-slate-700"> · {count.note}</span> : null}
                  <p className="text-sm text-slate-600">
                    Iniciado em {formatDateTime(count.startedAt)} por {count.startedByLabel} · {count.items}{" "}
                    {count.items === 1 ? "item contado" : "itens contados"}
                  </p>
                </div>
                <span className={`text-sm font-medium ${count.closedAt ? "text-slate-600" : "text-amber-700"}`}>
                  {count.closedAt ? `Encerrado em ${formatDateTime(count.closedAt)}` : "Em andamento"}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
