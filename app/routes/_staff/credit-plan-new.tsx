import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { Spinner } from "~/components/ui/spinner";
import { formatDate, shopToday } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { formRefusal } from "~/lib/form-refusal.server";
import { formText, readId } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { basisPointsToPercentText, formatCents, parseMoneyToCents } from "~/lib/money";
import { formatPhone } from "~/lib/phone";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { CreditDisclosurePanel } from "~/modules/credit/components/credit-disclosure";
import {
  CREDIT_LIMITS,
  CreditTermsSchema,
  defaultFirstDueDate,
  disclosureOrProblems,
  DOWN_PAYMENT_METHODS,
  FEE_PAID_WITH,
  type CreditSettings,
  type CreditSupplier,
} from "~/modules/credit/plan-terms";
import {
  createCreditPlan,
  creditPlanFormToInput,
  creditSettingsOf,
  creditSupplierOf,
  getPlanSource,
  listCustomerPlanOrigins,
  type PlanOrigin,
} from "~/modules/credit/plans.server";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/credit-plan-new";

export function meta() {
  return [{ title: "Novo crediário — Balcão" }, { name: "robots", content: "noindex" }];
}

/** The address names what the plan is made from: ?venda=12, ?os=42 or ?divida=7. */
const ORIGIN_PARAMS = { venda: "sale", os: "order", divida: "debt" } as const;

