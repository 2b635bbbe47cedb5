import { Form, Link } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { FlashAlert } from "~/components/ui/flash-alert";
import { formatDateTime } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { PAPER_LABELS } from "~/modules/print-templates/papers";
import {
  deleteTemplate,
  duplicateTemplate,
  listTemplates,
  makeDefaultTemplate,
  useShippedTemplate,
  type TemplateSummary,
} from "~/modules/print-templates/templates.server";
import type { Route } from "./+types/print-templates";

export const meta = () => staffAreaMeta("printTemplates");

const PATH = "/print-templates";

export async function loader({ context }: Route.LoaderArgs) {
  return { kinds: await listTemplates(actorOf(currentUser(context))), flash: flashOf(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({});
  const actor = actorOf(currentUser(context));
  const id = formText(form, "id");
  try {
    switch (formText(form, "intent")) {
      case "make-default": {
        const made = await makeDefaultTemplate(actor, id);
        return redirectWithFlash(PATH, {
          message: made.wasUnchanged ? "Este modelo já era o padrão." : "Modelo definido como padrão.",
        });
      }
      case "use-shipped": {
        const used = await useShippedTemplate(actor, formText(form, "kind"), formText(form, "paper"));
        return redirectWithFlash(PATH, {
          message: used.wasUnchanged ? "O modelo do Balcão já era o padrão." : "Voltou a imprimir com o modelo do Balcão.",
        });
      }
      case "duplicate": {
        const copy = await duplicateTemplate(actor, id);
        return redirectWithFlash(`/print-template-editor/${copy.id}`, { message: "Cópia criada. Ela ainda não é o padrão." });
      }
      case "delete": {
        const deleted = await deleteTemplate(actor, id);
        return redirectWithFlash(PATH, {
          message: deleted.wasDefault
            ? `Modelo “${deleted.name}” excluído. Este documento volta a imprimir com o modelo do Balcão.`
            : `Modelo “${deleted.name}” excluído.`,
        });
      }
      default:
        return formProblem({});
    }
  } catch (error) {
    return formRefusal(error, {});
  }
}

export default function PrintTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const { kinds, flash } = loaderData;
  const errors: FieldErrors | undefined = actionData?.errors;
  const problem = errors ? Object.values(errors).join(" ") : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Modelos de impressão</h1>
        <ButtonLink to="/print-template-editor">Novo modelo</ButtonLink>
      </div>
      <FlashAlert flash={flash} />
      {problem ? <Alert tone="destructive">{problem}</Alert> : null}
      <p className="max-w-3xl text-sm text-slate-700">
        Cada documento imprime com o modelo padrão do seu papel. Enquanto a loja não escolhe um modelo próprio, vale o modelo do
        Balcão, que recebe as melhorias das novas versões. As cláusulas exigidas por lei ficam travadas em todo modelo.
      </p>
      {kinds.map((kind) => (
        <section
          key={kind.kind}
          aria-labelledby={`tipo-${kind.kind}`}
          className="overflow-hidden rounded-lg border border-slate-200 bg-white"
        >
          <h2
            id={`tipo-${kind.kind}`}
            className="border-b border-slate-200 bg-slate-50 px-4 py-3 text-lg font-semibold text-slate-900"
          >
            {kind.title}
          </h2>
          <ul className="divide-y divide-slate-200">
            {kind.papers.map(({ paper, isShippedDefault, templates }) => (
              <li key={paper} className="space-y-2 px-4 py-3" data-papel={paper}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-medium text-slate-900">{PAPER_LABELS[paper]}</h3>
                  <Link
                    to={`/print-template-editor?tipo=${kind.kind}&papel=${paper}`}
                    className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    Criar modelo para este papel
                  </Link>
                </div>
                <ul className="space-y-2">
                  <li className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="text-slate-800">Modelo do Balcão {isShippedDefault ? <DefaultBadge /> : null}</span>
                    {isShippedDefault ? null : (
                      <Form method="post">
                        <input type="hidden" name="kind" value={kind.kind} />
                        <input type="hidden" name="paper" value={paper} />
                        <Button type="submit" name="intent" value="use-shipped" variant="outline" size="sm">
                          Usar como padrão
                        </Button>
                      </Form>
                    )}
                  </li>
                  {templates.map((template) => (
                    <TemplateRow key={template.id} template={template} />
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function DefaultBadge() {
  return <span className="ml-1 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-900">Padrão</span>;
}

function TemplateRow({ template }: { template: TemplateSummary }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span className="min-w-0 break-words text-slate-800">
        <Link
          to={`/print-template-editor/${template.id}`}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {template.name}
        </Link>
        {template.isDefault ? <DefaultBadge /> : null}
        <span className="block text-xs text-slate-600">Alterado em {formatDateTime(template.updatedAt)}</span>
      </span>
      <span className="flex flex-wrap gap-2">
        <ButtonLink to={`/print-template-editor/${template.id}`} variant="outline" size="sm">
          Editar
        </ButtonLink>
        <Form method="post" className="contents">
          <input type="hidden" name="id" value={template.id} />
          {template.isDefault ? null : (
            <Button type="submit" name="intent" value="make-default" variant="outline" size="sm">
              Usar como padrão
            </Button>
          )}
          <Button type="submit" name="intent" value="duplicate" variant="outline" size="sm">
            Duplicar
          </Button>
        </Form>
        <details className="relative">
          <summary className="inline-flex h-9 cursor-pointer items-center rounded-md px-3 text-sm font-medium text-red-800 hover:bg-red-50">
            Excluir
          </summary>
          <Form
            method="post"
            className="mt-2 space-y-2 rounded-md border border-red-200 bg-red-50 p-3 sm:absolute sm:right-0 sm:z-10 sm:w-72"
          >
            <input type="hidden" name="id" value={template.id} />
            <p className="text-sm text-red-900">
              Excluir “{template.name}”?{template.isDefault ? " O documento volta a imprimir com o modelo do Balcão." : ""}
            </p>
            <Button type="submit" name="intent" value="delete" variant="danger" size="sm">
              Excluir modelo
            </Button>
          </Form>
        </details>
      </span>
    </li>
  );
}
