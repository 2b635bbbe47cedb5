import { Eye, EyeOff, MessageCircleQuestion, Trash2 } from "lucide-react";
import { MoveButtons } from "~/components/ui/move-buttons";
import { Form, Link } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { assertStaffActor } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { ContentTabs } from "~/modules/blog/components/content-tabs";
import { PostBody } from "~/modules/blog/components/post-body";
import { renderMarkdown } from "~/modules/blog/markdown.server";
import { MarkdownEditor } from "~/components/ui/markdown-editor";
import {
  createFaqEntry,
  deleteFaqEntry,
  moveFaqEntry,
  setFaqEntryPublished,
  updateFaqEntry,
} from "~/modules/faq/mutations.server";
import { listFaqForStaff } from "~/modules/faq/queries.server";
import { FAQ_LIMITS, type FaqEntryFormValues } from "~/modules/faq/validation";
import type { Route } from "./+types/content-faq";

export const meta = () => staffAreaMeta("blogManagement");

const PATH = "/blog-management/perguntas";

/** The address's `editar`: the one question whose editor the page draws. */
const EDIT_PARAM = "editar";

/**
 * The questions, and the editor of the one `?editar=` names, opened with its
 * answer's preview already drawn. Every question drawn with its editor (the
 * answer in the textarea, its preview, and both again in the hydration data)
 * was 600 KB at forty long answers (issue 26: ≤ 200 KB).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get(EDIT_PARAM) ?? "";
  const editingId = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const entries = await listFaqForStaff(actorOf(currentUser(context)));
  const editing = entries.find((entry) => entry.id === editingId);
  return {
    entries: entries.map(({ id, question, isPublished }) => ({ id, question, isPublished })),
    editing: editing
      ? {
          id: editing.id,
          question: editing.question,
          answer: editing.answer,
          isPublished: editing.isPublished,
          answerHtml: renderMarkdown(editing.answer),
        }
      : null,
    flash: flashOf(context),
  };
}

const anchorOf = (entryId: number) => `pergunta-${entryId}`;
const editHref = (entryId: number) => `${PATH}?${EDIT_PARAM}=${entryId}#${anchorOf(entryId)}`;

type ActionResult = {
  intent: string;
  entryId: string;
  values: FaqEntryFormValues;
  errors?: FieldErrors;
  previewHtml?: string;
};

const MESSAGES = {
  hide: "Pergunta oculta no site.",
  show: "Pergunta visível no site.",
  up: "Pergunta subiu uma posição.",
  down: "Pergunta desceu uma posição.",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ intent: "", entryId: "", values: {} });
  const intent = formText(form, "intent");
  const entryId = formText(form, "entryId");
  const values: FaqEntryFormValues = {
    question: formText(form, "question"),
    answer: formText(form, "answer"),
    isPublished: formText(form, "isPublished"),
  };
  try {
    switch (intent) {
      case "preview":
        // The no-JavaScript preview: the form comes back as typed, with the answer rendered beside it.
        assertStaffActor(actor);
        return { intent, entryId, values, previewHtml: renderMarkdown(values.answer ?? "") } satisfies ActionResult;
      case "create":
        await createFaqEntry(actor, values);
        return redirectWithFlash(PATH, { message: "Pergunta adicionada." });
      case "update":
        await updateFaqEntry(actor, entryId, values);
        return redirectWithFlash(PATH, { message: "Pergunta salva." });
      case "delete":
        await deleteFaqEntry(actor, entryId);
        return redirectWithFlash(PATH, { message: "Pergunta excluída." });
      case "hide":
      case "show":
      case "up":
      case "down": {
        const changed =
          intent === "hide" || intent === "show"
            ? await setFaqEntryPublished(actor, entryId, intent === "show")
            : await moveFaqEntry(actor, entryId, intent);
        return redirectWithFlash(PATH, changed ? { message: MESSAGES[intent] } : { message: "Nada mudou.", tone: "info" });
      }
      default:
        return formProblem({ intent, entryId, values });
    }
  } catch (error) {
    return formRefusal(error, { intent, entryId, values });
  }
}

/** The intents whose refusal or preview is shown inside their form. */
const FORM_INTENTS = ["preview", "update", "create"] as const;

const renderAnswer = (html: string) => (
  <div className="[&>div]:mt-2 [&>div]:text-base">
    <PostBody html={html} />
  </div>
);

