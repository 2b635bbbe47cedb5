import { Printer } from "lucide-react";
import { data, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { FlashAlert } from "~/components/ui/flash-alert";
import { formatDateTime, shopToday } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { InputError, type FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText, readId } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { formatCents } from "~/lib/money";
import { formatPhone } from "~/lib/phone";
import type { PrintKind } from "~/modules/print-templates/kinds";
import { PAPER_SHORT_LABELS, papersOf } from "~/modules/print-templates/papers";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { isRegisterClosedError } from "~/modules/finance/register-entries.server";
import { getCustomerSummary } from "~/modules/customers/queries.server";
import { DeliveryForm } from "~/modules/service-orders/components/delivery-form";
import { LoyaltyDiscountPanel } from "~/modules/service-orders/components/loyalty-discount-panel";
import {
  applyServiceOrderLoyaltyDiscount,
  removeServiceOrderLoyaltyDiscount,
} from "~/modules/service-orders/loyalty-discount.server";
import { levelDiscountOfferRead } from "~/modules/loyalty/level-offer.server";
import { OrderTimeline } from "~/modules/service-orders/components/order-timeline";
import { Panel } from "~/components/ui/panel";
import { PaymentsPanel } from "~/modules/service-orders/components/payments-panel";
import { ServiceOrderForm } from "~/modules/service-orders/components/service-order-form";
import { ServiceOrderSummary } from "~/modules/service-orders/components/service-order-summary";
import { SUPPLIER_OPTIONS_LIMIT } from "~/modules/finance/suppliers.server";
import { OrderWarrantyLinks } from "~/modules/warranties/components/order-warranty-links";
import { orderWarrantyLinksRead } from "~/modules/warranties/queries.server";
import { StatusActions } from "~/modules/service-orders/components/status-actions";
import { StatusBadge } from "~/modules/service-orders/components/status-badge";
import { UnlockCodePanel } from "~/modules/service-orders/components/unlock-code-panel";
import { WhatsappMessageBox } from "~/modules/service-orders/components/whatsapp-message-box";
import { deviceName, deviceShortName } from "~/modules/service-orders/device-name";
import {
  addServiceOrderPayment,
  changeServiceOrderStatus,
  createServiceOrder,
  deliverServiceOrder,
  revealUnlockCode,
  updateServiceOrder,
} from "~/modules/service-orders/mutations.server";
import { parseOrderNumber } from "~/modules/service-orders/order-number";
import { getOrderFormOptions, getServiceOrder, orderCustomerIdSql } from "~/modules/service-orders/queries.server";
import { allowedMoves, canMove, isDeliveryMove } from "~/modules/service-orders/status";
import { statusMessage } from "~/modules/service-orders/status-messages";
import { needsPartsConsent } from "~/modules/service-orders/part-origin";
import { formatTrackingCode, trackingUrl } from "~/modules/service-orders/tracking-code";
import { UnlockCodeUnreadableError } from "~/modules/service-orders/unlock-code.server";
import {
  deliveryFormToInput,
  emptyServiceOrderFormValues,
  paymentFormToInput,
  ServiceOrderStatusChangeSchema,
  serviceOrderFormToInput,
  formValuesOfOrder,
  refusedOrderForm,
  type ServiceOrderFormValues,
  type ServiceOrderPaymentFormValues,
} from "~/modules/service-orders/validation";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import { pixChargeFor } from "~/modules/pix/pix-charge.server";
import type { Route } from "./+types/service-order-form";
import { shopNameInMessages } from "~/lib/shop-name";
import { withPreposition } from "~/lib/wording";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.order ? `OS nº ${loaderData.order.id} — Balcão` : "Nova ordem de serviço — Balcão";
  return [{ title }, { name: "robots", content: "noindex" }];
}

