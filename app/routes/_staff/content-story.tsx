import { ExternalLink } from "lucide-react";
import { Form } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FlashAlert } from "~/components/ui/flash-alert";
import { formatDateTime } from "~/lib/dates";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { assertStaffActor } from "~/modules/accounts/roles";
import { ContentTabs } from "~/modules/blog/components/content-tabs";
import { PostBody } from "~/modules/blog/components/post-body";
import { renderMarkdown } from "~/modules/blog/markdown.server";
import { MarkdownEditor } from "~/components/ui/markdown-editor";
import { saveStory } from "~/modules/faq/mutations.server";
import { getStoryMarkdown } from "~/modules/faq/queries.server";
import { FAQ_LIMITS } from "~/modules/faq/validation";
import type { Route } from "./+types/content-story";

export const meta = () => staffAreaMeta("blogManagement");

const PATH = "/blog-management/historia";

export async function loader({ context }: Route.LoaderArgs) {
  assertStaffActor(actorOf(currentUser(context)));
  const story = await getStoryMarkdown();
  return {
    story: story ? { bodyMarkdown: story.bodyMarkdown, isDemo: story.isDemo, updatedAt: story.updatedAt.toISOString() } : null,
    previewHtml: story ? renderMarkdown(story.bodyMarkdown) : null,
    flash: flashOf(context),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ bodyMarkdown: "" });
  const bodyMarkdown = formText(form, "bodyMarkdown");
  try {
    if (formText(form, "intent") === "preview") {
      assertStaffActor(actor);
      return { bodyMarkdown, previewHtml: renderMarkdown(bodyMarkdown) };
    }
    await saveStory(actor, { bodyMarkdown });
    return redirectWithFlash(PATH, { message: "História salva: já aparece em /historia." });
  } catch (error) {
    return formRefusal(error, { bodyMarkdown });
  }
}

const renderStory = (html: string) => <PostBody html={html} />;

export default function ContentStory({ loaderData, actionData }: Route.ComponentProps) {
  const { story, flash } = loaderData;
  const errors = actionData && "errors" in actionData ? actionData.errors : {};
  const previewHtml = actionData && "previewHtml" in actionData ? actionData.previewHtml : loaderData.previewHtml;
  const bodyMarkdown = actionData?.bodyMarkdown ?? story?.bodyMarkdown ?? "";
  return (
    <div className="space-y-6">
      <ContentTabs />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Nossa história</h1>
        <a
          href="/historia"
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          Ver /historia
          <ExternalLink aria-hidden className="size-4" />
          <span className="sr-only">(abre em nova aba)</span>
        </a>
      </div>
      <FlashAlert flash={flash} />
      {story?.isDemo ? (
        <Alert tone="info">
          Este é o texto de demonstração, uma história inventada. Escreva a história real da loja: ao salvar, ela passa a ser da
          loja e não sai com os dados de demonstração.
        </Alert>
      ) : null}
      {story === null ? (
        <Alert tone="info">
          Ainda não há história escrita: /historia mostra só o nome, a cidade e o endereço da loja, tirados das configurações.
        </Alert>
      ) : (
        <p className="text-sm text-slate-600">Última alteração: {formatDateTime(story.updatedAt)}.</p>
      )}
      <Form method="post" noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
        <MarkdownEditor
          key={bodyMarkdown === story?.bodyMarkdown ? "stored" : "sent"}
          label="Texto da página (Markdown)"
          name="bodyMarkdown"
          rows={20}
          maxLength={FAQ_LIMITS.story}
          defaultValue={bodyMarkdown}
          error={errors.bodyMarkdown}
          hint="Use “## Título” para as seções, **negrito**, *itálico*, listas com “- ” e [links](https://…). HTML aparece como texto."
          previewHtml={previewHtml}
          renderHtml={renderStory}
        />
        <Button type="submit" name="intent" value="save">
          Salvar história
        </Button>
      </Form>
    </div>
  );
}
