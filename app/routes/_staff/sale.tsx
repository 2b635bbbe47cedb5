import { Printer, ShieldCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { Button, buttonClass } from "~/components/ui/button";
import { FlashAlert } from "~/components/ui/flash-alert";
import { FieldMessage, inputClass } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { TextareaField } from "~/components/ui/textarea-field";
import { formatDateTime } from "~/lib/dates";
import { NotFoundError, type FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { formatCents } from "~/lib/money";
import { parseIdParam } from "~/lib/route-params";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { recordSaleReturn } from "~/modules/cash-register/returns.server";
import { getSaleDetail } from "~/modules/cash-register/sale-queries.server";
import { SALE_PAYMENT_LABELS } from "~/modules/cash-register/sale-totals";
import { REFUND_METHODS, SALE_LIMITS, saleReturnFormToInput } from "~/modules/cash-register/sale-validation";
import { cancelSale } from "~/modules/cash-register/sales.server";
import { confirmPixEntry } from "~/modules/cash-register/entries.server";
import { PixCharge } from "~/modules/pix/components/pix-charge";
import { pixChargeFor } from "~/modules/pix/pix-charge.server";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import { CustomerPicker } from "~/modules/customers/components/customer-picker";
import { CardAmounts } from "~/modules/cash-register/components/card-amounts";
import { levelDiscountLabel } from "~/modules/loyalty/level-discount";
import type { Route } from "./+types/sale";
import { plural } from "~/lib/wording";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.sale.code ?? "Venda"} — Balcão` }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const sale = await getSaleDetail(actor, parseIdParam(params.id));
  if (!sale) throw data({ reason: "not-found" }, { status: 404 });
  // The customer pays each PIX still pending by its code for the exact amount, its txid naming the sale.
  const settings = await getShopSettings();
  const pixCharges = await Promise.all(
    sale.payments
      .filter((payment) => payment.method === "pix" && payment.pixPending && !payment.cancelledAt)
      .map(async (payment) => ({
        entryId: payment.id,
        result: await pixChargeFor(settings, { amountCents: payment.amountCents, txid: sale.code }),
      })),
  );
  return { sale, pixCharges, flash: flashOf(context), returnKey: newIdempotencyKey() };
}

type Intent = "cancel" | "return" | "confirm-pix";

export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const saleId = parseIdParam(params.id);
  const form = await request.formData().catch(() => null);
  const intent = form ? formText(form, "intent") : "";
  if (!form || (intent !== "cancel" && intent !== "return" && intent !== "confirm-pix")) {
    return formProblem({ intent: null as Intent | null });
  }
  const path = `/cash-register/vendas/${saleId}`;
  try {
    if (intent === "confirm-pix") {
      const entryId = formText(form, "entryId");
      const sale = await getSaleDetail(actor, saleId);
      // Only a PIX of this sale: the entry id comes from the page and is checked against it.
      if (!sale?.payments.some((payment) => String(payment.id) === entryId)) throw new NotFoundError("PIX não encontrado.");
      await confirmPixEntry(actor, entryId);
      return redirectWithFlash(path, { message: "PIX recebido." });
    }
    if (intent === "cancel") {
      await cancelSale(actor, saleId, { reason: formText(form, "reason") });
      return redirectWithFlash(path, { message: "Venda cancelada: estoque e pagamentos desfeitos.", tone: "info" });
    }
    const returned = await recordSaleReturn(actor, saleId, saleReturnFormToInput(form));
    const back = returned.amountCents - returned.planCreditCents;
    const amount = formatCents(back);
    const fromPlan = returned.planCreditCents > 0 ? ` ${formatCents(returned.planCreditCents)} abatidos do crediário.` : "";
    // The slip the customer signs, issued with the return (an exchange's flash leads to the new sale; the list below has the slip).
    const slip = { href: `${returnSlipPath(saleId, returned.returnId)}?papel=80mm`, label: "Imprimir comprovante de devolução" };
    if (back === 0) return redirectWithFlash(path, { message: `Devolução registrada:${fromPlan}`, link: slip });
    if (returned.settlement === "store-credit" && returned.customerId !== null) {
      return redirectWithFlash(path, {
        message: `Devolução registrada:${fromPlan} ${amount} de crédito na loja.`,
        link: { href: `/cash-register/venda?cliente=${returned.customerId}`, label: "Trocar: nova venda com o crédito" },
      });
    }
    return redirectWithFlash(path, { message: `Devolução registrada:${fromPlan} ${amount} devolvidos ao cliente.`, link: slip });
  } catch (error) {
    return formRefusal(error, { intent: intent as Intent | null });
  }
}

/** A return's slip, issued with it (routes/_staff/sale-return-print.tsx). */
function returnSlipPath(saleId: number, returnId: number) {
  return `/cash-register/vendas/${saleId}/devolucoes/${returnId}/print`;
}

const STATUS_LABELS = { completed: "Concluída", cancelled: "Cancelada" } as const;

export default function SalePage({ loaderData, actionData }: Route.ComponentProps) {
  const { sale, pixCharges, flash, returnKey } = loaderData;
  const errors: FieldErrors = actionData?.errors ?? {};
  const cancelErrors = actionData?.intent === "cancel" ? errors : {};
  const returnErrors = actionData?.intent === "return" ? errors : {};
  const returnable = sale.items.filter((item) => item.quantity > item.returnedQuantity);
  const isCancelled = sale.status === "cancelled";
  const printBase = `/cash-register/vendas/${sale.id}/print/recibo`;

  const itemsGrossCents = sale.items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0);
  const itemDiscountsCents = sale.items.reduce((sum, item) => sum + item.discountCents, 0);
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <BackLink to="/cash-register/venda">Nova venda</BackLink>
        <h1 className="text-2xl font-bold text-slate-900">
          Venda {sale.code}{" "}
          <span
            className={
              isCancelled
                ? "rounded bg-red-100 px-2 py-0.5 align-middle text-sm font-medium text-red-800"
                : "rounded bg-emerald-100 px-2 py-0.5 align-middle text-sm font-medium text-emerald-800"
            }
          >
            {STATUS_LABELS[sale.status]}
          </span>
        </h1>
        <p className="text-slate-700">
          {formatDateTime(sale.createdAt)} · {sale.createdByLabel}
          {sale.customerName ? ` · Cliente: ${sale.customerName}` : ""}
        </p>
      </div>
      <FlashAlert flash={flash} />
      {isCancelled ? (
        <Alert tone="destructive">
          Cancelada em {formatDateTime(sale.cancelledAt!)} por {sale.cancelledByLabel}: {sale.cancelReason}
        </Alert>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <a href={`${printBase}?papel=80mm`} className={buttonClass()}>
          <Printer aria-hidden className="size-4" />
          Imprimir recibo
        </a>
        <a href={`${printBase}?papel=a4`} className={buttonClass({ variant: "outline" })}>
          Recibo em A4
        </a>
        {isCancelled ? null : (
          <Link to={`/warranty-contract/nova?venda=${sale.id}`} className={buttonClass({ variant: "outline" })}>
            <ShieldCheck aria-hidden className="size-4" />
            Emitir garantia
          </Link>
        )}
      </div>

      {pixCharges.map(({ entryId, result }) => (
        <div key={entryId} className="space-y-3">
          {result.status === "ready" ? (
            <PixCharge charge={result.charge} title="PIX a receber" />
          ) : (
            <Alert tone="info">{result.message}</Alert>
          )}
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="confirm-pix" />
            <input type="hidden" name="entryId" value={entryId} />
            <Button type="submit">PIX recebido</Button>
            <span className="text-sm text-slate-700">
              Confira no extrato do banco antes de marcar: o código não confirma sozinho.
            </span>
          </Form>
          {actionData?.intent === "confirm-pix" && errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
        </div>
      ))}

      <section aria-labelledby="itens" className="space-y-2">
        <h2 id="itens" className="text-lg font-semibold text-slate-900">
          Itens
        </h2>
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {sale.items.map((item) => (
            <li key={item.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{item.description}</p>
                <p className="text-sm text-slate-600">
                  {item.quantity} × {formatCents(item.unitPriceCents)}
                  {item.discountCents > 0 ? ` − ${formatCents(item.discountCents)} de desconto` : ""}
                  {item.returnedQuantity > 0 ? ` · ${plural(item.returnedQuantity, "devolvido", "devolvidos")}` : ""}
                </p>
              </div>
              <p className="font-semibold text-slate-900">{formatCents(item.totalCents)}</p>
            </li>
          ))}
        </ul>
        <dl className="ml-auto max-w-xs space-y-1">
          {/* Each item's discount already holds its share of the sale's (and the PIX price's): summed once, never again. */}
          {itemDiscountsCents > 0 ? (
            <>
              <div className="flex justify-between text-slate-700">
                <dt>Itens</dt>
                <dd>{formatCents(itemsGrossCents)}</dd>
              </div>
              {sale.loyaltyDiscountCents > 0 && sale.loyaltyLevelName && sale.loyaltyDiscountBasisPoints ? (
                <div className="flex justify-between text-emerald-800">
                  <dt>
                    {levelDiscountLabel({ name: sale.loyaltyLevelName, discountBasisPoints: sale.loyaltyDiscountBasisPoints })}
                  </dt>
                  <dd>− {formatCents(sale.loyaltyDiscountCents)}</dd>
                </div>
              ) : null}
              {itemDiscountsCents - sale.loyaltyDiscountCents > 0 ? (
                <div className="flex justify-between text-slate-700">
                  <dt>Descontos</dt>
                  <dd>− {formatCents(itemDiscountsCents - sale.loyaltyDiscountCents)}</dd>
                </div>
              ) : null}
            </>
          ) : null}
          <div className="flex justify-between text-lg font-bold text-slate-900">
            <dt>Total</dt>
            <dd>{formatCents(sale.totalCents)}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="pagamentos" className="space-y-2">
        <h2 id="pagamentos" className="text-lg font-semibold text-slate-900">
          Pagamentos
        </h2>
        <ul className="space-y-1">
          {sale.payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap justify-between gap-x-2">
              <span>
                {SALE_PAYMENT_LABELS[payment.method]}
                {payment.instalments && payment.instalments > 1 ? ` em ${payment.instalments}x` : ""}
                {payment.method === "pix" && payment.pixPending && !payment.cancelledAt ? " (aguardando confirmação)" : ""}
                {payment.cancelledAt ? " (cancelado)" : ""}
              </span>
              <span>{formatCents(payment.amountCents)}</span>
              <div className="basis-full">
                <CardAmounts amountCents={payment.amountCents} feeCents={payment.cardFeeCents} />
              </div>
            </li>
          ))}
          {sale.changeCents > 0 ? (
            <li className="flex justify-between text-slate-700">
              <span>Troco</span>
              <span>{formatCents(sale.changeCents)}</span>
            </li>
          ) : null}
        </ul>
        {sale.storeCreditCents > 0 ? (
          <p className="text-sm text-emerald-800">Crédito na loja do cliente: {formatCents(sale.storeCreditCents)}</p>
        ) : null}
      </section>

      {sale.returns.length > 0 ? (
        <section aria-labelledby="devolucoes" className="space-y-2">
          <h2 id="devolucoes" className="text-lg font-semibold text-slate-900">
            Devoluções
          </h2>
          <ul className="space-y-1">
            {sale.returns.map((row) => (
              <li key={row.id}>
                {formatDateTime(row.createdAt)} · {row.settlement === "refund" ? "Dinheiro devolvido" : "Crédito na loja"}:{" "}
                {formatCents(row.amountCents)} · {row.reason} · {row.actorLabel} ·{" "}
                <a
                  href={`${returnSlipPath(sale.id, row.id)}?papel=80mm`}
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  Comprovante da devolução nº {row.id}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {!isCancelled && returnable.length > 0 ? (
        <ReturnForm sale={sale} returnKey={returnKey} errors={returnErrors} returnable={returnable} />
      ) : null}
      {!isCancelled ? <CancelForm refusal={sale.cancelRefusal} errors={cancelErrors} /> : null}
    </div>
  );
}

type LoadedSale = Route.ComponentProps["loaderData"]["sale"];

function ReturnForm({
  sale,
  returnKey,
  errors,
  returnable,
}: {
  sale: LoadedSale;
  returnKey: string;
  errors: FieldErrors;
  returnable: LoadedSale["items"];
}) {
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting" && navigation.formData?.get("intent") === "return";
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4" open={Object.keys(errors).length > 0}>
      <summary className="cursor-pointer text-lg font-semibold text-slate-900">Devolução ou troca</summary>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="return" />
        <input type="hidden" name="idempotencyKey" value={returnKey} />
        {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
        {errors.items ? <Alert tone="destructive">{errors.items}</Alert> : null}
        <fieldset className="space-y-2">
          <legend className="font-medium text-slate-900">Quantidade devolvida</legend>
          {returnable.map((item, index) => {
            const left = item.quantity - item.returnedQuantity;
            const id = `devolver-${item.id}`;
            return (
              <div key={item.id} className="flex flex-wrap items-center justify-between gap-2">
                <input type="hidden" name="returnItemId" value={item.id} />
                <label htmlFor={id} className="min-w-0 flex-1">
                  {item.description} <span className="text-sm text-slate-600">(até {left})</span>
                </label>
                <input
                  id={id}
                  name="returnQuantity"
                  type="number"
                  min={0}
                  max={left}
                  defaultValue={0}
                  className={`${inputClass} max-w-24`}
                  aria-invalid={errors[`items.${index}.quantity`] ? true : undefined}
                />
                <FieldMessage id={id} error={errors[`items.${index}.quantity`]} />
              </div>
            );
          })}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="font-medium text-slate-900">O cliente recebe</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="settlement" value="refund" defaultChecked className="size-4" />
            Dinheiro de volta (pelo caixa de hoje)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="settlement" value="store-credit" className="size-4" />
            Crédito na loja (para uma troca)
          </label>
          <FieldMessage id="settlement" error={errors.settlement} />
        </fieldset>
        <SelectField
          label="Devolver por"
          name="refundMethod"
          defaultValue="cash"
          options={REFUND_METHODS.map((method) => ({ value: method, label: SALE_PAYMENT_LABELS[method] }))}
          error={errors.refundMethod}
          hint="Só para dinheiro de volta. Em dinheiro, o caixa precisa estar aberto."
        />
        {sale.customerId === null ? (
          <CustomerPicker name="customerId" defaultCustomer={null} error={errors.customerId} label="Cliente do crédito" />
        ) : null}
        <TextareaField
          label="Motivo"
          name="reason"
          maxLength={SALE_LIMITS.reason}
          required
          error={errors.reason}
          className="[&_textarea]:min-h-20"
        />
        <Button type="submit" disabled={isSaving} aria-busy={isSaving}>
          Registrar devolução
        </Button>
      </Form>
    </details>
  );
}

function CancelForm({ refusal, errors }: { refusal: string | null; errors: FieldErrors }) {
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel";
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4" open={Object.keys(errors).length > 0}>
      <summary className="cursor-pointer text-lg font-semibold text-slate-900">Cancelar venda</summary>
      {refusal ? (
        <p className="mt-3 text-slate-700">{refusal}</p>
      ) : (
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="cancel" />
          <p className="text-sm text-slate-700">
            Desfaz a venda no caixa aberto: o estoque volta e os pagamentos são cancelados. A venda fica registrada como
            cancelada.
          </p>
          {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
          <TextareaField
            label="Motivo do cancelamento"
            name="reason"
            maxLength={SALE_LIMITS.reason}
            required
            error={errors.reason}
            className="[&_textarea]:min-h-20"
          />
          <Button type="submit" variant="danger" disabled={isSaving} aria-busy={isSaving}>
            Cancelar venda
          </Button>
        </Form>
      )}
    </details>
  );
}