/** Back to the order after a change, with what was just done shown once at the top. */
const backToOrder = (id: number, message: string, tone: "success" | "info" = "success") =>
  redirectWithFlash(`/service-orders/${id}/edit`, { message, tone });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const orderId = params.id === undefined ? null : parseOrderNumber(params.id);
  // An order's warranty links ride in the options' round trip: they need only its number.
  const warrantyRead = orderId === null ? null : orderWarrantyLinksRead(actorOf(currentUser(context)), orderId);
  const today = shopToday();
  // So do the loyalty programme's rules and the order's customer's points (the level's discount offered below).
  const loyaltyRead = orderId === null ? null : await levelDiscountOfferRead(orderCustomerIdSql(orderId), today);
  const [{ technicians, suppliers, registerOpen, alongside }, settings] = await Promise.all([
    getOrderFormOptions({
      supplierLimit: SUPPLIER_OPTIONS_LIMIT,
      alongside: { warrantyLinks: warrantyRead?.query, ...loyaltyRead?.queries },
    }),
    getShopSettings(),
  ]);
  // Someone deactivated stays selectable only on the order that already has them.
  const technicianOptions = (assignedId: string | null = null) =>
    technicians
      .filter(({ id, isActive }) => isActive || id === assignedId)
      .map(({ id, name, email, isActive }) => ({ value: id, label: `${name || email}${isActive ? "" : " (desativado)"}` }));

  if (params.id === undefined) {
    // Back from /customers/new (without JavaScript) with the customer just registered.
    const preselected = url.searchParams.get("cliente");
    const customer = preselected && /^\d{1,10}$/.test(preselected) ? await getCustomerSummary(Number(preselected)) : null;
    const values: ServiceOrderFormValues = emptyServiceOrderFormValues({
      warrantyDays: settings.defaultWarrantyDays,
      customerId: customer?.id ?? null,
      idempotencyKey: newIdempotencyKey(),
    });
    return {
      order: null,
      values,
      customer,
      technicians: technicianOptions(),
      suppliers,
      today,
      flash: null,
      registerOpen,
    };
  }

  const order = orderId ? await getServiceOrder(orderId) : null;
  if (!order || !warrantyRead || !loyaltyRead) throw data(null, { status: 404 });
  const dueCents = order.linesTotalCents - order.discountCents;
  const isLocked = order.status === "delivered" || order.status === "cancelled";
  const warrantyLinks = warrantyRead.build(alongside.warrantyLinks ?? []);
  const loyaltyOffer = isLocked || order.loyaltyLevelName ? null : loyaltyRead.offerOf(alongside, order.linesTotalCents);
  // The code the customer pays the open balance with, as the register shows one for a sale (none while the key is the demo's).
  const pix =
    order.balanceCents > 0
      ? await pixChargeFor(settings, { amountCents: order.balanceCents, txid: `OS${order.id}`, description: `OS nº ${order.id}` })
      : null;
  return {
    registerOpen,
    warrantyLinks,
    loyalty: {
      offer: loyaltyOffer,
      applied:
        order.loyaltyLevelName && order.loyaltyDiscountBasisPoints
          ? {
              levelName: order.loyaltyLevelName,
              basisPoints: order.loyaltyDiscountBasisPoints,
              cents: order.loyaltyDiscountCents,
            }
          : null,
    },
    order: {
      ...order,
      trackingCodeFormatted: formatTrackingCode(order.trackingCode),
      /** Changes with every write to the order: the page's forms are keyed on it. */
      version: order.updatedAt.toISOString(),
      device: deviceName(order),
      moves: allowedMoves(order.status).filter((status) => !isDeliveryMove(status)),
      canDeliver: canMove(order.status, "delivered"),
      partsNeedingConsent: order.lines
        .filter((line) => needsPartsConsent(line.partOrigin))
        .map((line) => ({ description: line.description, partOrigin: line.partOrigin })),
      isLocked,
      whatsappMessage: statusMessage({
        status: order.status,
        orderNumber: order.id,
        device: deviceShortName(order),
        customerName: order.customer.name,
        shopName: shopNameInMessages(settings),
        totalCents: dueCents,
        balanceCents: order.balanceCents,
        promisedDate: order.promisedDate,
        trackingUrl: trackingUrl(getEnv().PUBLIC_URL, order.trackingCode),
      }),
    },
    values: formValuesOfOrder(order),
    customer: { id: order.customer.id, name: order.customer.name, phone: order.customer.phone },
    technicians: technicianOptions(order.technicianUserId),
    // A supplier a line names stays selectable even past the select's limit, so saving never drops it.
    suppliers: [
      ...suppliers,
      ...order.lines.flatMap((line) =>
        line.supplierId !== null && line.supplierName !== null && !suppliers.some((option) => option.id === line.supplierId)
          ? [{ id: line.supplierId, name: line.supplierName }]
          : [],
      ),
    ].filter((option, index, all) => all.findIndex((other) => other.id === option.id) === index),
    today,
    // A fresh key with every render of the page: a double submit of one payment form is recognised.
    paymentKey: newIdempotencyKey(),
    pix,
    flash: flashOf(context),
  };
}

