import { useState } from "react";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FileField } from "~/components/ui/file-field";
import { ImageUploadField } from "~/components/ui/image-upload-field";
import { MarkdownEditor } from "~/components/ui/markdown-editor";
import { SelectField } from "~/components/ui/select-field";
import { Spinner } from "~/components/ui/spinner";
import { TextareaField } from "~/components/ui/textarea-field";
import { BLOG_POST_STATUSES } from "~/db/schema/blog";
import type { FieldErrors } from "~/lib/errors";
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES } from "~/lib/uploads/image-purposes";
import { IMAGE_FIELD } from "~/lib/uploads/image-upload-error";
import type { PostCoverImage } from "../queries.server";
import { BLOG_POST_LIMITS, BODY_IMAGE_FIELD, MAX_TAGS, POST_STATUS_LABELS, type PostFormValues } from "../validation";
import { PostBody } from "./post-body";

function FormSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
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
        <MarkdownEditor
          label="Texto (Markdown)"
          name="bodyMarkdown"
          defaultValue={values.bodyMarkdown ?? ""}
          maxLength={BLOG_POST_LIMITS.bodyMarkdown}
          isTall
          error={errors.bodyMarkdown}
          hint="## Subtítulo, **negrito**, *itálico*, - listas, [link](https://…). HTML aparece como texto. Imagens: pelo botão abaixo."
          previewHtml={previewHtml || null}
          renderHtml={(html) => <PostBody html={html} />}
        />
        <div className="space-y-3 rounded-md border border-slate-200 p-3">
          <p className="text-sm text-slate-700">
            Uma imagem no meio do texto é enviada por aqui (imagens de outros sites não aparecem no blog): ela entra no fim do
            texto, e você pode mover a linha dela.
          </p>
          <FileField
            label="Imagem para o texto"
            name={BODY_IMAGE_FIELD}
            accept={IMAGE_ACCEPT}
            maxBytes={MAX_IMAGE_BYTES}
            kind="image"
            hint="JPG, PNG ou WebP."
            error={errors[BODY_IMAGE_FIELD]}
          />
          <Field
            label="Descrição (imagem do texto)"
            {...fieldProps("bodyImageAlt")}
            autoComplete="off"
            hint="O que a imagem mostra, para quem usa leitor de tela. Obrigatória."
          />
          <Button type="submit" name="intent" value="insert-image" variant="outline" size="sm" disabled={isSubmitting}>
            Inserir imagem no texto
          </Button>
        </div>
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
