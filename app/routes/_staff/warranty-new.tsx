import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { TextareaField } from "~/components/ui/textarea-field";
import { formatDate, formatDateTime, shopToday } from "~/lib/dates";
import type { FieldErrors } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText, formTexts, readId } from "~/lib/forms";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import { issueOrderWarranty, issueSaleWarranties } from "~/modules/warranties/mutations.server";
import { getOrderForWarranty, getSaleForWarranty } from "~/modules/warranties/queries.server";
import {
  DEFAULT_EXCLUSIONS,
  DEFAULT_ORDER_COVERAGE,
  DEFAULT_SALE_COVERAGE,
  LEGAL_WARRANTY_DAYS,
  MIN_CONTRACTUAL_DAYS,
} from "~/modules/warranty-terms/rules";
import { WARRANTY_LIMITS, warrantyFormInput } from "~/modules/warranties/validation";
import type { Route } from "./+types/warranty-new";

export const meta = () => [{ title: "Emitir garantia — Garantias — Balcão" }, { name: "robots", content: "noindex" }];

/** `?os=12` or `?venda=7`: what the warranty is for; null when neither (or not a number): the page asks. */
function subjectOf(request: Request) {
  const { searchParams } = new URL(request.url);
  const os = searchParams.get("os")?.trim() || null;
  const sale = searchParams.get("venda")?.trim() || null;
  const asked = os !== null || sale !== null;
  if (os !== null && sale === null) {
    const id = readId(os);
    if (id !== null) return { kind: "order" as const, id, asked };
  }
  if (sale !== null && os === null) {
    const id = readId(sale);
    if (id !== null) return { kind: "sale" as const, id, asked };
  }
  return { kind: null, id: null, asked };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  const subject = subjectOf(request);
  if (subject.kind === null) {
    return { subject, order: null, sale: null, defaults: null, today: shopToday() };
  }
  const settings = await getShopSettings();
  const shopDays = Math.max(settings.defaultWarrantyDays, MIN_CONTRACTUAL_DAYS);
  if (subject.kind === "order") {
    const order = await getOrderForWarranty(actor, subject.id);
    if (!order) throw data({ reason: "not-found" }, { status: 404 });
    if (order.existingWarrantyId) throw redirect(`/warranty-contract/${order.existingWarrantyId}`);
    return {
      subject,
      order,
      sale: null,
      defaults: { contractualDays: String(order.warrantyDays), coverage: DEFAULT_ORDER_COVERAGE, exclusions: DEFAULT_EXCLUSIONS },
      today: shopToday(),
    };
  }
  const sale = await getSaleForWarranty(actor, subject.id);
  if (!sale) throw data({ reason: "not-found" }, { status: 404 });
  return {
    subject,
    order: null,
    sale,
    defaults: { contractualDays: String(shopDays), coverage: DEFAULT_SALE_COVERAGE, exclusions: DEFAULT_EXCLUSIONS },
    today: shopToday(),
  };
}

type Values = { contractualDays?: string; coverage?: string; exclusions?: string; customerName?: string; saleItemIds?: string[] };

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const subject = subjectOf(request);
  const form = await request.formData().catch(() => null);
  if (!form || subject.kind === null) return formProblem({ values: {} as Values });
  const input = warrantyFormInput(form);
  const values: Values = {
    contractualDays: formText(form, "contractualDays"),
    coverage: formText(form, "coverage"),
    exclusions: formText(form, "exclusions"),
    customerName: formText(form, "customerName"),
    saleItemIds: formTexts(form, "saleItemIds"),
  };
  try {
    const { ids } =
      subject.kind === "order"
        ? await issueOrderWarranty(actor, subject.id, input)
        : await issueSaleWarranties(actor, subject.id, input);
    const message =
      ids.length === 1 ? `Garantia nº ${ids[0]} emitida.` : `${ids.length} garantias emitidas (nº ${ids.join(", ")}).`;
    return redirectWithFlash(`/warranty-contract/${ids[0]}`, { message });
  } catch (error) {
    return formRefusal(error, { values });
  }
}