type ActionResult = {
  intent: string;
  errors: FieldErrors;
  /** What was typed in the order form, to show it again with the messages. */
  values?: ServiceOrderFormValues;
  customer?: Awaited<ReturnType<typeof getCustomerSummary>>;
  payment?: ServiceOrderPaymentFormValues;
  revealed?: { kind: string; code: string } | null;
  /** Re-mounts the order form so its rows start from `values`. */
  nonce?: string;
  /** Cash refused because no register is open: the page offers to open it. */
  registerClosed?: boolean;
};

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({ intent: "" });
  const intent = String(form.get("intent") ?? "");
  const actor = actorOf(currentUser(context));
  const orderId = params.id === undefined ? null : parseOrderNumber(params.id);
  if (params.id !== undefined && orderId === null) throw data(null, { status: 404 });

  let values: ServiceOrderFormValues | undefined;
  let payment: ServiceOrderPaymentFormValues | undefined;
  try {
    if (orderId === null) {
      if (intent !== "create") return formProblem({ intent });
      values = serviceOrderFormToInput(form);
      const created = await createServiceOrder(actor, values);
      return created.isReplay
        ? backToOrder(created.id, `A ordem de serviço nº ${created.id} já tinha sido aberta: nada foi lançado em dobro.`, "info")
        : backToOrder(created.id, `Ordem de serviço nº ${created.id} criada.`);
    }
    switch (intent) {
      case "save":
        values = serviceOrderFormToInput(form);
        await updateServiceOrder(actor, orderId, values);
        return backToOrder(orderId, "Alterações salvas.");
      case "status": {
        const parsed = ServiceOrderStatusChangeSchema.safeParse({ to: form.get("to"), note: form.get("note") ?? "" });
        if (!parsed.success) return formProblem({ intent }, "Escolha uma das mudanças de status oferecidas.");
        if (isDeliveryMove(parsed.data.to)) return formProblem({ intent }, "A entrega é registrada pelo formulário de entrega.");
        const move = await changeServiceOrderStatus(actor, orderId, parsed.data.to, parsed.data.note, {
          hasPartsConsent: form.get("partsConsent") === "on",
        });
        return move.to === "awaiting_part" && parsed.data.to === "approved"
          ? backToOrder(orderId, "Aprovação registrada. Falta peça no estoque: a OS ficou aguardando peça.", "info")
          : backToOrder(orderId, "Status atualizado.");
      }
      case "payment": {
        payment = paymentFormToInput(form);
        const added = await addServiceOrderPayment(actor, orderId, payment);
        return added.isReplay
          ? backToOrder(orderId, "Este pagamento já tinha sido registrado: nada foi lançado em dobro.", "info")
          : backToOrder(orderId, "Pagamento registrado.");
      }
      case "deliver":
        await deliverServiceOrder(actor, orderId, deliveryFormToInput(form));
        return backToOrder(orderId, "Entrega registrada. A senha de desbloqueio foi apagada.");
      case "loyalty-discount": {
        const offer = await applyServiceOrderLoyaltyDiscount(actor, orderId, Number(formText(form, "basisPoints")));
        return backToOrder(orderId, `${offer.label} aplicado.`);
      }
      case "loyalty-discount-remove":
        await removeServiceOrderLoyaltyDiscount(actor, orderId);
        return backToOrder(orderId, "Desconto de fidelidade retirado.");
      case "reveal-unlock":
        return data({ intent, errors: {}, revealed: await revealUnlockCode(actor, orderId) } satisfies ActionResult);
      default:
        return formProblem({ intent });
    }
  } catch (error) {
    if (error instanceof UnlockCodeUnreadableError) return formProblem({ intent }, error.message, 409);
    const registerClosed = isRegisterClosedError(error);
    if (!values || !(error instanceof InputError)) return formRefusal(error, { intent, payment, registerClosed });
    // The customer chosen before the refusal stays chosen; the order form re-mounts with what was typed, but the unlock code.
    const customerId = readId(values.customerId);
    const customer = customerId ? await getCustomerSummary(customerId) : null;
    const refused = refusedOrderForm(values, error);
    return formRefusal(refused.error, { intent, values: refused.values, customer, nonce: crypto.randomUUID(), registerClosed });
  }
}

