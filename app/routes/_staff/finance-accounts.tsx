import { ArrowRightLeft } from "lucide-react";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { SelectField } from "~/components/ui/select-field";
import { formatDate, shopToday } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { centsToInput, formatCents } from "~/lib/money";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import {
  archiveAccount,
  createAccount,
  listAccountsForPage,
  recordTransfer,
  setAccountRoles,
  updateAccount,
} from "~/modules/finance/accounts.server";
import { FinanceHeader, financeMeta } from "~/modules/finance/components/finance-header";
import {
  ACCOUNT_KIND_LABELS,
  ACCOUNT_ROLE_LABELS,
  FINANCE_ACCOUNT_KINDS,
  FINANCE_ACCOUNT_ROLES,
  FINANCE_LIMITS,
} from "~/modules/finance/validation";
import type { Route } from "./+types/finance-accounts";

export const meta = () => financeMeta("Contas");

const PATH = "/financial-management/contas";

export async function loader({ context }: Route.LoaderArgs) {
  const today = shopToday();
  const { accounts, roles } = await listAccountsForPage(today);
  return {
    accounts,
    roles,
    today,
    isOwner: currentUser(context).role === "owner",
    transferKey: newIdempotencyKey(),
    flash: flashOf(context),
  };
}

type ActionResult = { intent: string; accountId?: string; errors: FieldErrors; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ intent: "" });
  const intent = formText(form, "intent");
  const accountId = formText(form, "accountId");
  const actor = actorOf(currentUser(context));
  const pick = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, formText(form, name)]));
  const accountFields = ["name", "kind", "openingBalance", "openingDate"] as const;
  let extra: Omit<ActionResult, "errors"> = { intent, accountId };
  try {
    switch (intent) {
      case "create": {
        const values = pick(accountFields);
        extra = { intent, values };
        await createAccount(actor, values);
        return redirectWithFlash(PATH, { message: `Conta “${values.name!.trim()}” criada.` });
      }
      case "update": {
        const values = pick(accountFields);
        extra = { intent, accountId, values };
        await updateAccount(actor, accountId, values);
        return redirectWithFlash(PATH, { message: "Conta alterada." });
      }
      case "archive": {
        const archived = await archiveAccount(actor, accountId);
        return redirectWithFlash(PATH, {
          message: archived.wasArchived ? "Esta conta já estava arquivada." : "Conta arquivada.",
          tone: archived.wasArchived ? "info" : "success",
        });
      }
      case "transfer": {
        const values = pick(["fromAccountId", "toAccountId", "amount", "transferDate", "description", "idempotencyKey"]);
        extra = { intent, values };
        const transfer = await recordTransfer(actor, values);
        return redirectWithFlash(PATH, {
          message: transfer.isReplay
            ? "Esta transferência já tinha sido registrada: nada foi lançado em dobro."
            : "Transferência registrada.",
          tone: transfer.isReplay ? "info" : "success",
        });
      }
      case "roles": {
        const values = pick(FINANCE_ACCOUNT_ROLES);
        extra = { intent, values };
        await setAccountRoles(actor, values);
        return redirectWithFlash(PATH, { message: "Contas de cada forma de pagamento salvas." });
      }
      default:
        return formProblem({ intent });
    }
  } catch (error) {
    return formRefusal(error, extra);
  }
}

