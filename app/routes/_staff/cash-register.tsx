import { CalendarDays, History, LockKeyhole, ShoppingCart } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { formatDateTime } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText, readId } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { formatCents } from "~/lib/money";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { EntryList, entrySlipPath } from "~/modules/cash-register/components/entry-list";
import { MethodTotals } from "~/modules/cash-register/components/method-totals";
import { CashRegisterNotFoundError } from "~/modules/cash-register/errors";
import { cancelRegisterEntry, confirmPixEntry, recordCashMovement } from "~/modules/cash-register/entries.server";
import { getRegisterDeskForPage } from "~/modules/cash-register/queries.server";
import { openCashRegister } from "~/modules/cash-register/sessions.server";
import type { CashCounterAccount } from "~/modules/finance/register-postings.server";
import { CASH_REGISTER_LIMITS, type CashMovementFormValues } from "~/modules/cash-register/validation";
import { Panel } from "~/components/ui/panel";
import type { Route } from "./+types/cash-register";

export const meta = () => staffAreaMeta("cashRegister");

export async function loader({ context }: Route.LoaderArgs) {
  return {
    // With where a float, a suprimento or a sangria comes from or goes to, so finance's drawer is the drawer
    // (its balance only for the opening form, shown while no register is open).
    ...(await getRegisterDeskForPage()),
    // A fresh key with every render: a double submit of one form is recorded once.
    openKey: newIdempotencyKey(),
    movementKey: newIdempotencyKey(),
    flash: flashOf(context),
  };
}

type ActionResult = {
  intent: string;
  errors: FieldErrors;
  movement?: CashMovementFormValues;
  openingFloat?: string;
  openKey?: string;
  entryId?: number | null;
};

const backToDesk = (message: string, extra: { tone?: "success" | "info"; link?: { href: string; label: string } } = {}) =>
  redirectWithFlash("/cash-register", { message, ...extra });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ intent: "" });
  const intent = formText(form, "intent");
  const actor = actorOf(currentUser(context));
  const entryId = readId(formText(form, "entryId"));
  let extra: Omit<ActionResult, "errors"> = { intent };
  try {
    switch (intent) {
      case "open": {
        const input = {
          openingFloat: formText(form, "openingFloat"),
          floatAccount: formText(form, "floatAccount"),
          idempotencyKey: formText(form, "idempotencyKey"),
        };
        extra = { intent, openingFloat: input.openingFloat, openKey: input.idempotencyKey };
        const opened = await openCashRegister(actor, input);
        return opened.isReplay
          ? backToDesk(`O caixa nº ${opened.registerId} já tinha sido aberto: nada foi lançado em dobro.`, { tone: "info" })
          : backToDesk(`Caixa nº ${opened.registerId} aberto.`);
      }
      case "movement": {
        const movement: CashMovementFormValues = {
          kind: formText(form, "kind"),
          amount: formText(form, "amount"),
          reason: formText(form, "reason"),
          account: formText(form, "account"),
          idempotencyKey: formText(form, "idempotencyKey"),
        };
        extra = { intent, movement };
        const recorded = await recordCashMovement(actor, movement);
        const what =
          movement.kind === "withdrawal" ? "Esta sangria já tinha sido registrada" : "Este suprimento já tinha sido registrado";
        return backToDesk(
          recorded.isReplay
            ? `${what}: nada foi lançado em dobro.`
            : movement.kind === "withdrawal"
              ? "Sangria registrada."
              : "Suprimento registrado.",
          {
            tone: recorded.isReplay ? "info" : "success",
            link: { href: entrySlipPath(recorded.entryId), label: "Imprimir comprovante" },
          },
        );
      }
      case "cancel": {
        extra = { intent, entryId };
        const cancelled = await cancelRegisterEntry(actor, entryId, { reason: formText(form, "reason") });
        return backToDesk(cancelled.wasCancelled ? "Este lançamento já estava cancelado." : "Lançamento cancelado.", {
          tone: cancelled.wasCancelled ? "info" : "success",
        });
      }
      case "confirm-pix": {
        extra = { intent, entryId };
        const confirmed = await confirmPixEntry(actor, entryId);
        return backToDesk(confirmed.wasConfirmed ? "Este PIX já estava confirmado." : "PIX recebido registrado.", {
          tone: confirmed.wasConfirmed ? "info" : "success",
        });
      }
      default:
        return formProblem({ intent });
    }
  } catch (error) {
    // A cancel or confirmation of an entry that does not exist is a refusal on this page, not a 404 page.
    if (error instanceof CashRegisterNotFoundError) {
      return data({ ...extra, errors: { form: "Lançamento não encontrado: recarregue a página." } }, { status: 404 });
    }
    return formRefusal(error, extra);
  }
}