function originOf(searchParams: URLSearchParams): PlanOrigin | null {
  for (const [param, kind] of Object.entries(ORIGIN_PARAMS)) {
    const value = searchParams.get(param);
    if (value === null) continue;
    const id = readId(value);
    return id === null ? null : { kind, id };
  }
  return null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const { searchParams } = new URL(request.url);
  const origin = originOf(searchParams);
  const asked = Object.keys(ORIGIN_PARAMS).some((param) => searchParams.has(param));
  const source = origin ? await getPlanSource(actor, origin) : null;
  if (asked && !source) throw data({ reason: "not-found" }, { status: 404 });
  // Without an origin, a customer's page or debts page sends ?cliente=<id>: their open debts and orders to choose from.
  const customerParam = searchParams.get("cliente");
  const customerId = customerParam === null ? null : readId(customerParam);
  const customerOrigins =
    !origin && customerParam !== null ? (customerId === null ? null : await listCustomerPlanOrigins(actor, customerId)) : null;
  if (!origin && customerParam !== null && !customerOrigins) throw data({ reason: "not-found" }, { status: 404 });
  const settings = await getShopSettings();
  const today = shopToday();
  return {
    source,
    customerOrigins,
    today,
    settings: creditSettingsOf(settings),
    supplier: creditSupplierOf(settings),
    idempotencyKey: newIdempotencyKey(),
    defaults: { instalmentCount: "1", monthlyRate: "0", firstDueDate: defaultFirstDueDate(today), fee: "", downPayment: "" },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const form = await request.formData().catch(() => null);
  const values: Record<string, string> = {};
  if (form) for (const [name, value] of form.entries()) if (typeof value === "string") values[name] = value.slice(0, 200);
  // "Calcular" without JavaScript: the same page with the disclosure of what was typed, nothing saved.
  if (form && formText(form, "intent") === "preview") return { values, preview: true };
  try {
    const { planId } = await createCreditPlan(actor, form ? creditPlanFormToInput(form) : {});
    return redirectWithFlash(`/cdc/${planId}`, {
      title: `Crediário nº ${planId} criado`,
      message: "Imprima o contrato para o cliente assinar.",
      link: { href: `/cdc/${planId}/contrato`, label: "Imprimir contrato" },
    });
  } catch (error) {
    return formRefusal(error, { values });
  }
}

type Values = Record<
  "instalmentCount" | "monthlyRate" | "firstDueDate" | "fee" | "feeMethod" | "downPayment" | "downPaymentMethod",
  string
>;

/** The disclosure for what is typed now, by the same pure functions the server runs again when saving. */
function liveDisclosure(
  values: Values,
  cashPriceCents: number,
  fixedDownPaymentCents: number | null,
  settings: CreditSettings,
  supplier: CreditSupplier,
  today: string,
) {
  const terms = CreditTermsSchema.safeParse(values);
  if (!terms.success) return { disclosure: null, problems: [{ field: "form", message: "Confira as condições acima." }] };
  const fee = parseMoneyToCents(values.fee || "0");
  const down = fixedDownPaymentCents ?? parseMoneyToCents(values.downPayment || "0");
  if (fee === null || down === null)
    return { disclosure: null, problems: [{ field: "form", message: "Informe os valores como 150,00." }] };
  return disclosureOrProblems(
    { cashPriceCents, downPaymentCents: down, feeCents: fee, feeFinanced: values.feeMethod === "financed" },
    terms.data,
    settings,
    supplier,
    today,
  );
}

export default function NewCreditPlan({ loaderData, actionData }: Route.ComponentProps) {
  const { source, customerOrigins, today, settings, supplier, idempotencyKey, defaults } = loaderData;
  const navigation = useNavigation();
  const errors: FieldErrors = actionData && "errors" in actionData ? actionData.errors : {};
  const [values, setValues] = useState<Values>(() => ({
    ...defaults,
    downPaymentMethod: "",
    feeMethod: "",
    ...(actionData?.values as Partial<Values> | undefined),
  }));

  if (!source) return <ChooseOrigin customerOrigins={customerOrigins} />;

  const preview = liveDisclosure(values, source.cashPriceCents, source.fixedDownPaymentCents, settings, supplier, today);
  const set = (name: keyof Values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
  };
  const isSaving = navigation.state === "submitting";

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <BackLink to="/cdc">Crediários</BackLink>
        <h1 className="text-2xl font-bold text-slate-900">Novo crediário</h1>
        <p className="text-slate-700">
          {source.label} · {source.customerName}
          {source.customerPhone ? ` · ${formatPhone(source.customerPhone)}` : ""}
        </p>
      </div>
      {source.refusal ? (
        <Alert tone="destructive">{source.refusal}</Alert>
      ) : (
        <Form method="post" className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <input type="hidden" name="originKind" value={source.origin.kind} />
          <input type="hidden" name="originId" value={source.origin.id} />
          <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-semibold text-slate-900">Condições</legend>
            {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
            <p className="text-slate-800">
              {source.origin.kind === "order"
                ? "Saldo da OS"
                : source.origin.kind === "debt"
                  ? "Valor em aberto"
                  : "Total da venda"}
              : <strong>{formatCents(source.cashPriceCents)}</strong>
              {source.fixedDownPaymentCents ? ` (já pago: ${formatCents(source.fixedDownPaymentCents)})` : ""}
            </p>
            {source.fixedDownPaymentCents === null ? (
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
                <Field
                  label="Entrada (opcional)"
                  name="downPayment"
                  inputMode="decimal"
                  placeholder="0,00"
                  maxLength={20}
                  value={values.downPayment}
                  onChange={set("downPayment")}
                  error={errors.downPayment}
                />
                <SelectField
                  label="Entrada paga em"
                  name="downPaymentMethod"
                  value={values.downPaymentMethod}
                  onChange={set("downPaymentMethod")}
                  error={errors.downPaymentMethod}
                  options={[
                    { value: "", label: "Sem entrada" },
                    ...Object.entries(DOWN_PAYMENT_METHODS).map(([value, label]) => ({ value, label })),
                  ]}
                />
              </div>
            ) : null}
            <Field
              label={`Parcelas (${CREDIT_LIMITS.minInstalments} a ${CREDIT_LIMITS.maxInstalments})`}
              name="instalmentCount"
              type="number"
              inputMode="numeric"
              min={CREDIT_LIMITS.minInstalments}
              max={CREDIT_LIMITS.maxInstalments}
              required
              value={values.instalmentCount}
              onChange={set("instalmentCount")}
              error={errors.instalmentCount}
            />
            <Field
              label="Taxa de juros ao mês (%)"
              name="monthlyRate"
              inputMode="decimal"
              maxLength={10}
              value={values.monthlyRate}
              onChange={set("monthlyRate")}
              error={errors.monthlyRate}
              hint={`De 0 a ${basisPointsToPercentText(settings.maxMonthlyRateBasisPoints)}% a.m. (máximo da loja, em Configurações).`}
            />
            <Field
              label="Primeiro vencimento"
              name="firstDueDate"
              type="date"
              required
              value={values.firstDueDate}
              onChange={set("firstDueDate")}
              error={errors.firstDueDate}
              hint={`Entre ${CREDIT_LIMITS.minFirstDueDays} e ${CREDIT_LIMITS.maxFirstDueDays} dias depois de hoje; os juros do primeiro mês contam os dias.`}
            />
            <Field
              label="Tarifa de cadastro (opcional)"
              name="fee"
              inputMode="decimal"
              placeholder="0,00"
              maxLength={20}
              value={values.fee}
              onChange={set("fee")}
              error={errors.fee}
              hint="Entra no CET: paga agora, no caixa, ou financiada nas parcelas."
            />
            <SelectField
              label="Tarifa paga em"
              name="feeMethod"
              value={values.feeMethod}
              onChange={set("feeMethod")}
              error={errors.feeMethod}
              options={[
                { value: "", label: "Escolha (se houver tarifa)" },
                ...Object.entries(FEE_PAID_WITH).map(([value, label]) => ({ value, label })),
              ]}
            />
            <div className="flex flex-col gap-2">
              <Button type="submit" disabled={isSaving || preview.disclosure === null} className="w-full">
                {isSaving ? <Spinner /> : null}
                Salvar crediário
              </Button>
              {/* Without JavaScript the disclosure is recomputed by the server for what was typed. */}
              <noscript>
                <Button type="submit" name="intent" value="preview" variant="outline" formNoValidate className="w-full">
                  Calcular
                </Button>
              </noscript>
            </div>
          </fieldset>
          <div className="min-w-0 space-y-3">
            {preview.disclosure ? (
              <CreditDisclosurePanel disclosure={preview.disclosure} />
            ) : (
              <Alert tone="info">
                {preview.problems.map((problem) => (
                  <span key={problem.field + problem.message} className="block">
                    {problem.message}
                  </span>
                ))}
              </Alert>
            )}
            <p className="text-sm text-slate-600">
              Mostre estas informações ao cliente antes de salvar. Ao salvar, o contrato é emitido com elas.
            </p>
          </div>
        </Form>
      )}
    </div>
  );
}

type CustomerOrigins = Route.ComponentProps["loaderData"]["customerOrigins"];

/**
 * /cdc/novo with no origin: where a plan comes from. From a customer's page or
 * debts page (?cliente=<id>), that customer's open debts and orders to choose;
 * otherwise an order by its number (printed on every receipt), and where to
 * find a fiado.
 */
function ChooseOrigin({ customerOrigins }: { customerOrigins: CustomerOrigins }) {
  if (customerOrigins) return <ChooseCustomerOrigin origins={customerOrigins} />;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Novo crediário</h1>
      <p className="max-w-prose text-slate-700">
        Uma venda no caixa com a forma de pagamento <strong>Crediário</strong> já cria o plano. Aqui você parcela o saldo de uma
        ordem de serviço ou uma dívida registrada antes do crediário.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Form method="get" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <Field label="Número da OS" name="os" inputMode="numeric" required maxLength={10} />
          <Button type="submit">Parcelar o saldo da OS</Button>
        </Form>
        <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
          <h2 className="font-semibold text-slate-900">Parcelar um fiado</h2>
          <p>
            Abra o cliente em{" "}
            <Link to="/customers" className="text-brand-700 underline underline-offset-2">
              Clientes
            </Link>{" "}
            ou em{" "}
            <Link to="/devedores" className="text-brand-700 underline underline-offset-2">
              Devedores
            </Link>{" "}
            e escolha <strong>Novo crediário</strong>: a lista mostra as dívidas em aberto dele.
          </p>
        </div>
      </div>
    </div>
  );
}

