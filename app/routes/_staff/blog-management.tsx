import { FilePlus2, Newspaper } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { Pager } from "~/components/ui/pager";
import { SelectField } from "~/components/ui/select-field";
import { formatDateTime } from "~/lib/dates";
import { flashOf } from "~/lib/flash.server";
import { assertStaffActor } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { ContentTabs } from "~/modules/blog/components/content-tabs";
import { PostStatusBadge } from "~/modules/blog/components/post-status-badge";
import { listPostsForStaff } from "~/modules/blog/queries.server";
import { STAFF_POST_FILTERS, type StaffPostFilter } from "~/modules/blog/staff-list";
import type { Route } from "./+types/blog-management";
import { searchTextOf } from "~/lib/text-input";

const QUERY_PARAM = "q";
const STATUS_PARAM = "situacao";
const PAGE_PARAM = "pagina";
const MAX_QUERY_LENGTH = 100;

const FILTER_LABELS: Record<StaffPostFilter, string> = {
  all: "Todas",
  draft: "Rascunhos",
  scheduled: "Agendados",
  published: "Publicados",
};

export const meta = () => staffAreaMeta("blogManagement");

function listHref(query: string, filter: StaffPostFilter, page: number) {
  const params = new URLSearchParams();
  if (query) params.set(QUERY_PARAM, query);
  if (filter !== "all") params.set(STATUS_PARAM, filter);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const search = params.toString();
  return search ? `/blog-management?${search}` : "/blog-management";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  assertStaffActor(actorOf(currentUser(context)));
  const { searchParams } = new URL(request.url);
  const query = searchTextOf(searchParams.get(QUERY_PARAM), MAX_QUERY_LENGTH);
  const rawFilter = searchParams.get(STATUS_PARAM);
  const filter = (STAFF_POST_FILTERS as readonly string[]).includes(rawFilter ?? "") ? (rawFilter as StaffPostFilter) : "all";
  const rawPage = searchParams.get(PAGE_PARAM);
  const number = rawPage === null ? 1 : Number(rawPage);
  const requestedPage = Number.isSafeInteger(number) && number >= 1 ? number : 1;
  // One address per list: an unknown filter or page number, "todas" or page 1 spelt out, go to the plain one.
  const isPageOff = rawPage !== null && (requestedPage === 1 || rawPage !== String(requestedPage));
  const isFilterOff = rawFilter !== null && (rawFilter !== filter || filter === "all");
  if (isPageOff || isFilterOff) throw redirect(listHref(query, filter, requestedPage));
  const result = await listPostsForStaff({ query, filter, page: requestedPage });
  // Past the last page (an old link, posts deleted): the last page, at its own address.
  if (requestedPage > result.page) throw redirect(listHref(query, filter, result.page));
  return { query, filter, ...result, flash: flashOf(context) };
}

export default function BlogManagement({ loaderData }: Route.ComponentProps) {
  const { query, filter, posts, page, pageCount, total, flash } = loaderData;
  const isFiltered = query !== "" || filter !== "all";
  return (
    <div className="space-y-6">
      <ContentTabs />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Posts do blog</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/blog" className={buttonClass({ variant: "outline" })}>
            Ver o blog
          </Link>
          <ButtonLink to="/blog-management/posts/novo">
            <FilePlus2 aria-hidden className="size-4" />
            Novo post
          </ButtonLink>
        </div>
      </div>

      <FlashAlert flash={flash} />

      <search>
        <Form method="get" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start">
          <Field
            key={query}
            label="Buscar post"
            name={QUERY_PARAM}
            type="search"
            defaultValue={query}
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            hint="Título, endereço ou assunto."
          />
          <SelectField
            key={filter}
            label="Situação"
            name={STATUS_PARAM}
            defaultValue={filter}
            options={STAFF_POST_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
          />
          <Button type="submit" className="sm:mt-7">
            Filtrar
          </Button>
        </Form>
      </search>

      {posts.length === 0 ? (
        <EmptyState
          icon={<Newspaper aria-hidden className="size-10" />}
          title={isFiltered ? "Nenhum post encontrado" : "Nenhum post ainda"}
        >
          <p>
            {isFiltered
              ? "Confira o que foi digitado ou escolha outra situação."
              : "Escreva o primeiro post: ele pode ficar em rascunho, ser publicado na hora ou agendado."}
          </p>
        </EmptyState>
      ) : (
        <section aria-labelledby="posts-resultado" className="space-y-2">
          <h2 id="posts-resultado" className="text-sm font-normal text-slate-600">
            {total === 1 ? "1 post" : `${total} posts`}, da alteração mais recente à mais antiga.
          </h2>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {posts.map((post) => (
              <li key={post.id} className="flex flex-col gap-2 px-4 py-3 md:flex-row md:items-center md:gap-4">
                <div className="min-w-0 flex-1 space-y-1">
                  <Link
                    to={`/blog-management/posts/${post.id}`}
                    className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
                  >
                    {post.title}
                  </Link>
                  <p className="text-sm break-all text-slate-600">/blog/{post.slug}</p>
                </div>
                <dl className="grid gap-x-4 gap-y-0.5 text-sm text-slate-700 md:w-96 md:grid-cols-2">
                  <div className="flex items-center gap-2">
                    <dt className="sr-only">Situação</dt>
                    <dd className="flex flex-wrap gap-1">
                      <PostStatusBadge status={post.status} />
                      {post.isDemo ? (
                        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                          Demonstração
                        </span>
                      ) : null}
                    </dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="text-slate-500">
                      {post.status === "scheduled" ? "Publica em" : post.status === "published" ? "Publicado em" : "Alterado em"}
                    </dt>
                    <dd>{formatDateTime(post.status === "draft" || !post.publishedAt ? post.updatedAt : post.publishedAt)}</dd>
                  </div>
                </dl>
                <Link
                  to={`/blog-management/posts/${post.id}`}
                  className={buttonClass({ variant: "outline", size: "sm" }, "self-start md:self-center")}
                >
                  Editar<span className="sr-only"> {post.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <Pager label="Páginas de posts" page={page} pageCount={pageCount} hrefFor={(target) => listHref(query, filter, target)} />
    </div>
  );
}
