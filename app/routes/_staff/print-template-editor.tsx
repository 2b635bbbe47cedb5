import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useFetcher } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { PrintPreview } from "~/components/print/print-preview";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { FIELD_CATALOGUE } from "~/modules/print-templates/catalogue";
import type { TemplateProblem } from "~/modules/print-templates/check.server";
import { FieldList } from "~/modules/print-templates/components/field-list";
import { SourceEditor, type SourceEditorHandle } from "~/modules/print-templates/components/source-editor";
import { PRINT_KINDS } from "~/modules/print-templates/kinds";
import { DEFAULT_MARGINS, MARGIN_LABELS, MARGIN_SIDES, MAX_MARGIN_MM } from "~/modules/print-templates/margins";
import { PAPER_LABELS } from "~/modules/print-templates/papers";
import { RenderBusyError } from "~/modules/print-templates/render-pool.server";
import {
  deleteTemplate,
  duplicateTemplate,
  getTemplate,
  makeDefaultTemplate,
  previewTemplate,
  restoreShippedSource,
  saveTemplate,
  TemplateInputError,
} from "~/modules/print-templates/templates.server";
import { TEMPLATE_LIMITS, type TemplateFormValues } from "~/modules/print-templates/validation";
import type { Route } from "./+types/print-template-editor";

export const meta = () => staffAreaMeta("printTemplateEditor");

export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const template = await getTemplate(actor, params.id);
  if (!template) throw data({ reason: "not-found" }, { status: 404 });
  const kind = template.kind;
  const preview = await previewTemplate(actor, { kind, paper: template.paper, body: template.body }).catch((error: unknown) => {
    // Too many renders at once: the page still opens, and says why the preview is missing.
    if (error instanceof RenderBusyError) return { html: "", problems: [{ line: null, column: null, message: error.message }] };
    throw error;
  });
  return {
    template: {
      id: template.id,
      kind,
      kindTitle: PRINT_KINDS[kind].title,
      paper: template.paper,
      name: template.name,
      body: template.body,
      margins: template.margins,
      isDefault: template.isDefault,
    },
    fields: FIELD_CATALOGUE[kind].fields,
    preview,
    flash: flashOf(context),
  };
}

type ActionResult = {
  intent: string;
  errors: FieldErrors;
  problems: TemplateProblem[];
  values?: TemplateFormValues;
  preview?: string;
};

function typedValues(form: FormData): TemplateFormValues {
  return {
    name: formText(form, "name"),
    body: formText(form, "body"),
    margins: {
      top: formText(form, "margin-top"),
      right: formText(form, "margin-right"),
      bottom: formText(form, "margin-bottom"),
      left: formText(form, "margin-left"),
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ intent: "", problems: [] });
  const actor = actorOf(currentUser(context));
  const intent = formText(form, "intent");
  const path = `/print-template-editor/${params.id}`;
  const values = intent === "save" || intent === "preview" ? typedValues(form) : undefined;
  try {
    switch (intent) {
      case "save":
        await saveTemplate(actor, params.id, values!);
        return redirectWithFlash(path, { message: "Modelo salvo." });
      case "preview": {
        // Without JavaScript, "Pré-visualizar" shows the typed source filled with the sample data; nothing is saved.
        const template = await getTemplate(actor, params.id);
        if (!template) throw data(null, { status: 404 });
        const preview = await previewTemplate(actor, { kind: template.kind, paper: template.paper, body: values!.body });
        return { intent, errors: {}, problems: preview.problems, values, preview: preview.html } satisfies ActionResult;
      }
      case "restore":
        await restoreShippedSource(actor, params.id);
        return redirectWithFlash(path, { message: "O modelo voltou ao texto e às margens do modelo do Balcão." });
      case "duplicate": {
        const copy = await duplicateTemplate(actor, params.id);
        return redirectWithFlash(`/print-template-editor/${copy.id}`, { message: "Cópia criada. Ela ainda não é o padrão." });
      }
      case "make-default": {
        const made = await makeDefaultTemplate(actor, params.id);
        return redirectWithFlash(path, {
          message: made.wasUnchanged ? "Este modelo já era o padrão." : "Agora este documento imprime com este modelo.",
        });
      }
      case "delete": {
        const deleted = await deleteTemplate(actor, params.id);
        return redirectWithFlash("/print-templates", { message: `Modelo “${deleted.name}” excluído.` });
      }
      default:
        return formProblem({ intent, problems: [] });
    }
  } catch (error) {
    const problems = error instanceof TemplateInputError ? error.problems : [];
    return formRefusal(error, { intent, problems, values });
  }
}

