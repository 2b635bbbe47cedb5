import { useState } from "react";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { SelectField } from "~/components/ui/select-field";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { createCategory, setCategoryArchived, updateCategory } from "~/modules/finance/categories.server";
import { listCategoriesForPage } from "~/modules/finance/choices.server";
import { FinanceHeader, financeMeta } from "~/modules/finance/components/finance-header";
import {
  DIRECTION_SHORT_LABELS,
  FINANCE_DIRECTIONS,
  FINANCE_LIMITS,
  RESULT_LINE_LABELS,
  RESULT_LINES_OF_DIRECTION,
  type CategoryFormValues,
  type FinanceDirection,
} from "~/modules/finance/validation";
import type { Route } from "./+types/finance-categories";

export const meta = () => financeMeta("Categorias");

const PATH = "/financial-management/categorias";

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await listCategoriesForPage(), isOwner: currentUser(context).role === "owner", flash: flashOf(context) };
}

type ActionResult = { intent: string; categoryId?: string; errors: FieldErrors; values?: CategoryFormValues };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ intent: "" });
  const intent = formText(form, "intent");
  const categoryId = formText(form, "categoryId");
  const actor = actorOf(currentUser(context));
  const values: CategoryFormValues = {
    name: formText(form, "name"),
    direction: formText(form, "direction"),
    resultLine: formText(form, "resultLine"),
  };
  const extra: Omit<ActionResult, "errors"> = { intent, categoryId, values };
  try {
    switch (intent) {
      case "create":
        await createCategory(actor, values);
        return redirectWithFlash(PATH, { message: `Categoria “${values.name!.trim()}” criada.` });
      case "update":
        await updateCategory(actor, categoryId, values);
        return redirectWithFlash(PATH, { message: "Categoria alterada." });
      case "archive":
      case "restore": {
        const changed = await setCategoryArchived(actor, categoryId, intent === "archive");
        return redirectWithFlash(PATH, {
          message: changed.wasUnchanged ? "Nada mudou." : intent === "archive" ? "Categoria arquivada." : "Categoria reativada.",
          tone: changed.wasUnchanged ? "info" : "success",
        });
      }
      default:
        return formProblem({ intent });
    }
  } catch (error) {
    return formRefusal(error, extra);
  }
}

export default function FinanceCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, isOwner, flash } = loaderData;
  const result: ActionResult | undefined = actionData;
  const isFor = (intent: string, id = "") => result?.intent === intent && (result.categoryId ?? "") === id;
  const stateError =
    (result?.intent === "archive" || result?.intent === "restore") && result.errors.form ? result.errors.form : null;
  return (
    <div className="space-y-6">
      <FinanceHeader title="Financeiro" />
      <FlashAlert flash={flash} />
      {stateError ? <Alert tone="destructive">{stateError}</Alert> : null}
      <p className="text-sm text-slate-600">
        Cada categoria soma numa linha do resultado do mês. As marcadas como “automática” são usadas pelas vendas, pelo caixa e
        pelo crediário: podem mudar de nome, mas não de tipo, nem ser arquivadas.
        {isOwner ? "" : " Só o proprietário altera as categorias."}
      </p>
      {FINANCE_DIRECTIONS.map((direction) => (
        <section key={direction} aria-labelledby={`categorias-${direction}`} className="space-y-2">
          <h2 id={`categorias-${direction}`} className="text-lg font-semibold text-slate-900">
            {direction === "in" ? "Entradas" : "Saídas"}
          </h2>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {categories
              .filter((category) => category.direction === direction)
              .map((category) => {
                const id = String(category.id);
                return (
                  <li key={category.id} className="space-y-2 px-4 py-3">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <p className={`font-medium break-words ${category.archivedAt ? "text-slate-500" : "text-slate-900"}`}>
                        {category.name}
                        {category.systemKey ? (
                          <span className="ml-2 text-xs font-normal text-slate-500">(automática)</span>
                        ) : null}
                        {category.archivedAt ? (
                          <span className="ml-2 text-xs font-normal text-slate-500">(arquivada)</span>
                        ) : null}
                      </p>
                      <p className="text-sm text-slate-600">{RESULT_LINE_LABELS[category.resultLine]}</p>
                    </div>
                    {isOwner ? (
                      <details open={isFor("update", id) || undefined}>
                        <summary className="cursor-pointer text-sm font-medium text-brand-700">Alterar</summary>
                        <CategoryForm
                          categoryId={id}
                          isSystem={category.systemKey !== null}
                          isArchived={category.archivedAt !== null}
                          errors={isFor("update", id) ? result!.errors : {}}
                          values={
                            isFor("update", id)
                              ? result!.values!
                              : { name: category.name, direction: category.direction, resultLine: category.resultLine }
                          }
                        />
                      </details>
                    ) : null}
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
      {isOwner ? (
        <section aria-labelledby="nova-categoria" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="nova-categoria" className="text-lg font-semibold text-slate-900">
            Nova categoria
          </h2>
          <CategoryForm
            errors={isFor("create") ? result!.errors : {}}
            values={isFor("create") ? result!.values! : { direction: "out", resultLine: "operating-expense" }}
          />
        </section>
      ) : null}
    </div>
  );
}

function CategoryForm({
  categoryId,
  isSystem = false,
  isArchived = false,
  errors,
  values,
}: {
  categoryId?: string;
  isSystem?: boolean;
  isArchived?: boolean;
  errors: FieldErrors;
  values: CategoryFormValues;
}) {
  const [direction, setDirection] = useState<FinanceDirection>(values.direction === "in" ? "in" : "out");
  const lines = RESULT_LINES_OF_DIRECTION[direction];
  return (
    <Form method="post" noValidate className="mt-3 grid gap-3 sm:grid-cols-3">
      {categoryId ? <input type="hidden" name="categoryId" value={categoryId} /> : null}
      {errors.form ? (
        <div className="sm:col-span-3">
          <Alert tone="destructive">{errors.form}</Alert>
        </div>
      ) : null}
      <Field
        label="Nome"
        name="name"
        maxLength={FINANCE_LIMITS.categoryName}
        defaultValue={values.name ?? ""}
        error={errors.name}
      />
      {isSystem ? (
        <input type="hidden" name="direction" value={direction} />
      ) : (
        <SelectField
          label="Tipo"
          name="direction"
          value={direction}
          onChange={(event) => setDirection(event.target.value === "in" ? "in" : "out")}
          error={errors.direction}
          options={FINANCE_DIRECTIONS.map((side) => ({ value: side, label: DIRECTION_SHORT_LABELS[side] }))}
        />
      )}
      <SelectField
        key={direction}
        label="Linha do resultado"
        name="resultLine"
        defaultValue={values.resultLine && lines.includes(values.resultLine as never) ? values.resultLine : lines[0]}
        error={errors.resultLine}
        options={lines.map((line) => ({ value: line, label: RESULT_LINE_LABELS[line] }))}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-3">
        <Button type="submit" name="intent" value={categoryId ? "update" : "create"}>
          {categoryId ? "Salvar categoria" : "Criar categoria"}
        </Button>
        {categoryId && !isSystem ? (
          <Button type="submit" name="intent" value={isArchived ? "restore" : "archive"} variant="outline">
            {isArchived ? "Reativar" : "Arquivar"}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
