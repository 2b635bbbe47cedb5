import { Truck } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FlashAlert } from "~/components/ui/flash-alert";
import { Pager } from "~/components/ui/pager";
import { SearchBox } from "~/components/ui/search-box";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { formatPhone } from "~/lib/phone";
import { searchTextOf } from "~/lib/text-input";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { maskDocument } from "~/modules/customers/document";
import { FinanceHeader, financeMeta } from "~/modules/finance/components/finance-header";
import { SUPPLIER_FIELD_NAMES, SupplierFields } from "~/modules/finance/components/supplier-fields";
import { createSupplier, listSuppliers } from "~/modules/finance/suppliers.server";
import type { Route } from "./+types/finance-suppliers";

export const meta = () => financeMeta("Fornecedores");

const PATH = "/financial-management/fornecedores";
const QUERY_PARAM = "q";
const PAGE_PARAM = "pagina";
const MAX_QUERY_LENGTH = 100;

function listHref(query: string, page: number) {
  const params = new URLSearchParams();
  if (query) params.set(QUERY_PARAM, query);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const search = params.toString();
  return search ? `${PATH}?${search}` : PATH;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const query = searchTextOf(searchParams.get(QUERY_PARAM), MAX_QUERY_LENGTH);
  const rawPage = searchParams.get(PAGE_PARAM);
  const number = rawPage === null ? 1 : Number(rawPage);
  const requestedPage = Number.isSafeInteger(number) && number >= 1 && number <= 10_000 ? number : 1;
  if (rawPage !== null && (requestedPage === 1 || rawPage !== String(requestedPage)))
    throw redirect(listHref(query, requestedPage));
  const actor = actorOf(currentUser(context));
  const result = await listSuppliers(actor, { search: query, page: requestedPage });
  if (requestedPage > result.pageCount) throw redirect(listHref(query, result.pageCount));
  return { query, ...result, flash: flashOf(context) };
}

type ActionResult = { intent: string; errors: FieldErrors; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ intent: "" });
  const intent = formText(form, "intent");
  if (intent !== "create") return formProblem({ intent });
  const values = Object.fromEntries(SUPPLIER_FIELD_NAMES.map((name) => [name, formText(form, name)]));
  try {
    const created = await createSupplier(actorOf(currentUser(context)), values);
    return redirectWithFlash(`${PATH}/${created.id}`, { message: `Fornecedor “${created.name}” cadastrado.` });
  } catch (error) {
    return formRefusal(error, { intent, values });
  }
}

export default function FinanceSuppliers({ loaderData, actionData }: Route.ComponentProps) {
  const { query, rows, page, pageCount, total, flash } = loaderData;
  const result: ActionResult | undefined = actionData;
  const errors = result?.intent === "create" ? result.errors : {};
  return (
    <div className="space-y-6">
      <FinanceHeader title="Financeiro" />
      <FlashAlert flash={flash} />
      <SearchBox
        label="Buscar fornecedor"
        name={QUERY_PARAM}
        query={query}
        maxLength={MAX_QUERY_LENGTH}
        hint="Parte do nome (acentos não importam), o CNPJ/CPF ou o WhatsApp."
      />
      {rows.length === 0 ? (
        <EmptyState
          icon={<Truck aria-hidden className="size-10" />}
          title={query ? "Nenhum fornecedor encontrado" : "Nenhum fornecedor cadastrado ainda"}
        >
          <p>
            {query
              ? "Confira o que foi digitado."
              : "Cadastre abaixo quem vende para a loja: ele aparece na entrada de estoque e nas contas a pagar."}
          </p>
        </EmptyState>
      ) : (
        <section aria-labelledby="fornecedores-lista" className="space-y-2">
          <h2 id="fornecedores-lista" className="text-lg font-semibold text-slate-900">
            Fornecedores ({total})
          </h2>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {rows.map((row) => (
              <li
                key={row.id}
                className="grid gap-x-4 gap-y-1 px-4 py-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
              >
                <Link to={`${PATH}/${row.id}`} className="font-medium break-words text-brand-700 underline underline-offset-2">
                  {row.name}
                </Link>
                <span className="text-sm text-slate-700">{row.document ? maskDocument(row.document) : "—"}</span>
                <span className="text-sm text-slate-700">
                  {[row.contactName, row.whatsapp ? formatPhone(row.whatsapp) : ""].filter(Boolean).join(" · ") || "—"}
                </span>
              </li>
            ))}
          </ul>
          <Pager
            label="Páginas de fornecedores"
            page={page}
            pageCount={pageCount}
            hrefFor={(target) => listHref(query, target)}
          />
        </section>
      )}
      <section aria-labelledby="novo-fornecedor" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="novo-fornecedor" className="text-lg font-semibold text-slate-900">
          Novo fornecedor
        </h2>
        <Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="intent" value="create" />
          {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
          <SupplierFields values={result?.values ?? {}} errors={errors} />
          <Button type="submit">Cadastrar fornecedor</Button>
        </Form>
      </section>
    </div>
  );
}