export default function CashRegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const result: ActionResult | undefined = actionData;
  const errorsFor = (intent: string) => (result?.intent === intent ? result.errors : {});
  const { register, entries, unassigned, totals, entryCount, unassignedCount, hasEarlierDays } = loaderData;
  const entryErrors = result && ["cancel", "confirm-pix"].includes(result.intent) ? result.errors : {};
  const failedEntryId = result?.entryId ?? null;
  const listed = [...entries, ...unassigned];
  const partial =
    listed.length < entryCount ? (
      <p className="text-sm text-slate-600">
        Mostrando os {listed.length} lançamentos mais recentes de {entryCount}; os totais contam todos.
      </p>
    ) : null;
  const earlierDays = hasEarlierDays ? (
    <p className="text-sm text-slate-600">
      <Link to="/cash-register/dias" className="font-medium text-brand-700 underline underline-offset-2">
        Lançamentos sem caixa de dias anteriores
      </Link>{" "}
      ficam no seu dia: confira-os por dia.
    </p>
  ) : null;

  return (
    <div className="max-w-5xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Caixa</h1>
        <div className="flex flex-wrap items-center gap-4">
          <ButtonLink to="/cash-register/venda">
            <ShoppingCart aria-hidden className="size-4" />
            Nova venda
          </ButtonLink>
          <Link
            to="/cash-register/historico"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2"
          >
            <History aria-hidden className="size-4" />
            Caixas fechados
          </Link>
          <Link
            to="/cash-register/dias"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2"
          >
            <CalendarDays aria-hidden className="size-4" />
            Dias sem caixa
          </Link>
        </div>
      </header>

      <FlashAlert flash={result ? null : loaderData.flash} />
      {result?.errors.form && failedEntryId === null && !["open", "movement"].includes(result.intent) ? (
        <Alert tone="destructive">{result.errors.form}</Alert>
      ) : null}
      {failedEntryId !== null && entryErrors.form ? <Alert tone="destructive">{entryErrors.form}</Alert> : null}

      {register ? (
        <>
          <section aria-labelledby="caixa-aberto" className="space-y-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div>
                <h2 id="caixa-aberto" className="text-lg font-semibold text-slate-900">
                  Caixa nº {register.id} aberto
                </h2>
                <p className="text-sm text-slate-700">
                  Por {register.openedByName} em {formatDateTime(register.openedAt)}
                </p>
              </div>
              <ButtonLink to="/cash-register/fechamento" variant="outline">
                <LockKeyhole aria-hidden className="size-4" />
                Fechar caixa
              </ButtonLink>
            </div>
            <MethodTotals methods={totals.methods} expected={totals.expected} openingFloatCents={register.openingFloatCents} />
            {totals.pendingPixCount > 0 ? (
              <Alert tone="info">
                {totals.pendingPixCount === 1 ? "1 PIX" : `${totals.pendingPixCount} PIX`} a conferir no banco (
                {formatCents(totals.pendingPixCents)}): marque “PIX recebido” depois de ver o valor na conta.
              </Alert>
            ) : null}
          </section>
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            <Panel id="caixa-movimento" title="Suprimento ou sangria" className="self-start">
              <MovementForm
                key={loaderData.movementKey}
                idempotencyKey={loaderData.movementKey}
                errors={errorsFor("movement")}
                values={result?.intent === "movement" ? (result.movement ?? null) : null}
                accounts={loaderData.cashAccounts.accounts}
              />
            </Panel>
            <Panel id="caixa-lancamentos" title="Lançamentos">
              {listed.length === 0 ? (
                <p className="text-sm text-slate-600">Nenhum lançamento neste caixa ainda.</p>
              ) : (
                <EntryList entries={listed} actions errors={entryErrors} failedEntryId={failedEntryId} />
              )}
              {partial}
              {unassignedCount > 0 ? (
                <p className="text-sm text-slate-600">
                  Os lançamentos “do dia” foram feitos com o caixa fechado (PIX e cartões) desde o dia da abertura e entram neste
                  fechamento.
                </p>
              ) : null}
              {earlierDays}
            </Panel>
          </div>
        </>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <Panel id="caixa-abrir" title="Abrir o caixa" className="self-start">
            <p className="text-sm text-slate-700">O caixa está fechado. Conte o dinheiro da gaveta (o fundo de troco) e abra.</p>
            <OpenForm
              idempotencyKey={result?.intent === "open" ? result.openKey || loaderData.openKey : loaderData.openKey}
              errors={errorsFor("open")}
              openingFloat={result?.intent === "open" ? (result.openingFloat ?? "") : ""}
              accounts={loaderData.cashAccounts.accounts}
              drawerBalanceCents={loaderData.cashAccounts.drawerBalanceCents ?? 0}
            />
          </Panel>
          <Panel id="caixa-do-dia" title="Lançamentos de hoje sem caixa">
            {unassignedCount === 0 ? (
              <p className="text-sm text-slate-600">Nenhum. PIX e cartões recebidos hoje com o caixa fechado aparecem aqui.</p>
            ) : (
              <>
                <MethodTotals
                  methods={totals.methods.filter((method) => method !== "cash")}
                  expected={totals.expected}
                  openingFloatCents={null}
                />
                <EntryList entries={unassigned} actions errors={entryErrors} failedEntryId={failedEntryId} />
                {partial}
                <p className="text-sm text-slate-600">Entram no fechamento de um caixa aberto hoje.</p>
              </>
            )}
            {earlierDays}
          </Panel>
        </div>
      )}
    </div>
  );
}

