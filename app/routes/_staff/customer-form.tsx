import { FilePlus2 } from "lucide-react";
import { data, redirect, useNavigation } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { ButtonLink } from "~/components/ui/button";
import { formatCep } from "~/lib/cep";
import { formatDateTime } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { FlashAlert } from "~/components/ui/flash-alert";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText, readId } from "~/lib/forms";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Actor } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { linkCustomerAccount, listCustomerAccounts, unlinkCustomerAccount } from "~/modules/customers/account-links.server";
import {
  listCustomerChangeRequests,
  resolveCustomerChangeRequest,
  type ChangeRequestDecision,
} from "~/modules/customers/account-profile.server";
import { CustomerAccounts } from "~/modules/customers/components/customer-accounts";
import { CustomerChangeRequests } from "~/modules/customers/components/customer-change-requests";
import { ReferralShare } from "~/modules/customers/components/referral-share";
import { getReferralShare } from "~/modules/customers/referrals.server";
import { CustomerForm } from "~/modules/customers/components/customer-form";
import { formatPhone } from "~/lib/phone";
import { parseIdParam } from "~/lib/route-params";
import { formatDocument } from "~/modules/customers/document";
import { createCustomer, updateCustomer } from "~/modules/customers/mutations.server";
import { getCustomer } from "~/modules/customers/queries.server";
import { customerFormValues, type CustomerFormValues } from "~/modules/customers/validation";
import { ServiceOrderRows } from "~/modules/service-orders/components/service-order-rows";
import { listServiceOrdersOfCustomer } from "~/modules/service-orders/queries.server";
import type { Route } from "./+types/customer-form";

const LIST_PATH = "/customers";
/** Where the form came from (a new service order), to go back there with the customer chosen. */
const BACK_PARAM = "voltar";
/** Added to the page gone back to: the id of the customer just saved. */
const SAVED_CUSTOMER_PARAM = "cliente";
/** The new-order form opens with the customer of this parameter chosen (it reads the same one). */
const newOrderHrefFor = (customerId: number) => `/new-service-order?${SAVED_CUSTOMER_PARAM}=${customerId}`;
const ORDERS_ANCHOR = "ordens-de-servico";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.customer ? `${loaderData.customer.name} — Clientes — Balcão` : "Novo cliente — Balcão";
  return [{ title }, { name: "robots", content: "noindex" }];
}

/** The page to return to, when it is one of ours; null otherwise. */
function backPathOf(url: URL) {
  const target = url.searchParams.get(BACK_PARAM);
  const safe = safeRedirectPath(target, "");
  return safe === "" ? null : safe;
}

