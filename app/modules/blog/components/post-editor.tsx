import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Form, useFetcher } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ImageUploadField } from "~/components/ui/image-upload-field";
import { SelectField } from "~/components/ui/select-field";
import { Spinner } from "~/components/ui/spinner";
import { TextareaField } from "~/components/ui/textarea-field";
import { BLOG_POST_STATUSES } from "~/db/schema/blog";
import type { FieldErrors } from "~/lib/errors";
import { IMAGE_FIELD } from "~/lib/uploads/image-upload-error";
import type { PostCoverImage } from "../queries.server";
import { BLOG_POST_LIMITS, MAX_TAGS, POST_STATUS_LABELS, type PostFormValues } from "../validation";
import { PostBody } from "./post-body";

/** The resource route rendering Markdown through the server's sanitiser (routes/_staff/blog-preview.ts). */
export const PREVIEW_PATH = "/blog-management/pre-visualizar";
const PREVIEW_DEBOUNCE_MS = 400;

const noSubscription = () => () => undefined;

/** False in the server's HTML and during hydration, true once React runs in the browser. */
function useIsHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function FormSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The body in Markdown beside its preview. The preview is the server's
 * rendering (the same sanitiser as /blog): typed text goes to the preview
 * route after a pause; without JavaScript the "Pré-visualizar" button posts
 * the form and the page comes back with the preview.
 */
function MarkdownWithPreview({
  defaultValue,
  error,
  initialHtml,
}: {
  defaultValue: string;
  error?: string;
  initialHtml: string;
}) {
  const fetcher = useFetcher<{ html: string }>();
  const isHydrated = useIsHydrated();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The latest preview typed here, else the server's (the saved text, or the no-JavaScript "Pré-visualizar").
  const html = fetcher.data?.html ?? initialHtml;
  const textarea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    // A preview still waiting when the form is sent would be posted after it: dropped instead.
    const cancel = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
    const form = textarea.current?.form;
    form?.addEventListener("submit", cancel);
    return () => {
      form?.removeEventListener("submit", cancel);
      cancel();
    };
  }, []);

  function schedulePreview(text: string) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void fetcher.submit({ bodyMarkdown: text }, { method: "post", action: PREVIEW_PATH });
    }, PREVIEW_DEBOUNCE_MS);
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TextareaField
        label="Texto (Markdown)"
        name="bodyMarkdown"
        defaultValue={defaultValue}
        maxLength={BLOG_POST_LIMITS.bodyMarkdown}
        error={error}
        hint="## Subtítulo, **negrito**, *itálico*, - listas, [link](https://…). HTML aparece como texto."
        ref={textarea}
        onChange={(event) => schedulePreview(event.target.value)}
        className="[&_textarea]:min-h-96 [&_textarea]:font-mono [&_textarea]:text-sm"
      />
      <section aria-labelledby="previa-titulo" className="min-w-0 space-y-1.5">
        <h2 id="previa-titulo" className="flex items-center gap-2 text-sm font-medium text-slate-800">
          Pré-visualização
          {fetcher.state !== "idle" ? <Spinner /> : null}
        </h2>
        <div
          data-testid="pre-visualizacao"
          aria-live="polite"
          className="max-h-[40rem] min-h-96 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 px-4 pb-4"
        >
          {html ? <PostBody html={html} /> : <p className="pt-4 text-slate-600">O texto aparece aqui como no site.</p>}
        </div>
        {isHydrated ? null : (
          <Button type="submit" name="intent" value="preview" variant="outline" size="sm">
            Pré-visualizar
          </Button>
        )}
      </section>
    </div>
  );
}

/**
 * A post's editor (PostSchema's fields), sent as a multipart form with its
 * cover. Status, date and SEO fields apply on save; nothing is public
 * until the status says so.
 */
