import { HandCoins, MessageCircle, PackageCheck, Printer } from "lucide-react";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FlashAlert } from "~/components/ui/flash-alert";
import { SelectField } from "~/components/ui/select-field";
import { Spinner } from "~/components/ui/spinner";
import { TextareaField } from "~/components/ui/textarea-field";
import { addDays, formatDate, formatDateTime, shopToday, toShopDateTimeInput } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { formatCents } from "~/lib/money";
import { formatPhone } from "~/lib/phone";
import { parseIdParam } from "~/lib/route-params";
import { whatsappLink } from "~/lib/whatsapp";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { BucketBadge } from "~/modules/debtors/components/bucket-badge";
import { createDebt, recordDebtContact, sendDebtReminder } from "~/modules/debtors/mutations.server";
import { getCustomerDebts, type DebtItemSource } from "~/modules/debtors/queries.server";
import { reminderFor } from "~/modules/debtors/reminder.server";
import { DEBT_CONTACT_CHANNEL_LABELS, DEBT_CONTACT_CHANNELS, DEBT_LIMITS } from "~/modules/debtors/validation";
import { REVENUE_SOURCE_LABELS } from "~/modules/inventory/labels";
import { REVENUE_SOURCES } from "~/modules/inventory/validation";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/debtor";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.debt.customer.name ?? "Devedor"} — Devedores — Balcão` },
    { name: "robots", content: "noindex" },
  ];
}

/** The IOU form's default due date: a month to pay, as shops usually give. */
const DEFAULT_IOU_DAYS = 30;

export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const customerId = parseIdParam(params.customerId);
  const today = shopToday();
  const debt = await getCustomerDebts(actor, customerId, today);
  if (!debt) throw data({ reason: "not-found" }, { status: 404 });
  const prepared = debt.items.length > 0 ? await reminderFor(await getShopSettings(), debt) : null;
  const reminder = prepared && {
    ...prepared,
    // To this customer's own number only (CDC art. 42), and only under the shop's confirmed details.
    whatsappUrl: debt.customer.phone && !prepared.refusal ? whatsappLink(debt.customer.phone, prepared.message) : null,
  };
  return {
    debt,
    reminder,
    today,
    defaultDueDate: addDays(today, DEFAULT_IOU_DAYS),
    nowInput: toShopDateTimeInput(new Date()),
    iouKey: newIdempotencyKey(),
    flash: flashOf(context),
  };
}

type Intent = "iou" | "contact" | "reminder";
type IouValues = { description?: string; amount?: string; incurredOn?: string; dueDate?: string; revenueSource?: string };
type ContactValues = { channel?: string; contactedAt?: string; note?: string };

export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const customerId = parseIdParam(params.customerId);
  const form = await request.formData().catch(() => null);
  const intent = form ? formText(form, "intent") : "";
  if (!form || (intent !== "iou" && intent !== "contact" && intent !== "reminder")) {
    return formProblem({ intent: null as Intent | null, values: {} as IouValues & ContactValues });
  }
  const path = `/devedores/${customerId}`;
  if (intent === "iou") {
    const values: IouValues = {
      description: formText(form, "description"),
      amount: formText(form, "amount"),
      incurredOn: formText(form, "incurredOn"),
      dueDate: formText(form, "dueDate"),
      revenueSource: formText(form, "revenueSource"),
    };
    try {
      await createDebt(actor, customerId, { ...values, idempotencyKey: formText(form, "idempotencyKey") });
      return redirectWithFlash(path, { message: "Fiado registrado." });
    } catch (error) {
      return formRefusal(error, { intent: intent as Intent | null, values: values as IouValues & ContactValues });
    }
  }
  if (intent === "contact") {
    const values: ContactValues = {
      channel: formText(form, "channel"),
      contactedAt: formText(form, "contactedAt"),
      note: formText(form, "note"),
    };
    try {
      await recordDebtContact(actor, customerId, values);
      return redirectWithFlash(`${path}#contatos`, { message: "Contato registrado." });
    } catch (error) {
      return formRefusal(error, { intent: intent as Intent | null, values: values as IouValues & ContactValues });
    }
  }
  try {
    // Posted as the reminder's link opens WhatsApp in a new tab: the contact is logged with the amount asked.
    const reminder = await sendDebtReminder(actor, customerId);
    return {
      intent: intent as Intent | null,
      values: {} as IouValues & ContactValues,
      errors: {} as FieldErrors,
      reminded: reminder.amountCents,
    };
  } catch (error) {
    return formRefusal(error, { intent: intent as Intent | null, values: {} as IouValues & ContactValues });
  }
}

const SOURCE_LABELS: Record<DebtItemSource, string> = {
  order: "Ordem de serviço",
  instalment: "Crediário",
  debt: "Fiado / venda",
};

