import { Pager } from "~/components/ui/pager";
import { MessageCircle, PackageCheck, Printer } from "lucide-react";
import { useRef, useState, type RefObject } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FieldMessage, inputClass } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { cx } from "~/lib/class-names";
import { formatDate, formatDateTime, toShopDateTimeInput } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText, readId } from "~/lib/forms";
import { formatCents } from "~/lib/money";
import { formatPhone } from "~/lib/phone";
import { whatsappLink } from "~/lib/whatsapp";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import {
  listPendingPickupsWithAttempts,
  PICKUP_CHANNEL_LABELS,
  PICKUP_CONTACT_CHANNELS,
  recordPickupContactAttempt,
} from "~/modules/service-orders/pickups.server";
import { isPickupWaitMark, PICKUP_WAIT_MARKS, STATUS_LABELS, type PickupWaitMark } from "~/modules/service-orders/status";
import { trackingUrl } from "~/modules/service-orders/tracking-code";
import { deviceName, deviceShortName } from "~/modules/service-orders/device-name";
import { pickupReminderMessage } from "~/modules/service-orders/whatsapp-reminder";
import { describeWeeklyHours } from "~/modules/shop-settings/opening-hours";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/pending-pickups";
import { shopNameInMessages } from "~/lib/shop-name";

const PAGE_PARAM = "pagina";
/** "?espera=90": only devices waiting at least that many days (the abandonment clock; the Painel links here). */
const WAIT_PARAM = "espera";

function listHref(wait: PickupWaitMark | null, page: number) {
  const params = new URLSearchParams();
  if (wait !== null) params.set(WAIT_PARAM, String(wait));
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const search = params.toString();
  return search ? `/pending-pickups?${search}` : "/pending-pickups";
}
/** The flash of a logged attempt names its order, so the message shows on that order's card. */
const SUBJECT_PREFIX = "os:";
/** After this many days the shop may start the legal steps for an abandoned device: staff see it flagged. */
const LONG_WAIT_DAYS = 90;

export const meta = () => [{ title: "Aguardando retirada — Balcão" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const url = new URL(request.url);
  const rawPage = url.searchParams.get(PAGE_PARAM);
  const requestedPage = Number(rawPage ?? "1");
  const rawWait = url.searchParams.get(WAIT_PARAM);
  const waitNumber = Number(rawWait);
  const wait = isPickupWaitMark(waitNumber) ? waitNumber : null;
  const [list, shop] = await Promise.all([
    listPendingPickupsWithAttempts(actor, { page: Number.isFinite(requestedPage) ? requestedPage : 1, minDaysWaiting: wait }),
    getShopSettings(),
  ]);
  // Past the last page (an old link, the last pickup of a page collected), not a page number, or an unknown wait:
  // the page the list shows, at its own address.
  if (rawPage !== (list.page === 1 ? null : String(list.page)) || rawWait !== (wait === null ? null : String(wait))) {
    throw redirect(listHref(wait, list.page));
  }
  const { attempts } = list;
  const origin = getEnv().PUBLIC_URL;
  const hours = describeWeeklyHours(shop.weeklyHours);
  const address = `${shop.address}, ${shop.city} – ${shop.state}`;
  const flash = flashOf(context);
  const savedId = flash?.subject?.startsWith(SUBJECT_PREFIX) ? readId(flash.subject.slice(SUBJECT_PREFIX.length)) : null;

  const rows = list.pickups.map((pickup) => {
    const device = { deviceType: pickup.device.type, brand: pickup.device.brand, model: pickup.device.model };
    const reminder = pickupReminderMessage({
      customerName: pickup.customerName,
      shopName: shopNameInMessages(shop),
      orderNumber: pickup.orderId,
      status: pickup.status,
      deviceName: deviceShortName(device),
      balanceCents: pickup.balanceCents,
      hours,
      address,
      trackingUrl: trackingUrl(origin, pickup.trackingCode),
    });
    return {
      ...pickup,
      statusLabel: STATUS_LABELS[pickup.status],
      deviceLabel: deviceName(device),
      reminderUrl: pickup.customerPhone ? whatsappLink(pickup.customerPhone, reminder) : null,
      attempts: attempts
        .filter((attempt) => attempt.orderId === pickup.orderId)
        .map((attempt) => ({ ...attempt, channelLabel: PICKUP_CHANNEL_LABELS[attempt.channel] })),
    };
  });
  return {
    rows,
    wait,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    savedOrderId: savedId,
    nowInput: toShopDateTimeInput(new Date()),
    channels: PICKUP_CONTACT_CHANNELS.map((value) => ({ value, label: PICKUP_CHANNEL_LABELS[value] })),
  };
}

type AttemptValues = { channel?: string; attemptedAt?: string; note?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ orderId: null as number | null, values: {} as AttemptValues });
  const orderIdText = formText(form, "orderId");
  const values: AttemptValues = {
    channel: formText(form, "channel"),
    attemptedAt: formText(form, "attemptedAt"),
    note: formText(form, "note"),
  };
  try {
    const attempt = await recordPickupContactAttempt(actor, { orderId: orderIdText, ...values });
    // Post/redirect/get: reloading the page does not log the attempt twice.
    const params = new URL(request.url).searchParams;
    const kept = new URLSearchParams();
    for (const name of [WAIT_PARAM, PAGE_PARAM]) {
      const value = params.get(name);
      if (value) kept.set(name, value);
    }
    return redirectWithFlash(`/pending-pickups${kept.size > 0 ? `?${kept.toString()}` : ""}#os-${attempt.orderId}`, {
      message: "Contato registrado.",
      subject: `${SUBJECT_PREFIX}${attempt.orderId}`,
    });
  } catch (error) {
    return formRefusal(error, { orderId: readId(orderIdText), values });
  }
}

