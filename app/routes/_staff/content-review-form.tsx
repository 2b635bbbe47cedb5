import { Trash2 } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { Field, FieldMessage } from "~/components/ui/field";
import { ImageUploadField } from "~/components/ui/image-upload-field";
import { SelectField } from "~/components/ui/select-field";
import { Spinner } from "~/components/ui/spinner";
import { TextareaField } from "~/components/ui/textarea-field";
import { shopToday } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { IMAGE_FIELD } from "~/lib/uploads/image-upload-error";
import { readUploadForm, uploadedFileFrom } from "~/lib/uploads/read-upload-form.server";
import { assertStaffActor } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { ContentTabs } from "~/modules/blog/components/content-tabs";
import { createReview, deleteReview, updateReview } from "~/modules/reviews/mutations.server";
import { getReviewForStaff } from "~/modules/reviews/queries.server";
import { REVIEW_LIMITS, type ReviewFormValues } from "~/modules/reviews/validation";
import type { Route } from "./+types/content-review-form";
import { TAKES_FILES } from "~/lib/uploads/upload-handle";

export const meta = () => staffAreaMeta("blogManagement");

const LIST_PATH = "/blog-management/avaliacoes";
const RATING_OPTIONS = [5, 4, 3, 2, 1].map((stars) => ({
  value: String(stars),
  label: `${stars} ${stars === 1 ? "estrela" : "estrelas"}`,
}));

/** Its form takes a file: the server lets a multipart body through to it (upload-handle.ts). */
export const handle = TAKES_FILES;

export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const today = shopToday();
  if (!params.id) {
    assertStaffActor(actor);
    return { review: null, today };
  }
  const review = await getReviewForStaff(actor, params.id);
  if (!review) throw data(null, { status: 404 });
  return { review, today };
}

function valuesOf(form: FormData): ReviewFormValues {
  return {
    authorName: formText(form, "authorName"),
    rating: formText(form, "rating"),
    text: formText(form, "text"),
    reviewedOn: formText(form, "reviewedOn"),
    isPublished: formText(form, "isPublished"),
    isVerified: formText(form, "isVerified"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  let values: ReviewFormValues = {};
  try {
    const form = await readUploadForm(request);
    if (formText(form, "intent") === "delete" && params.id) {
      await deleteReview(actor, params.id);
      return redirectWithFlash(LIST_PATH, { message: "Avaliação excluída." });
    }
    values = valuesOf(form);
    const photo = { file: await uploadedFileFrom(form, IMAGE_FIELD), remove: formText(form, "removePhoto") === "on" };
    if (params.id) await updateReview(actor, params.id, values, photo);
    else await createReview(actor, values, photo);
    return redirectWithFlash(LIST_PATH, {
      message: params.id ? "Avaliação salva." : `Avaliação de ${values.authorName?.trim()} adicionada.`,
    });
  } catch (error) {
    return formRefusal(error, { values });
  }
}

export default function ContentReviewForm({ loaderData, actionData }: Route.ComponentProps) {
  const { review, today } = loaderData;
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting";
  const errors: FieldErrors = actionData && "errors" in actionData ? actionData.errors : {};
  const sent = actionData && "values" in actionData ? actionData.values : null;
  const value = (name: keyof ReviewFormValues, stored: string) => sent?.[name] ?? stored;
  const title = review ? `Avaliação de ${review.authorName}` : "Nova avaliação";
  return (
    <div className="space-y-6">
      <ContentTabs />
      <div className="space-y-2">
        <BackLink to={LIST_PATH}>Voltar para as avaliações</BackLink>
        <h1 className="text-2xl font-bold break-words text-slate-900">{title}</h1>
      </div>

      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      >
        {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
        <Field
          label="Nome de quem avaliou"
          name="authorName"
          required
          maxLength={REVIEW_LIMITS.authorName}
          defaultValue={value("authorName", review?.authorName ?? "")}
          error={errors.authorName}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Nota"
            name="rating"
            defaultValue={value("rating", String(review?.rating ?? 5))}
            options={RATING_OPTIONS}
            error={errors.rating}
          />
          <Field
            label="Data da avaliação"
            name="reviewedOn"
            type="date"
            required
            max={today}
            defaultValue={value("reviewedOn", review?.reviewedOn ?? today)}
            error={errors.reviewedOn}
          />
        </div>
        <TextareaField
          label="Texto"
          name="text"
          rows={5}
          maxLength={REVIEW_LIMITS.text}
          defaultValue={value("text", review?.text ?? "")}
          error={errors.text}
          hint="As palavras do cliente, como ele escreveu."
        />
        <ImageUploadField
          image={review?.photo ?? null}
          label="Foto de quem avaliou (opcional)"
          replaceLabel="Trocar a foto"
          alt={review ? `Foto de ${review.authorName}` : ""}
          sizes="80px"
          imageClassName="size-20 rounded-full object-cover"
          removeName="removePhoto"
          removeLabel="Tirar a foto"
          hint="Envie o arquivo da foto (JPG, PNG ou WebP): ela é recortada em quadrado. Fotos não são buscadas de endereços da internet."
          error={errors[IMAGE_FIELD]}
        />
        <label className="flex items-center gap-2 text-slate-800">
          <input
            type="checkbox"
            name="isPublished"
            defaultChecked={sent ? sent.isPublished === "on" : (review?.isPublished ?? true)}
            className="size-5 accent-brand-700"
          />
          Mostrar no site
        </label>
        <p className="text-sm text-slate-600">Oculta ou não, a nota conta no resumo de avaliações do site.</p>
        {review?.source === "import" ? (
          <div>
            <label className="flex items-center gap-2 text-slate-800">
              <input
                type="checkbox"
                name="isVerified"
                defaultChecked={sent ? sent.isVerified === "on" : review.isVerified}
                aria-describedby={errors.isVerified ? "isVerified-error" : undefined}
                className="size-5 accent-brand-700"
              />
              Mostrar o selo “Avaliação verificada”
            </label>
            <p className="text-sm text-slate-600">
              Importada de uma plataforma de avaliações, que sabe quem escreveu. Desmarque se o arquivo não veio de uma.
            </p>
            <FieldMessage id="isVerified" error={errors.isVerified} />
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            Digitada pela equipe: aparece sem o selo “Avaliação verificada”, que só uma avaliação importada de uma plataforma de
            avaliações pode ter.
          </p>
        )}
        <Button type="submit" disabled={isSaving} aria-busy={isSaving}>
          {isSaving ? <Spinner /> : null}
          {review ? "Salvar avaliação" : "Adicionar avaliação"}
        </Button>
      </Form>

      {review ? (
        <details className="max-w-2xl rounded-lg border border-red-200 bg-white p-4">
          <summary className="cursor-pointer font-medium text-red-800">Excluir esta avaliação</summary>
          <Form method="post" encType="multipart/form-data" className="mt-3 space-y-3">
            <p className="text-sm text-slate-700">
              A avaliação sai do site e do resumo. Para só tirar o cartão do site, desmarque “Mostrar no site”.
            </p>
            <Button type="submit" name="intent" value="delete" variant="danger">
              <Trash2 aria-hidden className="size-4" />
              Excluir definitivamente
            </Button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}
