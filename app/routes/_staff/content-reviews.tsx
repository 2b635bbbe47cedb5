import { Eye, EyeOff, MessageSquareQuote, Plus, Search, Upload } from "lucide-react";
import { IconRef, IconSprite } from "~/components/ui/icon-sprite";
import { MOVE_ICONS, MoveButtons } from "~/components/ui/move-buttons";
import { Form, Link, redirect } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { Pager } from "~/components/ui/pager";
import { SelectField } from "~/components/ui/select-field";
import { formatDate } from "~/lib/dates";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { searchTextOf } from "~/lib/text-input";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { ContentTabs } from "~/modules/blog/components/content-tabs";
import { AuthorAvatar } from "~/modules/reviews/components/author-avatar";
import { StarRating, ReviewIconSprite } from "~/modules/reviews/components/review-icons";
import { deleteReview, moveReview, setReviewPublished } from "~/modules/reviews/mutations.server";
import { MAX_REVIEW_PAGE, REVIEW_VISIBILITIES, type ReviewVisibility } from "~/modules/reviews/list-filters";
import { listReviewsForStaff } from "~/modules/reviews/queries.server";
import type { Route } from "./+types/content-reviews";

export const meta = () => staffAreaMeta("blogManagement");

const PATH = "/blog-management/avaliacoes";
const MAX_QUERY_LENGTH = 100;
const VISIBILITY_LABELS: Record<ReviewVisibility, string> = { all: "Todas", shown: "Visíveis no site", hidden: "Ocultas" };
const SOURCE_LABELS = { manual: "Digitada", import: "Importada", demo: "Demonstração" } as const;
/** Each row's icons, drawn once for the page (IconSprite). */
const ROW_ICONS = { ...MOVE_ICONS, "icone-ocultar": EyeOff, "icone-mostrar": Eye } as const;
const averageFormat = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function listHref(query: string, visibility: ReviewVisibility, page: number) {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (visibility !== "all") params.set("mostrar", visibility);
  if (page > 1) params.set("pagina", String(page));
  const search = params.toString();
  return search ? `${PATH}?${search}` : PATH;
}