function ChooseCustomerOrigin({ origins }: { origins: NonNullable<CustomerOrigins> }) {
  const { customer } = origins;
  const isEmpty = origins.debts.length === 0 && origins.orders.length === 0;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <BackLink to={`/devedores/${customer.id}`}>Dívidas de {customer.name}</BackLink>
        <h1 className="text-2xl font-bold text-slate-900">Novo crediário para {customer.name}</h1>
        <p className="max-w-prose text-slate-700">Escolha o que parcelar: uma dívida (fiado) em aberto ou o saldo de uma OS.</p>
      </div>
      {isEmpty ? (
        <Alert tone="info">
          {customer.name} não tem dívida em aberto nem OS com saldo para parcelar. Registre antes um fiado na{" "}
          <Link to={`/devedores/${customer.id}#divida-fiado`} className="underline underline-offset-2">
            página de dívidas do cliente
          </Link>
          .
        </Alert>
      ) : (
        <ul
          aria-label={`O que ${customer.name} pode parcelar`}
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
        >
          {origins.debts.map((debt) => (
            <li key={`divida-${debt.id}`} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span>
                <span className="block text-xs text-slate-600">Fiado · vence em {formatDate(debt.dueDate)}</span>
                <span className="font-medium text-slate-900">{debt.description}</span> · {formatCents(debt.owedCents)}
              </span>
              <ButtonLink to={`/cdc/novo?divida=${debt.id}`} size="sm">
                Parcelar<span className="sr-only"> {debt.description}</span>
              </ButtonLink>
            </li>
          ))}
          {origins.orders.map((order) => (
            <li key={`os-${order.id}`} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span>
                <span className="block text-xs text-slate-600">Saldo de OS</span>
                <span className="font-medium text-slate-900">{order.label}</span> · {formatCents(order.balanceCents)}
              </span>
              <ButtonLink to={`/cdc/novo?os=${order.id}`} size="sm">
                Parcelar<span className="sr-only"> {order.label}</span>
              </ButtonLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