/**
 * The new-order and the edit page are one route module: going from one to the
 * other (or from one order to the next) would keep the same component and,
 * where the tree matched, the inputs' typed values. Keyed on the order (or
 * "nova"), each starts from the server's data, so a code typed on a new order
 * is never left in the next page's form (issue 21).
 */
export default function ServiceOrderRoute(props: Route.ComponentProps) {
  return <ServiceOrderPage key={props.loaderData.order?.id ?? "nova"} {...props} />;
}

function ServiceOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result: ActionResult | undefined = actionData;
  const intent = result?.intent ?? "";
  const errorsFor = (...intents: string[]) => (result && intents.includes(intent) ? result.errors : {});
  const formErrors = errorsFor("create", "save", "");
  const isSubmittingOrder =
    navigation.state === "submitting" && ["create", "save"].includes(String(navigation.formData?.get("intent") ?? ""));
  const values = result?.values ?? loaderData.values;
  const customer = result?.values ? (result.customer ?? null) : loaderData.customer;
  const { order } = loaderData;
  // Every success here changes the order (and redirects back): keyed on its version, each form re-mounts and
  // starts from the loader's values, so a status note, a payment or a typed unlock code never stays to be sent
  // again. A refusal or a reveal changes nothing, and what was typed stays.
  const version = order?.version ?? "nova";

  const form = (
    <ServiceOrderForm
      key={result?.values ? result.nonce : `form-${version}`}
      values={values}
      errors={formErrors}
      customer={customer}
      technicians={loaderData.technicians}
      suppliers={loaderData.suppliers}
      isNew={!order}
      hasUnlockCode={order?.hasUnlockCode ?? false}
      paidCents={order?.paidCents ?? 0}
      today={loaderData.today}
      isSubmitting={isSubmittingOrder}
    />
  );

  if (!order) {
    return (
      <div className="max-w-4xl space-y-6">
        <BackLink to="/service-orders">Voltar para ordens de serviço</BackLink>
        <h1 className="text-2xl font-bold text-slate-900">Nova ordem de serviço</h1>
        {result?.registerClosed ? <OpenRegisterAlert /> : null}
        {form}
      </div>
    );
  }

  return (
    <div className="max-w-5xl space-y-6">
      <BackLink to="/service-orders">Voltar para ordens de serviço</BackLink>
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900">OS nº {order.id}</h1>
          <StatusBadge status={order.status} />
        </div>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-slate-600">Código de acompanhamento</dt>
            <dd className="font-mono text-base font-semibold tracking-wider text-slate-900" data-testid="tracking-code">
              {order.trackingCodeFormatted}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Cliente</dt>
            <dd className="text-slate-900">
              <Link to={`/customers/${order.customer.id}`} className="font-medium text-brand-700 underline underline-offset-2">
                {order.customer.name}
              </Link>
              {order.customer.phone ? ` · ${formatPhone(order.customer.phone)}` : ""}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Aparelho</dt>
            <dd className="text-slate-900">{order.device}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Saldo</dt>
            <dd className="text-base font-semibold text-slate-900" data-testid="balance">
              {formatCents(order.balanceCents)}
              <span className="ml-1 text-sm font-normal text-slate-600">
                de {formatCents(order.linesTotalCents - order.discountCents)}
              </span>
            </dd>
          </div>
        </dl>
        {order.partsConsentAt ? (
          <p className="text-sm text-slate-700" data-testid="parts-consent">
            Consentimento do cliente para peças que não são novas originais registrado em {formatDateTime(order.partsConsentAt)}
            {order.partsConsentBy ? `, por ${order.partsConsentBy}` : ""}.
          </p>
        ) : null}
        {order.deliveredAt ? (
          <p className="text-sm text-slate-700">
            Entregue {withPreposition("a", order.deliveredTo ?? "")}
            {order.owedAtDeliveryCents > 0 ? ` com ${formatCents(order.owedAtDeliveryCents)} registrados como dívida` : ""}.
          </p>
        ) : null}
        {loaderData.warrantyLinks ? (
          <OrderWarrantyLinks orderId={order.id} isDelivered={order.status === "delivered"} links={loaderData.warrantyLinks} />
        ) : null}
      </header>

      {/* A refusal answers without reloading the page's data: the last success's message would stand beside it. */}
      <FlashAlert flash={result ? null : loaderData.flash} />

      <div key={`panels-${version}`} className="grid gap-4 lg:grid-cols-2">
        <Panel id="os-status" title="Status">
          <StatusActions
            moves={order.moves}
            error={errorsFor("status").form}
            partsNeedingConsent={order.partsNeedingConsent}
            consentError={errorsFor("status").partsConsent}
          />
          {order.canDeliver ? (
            <DeliveryForm
              balanceCents={order.balanceCents}
              errors={errorsFor("deliver")}
              defaultDeliveredTo={order.customer.name}
            />
          ) : null}
        </Panel>
        <Panel id="os-fidelidade" title="Desconto de fidelidade">
          <LoyaltyDiscountPanel
            offer={loaderData.loyalty?.offer ?? null}
            applied={loaderData.loyalty?.applied ?? null}
            isLocked={order.isLocked}
            error={
              errorsFor("loyalty-discount", "loyalty-discount-remove").loyaltyDiscount ??
              errorsFor("loyalty-discount", "loyalty-discount-remove").form
            }
          />
        </Panel>
        <Panel id="os-linha-do-tempo" title="Linha do tempo">
          <OrderTimeline events={order.events} />
        </Panel>
        <Panel id="os-pagamentos" title="Pagamentos">
          <PaymentsPanel
            payments={order.payments}
            balanceCents={order.balanceCents}
            idempotencyKey={loaderData.paymentKey ?? ""}
            today={loaderData.today}
            errors={errorsFor("payment")}
            values={intent === "payment" ? (result?.payment ?? null) : null}
            registerOpen={loaderData.registerOpen}
            registerClosedRefusal={intent === "payment" && Boolean(result?.registerClosed)}
            pix={loaderData.pix ?? null}
          />
        </Panel>
        <Panel id="os-whatsapp" title="Avisar o cliente pelo WhatsApp">
          <WhatsappMessageBox key={order.status} phone={order.customer.phone} defaultMessage={order.whatsappMessage} />
        </Panel>
        <Panel id="os-senha" title="Senha de desbloqueio">
          <UnlockCodePanel
            hasUnlockCode={order.hasUnlockCode}
            unlockKind={order.unlockKind}
            isDelivered={order.status === "delivered"}
            revealed={intent === "reveal-unlock" ? (result?.revealed ?? null) : null}
            error={errorsFor("reveal-unlock").form}
          />
        </Panel>
        <Panel id="os-imprimir" title="Imprimir">
          <PrintLinks orderId={order.id} />
        </Panel>
      </div>

      {order.isLocked ? (
        <>
          <Alert tone="info">
            {order.status === "delivered" ? "OS entregue" : "OS cancelada"}: os dados abaixo não podem mais ser alterados.
          </Alert>
          {formErrors.form ? <Alert tone="destructive">{formErrors.form}</Alert> : null}
          <ServiceOrderSummary order={order} title="Dados da ordem de serviço" />
        </>
      ) : (
        form
      )}
    </div>
  );
}

