import { Form, Link, data } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { FlashAlert } from "~/components/ui/flash-alert";
import { formatDate, formatDateTime, shopToday } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { formatCents } from "~/lib/money";
import { formatPhone } from "~/lib/phone";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { formatDocument } from "~/modules/customers/document";
import { EntryStatusBadge } from "~/modules/finance/components/entry-status-badge";
import { FinanceHeader, financeMeta } from "~/modules/finance/components/finance-header";
import { SUPPLIER_FIELD_NAMES, SupplierFields } from "~/modules/finance/components/supplier-fields";
import { entryStatusOf } from "~/modules/finance/entry-filters";
import { getSupplierPage, SUPPLIER_ACTIVITY_LIMIT, updateSupplier } from "~/modules/finance/suppliers.server";
import type { Route } from "./+types/finance-supplier";

export const meta = () => financeMeta("Fornecedor");

const LIST = "/financial-management/fornecedores";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseIdParam(params.id);
  const page = await getSupplierPage(actorOf(currentUser(context)), id);
  if (!page) throw data(null, { status: 404 });
  return { ...page, activityLimit: SUPPLIER_ACTIVITY_LIMIT, today: shopToday(), flash: flashOf(context) };
}

type ActionResult = { intent: string; errors: FieldErrors; values?: Record<string, string> };

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseIdParam(params.id);
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ intent: "" });
  const intent = formText(form, "intent");
  if (intent !== "update") return formProblem({ intent });
  const values = Object.fromEntries(SUPPLIER_FIELD_NAMES.map((name) => [name, formText(form, name)]));
  try {
    await updateSupplier(actorOf(currentUser(context)), id, values);
    return redirectWithFlash(`${LIST}/${id}`, { message: "Fornecedor alterado." });
  } catch (error) {
    return formRefusal(error, { intent, values });
  }
}

export default function FinanceSupplier({ loaderData, actionData }: Route.ComponentProps) {
  const { supplier, purchases, bills, openCents, activityLimit, today, flash } = loaderData;
  const result: ActionResult | undefined = actionData;
  const errors = result?.intent === "update" ? result.errors : {};
  const values = result?.intent === "update" ? (result.values ?? {}) : supplier;
  return (
    <div className="space-y-6">
      <FinanceHeader
        title="Financeiro"
        actions={
          <ButtonLink to={LIST} variant="outline">
            Voltar aos fornecedores
          </ButtonLink>
        }
      />
      <FlashAlert flash={flash} />
      <section aria-labelledby="fornecedor-titulo" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="fornecedor-titulo" className="text-lg font-semibold break-words text-slate-900">
          {supplier.name}
        </h2>
        <p className="text-sm text-slate-700">
          {[
            supplier.document ? formatDocument(supplier.document) : "",
            supplier.contactName,
            supplier.whatsapp ? formatPhone(supplier.whatsapp) : "",
            supplier.email,
          ]
            .filter(Boolean)
            .join(" · ") || "Sem documento nem contato cadastrados."}
        </p>
        <p className="text-sm font-medium text-slate-900">Em aberto com este fornecedor: {formatCents(openCents)}</p>
      </section>

      <section aria-labelledby="fornecedor-contas" className="space-y-2">
        <h2 id="fornecedor-contas" className="text-lg font-semibold text-slate-900">
          Contas (em aberto primeiro)
        </h2>
        {bills.length === 0 ? (
          <p className="text-slate-700">Nenhuma conta com este fornecedor.</p>
        ) : (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {bills.map((bill) => (
              <li
                key={bill.id}
                className="grid gap-x-4 gap-y-1 px-4 py-3 md:grid-cols-[minmax(0,3fr)_8rem_8rem_auto] md:items-center"
              >
                <Link
                  to={`/financial-management/lancamentos/${bill.id}`}
                  className="font-medium break-words text-brand-700 underline underline-offset-2"
                >
                  {bill.description}
                  {bill.instalmentCount ? ` · parcela ${bill.instalmentNumber} de ${bill.instalmentCount}` : ""}
                </Link>
                <span className="text-sm text-slate-700">Vence {formatDate(bill.dueDate)}</span>
                <span className="text-sm font-medium text-slate-900">{formatCents(bill.amountCents)}</span>
                <EntryStatusBadge status={entryStatusOf({ ...bill, cancelledAt: null }, today)} />
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-slate-600">
          {bills.length === activityLimit ? `As ${activityLimit} mais recentes. ` : ""}
          <Link
            to={`/financial-management/lancamentos?${new URLSearchParams({ contraparte: supplier.name })}`}
            className="text-brand-700 underline underline-offset-2"
          >
            Todas as contas deste fornecedor em Lançamentos
          </Link>
        </p>
      </section>

      <section aria-labelledby="fornecedor-compras" className="space-y-2">
        <h2 id="fornecedor-compras" className="text-lg font-semibold text-slate-900">
          Compras (entradas de estoque)
        </h2>
        {purchases.length === 0 ? (
          <p className="text-slate-700">Nenhuma entrada de estoque deste fornecedor.</p>
        ) : (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {purchases.map((purchase) => (
              <li
                key={purchase.id}
                className="grid gap-x-4 gap-y-1 px-4 py-3 md:grid-cols-[minmax(0,3fr)_10rem_8rem] md:items-center"
              >
                <Link
                  to={`/inventory/${purchase.productId}`}
                  className="font-medium break-words text-brand-700 underline underline-offset-2"
                >
                  {purchase.quantity} × {purchase.productName}
                </Link>
                <span className="text-sm text-slate-700">{formatDateTime(purchase.createdAt)}</span>
                <span className="text-sm text-slate-900">{formatCents(purchase.quantity * purchase.unitCostCents)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <details className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6" open={result?.intent === "update" || undefined}>
        <summary className="cursor-pointer text-lg font-semibold text-slate-900">Alterar fornecedor</summary>
        <Form method="post" noValidate className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="update" />
          {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
          <SupplierFields values={values} errors={errors} />
          <Button type="submit">Salvar alterações</Button>
        </Form>
      </details>
    </div>
  );
}