function withSavedCustomer(path: string, customerId: number) {
  const url = new URL(path, "http://local");
  url.searchParams.set(SAVED_CUSTOMER_PARAM, String(customerId));
  return url.pathname + url.search + url.hash;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const back = backPathOf(new URL(request.url));
  if (params.id === undefined) {
    return {
      customer: null,
      orders: { rows: [], total: 0 },
      newOrderHref: null,
      accounts: [],
      changeRequests: [],
      referral: null,
      back,
      flash: null,
    };
  }
  const id = parseIdParam(params.id);
  const [customer, orders] = await Promise.all([getCustomer(id), listServiceOrdersOfCustomer(id)]);
  if (!customer || !orders) throw data(null, { status: 404 });
  return {
    customer: {
      id: customer.id,
      name: customer.name,
      values: {
        name: customer.name,
        // Stored as digits; shown as people write them (the schema reads either).
        phone: formatPhone(customer.phone),
        document: customer.document ? formatDocument(customer.document) : "",
        email: customer.email,
        cep: formatCep(customer.cep),
        address: customer.address,
        district: customer.district,
        city: customer.city,
        state: customer.state,
        marketingConsent: customer.marketingConsent ? "on" : "",
        notes: customer.notes,
        referredByCustomerId: customer.referredByCustomerId ? String(customer.referredByCustomerId) : "",
      } satisfies CustomerFormValues,
      consentedAt: customer.marketingConsentAt ? formatDateTime(customer.marketingConsentAt) : null,
      referrer: customer.referrer,
    },
    orders,
    newOrderHref: newOrderHrefFor(customer.id),
    accounts: await listCustomerAccounts(actorOf(currentUser(context)), id),
    changeRequests: await listCustomerChangeRequests(actorOf(currentUser(context)), id),
    referral: await getReferralShare(id, customer.referralCode),
    back,
    flash: flashOf(context),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await request.formData().catch(() => null);
  // The customer picker of another page posts here and wants the result as data, not a redirect.
  const isInline = url.searchParams.get("inline") === "1" || form?.get("intent") === "inline";
  if (!form) return formProblem({ values: {} as CustomerFormValues });
  const actor = actorOf(currentUser(context));
  const intent = form.get("intent");
  if (params.id !== undefined && (intent === "link-account" || intent === "unlink-account")) {
    return accountAction(actor, readId(params.id ?? "") ?? 0, intent, form);
  }
  if (params.id !== undefined && (intent === "apply-change" || intent === "dismiss-change")) {
    return changeRequestAction(actor, readId(params.id ?? "") ?? 0, intent === "apply-change" ? "apply" : "dismiss", form);
  }
  const values = customerFormValues(form);
  const isEditing = params.id !== undefined;
  try {
    const customer = isEditing
      ? await updateCustomer(actor, readId(params.id ?? "") ?? 0, values)
      : await createCustomer(actor, values);
    if (isInline) return { customer };
    const back = backPathOf(url);
    if (back) return redirect(withSavedCustomer(back, customer.id));
    return redirectWithFlash(LIST_PATH, {
      title: isEditing ? "Cadastro atualizado" : "Cliente cadastrado",
      message: formatPhone(customer.phone),
      link: { href: `/customers/${customer.id}`, label: customer.name },
    });
  } catch (error) {
    return formRefusal(error, { values });
  }
}

/** "Acesso pelo site": staff link a sign-in account to this record, or unlink one. */
async function accountAction(actor: Actor, customerId: number, intent: "link-account" | "unlink-account", form: FormData) {
  const accountEmail = formText(form, "accountEmail");
  try {
    if (intent === "link-account") await linkCustomerAccount(actor, customerId, { accountEmail });
    else await unlinkCustomerAccount(actor, customerId, formText(form, "userId"));
    return redirectWithFlash(`/customers/${customerId}`, {
      title: intent === "link-account" ? "Conta vinculada" : "Conta desvinculada",
      message:
        intent === "link-account"
          ? `Quem entra com ${accountEmail} vê as ordens de serviço deste cliente.`
          : "Essa conta não vê mais as ordens de serviço deste cliente.",
    });
  } catch (error) {
    return formRefusal(error, { accountEmail });
  }
}

/** A change of name or phone the customer asked for on their account, applied to the record or set aside. */
async function changeRequestAction(actor: Actor, customerId: number, decision: ChangeRequestDecision, form: FormData) {
  try {
    const resolved = await resolveCustomerChangeRequest(actor, customerId, readId(formText(form, "requestId")) ?? 0, decision);
    const fieldLabel = resolved.field === "phone" ? "Telefone" : "Nome";
    const shownValue = resolved.field === "phone" ? formatPhone(resolved.value) : resolved.value;
    return redirectWithFlash(`/customers/${customerId}`, {
      title: resolved.decision === "apply" ? `${fieldLabel} atualizado` : "Pedido descartado",
      message: resolved.decision === "apply" ? shownValue : `O cadastro continua como estava; o cliente pediu ${shownValue}.`,
    });
  } catch (error) {
    return formRefusal(error, { changeRequest: true });
  }
}

export default function CustomerFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, orders, newOrderHref, accounts, changeRequests, referral, back, flash } = loaderData;
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const errors: FieldErrors = actionData && "errors" in actionData ? actionData.errors : {};
  const values: CustomerFormValues = actionData && "values" in actionData ? actionData.values : (customer?.values ?? {});
  // A refusal of the account panel's forms is theirs, not the customer form's.
  const accountRefusal = actionData && "accountEmail" in actionData ? actionData : null;
  const isAccountRefusal = accountRefusal !== null;
  const changeRefusal = actionData && "changeRequest" in actionData ? actionData.errors.form : null;

  return (
    <div className="max-w-3xl space-y-6">
      <div className="space-y-2">
        <BackLink to={back ?? LIST_PATH}>{back ? "Voltar" : "Voltar para clientes"}</BackLink>
        <h1 className="text-2xl font-bold text-slate-900">{customer ? "Editar cliente" : "Novo cliente"}</h1>
        {/* A refusal answers without reloading the page's data: the last success's message would stand beside it. */}
        <FlashAlert flash={actionData ? null : flash} />
        {customer ? (
          <p className="text-slate-700">
            {customer.name} · cliente nº {customer.id} ·{" "}
            <a href={`#${ORDERS_ANCHOR}`} className="text-brand-700 underline underline-offset-2">
              {orders.total === 1 ? "1 ordem de serviço" : `${orders.total} ordens de serviço`}
            </a>
          </p>
        ) : null}
        {customer ? (
          <nav aria-label="Dívidas e crediário do cliente" className="flex flex-wrap gap-2">
            <ButtonLink to={`/devedores/${customer.id}`} size="sm" variant="outline">
              Dívidas e fiados
            </ButtonLink>
            <ButtonLink to={`/devedores/${customer.id}#divida-fiado`} size="sm" variant="outline">
              Novo fiado
            </ButtonLink>
            <ButtonLink to={`/cdc/novo?cliente=${customer.id}`} size="sm" variant="outline">
              Novo crediário
            </ButtonLink>
            <ButtonLink to={`/fidelidade?cliente=${customer.id}`} size="sm" variant="outline">
              Pontos de fidelidade
            </ButtonLink>
          </nav>
        ) : null}
      </div>
      {changeRefusal ? <p className="text-sm text-red-700">{changeRefusal}</p> : null}
      <CustomerChangeRequests requests={changeRequests} isSubmitting={isSubmitting} />
      {customer && newOrderHref ? (
        <CustomerOrders customerName={customer.name} orders={orders} newOrderHref={newOrderHref} />
      ) : null}
      <CustomerForm
        // A new page (after saving and opening another customer, or applying a change the customer asked for) starts
        // from its own values: an applied phone must not stay the old one in the form, to be saved back.
        key={customer ? `${customer.id}:${customer.values.name}:${customer.values.phone}` : "novo"}
        values={values}
        errors={isAccountRefusal || changeRefusal ? {} : errors}
        consentedAt={customer?.consentedAt ?? null}
        referrer={customer?.referrer ?? null}
        isSubmitting={isSubmitting}
        submitLabel={customer ? "Salvar alterações" : "Cadastrar cliente"}
      />
      {customer ? (
        <CustomerAccounts
          accounts={accounts}
          errors={isAccountRefusal ? errors : {}}
          typedEmail={accountRefusal?.accountEmail ?? ""}
          isSubmitting={isSubmitting}
        />
      ) : null}
      {customer ? <ReferralShare share={referral} /> : null}
    </div>
  );
}

type CustomerOrdersData = Route.ComponentProps["loaderData"]["orders"];

/** The customer's orders, newest first, each linked, and a new one opened with this customer already chosen. */
function CustomerOrders({
  customerName,
  orders,
  newOrderHref,
}: {
  customerName: string;
  orders: CustomerOrdersData;
  newOrderHref: string;
}) {
  return (
    <section id={ORDERS_ANCHOR} aria-labelledby={`${ORDERS_ANCHOR}-titulo`} className="scroll-mt-20 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${ORDERS_ANCHOR}-titulo`} className="text-lg font-semibold text-slate-900">
          Ordens de serviço
        </h2>
        <ButtonLink to={newOrderHref} size="sm">
          <FilePlus2 aria-hidden className="size-4" />
          Nova OS
        </ButtonLink>
      </div>
      {orders.rows.length === 0 ? (
        <p className="text-slate-700">Nenhuma ordem de serviço ainda.</p>
      ) : (
        <>
          <ServiceOrderRows rows={orders.rows} label={`Ordens de serviço de ${customerName}`} />
          {orders.total > orders.rows.length ? (
            <p className="text-sm text-slate-600">
              As {orders.rows.length} mais recentes de {orders.total}.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