const accountOptions = (accounts: readonly CashCounterAccount[]) =>
  accounts.map((account) => ({ value: String(account.id), label: account.name }));

function OpenForm({
  idempotencyKey,
  errors,
  openingFloat,
  accounts,
  drawerBalanceCents,
}: {
  idempotencyKey: string;
  errors: FieldErrors;
  openingFloat: string;
  accounts: readonly CashCounterAccount[];
  drawerBalanceCents: number;
}) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "open";
  return (
    <Form method="post" noValidate className="space-y-3">
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {errors.form || errors.idempotencyKey ? <Alert tone="destructive">{errors.form ?? errors.idempotencyKey}</Alert> : null}
      <Field
        label="Fundo de troco (R$)"
        name="openingFloat"
        inputMode="decimal"
        maxLength={20}
        placeholder="0,00"
        defaultValue={openingFloat}
        error={errors.openingFloat}
        hint="Em branco: caixa aberto sem troco."
      />
      <SelectField
        label="De onde vem o troco (ou para onde foi o que saiu da gaveta)"
        name="floatAccount"
        options={accountOptions(accounts)}
        error={errors.floatAccount}
        hint={`No financeiro, a gaveta tem ${formatCents(drawerBalanceCents)}: a diferença para o fundo de troco vem desta conta (ou vai para ela).`}
      />
      <Button type="submit" disabled={isSubmitting}>
        Abrir caixa
      </Button>
    </Form>
  );
}

function MovementForm({
  idempotencyKey,
  errors,
  values,
  accounts,
}: {
  idempotencyKey: string;
  errors: FieldErrors;
  values: CashMovementFormValues | null;
  accounts: readonly CashCounterAccount[];
}) {
  const [kind, setKind] = useState(values?.kind === "supply" ? "supply" : "withdrawal");
  return (
    <Form method="post" noValidate className="space-y-3">
      <input type="hidden" name="intent" value="movement" />
      <input type="hidden" name="idempotencyKey" value={values?.idempotencyKey || idempotencyKey} />
      {errors.form || errors.idempotencyKey || errors.kind ? (
        <Alert tone="destructive">{errors.form ?? errors.idempotencyKey ?? errors.kind}</Alert>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Tipo</legend>
        <div className="flex flex-wrap gap-4">
          {(
            [
              ["withdrawal", "Sangria (retirada)"],
              ["supply", "Suprimento (entrada)"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="inline-flex min-h-11 items-center gap-2 text-slate-900">
              <input
                type="radio"
                name="kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className="size-5 accent-brand-700"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        label="Valor (R$)"
        name="amount"
        inputMode="decimal"
        maxLength={20}
        defaultValue={values?.amount ?? ""}
        error={errors.amount}
      />
      <Field
        label="Motivo"
        name="reason"
        maxLength={CASH_REGISTER_LIMITS.reason}
        defaultValue={values?.reason ?? ""}
        error={errors.reason}
        hint={kind === "withdrawal" ? "Ex.: depósito no banco, pagamento de fornecedor." : "Ex.: troco trazido do banco."}
      />
      <SelectField
        label={kind === "withdrawal" ? "Para onde vai o dinheiro" : "De onde vem o dinheiro"}
        name="account"
        options={accountOptions(accounts)}
        defaultValue={values?.account ?? ""}
        error={errors.account}
      />
      <Button type="submit">{kind === "withdrawal" ? "Registrar sangria" : "Registrar suprimento"}</Button>
    </Form>
  );
}