function listStateOf(url: URL) {
  const query = searchTextOf(url.searchParams.get("q"), MAX_QUERY_LENGTH);
  const rawVisibility = url.searchParams.get("mostrar") ?? "all";
  const visibility = (REVIEW_VISIBILITIES as readonly string[]).includes(rawVisibility)
    ? (rawVisibility as ReviewVisibility)
    : "all";
  const rawPage = url.searchParams.get("pagina");
  const number = rawPage === null ? 1 : Number(rawPage);
  const page = Number.isSafeInteger(number) && number >= 1 ? Math.min(number, MAX_REVIEW_PAGE) : 1;
  return { query, visibility, page, isCanonical: rawPage === null || rawPage === String(page) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const { query, visibility, page, isCanonical } = listStateOf(new URL(request.url));
  if (!isCanonical) throw redirect(listHref(query, visibility, page));
  const list = await listReviewsForStaff(actor, { query, visibility, page });
  // Past the last page (an old link after deletions): the last page, at its own address.
  if (list.page !== page) throw redirect(listHref(query, visibility, list.page));
  return { query, visibility, ...list, flash: flashOf(context) };
}

const MESSAGES = {
  hide: "Avaliação oculta no site. A nota continua contando no resumo.",
  show: "Avaliação visível no site.",
  up: "Avaliação subiu uma posição.",
  down: "Avaliação desceu uma posição.",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({});
  const intent = formText(form, "intent");
  const reviewId = formText(form, "reviewId");
  // Back to the same search and page the button was pressed on.
  const { query, visibility, page } = listStateOf(new URL(request.url));
  const back = listHref(query, visibility, page);
  try {
    if (intent === "delete") {
      await deleteReview(actor, reviewId);
      return redirectWithFlash(back, { message: "Avaliação excluída." });
    }
    if (intent === "hide" || intent === "show" || intent === "up" || intent === "down") {
      const changed =
        intent === "hide" || intent === "show"
          ? await setReviewPublished(actor, reviewId, intent === "show")
          : await moveReview(actor, reviewId, intent);
      return redirectWithFlash(back, changed ? { message: MESSAGES[intent] } : { message: "Nada mudou.", tone: "info" });
    }
    return formProblem({});
  } catch (error) {
    return formRefusal(error, {});
  }
}

export default function ContentReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { query, visibility, rows, page, pageCount, total, summary, flash } = loaderData;
  const actionError = actionData && "errors" in actionData ? Object.values(actionData.errors)[0] : null;
  const actionPath = listHref(query, visibility, page);
  return (
    <div className="space-y-6">
      <ContentTabs />
      <ReviewIconSprite />
      <IconSprite icons={ROW_ICONS} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Avaliações</h1>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={`${PATH}/importar`} variant="outline">
            <Upload aria-hidden className="size-4" />
            Importar
          </ButtonLink>
          <ButtonLink to={`${PATH}/nova`}>
            <Plus aria-hidden className="size-4" />
            Nova avaliação
          </ButtonLink>
        </div>
      </div>
      <FlashAlert flash={flash} />
      {actionError ? <Alert tone="destructive">{actionError}</Alert> : null}

      <section aria-labelledby="resumo" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="resumo" className="text-sm font-semibold text-slate-600">
          Resumo mostrado no site
        </h2>
        <p className="mt-1 text-lg text-slate-900">
          <strong>{averageFormat.format(summary.average)}</strong> de média · <strong>{summary.total}</strong>{" "}
          {summary.total === 1 ? "avaliação" : "avaliações"} · <strong>{summary.satisfiedPercent}%</strong> de satisfação
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Conta todas as avaliações, inclusive as ocultas: ocultar tira o cartão do site, não a nota (CDC, art. 37).
        </p>
      </section>

      <search>
        <Form method="get" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem_auto] sm:items-start">
          <Field
            key={query}
            label="Buscar"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            hint="Nome de quem avaliou ou parte do texto."
          />
          <SelectField
            key={visibility}
            label="Mostrar"
            name="mostrar"
            defaultValue={visibility}
            options={REVIEW_VISIBILITIES.map((value) => ({ value, label: VISIBILITY_LABELS[value] }))}
          />
          <Button type="submit" className="sm:mt-7">
            <Search aria-hidden className="size-4" />
            Buscar
          </Button>
        </Form>
      </search>

      {rows.length === 0 ? (
        <EmptyState
          icon={<MessageSquareQuote aria-hidden className="size-10" />}
          title={query || visibility !== "all" ? "Nenhuma avaliação encontrada" : "Nenhuma avaliação ainda"}
        >
          <p>
            Digite uma avaliação recebida no balcão ou <Link to={`${PATH}/importar`}>importe</Link> a exportação do serviço de
            avaliações.
          </p>
        </EmptyState>
      ) : (
        <section aria-labelledby="lista" className="space-y-2">
          <h2 id="lista" className="text-sm text-slate-600">
            {total} {total === 1 ? "avaliação" : "avaliações"}, na ordem em que aparecem no site.
          </h2>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {rows.map((row) => (
              <li key={row.id} className="grid gap-3 px-4 py-3 xl:grid-cols-[minmax(0,1fr)_auto] xl:items-start">
                <div className="flex min-w-0 gap-3">
                  <AuthorAvatar name={row.authorName} photoUrl={row.photoUrl} />
                  <div className="min-w-0 space-y-1">
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="text-sm text-slate-500">{row.place}º</span>
                      <Link
                        to={`${PATH}/${row.id}`}
                        className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
                      >
                        {row.authorName}
                      </Link>
                      <StarRating rating={row.rating} className="h-4" />
                      <span className="sr-only">{row.rating} de 5 estrelas</span>
                      {row.isPublished ? null : (
                        <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800">Oculta</span>
                      )}
                      {row.isVerified ? (
                        <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-900">
                          Verificada
                        </span>
                      ) : null}
                    </p>
                    <p className="text-sm text-slate-600">
                      {formatDate(row.reviewedOn)} · {row.isDemo ? SOURCE_LABELS.demo : SOURCE_LABELS[row.source]}
                    </p>
                    {row.text ? <p className="line-clamp-3 text-sm break-words text-slate-800">{row.text}</p> : null}
                  </div>
                </div>
                <Form method="post" action={actionPath} className="flex flex-wrap gap-2 xl:justify-end">
                  <input type="hidden" name="reviewId" value={row.id} />
                  <MoveButtons label={row.authorName} isFirst={row.place === 1} drawnOnce />
                  <Button type="submit" name="intent" value={row.isPublished ? "hide" : "show"} variant="outline" size="sm">
                    <IconRef id={row.isPublished ? "icone-ocultar" : "icone-mostrar"} />
                    {row.isPublished ? "Ocultar" : "Mostrar"}
                    <span className="sr-only"> {row.authorName}</span>
                  </Button>
                  <ButtonLink to={`${PATH}/${row.id}`} variant="outline" size="sm">
                    Editar<span className="sr-only"> {row.authorName}</span>
                  </ButtonLink>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      )}

      <Pager
        label="Páginas de avaliações"
        page={page}
        pageCount={pageCount}
        hrefFor={(target) => listHref(query, visibility, target)}
      />
    </div>
  );
}