export function PostEditor({
  values,
  errors,
  cover,
  previewHtml,
  isNew,
  isSubmitting,
}: {
  values: PostFormValues;
  errors: FieldErrors;
  cover: PostCoverImage | null;
  previewHtml: string;
  isNew: boolean;
  isSubmitting: boolean;
}) {
  const [status, setStatus] = useState(values.status || "draft");
  const fieldProps = (name: keyof typeof BLOG_POST_LIMITS & keyof PostFormValues) => ({
    name,
    maxLength: BLOG_POST_LIMITS[name],
    defaultValue: values[name],
    error: errors[name],
  });
  const saveLabel =
    status === "published" ? "Salvar e publicar" : status === "scheduled" ? "Salvar e agendar" : "Salvar rascunho";
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-6">
      {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
      {Object.keys(errors).length > 0 && !errors.form ? (
        <Alert tone="destructive">Confira os campos marcados abaixo.</Alert>
      ) : null}

      <FormSection title="Texto">
        <Field label="Título" {...fieldProps("title")} autoComplete="off" required />
        <Field
          label="Endereço (slug)"
          {...fieldProps("slug")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint={
            isNew
              ? "Em branco, vem do título (troca-de-tela). Aparece em /blog/endereço."
              : "Mudar o endereço de um post já publicado mantém o antigo redirecionando para o novo."
          }
        />
        <TextareaField
          label="Resumo"
          {...fieldProps("excerpt")}
          hint="Uma ou duas frases: aparece na lista do blog e no feed."
          className="[&_textarea]:min-h-20"
        />
        <MarkdownWithPreview defaultValue={values.bodyMarkdown ?? ""} error={errors.bodyMarkdown} initialHtml={previewHtml} />
        <Field
          label="Assuntos (opcional)"
          {...fieldProps("tags")}
          autoComplete="off"
          hint={`Separados por vírgula, até ${MAX_TAGS}: bateria, dicas.`}
        />
      </FormSection>

      <FormSection title="Imagem de capa">
        <ImageUploadField
          image={cover ? { ...cover, srcSet: cover.srcSet ?? "" } : null}
          label="Imagem de capa (opcional)"
          replaceLabel="Trocar a imagem de capa"
          alt="Capa atual"
          sizes="240px"
          imageClassName="aspect-[1200/630] w-60 rounded border border-slate-200 bg-white object-cover"
          removeName="removeCover"
          removeLabel="Remover a capa"
          hint="JPG, PNG ou WebP, com pelo menos 600 × 300 pixels (ideal 1200 × 630)."
          error={errors[IMAGE_FIELD]}
        />
        <Field
          label="Descrição da imagem"
          {...fieldProps("coverAlt")}
          autoComplete="off"
          hint="O que a imagem mostra, para quem usa leitor de tela. Obrigatória com capa."
        />
      </FormSection>

      <FormSection title="Busca e compartilhamento (SEO)">
        <Field
          label="Título para buscadores (opcional)"
          {...fieldProps("seoTitle")}
          autoComplete="off"
          hint={`Até ${BLOG_POST_LIMITS.seoTitle} caracteres. Em branco, usa o título.`}
        />
        <TextareaField
          label="Descrição para buscadores (opcional)"
          {...fieldProps("seoDescription")}
          hint={`Até ${BLOG_POST_LIMITS.seoDescription} caracteres. Em branco, usa o resumo.`}
          className="[&_textarea]:min-h-20"
        />
      </FormSection>

      <FormSection title="Publicação">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Situação"
            name="status"
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            options={BLOG_POST_STATUSES.map((value) => ({ value, label: POST_STATUS_LABELS[value] }))}
            error={errors.status}
            hint="Rascunho não aparece no site. Agendado aparece sozinho na data escolhida."
          />
          <Field
            label="Publicar em (agendado)"
            type="datetime-local"
            {...fieldProps("publishAt")}
            hint="Data e hora de Brasília. Só vale para “Agendado”."
          />
        </div>
      </FormSection>

      <Button
        type="submit"
        name="intent"
        value="save"
        disabled={isSubmitting}
        aria-busy={isSubmitting}
        className="w-full sm:w-auto"
      >
        {isSubmitting ? <Spinner /> : null}
        {saveLabel}
      </Button>
    </Form>
  );
}