type LoaderRow = Route.ComponentProps["loaderData"]["rows"][number];
type ActionResult = Route.ComponentProps["actionData"];

export default function PendingPickups({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, savedOrderId, wait } = loaderData;
  return (
    <>
      <div className="mb-6 space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">Aguardando retirada</h1>
        <p className="max-w-3xl text-slate-700">
          Aparelhos prontos, com orçamento recusado ou sem reparo que ainda não foram retirados, do que espera há mais tempo para
          o mais recente. Registre cada tentativa de contato: o registro é a prova de que a loja avisou o cliente.
        </p>
        <nav aria-label="Filtrar por tempo de espera" className="flex flex-wrap gap-2 text-sm">
          {[null, ...PICKUP_WAIT_MARKS].map((mark) => (
            <Link
              key={mark ?? "todos"}
              to={listHref(mark, 1)}
              aria-current={wait === mark ? "page" : undefined}
              className={cx(
                "rounded-full border px-3 py-1",
                wait === mark ? "border-brand-700 bg-brand-50 font-semibold text-brand-800" : "border-slate-300 text-slate-700",
              )}
            >
              {mark === null ? "Todos" : `Há ${mark} dias ou mais`}
            </Link>
          ))}
        </nav>
      </div>

      {rows.length === 0 ? (
        <EmptyState icon={<PackageCheck aria-hidden className="size-10" />} title="Nenhum aparelho aguardando retirada">
          <p>Quando uma OS ficar pronta, com orçamento recusado ou sem reparo, ela aparece aqui até ser entregue.</p>
        </EmptyState>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600">
            {total === 1 ? "1 aparelho aguardando retirada" : `${total} aparelhos aguardando retirada`}
            {wait === null ? "" : ` há ${wait} dias ou mais`}
          </p>
          <ul className="space-y-4">
            {rows.map((row) => (
              <li key={row.orderId}>
                <PickupCard
                  row={row}
                  listAddress={listHref(wait, page)}
                  // The flash is from the previous post: after a refused one (no reload), it no longer holds.
                  isSaved={!actionData && savedOrderId === row.orderId}
                  result={actionData && actionData.orderId === row.orderId ? actionData : undefined}
                  nowInput={loaderData.nowInput}
                  channels={loaderData.channels}
                />
              </li>
            ))}
          </ul>
          {actionData && actionData.orderId === null ? (
            <div className="mt-4">
              <Alert tone="destructive">{actionData.errors.form ?? "Não foi possível registrar o contato."}</Alert>
            </div>
          ) : null}
          <Pager
            label="Páginas de aparelhos aguardando retirada"
            page={page}
            pageCount={pageCount}
            hrefFor={(target) => listHref(wait, target)}
            className="mt-6"
          />
        </>
      )}
    </>
  );
}