type Preview = { html: string; problems: TemplateProblem[] };

export default function PrintTemplateEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { template, fields, flash } = loaderData;
  const result: ActionResult | undefined = actionData;
  const errors = result?.errors ?? {};
  const typed = result?.values;
  const sourceRef = useRef<SourceEditorHandle>(null);
  const fetcher = useFetcher<Preview>();
  const [body, setBody] = useState(typed?.body ?? template.body);

  // The preview follows the typing, half a second after it stops.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      void fetcher.submit(
        { kind: template.kind, paper: template.paper, body },
        { method: "post", action: "/print-template-editor/pre-visualizar" },
      );
    }, 500);
    return () => window.clearTimeout(timer);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- fetcher.submit is stable enough; only the source matters.
  }, [body, template.kind, template.paper]);

  const live: Preview =
    fetcher.data ??
    (result?.intent === "preview"
      ? { html: result.preview ?? "", problems: result.problems }
      : result?.intent === "save" && result.problems.length > 0
        ? { html: "", problems: result.problems }
        : loaderData.preview);
  const [lastHtml, setLastHtml] = useState(loaderData.preview.html);
  useEffect(() => {
    if (live.html) setLastHtml(live.html);
  }, [live.html]);
  const saveProblems = result?.intent === "save" ? errors : {};
  const usual = DEFAULT_MARGINS[template.paper];
  const margins = template.margins;

  return (
    <div className="space-y-6">
      <div>
        <Link to="/print-templates" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          ← Modelos de impressão
        </Link>
        <h1 className="mt-2 text-2xl font-bold break-words text-slate-900">{template.name}</h1>
        <p className="text-slate-700">
          {template.kindTitle} · {PAPER_LABELS[template.paper]}
          {template.isDefault ? (
            <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-900">Padrão</span>
          ) : (
            <span className="ml-2 text-sm text-slate-600">(não é o padrão: não imprime até ser definido como padrão)</span>
          )}
        </p>
      </div>
      <FlashAlert flash={flash} />
      {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Form method="post" noValidate className="min-w-0 space-y-4" id="modelo">
          <Field
            label="Nome do modelo"
            name="name"
            maxLength={TEMPLATE_LIMITS.name}
            defaultValue={typed?.name ?? template.name}
            error={saveProblems.name}
          />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">Margens do papel (mm)</legend>
            <p className="text-xs text-slate-600">
              Em branco: as margens de costume do papel ({usual.top}, {usual.right}, {usual.bottom} e {usual.left} mm). Até{" "}
              {MAX_MARGIN_MM[template.paper]} mm.
            </p>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {MARGIN_SIDES.map((side) => (
                <Field
                  key={side}
                  label={MARGIN_LABELS[side]}
                  name={`margin-${side}`}
                  inputMode="decimal"
                  placeholder={String(usual[side])}
                  defaultValue={typed?.margins[side] ?? (margins ? String(margins[side]).replace(".", ",") : "")}
                  error={saveProblems[`margin-${side}`]}
                />
              ))}
            </div>
          </fieldset>
          <div className="space-y-1.5">
            <label htmlFor="fonte-modelo" className="block text-sm font-medium text-slate-800">
              Texto do modelo (Liquid)
            </label>
            <SourceEditor
              ref={sourceRef}
              id="fonte-modelo"
              name="body"
              defaultValue={body}
              invalid={live.problems.length > 0}
              describedBy="problemas-modelo"
              onChange={setBody}
            />
            <ProblemList problems={live.problems} onGoTo={(line, column) => sourceRef.current?.goTo(line, column)} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="save">
              Salvar
            </Button>
            <Button type="submit" name="intent" value="preview" variant="outline">
              Pré-visualizar
            </Button>
          </div>
        </Form>

        <div className="min-w-0 space-y-4">
          <section aria-labelledby="pre-visualizacao" className="space-y-2">
            <h2 id="pre-visualizacao" className="text-lg font-semibold text-slate-900">
              Pré-visualização com dados de exemplo
            </h2>
            <p className="text-xs text-slate-600" aria-live="polite">
              {fetcher.state !== "idle"
                ? "Atualizando…"
                : live.problems.length > 0
                  ? "Corrija o modelo para ver a pré-visualização atualizada."
                  : `Na largura real do papel (${PAPER_LABELS[template.paper]}), reduzida quando não cabe na tela.`}
            </p>
            <PrintPreview paper={template.paper} html={live.html || lastHtml} title={`Pré-visualização: ${template.name}`} />
          </section>
          <section aria-labelledby="campos" className="space-y-2">
            <h2 id="campos" className="text-lg font-semibold text-slate-900">
              Campos disponíveis
            </h2>
            <p className="text-xs text-slate-600">
              Clique para inserir no cursor. Valores em centavos usam o filtro moeda, datas os filtros data e data_hora.
            </p>
            <FieldList fields={fields} onInsert={(snippet) => sourceRef.current?.insert(snippet)} />
          </section>
        </div>
      </div>

      <section aria-labelledby="acoes" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="acoes" className="text-lg font-semibold text-slate-900">
          Outras ações
        </h2>
        <div className="flex flex-wrap items-start gap-2">
          {template.isDefault ? null : (
            <Form method="post">
              <Button type="submit" name="intent" value="make-default">
                Usar como padrão
              </Button>
            </Form>
          )}
          <Form method="post">
            <Button type="submit" name="intent" value="duplicate" variant="outline">
              Duplicar
            </Button>
          </Form>
          <details>
            <summary className="inline-flex h-11 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-900 hover:bg-slate-50">
              Restaurar o padrão
            </summary>
            <Form method="post" className="mt-2 max-w-sm space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3">
              <p className="text-sm text-amber-950">
                O texto e as margens deste modelo voltam a ser os do modelo do Balcão. O que foi escrito aqui se perde.
              </p>
              <Button type="submit" name="intent" value="restore" variant="outline" size="sm">
                Restaurar o texto do Balcão
              </Button>
            </Form>
          </details>
          <details>
            <summary className="inline-flex h-11 cursor-pointer items-center rounded-md px-4 font-medium text-red-800 hover:bg-red-50">
              Excluir
            </summary>
            <Form method="post" className="mt-2 max-w-sm space-y-2 rounded-md border border-red-200 bg-red-50 p-3">
              <p className="text-sm text-red-900">
                Excluir este modelo?{template.isDefault ? " O documento volta a imprimir com o modelo do Balcão." : ""}
              </p>
              <Button type="submit" name="intent" value="delete" variant="danger" size="sm">
                Excluir modelo
              </Button>
            </Form>
          </details>
        </div>
      </section>
    </div>
  );
}

function ProblemList({ problems, onGoTo }: { problems: TemplateProblem[]; onGoTo: (line: number, column: number) => void }) {
  if (problems.length === 0) return <p id="problemas-modelo" className="sr-only" />;
  return (
    <div id="problemas-modelo" role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">O modelo não pode ser salvo assim:</p>
      <ul className="mt-1 space-y-1">
        {problems.map((problem, index) => (
          <li key={index}>
            {problem.line === null ? (
              problem.message
            ) : (
              <>
                <button
                  type="button"
                  onClick={() => onGoTo(problem.line!, problem.column ?? 1)}
                  className="font-semibold underline underline-offset-2"
                >
                  Linha {problem.line}, coluna {problem.column}
                </button>
                : {problem.message}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
