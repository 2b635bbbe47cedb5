import { useState } from "react";
import { Form, Link } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import type { FieldErrors } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { PAPER_LABELS } from "~/modules/print-templates/papers";
import { createTemplate, listTemplates } from "~/modules/print-templates/templates.server";
import { TEMPLATE_LIMITS } from "~/modules/print-templates/validation";
import type { Route } from "./+types/print-template-new";

export const meta = () => staffAreaMeta("printTemplateEditor");

export async function loader({ request, context }: Route.LoaderArgs) {
  const kinds = await listTemplates(actorOf(currentUser(context)));
  const search = new URL(request.url).searchParams;
  const chosen = kinds.find((candidate) => candidate.kind === search.get("tipo")) ?? kinds[0]!;
  const chosenPaper =
    chosen.papers.find((candidate) => candidate.paper === search.get("papel"))?.paper ?? chosen.papers[0]!.paper;
  return {
    kinds: kinds.map(({ kind, title, papers }) => ({
      kind,
      title,
      papers: papers.map(({ paper, templates }) => ({ paper, templates: templates.map(({ id, name }) => ({ id, name })) })),
    })),
    initial: { kind: chosen.kind, paper: chosenPaper },
  };
}

type Values = { kind: string; paper: string; from: string; name: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ values: null });
  const values: Values = {
    kind: formText(form, "kind"),
    paper: formText(form, "paper"),
    from: formText(form, "from") || "padrao",
    name: formText(form, "name"),
  };
  try {
    const created = await createTemplate(actorOf(currentUser(context)), values);
    return redirectWithFlash(`/print-template-editor/${created.id}`, {
      message: "Modelo criado. Ele só passa a imprimir quando for definido como padrão.",
    });
  } catch (error) {
    return formRefusal(error, { values });
  }
}

export default function NewPrintTemplate({ loaderData, actionData }: Route.ComponentProps) {
  const { kinds } = loaderData;
  const errors: FieldErrors = actionData?.errors ?? {};
  const typed: Values | null = actionData?.values ?? null;
  const [kind, setKind] = useState(typed?.kind ?? loaderData.initial.kind);
  const current = kinds.find((candidate) => candidate.kind === kind) ?? kinds[0]!;
  const [paper, setPaper] = useState(typed?.paper ?? loaderData.initial.paper);
  const currentPaper = current.papers.find((candidate) => candidate.paper === paper) ?? current.papers[0]!;
  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <Link to="/print-templates" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          ← Modelos de impressão
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Novo modelo de impressão</h1>
      </div>
      <p className="text-sm text-slate-700">
        O novo modelo começa como cópia do modelo do Balcão ou de um modelo da loja. Ele só passa a imprimir quando for definido
        como padrão.
      </p>
      <Form method="post" noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
        <SelectField
          label="Documento"
          name="kind"
          value={kind}
          onChange={(event) => setKind(event.target.value)}
          error={errors.kind}
          options={kinds.map((option) => ({ value: option.kind, label: option.title }))}
        />
        <SelectField
          key={`papel-${kind}`}
          label="Papel"
          name="paper"
          value={currentPaper.paper}
          onChange={(event) => setPaper(event.target.value)}
          error={errors.paper}
          options={current.papers.map((option) => ({ value: option.paper, label: PAPER_LABELS[option.paper] }))}
        />
        <SelectField
          key={`origem-${kind}-${currentPaper.paper}`}
          label="Começar de"
          name="from"
          defaultValue={typed?.from ?? "padrao"}
          error={errors.from}
          options={[
            { value: "padrao", label: "Modelo do Balcão" },
            ...currentPaper.templates.map((template) => ({ value: String(template.id), label: template.name })),
          ]}
        />
        <Field
          label="Nome do modelo"
          name="name"
          maxLength={TEMPLATE_LIMITS.name}
          defaultValue={typed?.name ?? ""}
          placeholder={`${current.title} da loja`}
          error={errors.name}
        />
        <Button type="submit">Criar e editar</Button>
      </Form>
    </div>
  );
}