/** A cash deposit refused with no register open: the way to open it. */
function OpenRegisterAlert() {
  return (
    <Alert tone="destructive">
      Não há caixa aberto. Para receber o sinal em dinheiro,{" "}
      <Link to="/cash-register" className="font-medium underline underline-offset-2">
        abra o caixa
      </Link>{" "}
      e envie de novo; PIX e cartão não precisam do caixa aberto.
    </Alert>
  );
}

const PRINTS = [
  { document: "entrada", kind: "service-order-entry", label: "Comprovante de entrada" },
  { document: "entrega", kind: "service-order-delivery", label: "Comprovante de entrega" },
  { document: "garantia", kind: "warranty-term", label: "Termo de garantia" },
  { document: "etiqueta", kind: "device-label", label: "Etiqueta do aparelho" },
] as const satisfies readonly { document: string; kind: PrintKind; label: string }[];

function PrintLinks({ orderId }: { orderId: number }) {
  return (
    <ul className="space-y-2">
      {PRINTS.map(({ document, kind, label }) => (
        <li key={document} className="flex flex-wrap items-center gap-2">
          <Printer aria-hidden className="size-4 text-slate-600" />
          <span className="text-slate-800">{label}:</span>
          {papersOf(kind).map((paper) => (
            <a
              key={paper}
              href={`/service-orders/${orderId}/print/${document}?papel=${paper}`}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              {PAPER_SHORT_LABELS[paper]}
              <span className="sr-only"> ({label}, abre em nova aba)</span>
            </a>
          ))}
        </li>
      ))}
    </ul>
  );
}
