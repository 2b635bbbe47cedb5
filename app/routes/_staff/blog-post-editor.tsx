import { ExternalLink, EyeOff, Trash2 } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { FlashAlert } from "~/components/ui/flash-alert";
import type { FieldErrors } from "~/lib/errors";
import { formatDateTime } from "~/lib/dates";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { parseIdParam } from "~/lib/route-params";
import { ImageUploadError } from "~/lib/uploads/image-upload-error";
import { readUploadForm, uploadedFileFrom } from "~/lib/uploads/read-upload-form.server";
import { assertStaffActor } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { ContentTabs } from "~/modules/blog/components/content-tabs";
import { PostEditor } from "~/modules/blog/components/post-editor";
import { PostStatusBadge } from "~/modules/blog/components/post-status-badge";
import { renderMarkdown } from "~/modules/blog/markdown.server";
import { deletePost, savePost, storeBodyImage, unpublishPost } from "~/modules/blog/mutations.server";
import { getPostCovers, getPostForEditor, listOldSlugs } from "~/modules/blog/queries.server";
import { formValuesOfPost, postFormValues, type PostFormValues } from "~/modules/blog/validation";
import type { Route } from "./+types/blog-post-editor";
import { TAKES_FILES } from "~/lib/uploads/upload-handle";

const LIST_PATH = "/blog-management";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.post ? `${loaderData.post.title} — Blog — Balcão` : "Novo post — Blog — Balcão";
  return [{ title }, { name: "robots", content: "noindex" }];
}

/** Its form takes a file: the server lets a multipart body through to it (upload-handle.ts). */
export const handle = TAKES_FILES;

export async function loader({ params, context }: Route.LoaderArgs) {
  assertStaffActor(actorOf(currentUser(context)));
  if (params.id === undefined) {
    return { post: null, values: { status: "draft" } as PostFormValues, cover: null, previewHtml: "", oldSlugs: [], flash: null };
  }
  const id = parseIdParam(params.id);
  const post = await getPostForEditor(id);
  if (!post) throw data(null, { status: 404 });
  const [covers, oldSlugs] = await Promise.all([getPostCovers([post]), listOldSlugs(id)]);
  const now = new Date();
  const isPublic = post.status !== "draft" && post.publishedAt !== null && post.publishedAt.getTime() <= now.getTime();
  return {
    post: {
      id: post.id,
      title: post.title,
      slug: post.slug,
      // What a reader sees: a scheduled post whose time has come is public already.
      status: isPublic ? ("published" as const) : post.status,
      publishedAt: post.publishedAt?.toISOString() ?? null,
      updatedAt: post.updatedAt.toISOString(),
      isDemo: post.isDemo,
      isPublic,
    },
    values: formValuesOfPost(post, now),
    cover: covers[post.id] ?? null,
    previewHtml: renderMarkdown(post.bodyMarkdown),
    oldSlugs,
    flash: flashOf(context),
  };
}

const SAVED_TITLES = { draft: "Rascunho salvo", published: "Post publicado", scheduled: "Post agendado" } as const;

async function saveFromForm(request: Request, actor: ReturnType<typeof actorOf>, id: number | null) {
  let values: PostFormValues = {};
  try {
    const form = await readUploadForm(request);
    values = postFormValues(form);
    // Without JavaScript "Pré-visualizar" posts the form: render the text, change nothing.
    if (formText(form, "intent") === "preview") {
      return data({ intent: "preview", values, previewHtml: renderMarkdown(values.bodyMarkdown ?? "") });
    }
    if (formText(form, "intent") === "insert-image") {
      // The image is stored now and its Markdown added to the end of the text; the post itself is saved as usual.
      const { markdown } = await storeBodyImage(actor, form);
      const typed = (values.bodyMarkdown ?? "").trimEnd();
      const bodyMarkdown = `${typed}${typed ? "\n\n" : ""}${markdown}\n`;
      values = { ...values, bodyMarkdown, bodyImageAlt: "" };
      return data({ intent: "insert-image", insertedMarkdown: markdown, values, previewHtml: renderMarkdown(bodyMarkdown) });
    }
    const cover = { file: await uploadedFileFrom(form, "image"), remove: formText(form, "removeCover") === "on" };
    const saved = await savePost(actor, id, values, cover);
    return redirectWithFlash(`/blog-management/posts/${saved.id}`, {
      title: SAVED_TITLES[saved.status],
      message:
        saved.status === "scheduled" && saved.publishedAt
          ? `${saved.title} aparece no site em ${formatDateTime(saved.publishedAt)}.`
          : saved.status === "published"
            ? `${saved.title} está em /blog/${saved.slug}.`
            : `${saved.title} não aparece no site até ser publicado.`,
    });
  } catch (error) {
    return formRefusal(error, { intent: "save", values, previewHtml: renderMarkdown(values.bodyMarkdown ?? "") });
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  assertStaffActor(actor);
  const id = params.id === undefined ? null : parseIdParam(params.id);
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) return saveFromForm(request, actor, id);
  const form = await request.formData().catch(() => null);
  const intent = form ? formText(form, "intent") : "";
  const empty = { intent, values: {} as PostFormValues, previewHtml: "" };
  try {
    if (id !== null && intent === "unpublish") {
      const saved = await unpublishPost(actor, id);
      return redirectWithFlash(`/blog-management/posts/${id}`, {
        title: "Post despublicado",
        message: `${saved.title} voltou a ser rascunho e saiu do site.`,
      });
    }
    if (id !== null && intent === "delete") {
      const deleted = await deletePost(actor, id);
      return redirectWithFlash(LIST_PATH, { title: "Post apagado", message: deleted.title });
    }
  } catch (error) {
    return formRefusal(error, empty);
  }
  // The editor sent without its encoding (an old browser without JavaScript): say so instead of a 500.
  if (intent === "save") return formProblem(empty, new ImageUploadError("unreadable-form").message);
  return formProblem(empty);
}