function EntryForm({
  entryId,
  values,
  errors,
  previewHtml,
}: {
  entryId?: number;
  values: FaqEntryFormValues;
  errors: FieldErrors;
  previewHtml: string | null;
}) {
  return (
    <Form method="post" action={PATH} noValidate className="space-y-4">
      {entryId ? <input type="hidden" name="entryId" value={entryId} /> : null}
      {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
      <Field
        label="Pergunta"
        name="question"
        required
        maxLength={FAQ_LIMITS.question}
        defaultValue={values.question ?? ""}
        error={errors.question}
      />
      <MarkdownEditor
        label="Resposta (Markdown)"
        name="answer"
        rows={8}
        maxLength={FAQ_LIMITS.answer}
        defaultValue={values.answer ?? ""}
        error={errors.answer}
        hint="**negrito**, *itálico*, [link](https://…), listas com “- ”. HTML aparece como texto."
        previewHtml={previewHtml}
        renderHtml={renderAnswer}
      />
      <label className="flex items-center gap-2 text-slate-800">
        <input
          type="checkbox"
          name="isPublished"
          defaultChecked={values.isPublished === "on"}
          className="size-5 accent-brand-700"
        />
        Mostrar no site
      </label>
      <Button type="submit" name="intent" value={entryId ? "update" : "create"}>
        {entryId ? "Salvar pergunta" : "Adicionar pergunta"}
      </Button>
    </Form>
  );
}

export default function ContentFaq({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, editing, flash } = loaderData;
  const result: ActionResult | undefined = actionData;
  const isFor = (entryId: number | "") => result !== undefined && result.entryId === String(entryId);
  const isFormIntent = result !== undefined && (FORM_INTENTS as readonly string[]).includes(result.intent);
  const isEditing = (entryId: number | "") => isFormIntent && isFor(entryId);
  // A refusal of a list button (a move, hide, delete) has no form to stand next to.
  const stateError = result?.errors && !isFormIntent ? Object.values(result.errors)[0] : null;
  return (
    <div className="space-y-6">
      <ContentTabs />
      <h1 className="text-2xl font-bold text-slate-900">Perguntas frequentes</h1>
      <FlashAlert flash={flash} />
      {stateError ? <Alert tone="destructive">{stateError}</Alert> : null}
      <p className="max-w-3xl text-slate-700">
        Aparecem em /perguntas nesta ordem. As respostas são escritas em Markdown; o site mostra o texto formatado e os buscadores
        recebem o mesmo texto sem formatação.
      </p>

      {entries.length === 0 ? (
        <EmptyState icon={<MessageCircleQuestion aria-hidden className="size-10" />} title="Nenhuma pergunta ainda">
          <p>Adicione abaixo as dúvidas que mais aparecem no balcão.</p>
        </EmptyState>
      ) : (
        <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {entries.map((entry, index) => (
            <li key={entry.id} id={anchorOf(entry.id)} className="space-y-3 px-4 py-3">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <p className="min-w-48 flex-1 font-medium break-words text-slate-900">
                  <span className="mr-2 text-sm font-normal text-slate-500">{index + 1}.</span>
                  {entry.question}
                  {entry.isPublished ? null : (
                    <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800">Oculta</span>
                  )}
                </p>
                <Form method="post" action={PATH} className="flex flex-wrap gap-2">
                  <input type="hidden" name="entryId" value={entry.id} />
                  <MoveButtons label={`“${entry.question}”`} isFirst={index === 0} isLast={index === entries.length - 1} />
                  <Button type="submit" name="intent" value={entry.isPublished ? "hide" : "show"} variant="outline" size="sm">
                    {entry.isPublished ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
                    {entry.isPublished ? "Ocultar" : "Mostrar"}
                    <span className="sr-only"> “{entry.question}”</span>
                  </Button>
                </Form>
              </div>
              {isEditing(entry.id) || editing?.id === entry.id ? (
                <div className="space-y-4">
                  <EntryForm
                    entryId={entry.id}
                    values={
                      isEditing(entry.id)
                        ? result!.values
                        : { question: editing!.question, answer: editing!.answer, isPublished: editing!.isPublished ? "on" : "" }
                    }
                    errors={isEditing(entry.id) ? (result!.errors ?? {}) : {}}
                    previewHtml={isEditing(entry.id) ? (result!.previewHtml ?? null) : editing!.answerHtml}
                  />
                  <Form method="post" action={PATH}>
                    <input type="hidden" name="entryId" value={entry.id} />
                    <Button type="submit" name="intent" value="delete" variant="danger" size="sm">
                      <Trash2 aria-hidden className="size-4" />
                      Excluir pergunta
                    </Button>
                  </Form>
                  <Link to={PATH} preventScrollReset className="inline-block text-sm font-medium text-brand-700 underline">
                    Fechar<span className="sr-only"> a edição de “{entry.question}”</span>
                  </Link>
                </div>
              ) : (
                <Link to={editHref(entry.id)} className="inline-block text-sm font-medium text-brand-700 underline">
                  Editar<span className="sr-only"> “{entry.question}”</span>
                </Link>
              )}
            </li>
          ))}
        </ol>
      )}

      <section aria-labelledby="nova-pergunta" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="nova-pergunta" className="text-lg font-semibold text-slate-900">
          Nova pergunta
        </h2>
        <EntryForm
          key={isEditing("") ? "sent" : "empty"}
          values={isEditing("") ? result!.values : { isPublished: "on" }}
          errors={isEditing("") ? (result!.errors ?? {}) : {}}
          previewHtml={isEditing("") ? (result!.previewHtml ?? null) : null}
        />
      </section>
    </div>
  );
}