export default function DebtorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { debt, reminder, flash } = loaderData;
  const errors: FieldErrors = actionData?.errors ?? {};
  const intent = actionData?.intent ?? null;
  const total = debt.overdueCents + debt.upcomingCents;
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <BackLink to="/devedores">Devedores</BackLink>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold break-words text-slate-900">{debt.customer.name}</h1>
          <div className="flex flex-wrap gap-2">
            {debt.items.length > 0 ? (
              <ButtonLink to={`/devedores/${debt.customer.id}/pagamento`}>
                <HandCoins aria-hidden className="size-4" />
                Registrar pagamento
              </ButtonLink>
            ) : null}
            <ButtonLink to="#divida-fiado" variant="outline">
              Novo fiado
            </ButtonLink>
            <ButtonLink to={`/cdc/novo?cliente=${debt.customer.id}`} variant="outline">
              Novo crediário
            </ButtonLink>
          </div>
        </div>
        <p className="flex flex-wrap items-center gap-2 text-slate-700">
          {debt.items.length > 0 ? <BucketBadge bucket={debt.bucket} /> : null}
          {debt.customer.phone ? <span>WhatsApp {formatPhone(debt.customer.phone)}</span> : <span>Sem WhatsApp cadastrado</span>}
          <Link to={`/customers/${debt.customer.id}`} className="text-sm text-brand-700 underline underline-offset-2">
            Cadastro do cliente
          </Link>
        </p>
      </div>

      <FlashAlert flash={flash} />
      {intent === null && errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}

      <section aria-labelledby="divida-itens" className="space-y-3">
        <h2 id="divida-itens" className="text-lg font-semibold text-slate-900">
          O que deve
        </h2>
        <dl className="grid grid-cols-3 gap-2 text-sm sm:gap-3">
          <div className="rounded-lg border border-slate-200 bg-white p-2 sm:p-3">
            <dt className="text-slate-600">Vencido</dt>
            <dd className="text-base font-bold text-red-800 sm:text-lg">{formatCents(debt.overdueCents)}</dd>
          </div>
          <div className="rounded-lg border border-slate-200 bg-white p-2 sm:p-3">
            <dt className="text-slate-600">A vencer</dt>
            <dd className="text-base font-bold text-slate-900 sm:text-lg">{formatCents(debt.upcomingCents)}</dd>
          </div>
          <div className="rounded-lg border border-slate-200 bg-white p-2 sm:p-3">
            <dt className="text-slate-600">Total</dt>
            <dd className="text-base font-bold text-slate-900 sm:text-lg">{formatCents(total)}</dd>
          </div>
        </dl>
        {debt.items.length === 0 ? (
          <p className="text-slate-700">Este cliente não deve nada à loja.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-2 py-2 sm:px-4">
                    Origem
                  </th>
                  <th scope="col" className="px-2 py-2 sm:px-4">
                    Vencimento
                  </th>
                  <th scope="col" className="px-2 py-2 sm:px-4 text-right">
                    Valor
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {debt.items.map((item) => (
                  <tr key={`${item.source}-${item.id}-${item.number}`}>
                    <td className="px-2 py-2 sm:px-4">
                      <span className="block text-xs text-slate-600">{SOURCE_LABELS[item.source]}</span>
                      {item.href ? (
                        <Link to={item.href} className="text-brand-700 underline underline-offset-2">
                          {item.label}
                        </Link>
                      ) : (
                        <span className="text-slate-900">{item.label}</span>
                      )}
                      {item.source === "debt" || item.source === "order" ? (
                        <Link
                          to={item.source === "debt" ? `/cdc/novo?divida=${item.id}` : `/cdc/novo?os=${item.id}`}
                          className="block text-xs font-medium text-brand-700 underline underline-offset-2"
                        >
                          Parcelar no crediário<span className="sr-only"> — {item.label}</span>
                        </Link>
                      ) : null}
                    </td>
                    <td className="px-2 py-2 whitespace-nowrap sm:px-4">
                      {formatDate(item.dueDate)}
                      {item.daysOverdue > 0 ? (
                        <span className="block text-xs font-medium text-red-800">
                          {item.daysOverdue === 1 ? "1 dia de atraso" : `${item.daysOverdue} dias de atraso`}
                        </span>
                      ) : (
                        <span className="block text-xs text-slate-600">
                          {item.dueDate === debt.today ? "Vence hoje" : "Em dia"}
                        </span>
                      )}
                    </td>
                    <td className="px-2 py-2 sm:px-4 text-right font-semibold whitespace-nowrap">
                      {formatCents(item.amountCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {debt.devicesAwaitingPickup.length > 0 ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-sky-900">
            <PackageCheck aria-hidden className="size-4" />
            Aparelho aguardando retirada:{" "}
            {debt.devicesAwaitingPickup.map((device) => (
              <Link
                key={device.orderId}
                to={`/service-orders/${device.orderId}/edit`}
                className="font-medium underline underline-offset-2"
              >
                OS nº {device.orderId}
              </Link>
            ))}
          </p>
        ) : null}
      </section>

      {reminder ? <ReminderSection reminder={reminder} error={intent === "reminder" ? (errors.form ?? null) : null} /> : null}

      {debt.items.length > 0 ? <LetterSection customerId={debt.customer.id} /> : null}

      <ContactsSection
        contacts={debt.contacts}
        nowInput={loaderData.nowInput}
        errors={intent === "contact" ? errors : {}}
        values={intent === "contact" ? (actionData?.values ?? {}) : {}}
      />

      <IouSection
        // A new form after each IOU recorded: the next one starts empty with a fresh key.
        key={loaderData.iouKey}
        iouKey={loaderData.iouKey}
        today={loaderData.today}
        defaultDueDate={loaderData.defaultDueDate}
        errors={intent === "iou" ? errors : {}}
        values={intent === "iou" ? (actionData?.values ?? {}) : {}}
      />
    </div>
  );
}

function ReminderSection({
  reminder,
  error,
}: {
  reminder: {
    amountCents: number;
    message: string;
    pixUnavailableMessage: string | null;
    refusal: string | null;
    whatsappUrl: string | null;
  };
  error: string | null;
}) {
  const fetcher = useFetcher<{ errors?: FieldErrors }>();
  const fetcherError = fetcher.data?.errors?.form ?? null;
  if (reminder.refusal) {
    return (
      <section aria-labelledby="divida-lembrete" className="space-y-3">
        <h2 id="divida-lembrete" className="text-lg font-semibold text-slate-900">
          Lembrete pelo WhatsApp
        </h2>
        <Alert tone="info">{reminder.refusal}</Alert>
      </section>
    );
  }
  return (
    <section aria-labelledby="divida-lembrete" className="space-y-3">
      <h2 id="divida-lembrete" className="text-lg font-semibold text-slate-900">
        Lembrete pelo WhatsApp
      </h2>
      <p className="text-sm text-slate-700">
        Vai só para o WhatsApp deste cliente, nunca para um grupo. Ao abrir, o contato fica registrado com o valor de{" "}
        {formatCents(reminder.amountCents)}.
      </p>
      {(fetcherError ?? error) ? <Alert tone="destructive">{fetcherError ?? error}</Alert> : null}
      {reminder.pixUnavailableMessage ? <Alert tone="info">{reminder.pixUnavailableMessage}</Alert> : null}
      <pre
        aria-label="Texto do lembrete"
        className="max-w-3xl rounded-lg border border-slate-200 bg-slate-50 p-3 font-sans text-sm break-words whitespace-pre-wrap text-slate-900"
      >
        {reminder.message}
      </pre>
      {reminder.whatsappUrl ? (
        <a
          href={reminder.whatsappUrl}
          target="_blank"
          rel="noopener noreferrer"
          // The link opens WhatsApp itself (a form could not: the page's CSP keeps form posts on this site);
          // the click logs the contact, and the log on this page reloads with it.
          onClick={() => fetcher.submit({ intent: "reminder" }, { method: "post" })}
          className={buttonClass()}
        >
          <MessageCircle aria-hidden className="size-4" />
          Lembrar pelo WhatsApp<span className="sr-only"> (abre em nova aba)</span>
        </a>
      ) : (
        <p className="text-sm text-slate-700">Sem WhatsApp cadastrado: ligue ou fale pessoalmente e registre o contato abaixo.</p>
      )}
    </section>
  );
}

function LetterSection({ customerId }: { customerId: number }) {
  return (
    <section aria-labelledby="divida-carta" className="space-y-3">
      <h2 id="divida-carta" className="text-lg font-semibold text-slate-900">
        Carta de cobrança
      </h2>
      <p className="max-w-3xl text-sm text-slate-700">
        Em A4: o que está em aberto, os vencimentos e como pagar. Entregue só ao próprio cliente, em mãos ou em envelope fechado
        em nome dele, nunca a outra pessoa (CDC art. 42); depois, registre o contato “Carta” abaixo.
      </p>
      <a
        href={`/devedores/${customerId}/carta`}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass({ variant: "outline" })}
      >
        <Printer aria-hidden className="size-4" />
        Imprimir carta de cobrança<span className="sr-only"> (abre em nova aba)</span>
      </a>
    </section>
  );
}

function ContactsSection({
  contacts,
  nowInput,
  errors,
  values,
}: {
  contacts: {
    id: number;
    contactedAt: string;
    channel: keyof typeof DEBT_CONTACT_CHANNEL_LABELS;
    note: string;
    owedCents: number | null;
    actorLabel: string;
  }[];
  nowInput: string;
  errors: FieldErrors;
  values: ContactValues;
}) {
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting" && navigation.formData?.get("intent") === "contact";
  return (
    <section id="contatos" aria-labelledby="divida-contatos" className="space-y-3">
      <h2 id="divida-contatos" className="text-lg font-semibold text-slate-900">
        Contatos ({contacts.length})
      </h2>
      {contacts.length === 0 ? (
        <p className="text-sm text-slate-700">Nenhum contato registrado ainda.</p>
      ) : (
        <ol className="space-y-2 text-sm" aria-label="Contatos registrados">
          {contacts.map((contact) => (
            <li key={contact.id} className="rounded-md bg-slate-50 px-3 py-2">
              <p className="text-slate-900">
                <time dateTime={contact.contactedAt}>{formatDateTime(contact.contactedAt)}</time> ·{" "}
                <strong>{DEBT_CONTACT_CHANNEL_LABELS[contact.channel]}</strong> · {contact.actorLabel}
                {contact.owedCents !== null ? ` · devia ${formatCents(contact.owedCents)}` : ""}
              </p>
              {contact.note ? <p className="break-words text-slate-700">{contact.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
      <Form
        // A new form after each contact logged: the next one starts empty.
        key={contacts.length}
        method="post"
        noValidate
        className="max-w-3xl space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <h3 className="font-semibold text-slate-900">Registrar contato</h3>
        <input type="hidden" name="intent" value="contact" />
        {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Meio de contato"
            name="channel"
            defaultValue={values.channel ?? "phone"}
            error={errors.channel}
            options={DEBT_CONTACT_CHANNELS.map((value) => ({ value, label: DEBT_CONTACT_CHANNEL_LABELS[value] }))}
          />
          <Field
            label="Data e hora do contato"
            name="contactedAt"
            type="datetime-local"
            defaultValue={values.contactedAt ?? nowInput}
            max={`${nowInput.slice(0, 10)}T23:59`}
            required
            error={errors.contactedAt}
          />
        </div>
        <TextareaField
          label="Observação (opcional)"
          name="note"
          rows={2}
          maxLength={DEBT_LIMITS.note}
          defaultValue={values.note ?? ""}
          placeholder="Ex.: prometeu pagar na sexta."
          error={errors.note}
        />
        <Button type="submit" size="sm" disabled={isSaving} aria-busy={isSaving}>
          {isSaving ? <Spinner /> : null}
          Registrar contato
        </Button>
      </Form>
    </section>
  );
}

function IouSection({
  iouKey,
  today,
  defaultDueDate,
  errors,
  values,
}: {
  iouKey: string;
  today: string;
  defaultDueDate: string;
  errors: FieldErrors;
  values: IouValues;
}) {
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting" && navigation.formData?.get("intent") === "iou";
  return (
    <section aria-labelledby="divida-fiado" className="space-y-3">
      <h2 id="divida-fiado" className="text-lg font-semibold text-slate-900">
        Novo fiado
      </h2>
      <Form method="post" noValidate className="max-w-3xl space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <input type="hidden" name="intent" value="iou" />
        <input type="hidden" name="idempotencyKey" value={iouKey} />
        {errors.form || errors.idempotencyKey ? <Alert tone="destructive">{errors.form ?? errors.idempotencyKey}</Alert> : null}
        <Field
          label="Descrição"
          name="description"
          defaultValue={values.description ?? ""}
          maxLength={DEBT_LIMITS.description}
          placeholder="Ex.: película e capinha"
          required
          error={errors.description}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Valor (R$)"
            name="amount"
            inputMode="decimal"
            defaultValue={values.amount ?? ""}
            placeholder="0,00"
            required
            error={errors.amount}
          />
          <SelectField
            label="Receita de"
            name="revenueSource"
            defaultValue={values.revenueSource ?? "products"}
            error={errors.revenueSource}
            hint="A linha do resultado do mês em que o pagamento entra."
            options={REVENUE_SOURCES.map((value) => ({ value, label: REVENUE_SOURCE_LABELS[value] }))}
          />
          <Field
            label="Data"
            name="incurredOn"
            type="date"
            max={today}
            defaultValue={values.incurredOn ?? today}
            required
            error={errors.incurredOn}
          />
          <Field
            label="Vencimento"
            name="dueDate"
            type="date"
            defaultValue={values.dueDate ?? defaultDueDate}
            required
            error={errors.dueDate}
          />
        </div>
        <Button type="submit" disabled={isSaving} aria-busy={isSaving}>
          {isSaving ? <Spinner /> : null}
          Registrar fiado
        </Button>
      </Form>
    </section>
  );
}