export default function NewWarranty({ loaderData, actionData }: Route.ComponentProps) {
  const { order, sale, defaults, subject } = loaderData;
  const errors: FieldErrors = actionData?.errors ?? {};
  const values: Values = actionData?.values ?? {};
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting";
  if (!defaults) return <ChooseSubject isInvalid={subject.asked} />;
  const blocked = order
    ? !order.isDelivered
      ? `A OS nº ${order.id} ainda não foi entregue: a garantia começa na entrega do aparelho.`
      : null
    : sale?.status === "cancelled"
      ? `A venda nº ${sale.id} foi cancelada: não há garantia a emitir.`
      : null;
  const chosen = new Set(values.saleItemIds ?? []);
  const openItems = sale?.items.filter((item) => item.warrantyId === null && item.returnedQuantity < item.quantity) ?? [];
  return (
    <div className="max-w-3xl space-y-6">
      <nav aria-label="Caminho" className="text-sm">
        <Link to="/warranty-contract" className="text-brand-700 underline underline-offset-2">
          Garantias
        </Link>
      </nav>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">
          Emitir garantia · {order ? `OS nº ${order.id}` : `Venda nº ${sale?.id}`}
        </h1>
        {order ? (
          <p className="text-slate-700">
            {order.itemDescription}
            {order.imeiOrSerial ? ` · IMEI/série ${order.imeiOrSerial}` : ""} · {order.customerName}
            {order.deliveredAt ? ` · entregue em ${formatDateTime(order.deliveredAt)}` : ""}
          </p>
        ) : sale ? (
          <p className="text-slate-700">
            {sale.code} · {formatDateTime(sale.createdAt)} · {sale.customerName ?? "cliente sem cadastro"}
          </p>
        ) : null}
        <p className="text-sm text-slate-700">
          A garantia contratual começa {order ? "na entrega" : "na data da venda"} e é de pelo menos {MIN_CONTRACTUAL_DAYS} dias.
          A garantia legal ({LEGAL_WARRANTY_DAYS} dias, CDC art. 26) se soma a ela: corre depois do fim da contratual (art. 50).
        </p>
      </div>

      {blocked ? (
        <Alert tone="destructive">{blocked}</Alert>
      ) : (
        <Form method="post" noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
          {errors.form ? <Alert tone="destructive">{errors.form}</Alert> : null}
          {sale ? (
            <fieldset className="space-y-2" aria-describedby={errors.saleItemIds ? "itens-erro" : undefined}>
              <legend className="text-sm font-medium text-slate-800">Itens da venda</legend>
              <ul className="space-y-1">
                {sale.items.map((item) => {
                  const isOpen = item.warrantyId === null && item.returnedQuantity < item.quantity;
                  return (
                    <li key={item.id}>
                      <label className="flex min-h-11 items-start gap-2 py-1 text-sm text-slate-900">
                        <input
                          type="checkbox"
                          name="saleItemIds"
                          value={item.id}
                          disabled={!isOpen}
                          defaultChecked={
                            isOpen &&
                            (chosen.size > 0 ? chosen.has(String(item.id)) : openItems.length === 1 || item.serial !== null)
                          }
                          className="mt-0.5 size-5 shrink-0"
                        />
                        <span className="min-w-0 break-words">
                          {item.description}
                          {item.quantity > 1 ? ` (${item.quantity})` : ""}
                          {item.serial ? <span className="block text-slate-600">IMEI/série {item.serial}</span> : null}
                          {item.warrantyId !== null ? (
                            <Link
                              to={`/warranty-contract/${item.warrantyId}`}
                              className="block text-brand-700 underline underline-offset-2"
                            >
                              Já tem a garantia nº {item.warrantyId}
                            </Link>
                          ) : item.returnedQuantity >= item.quantity ? (
                            <span className="block text-slate-600">Devolvido</span>
                          ) : null}
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
              {errors.saleItemIds ? (
                <p id="itens-erro" className="text-sm text-red-700">
                  {errors.saleItemIds}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          {sale && sale.customerId === null ? (
            <Field
              label="Nome do cliente"
              name="customerName"
              maxLength={120}
              defaultValue={values.customerName ?? ""}
              hint="A venda não tem cliente cadastrado: o termo sai em nome de quem você digitar."
              error={errors.customerName}
            />
          ) : null}
          <Field
            label="Prazo da garantia contratual (dias)"
            name="contractualDays"
            inputMode="numeric"
            required
            defaultValue={values.contractualDays ?? defaults.contractualDays}
            hint={`Pelo menos ${MIN_CONTRACTUAL_DAYS} dias.`}
            error={errors.contractualDays}
            className="max-w-xs"
          />
          <TextareaField
            label="O que a garantia cobre"
            name="coverage"
            rows={3}
            required
            maxLength={WARRANTY_LIMITS.coverage}
            defaultValue={values.coverage ?? defaults.coverage}
            error={errors.coverage}
          />
          <TextareaField
            label="O que a garantia não cobre (um item por linha)"
            name="exclusions"
            rows={6}
            required
            maxLength={WARRANTY_LIMITS.exclusions}
            defaultValue={values.exclusions ?? defaults.exclusions}
            error={errors.exclusions}
          />
          <p className="text-sm text-slate-700">
            O termo é impresso pelo modelo “Termo de garantia” e guardado como emitido em {formatDate(loaderData.today)}.
          </p>
          <Button type="submit" disabled={isSaving} aria-busy={isSaving}>
            {isSaving ? <Spinner /> : null}
            Emitir garantia
          </Button>
        </Form>
      )}
    </div>
  );
}

/** /warranty-contract/nova with no order or sale named: which one the warranty is for. */
function ChooseSubject({ isInvalid }: { isInvalid: boolean }) {
  return (
    <div className="max-w-3xl space-y-6">
      <nav aria-label="Caminho" className="text-sm">
        <Link to="/warranty-contract" className="text-brand-700 underline underline-offset-2">
          Garantias
        </Link>
      </nav>
      <h1 className="text-2xl font-bold text-slate-900">Emitir garantia</h1>
      <p className="text-slate-700">
        Uma garantia é de uma OS entregue ou de itens de uma venda. Cada OS entregue com reparo já ganha a sua na entrega.
      </p>
      {isInvalid ? <Alert tone="destructive">Informe o número de uma OS ou de uma venda.</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Form method="get" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <Field label="Número da OS" name="os" inputMode="numeric" required maxLength={10} />
          <Button type="submit" variant="outline">
            Continuar com a OS
          </Button>
        </Form>
        <Form method="get" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <Field label="Número da venda" name="venda" inputMode="numeric" required maxLength={10} />
          <Button type="submit" variant="outline">
            Continuar com a venda
          </Button>
        </Form>
      </div>
    </div>
  );
}