export default function BlogPostEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { post, values, cover, previewHtml, oldSlugs, flash } = loaderData;
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const answered = actionData && "values" in actionData ? actionData : null;
  const errors = (answered && "errors" in answered ? answered.errors : {}) as FieldErrors;
  const isEditorAnswer =
    answered !== null && (answered.intent === "save" || answered.intent === "preview" || answered.intent === "insert-image");
  // An inserted image comes back in the text: the editor starts again from the answer (its fields are uncontrolled).
  const inserted = answered && "insertedMarkdown" in answered ? answered.insertedMarkdown : "";
  const otherError = answered && !isEditorAnswer ? errors.form : null;

  return (
    <div className="space-y-6">
      <ContentTabs />
      <div className="space-y-2">
        <BackLink to={LIST_PATH}>Voltar para os posts</BackLink>
        <h1 className="text-2xl font-bold break-words text-slate-900">{post ? post.title : "Novo post"}</h1>
        {post ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <PostStatusBadge status={post.status} />
            {post.status === "scheduled" && post.publishedAt ? <span>aparece em {formatDateTime(post.publishedAt)}</span> : null}
            {post.status === "published" && post.publishedAt ? (
              <span>publicado em {formatDateTime(post.publishedAt)}</span>
            ) : null}
            <span>· alterado em {formatDateTime(post.updatedAt)}</span>
            {post.isPublic ? (
              <Link
                to={`/blog/${post.slug}`}
                className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2"
              >
                Ver no site
                <ExternalLink aria-hidden className="size-3.5" />
              </Link>
            ) : null}
          </p>
        ) : null}
        <FlashAlert flash={actionData ? null : flash} />
        {otherError ? <Alert tone="destructive">{otherError}</Alert> : null}
        {oldSlugs.length > 0 ? (
          <p className="text-sm text-slate-600">
            Endereços antigos que redirecionam para este post: {oldSlugs.map((slug) => `/blog/${slug}`).join(", ")}.
          </p>
        ) : null}
      </div>

      <PostEditor
        key={`${post?.updatedAt ?? "novo"}${inserted}`}
        values={isEditorAnswer ? answered.values : values}
        errors={isEditorAnswer ? errors : {}}
        cover={cover}
        previewHtml={isEditorAnswer ? answered.previewHtml : previewHtml}
        isNew={post === null}
        isSubmitting={isSubmitting}
      />

      {post ? (
        <section aria-labelledby="acoes-titulo" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="acoes-titulo" className="text-lg font-semibold text-slate-900">
            Tirar do site
          </h2>
          <div className="flex flex-wrap gap-3">
            {post.status !== "draft" ? (
              <Form method="post">
                <input type="hidden" name="intent" value="unpublish" />
                <Button type="submit" variant="outline" disabled={isSubmitting}>
                  <EyeOff aria-hidden className="size-4" />
                  Despublicar (voltar a rascunho)
                </Button>
              </Form>
            ) : null}
            <Form
              method="post"
              onSubmit={(event) => {
                if (!window.confirm(`Apagar o post “${post.title}”? Esta ação não pode ser desfeita.`)) event.preventDefault();
              }}
            >
              <input type="hidden" name="intent" value="delete" />
              <Button type="submit" variant="outline" disabled={isSubmitting} className="text-red-700">
                <Trash2 aria-hidden className="size-4" />
                Apagar post
              </Button>
            </Form>
          </div>
          <p className="text-sm text-slate-600">
            Despublicar guarda o texto e os endereços; apagar remove o post e seus endereços antigos (passam a dar “página não
            encontrada”).
          </p>
        </section>
      ) : null}
    </div>
  );
}