function PickupCard({
  row,
  listAddress,
  isSaved,
  result,
  nowInput,
  channels,
}: {
  row: LoaderRow;
  listAddress: string;
  isSaved: boolean;
  result: ActionResult | undefined;
  nowInput: string;
  channels: { value: string; label: string }[];
}) {
  const [isLogOpen, setIsLogOpen] = useState(Boolean(result));
  const dateRef = useRef<HTMLInputElement>(null);
  /** The page may have stayed open a while: a prefilled time nobody touched follows the clock when the form is opened. */
  function refreshUntouchedDate() {
    const input = dateRef.current;
    if (!input || result || input.dataset.touched) return;
    input.value = toShopDateTimeInput(new Date());
  }
  const headingId = `os-${row.orderId}-titulo`;
  const isLongWait = row.daysWaiting >= LONG_WAIT_DAYS;
  return (
    <article
      id={`os-${row.orderId}`}
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            <Link to={`/service-orders/${row.orderId}/edit`} className="text-brand-700 underline underline-offset-2">
              OS nº {row.orderId}
            </Link>{" "}
            <span className="font-normal text-slate-700">— {row.deviceLabel}</span>
          </h2>
          <p className="text-sm text-slate-700">
            {row.statusLabel} desde {formatDate(row.waitingSince)}
          </p>
        </div>
        <p
          className={cx(
            "rounded-full px-3 py-1 text-sm font-semibold",
            isLongWait
              ? "bg-red-100 text-red-900"
              : row.daysWaiting >= 30
                ? "bg-amber-100 text-amber-900"
                : "bg-slate-100 text-slate-800",
          )}
        >
          {row.daysWaiting === 1 ? "1 dia esperando" : `${row.daysWaiting} dias esperando`}
        </p>
      </div>

      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Cliente</dt>
          <dd className="font-medium text-slate-900">{row.customerName}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Telefone</dt>
          <dd className="text-slate-900">
            {row.customerPhone ? (
              <a href={`tel:+55${row.customerPhone}`} className="underline underline-offset-2">
                {formatPhone(row.customerPhone)}
              </a>
            ) : (
              "Não informado"
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">A pagar</dt>
          <dd className="font-semibold text-slate-900">{formatCents(row.balanceCents)}</dd>
        </div>
      </dl>

      {isLongWait ? (
        <p className="mt-3 text-sm text-red-800">
          Mais de {LONG_WAIT_DAYS} dias sem retirada: mantenha os contatos registrados antes de qualquer providência sobre o
          aparelho.
        </p>
      ) : null}
      {isSaved ? (
        <div className="mt-3">
          <Alert tone="success">Contato registrado.</Alert>
        </div>
      ) : null}

      <div className="mt-4 flex flex-wrap gap-2">
        {row.reminderUrl ? (
          <a
            href={row.reminderUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => {
              setIsLogOpen(true);
              refreshUntouchedDate();
            }}
            className={buttonClass({ size: "sm" })}
          >
            <MessageCircle aria-hidden className="size-4" />
            Lembrar pelo WhatsApp<span className="sr-only"> (abre em nova aba; depois registre o contato abaixo)</span>
          </a>
        ) : null}
        <a
          href={`/service-orders/${row.orderId}/print/contatos`}
          target="_blank"
          rel="noopener"
          className={buttonClass({ variant: "outline", size: "sm" })}
        >
          <Printer aria-hidden className="size-4" />
          Imprimir registro de contatos<span className="sr-only"> (abre em nova aba)</span>
        </a>
      </div>

      <details
        open={isLogOpen}
        onToggle={(event) => {
          setIsLogOpen(event.currentTarget.open);
          if (event.currentTarget.open) refreshUntouchedDate();
        }}
        className="mt-4 rounded-lg border border-slate-200"
      >
        <summary className="cursor-pointer px-4 py-3 font-medium text-slate-900">
          Registro de contatos ({row.attemptCount})
          {row.lastAttemptAt ? (
            <span className="font-normal text-slate-600"> · último em {formatDateTime(row.lastAttemptAt)}</span>
          ) : null}
        </summary>
        <div className="space-y-4 border-t border-slate-200 px-4 py-4">
          {row.attempts.length === 0 ? (
            <p className="text-sm text-slate-700">Nenhuma tentativa de contato registrada ainda.</p>
          ) : (
            <ol className="space-y-2 text-sm">
              {row.attempts.map((attempt) => (
                <li key={attempt.id} className="rounded-md bg-slate-50 px-3 py-2">
                  <p className="text-slate-900">
                    <time dateTime={attempt.attemptedAt}>{formatDateTime(attempt.attemptedAt)}</time> ·{" "}
                    <strong>{attempt.channelLabel}</strong> · {attempt.actorLabel}
                  </p>
                  {attempt.note ? <p className="text-slate-700">{attempt.note}</p> : null}
                </li>
              ))}
            </ol>
          )}
          <AttemptForm
            // A new form after each logged attempt: the next one starts empty, not with the last note.
            key={row.attemptCount}
            orderId={row.orderId}
            listAddress={listAddress}
            result={result}
            nowInput={nowInput}
            channels={channels}
            dateRef={dateRef}
          />
        </div>
      </details>
    </article>
  );
}

function AttemptForm({
  orderId,
  listAddress,
  result,
  nowInput,
  channels,
  dateRef,
}: {
  orderId: number;
  listAddress: string;
  result: ActionResult | undefined;
  nowInput: string;
  channels: { value: string; label: string }[];
  dateRef: RefObject<HTMLInputElement | null>;
}) {
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting" && navigation.formData?.get("orderId") === String(orderId);
  const errors: FieldErrors = result?.errors ?? {};
  const values: AttemptValues = result?.values ?? {};
  const idPrefix = `contato-${orderId}`;
  return (
    <Form method="post" action={listAddress} noValidate className="space-y-3">
      <h3 className="font-semibold text-slate-900">Registrar tentativa de contato</h3>
      {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
      <input type="hidden" name="orderId" value={orderId} />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={`${idPrefix}-canal`} className="block text-sm font-medium text-slate-800">
            Meio de contato
          </label>
          <select
            id={`${idPrefix}-canal`}
            name="channel"
            defaultValue={values.channel ?? "whatsapp"}
            aria-invalid={errors.channel ? true : undefined}
            aria-describedby={errors.channel ? `${idPrefix}-canal-error` : undefined}
            className={inputClass}
          >
            {channels.map((channel) => (
              <option key={channel.value} value={channel.value}>
                {channel.label}
              </option>
            ))}
          </select>
          <FieldMessage id={`${idPrefix}-canal`} error={errors.channel} />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${idPrefix}-data`} className="block text-sm font-medium text-slate-800">
            Data e hora do contato
          </label>
          <input
            ref={dateRef}
            id={`${idPrefix}-data`}
            name="attemptedAt"
            type="datetime-local"
            defaultValue={values.attemptedAt ?? nowInput}
            max={nowInput.slice(0, 10) + "T23:59"}
            required
            onChange={(event) => {
              event.currentTarget.dataset.touched = "1";
            }}
            aria-invalid={errors.attemptedAt ? true : undefined}
            aria-describedby={errors.attemptedAt ? `${idPrefix}-data-error` : `${idPrefix}-data-hint`}
            className={inputClass}
          />
          <FieldMessage
            id={`${idPrefix}-data`}
            error={errors.attemptedAt}
            hint="Vem preenchida com a hora atual; corrija se o contato foi em outro momento."
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${idPrefix}-nota`} className="block text-sm font-medium text-slate-800">
          Observação (opcional)
        </label>
        <textarea
          id={`${idPrefix}-nota`}
          name="note"
          maxLength={500}
          rows={2}
          defaultValue={values.note ?? ""}
          placeholder="Ex.: mensagem enviada, cliente disse que vem sábado."
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? `${idPrefix}-nota-error` : undefined}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 aria-invalid:border-red-600"
        />
        <FieldMessage id={`${idPrefix}-nota`} error={errors.note} />
      </div>
      <Button type="submit" size="sm" disabled={isSaving} aria-busy={isSaving}>
        {isSaving ? <Spinner /> : null}
        Registrar contato
      </Button>
    </Form>
  );
}