export default function FinanceAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, roles, today, isOwner, transferKey, flash } = loaderData;
  const result: ActionResult | undefined = actionData;
  const errorsOf = (intent: string, accountId = "") =>
    result?.intent === intent && (result.accountId ?? "") === accountId ? result.errors : {};
  const valuesOf = (intent: string, accountId = "") =>
    result?.intent === intent && (result.accountId ?? "") === accountId ? (result.values ?? {}) : {};
  const active = accounts.filter((account) => account.archivedAt === null);
  const accountOptions = [
    { value: "", label: "Escolha…" },
    ...active.map((account) => ({ value: String(account.id), label: account.name })),
  ];
  const total = active.reduce((sum, account) => sum + account.balanceCents, 0);
  const archiveError = result?.intent === "archive" ? result.errors.form : null;
  return (
    <div className="space-y-6">
      <FinanceHeader title="Financeiro" />
      <FlashAlert flash={flash} />
      {archiveError ? <Alert tone="destructive">{archiveError}</Alert> : null}

      <section aria-labelledby="saldos-titulo" className="space-y-2">
        <h2 id="saldos-titulo" className="text-lg font-semibold text-slate-900">
          Saldos hoje ({formatDate(today)})
        </h2>
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
          {accounts.map((account) => {
            const accountId = String(account.id);
            const updateErrors = errorsOf("update", accountId);
            const updateValues = valuesOf("update", accountId);
            return (
              <li key={account.id} className="space-y-2 px-4 py-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium break-words text-slate-900">
                      {account.name}
                      {account.archivedAt ? <span className="ml-2 text-xs text-slate-500">(arquivada)</span> : null}
                    </p>
                    <p className="text-xs text-slate-600">
                      {ACCOUNT_KIND_LABELS[account.kind]} · saldo inicial {formatCents(account.openingBalanceCents)} em{" "}
                      {formatDate(account.openingDate)}
                      {FINANCE_ACCOUNT_ROLES.filter((role) => roles[role] === account.id).map(
                        (role) => ` · ${ACCOUNT_ROLE_LABELS[role]}`,
                      )}
                    </p>
                  </div>
                  <p
                    className={`text-lg font-semibold tabular-nums ${account.balanceCents < 0 ? "text-red-800" : "text-slate-900"}`}
                  >
                    {formatCents(account.balanceCents)}
                  </p>
                </div>
                {isOwner && account.archivedAt === null ? (
                  <details open={Object.keys(updateErrors).length > 0 || undefined}>
                    <summary className="cursor-pointer text-sm font-medium text-brand-700">Alterar ou arquivar</summary>
                    <Form method="post" noValidate className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                      <input type="hidden" name="accountId" value={accountId} />
                      <AccountFields
                        errors={updateErrors}
                        values={{
                          name: updateValues.name ?? account.name,
                          kind: updateValues.kind ?? account.kind,
                          openingBalance: updateValues.openingBalance ?? centsToInput(account.openingBalanceCents),
                          openingDate: updateValues.openingDate ?? account.openingDate,
                        }}
                      />
                      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
                        <Button type="submit" name="intent" value="update">
                          Salvar conta
                        </Button>
                        <Button type="submit" name="intent" value="archive" variant="outline">
                          Arquivar conta
                        </Button>
                      </div>
                    </Form>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ul>
        <p className="text-right text-sm text-slate-700">
          Total nas contas ativas: <strong className="tabular-nums">{formatCents(total)}</strong>
        </p>
      </section>

      <section aria-labelledby="transferir-titulo" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="transferir-titulo" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ArrowRightLeft aria-hidden className="size-5" />
          Transferir entre contas
        </h2>
        <p className="text-sm text-slate-600">
          Depósito do caixa no banco, dinheiro do cofre para o caixa… Não é receita nem despesa.
        </p>
        <Form method="post" noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <input type="hidden" name="intent" value="transfer" />
          <input type="hidden" name="idempotencyKey" value={valuesOf("transfer").idempotencyKey || transferKey} />
          {errorsOf("transfer").form || errorsOf("transfer").idempotencyKey ? (
            <div className="sm:col-span-2 lg:col-span-3">
              <Alert tone="destructive">{errorsOf("transfer").form ?? errorsOf("transfer").idempotencyKey}</Alert>
            </div>
          ) : null}
          <SelectField
            label="De"
            name="fromAccountId"
            options={accountOptions}
            defaultValue={valuesOf("transfer").fromAccountId ?? ""}
            error={errorsOf("transfer").fromAccountId}
          />
          <SelectField
            label="Para"
            name="toAccountId"
            options={accountOptions}
            defaultValue={valuesOf("transfer").toAccountId ?? ""}
            error={errorsOf("transfer").toAccountId}
          />
          <Field
            label="Valor (R$)"
            name="amount"
            inputMode="decimal"
            maxLength={20}
            placeholder="0,00"
            defaultValue={valuesOf("transfer").amount ?? ""}
            error={errorsOf("transfer").amount}
          />
          <Field
            label="Data"
            name="transferDate"
            type="date"
            max={today}
            defaultValue={valuesOf("transfer").transferDate || today}
            error={errorsOf("transfer").transferDate}
          />
          <Field
            label="Descrição (opcional)"
            name="description"
            maxLength={FINANCE_LIMITS.description}
            defaultValue={valuesOf("transfer").description ?? ""}
            error={errorsOf("transfer").description}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2 lg:col-span-3">
            <Button type="submit">Registrar transferência</Button>
          </div>
        </Form>
      </section>

      {isOwner ? (
        <section aria-labelledby="papeis-titulo" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="papeis-titulo" className="text-lg font-semibold text-slate-900">
            Onde cai o dinheiro de cada forma de pagamento
          </h2>
          {errorsOf("roles").form ? <Alert tone="destructive">{errorsOf("roles").form}</Alert> : null}
          <Form method="post" noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <input type="hidden" name="intent" value="roles" />
            {FINANCE_ACCOUNT_ROLES.map((role) => (
              <SelectField
                key={role}
                label={ACCOUNT_ROLE_LABELS[role]}
                name={role}
                options={accountOptions}
                defaultValue={valuesOf("roles")[role] ?? (roles[role] ? String(roles[role]) : "")}
                error={errorsOf("roles")[role]}
              />
            ))}
            <div className="sm:col-span-2 lg:col-span-3">
              <Button type="submit">Salvar</Button>
            </div>
          </Form>
        </section>
      ) : null}

      {isOwner ? (
        <section aria-labelledby="nova-conta-titulo" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="nova-conta-titulo" className="text-lg font-semibold text-slate-900">
            Nova conta
          </h2>
          {errorsOf("create").form ? <Alert tone="destructive">{errorsOf("create").form}</Alert> : null}
          <Form method="post" noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <input type="hidden" name="intent" value="create" />
            <AccountFields errors={errorsOf("create")} values={{ kind: "bank", openingDate: today, ...valuesOf("create") }} />
            <div className="sm:col-span-2 lg:col-span-4">
              <Button type="submit">Criar conta</Button>
            </div>
          </Form>
        </section>
      ) : null}
    </div>
  );
}

function AccountFields({ errors, values }: { errors: FieldErrors; values: Record<string, string | undefined> }) {
  return (
    <>
      <Field
        label="Nome"
        name="name"
        maxLength={FINANCE_LIMITS.accountName}
        defaultValue={values.name ?? ""}
        error={errors.name}
      />
      <SelectField
        label="Tipo"
        name="kind"
        defaultValue={values.kind ?? "bank"}
        error={errors.kind}
        options={FINANCE_ACCOUNT_KINDS.map((kind) => ({ value: kind, label: ACCOUNT_KIND_LABELS[kind] }))}
      />
      <Field
        label="Saldo inicial (R$)"
        name="openingBalance"
        inputMode="decimal"
        maxLength={20}
        placeholder="0,00"
        defaultValue={values.openingBalance ?? ""}
        error={errors.openingBalance}
      />
      <Field
        label="Data do saldo inicial"
        name="openingDate"
        type="date"
        defaultValue={values.openingDate ?? ""}
        error={errors.openingDate}
      />
    </>
  );
}
