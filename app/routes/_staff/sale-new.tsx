import { BackLink } from "~/components/ui/back-link";
import { shopToday } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { readId } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { SaleScreen } from "~/modules/cash-register/components/sale-screen";
import { getSaleScreenContext } from "~/modules/cash-register/sale-queries.server";
import { saleFormToInput } from "~/modules/cash-register/sale-validation";
import { recordSale } from "~/modules/cash-register/sales.server";
import { creditSettingsOf, creditSupplierOf } from "~/modules/credit/plans.server";
import { getCustomerSummary } from "~/modules/customers/queries.server";
import { getDiscountLevel } from "~/modules/loyalty/level-offer.server";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/sale-new";

export const meta = () => [{ title: "Nova venda — Balcão" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(currentUser(context));
  // ?cliente= names the customer ahead (an exchange: the store credit of a return spent here).
  const customerId = readId(new URL(request.url).searchParams.get("cliente") ?? "");
  const customer = customerId === null ? null : await getCustomerSummary(customerId);
  const screen = await getSaleScreenContext(actor, customer?.id ?? null);
  const settings = await getShopSettings();
  const creditContext = { settings: creditSettingsOf(settings), supplier: creditSupplierOf(settings), today: shopToday() };
  // The customer's loyalty level: its discount is offered on the sale's service items (the screen also loads it for a customer picked there).
  const loyaltyLevel = customer ? await getDiscountLevel(customer.id) : null;
  return { idempotencyKey: newIdempotencyKey(), customer, creditContext, loyaltyLevel, ...screen };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const form = await request.formData().catch(() => null);
  if (!form) return formProblem({});
  try {
    const sale = await recordSale(actor, saleFormToInput(form));
    const change = sale.changeCents > 0 ? ` Troco: ${formatCents(sale.changeCents)}.` : "";
    return redirectWithFlash(`/cash-register/vendas/${sale.saleId}`, {
      message: sale.isReplay ? `A venda ${sale.code} já estava registrada.` : `Venda ${sale.code} registrada.${change}`,
      // A crediário's contract is signed at the counter: its plan page prints it.
      ...(sale.creditPlanId
        ? { link: { href: `/cdc/${sale.creditPlanId}`, label: "Ver o crediário e imprimir o contrato" } }
        : {}),
    });
  } catch (error) {
    return formRefusal(error, {});
  }
}

export default function NewSale({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <div className="mb-6 space-y-2">
        <BackLink to="/cash-register">Caixa</BackLink>
        <h1 className="text-2xl font-bold text-slate-900">Nova venda</h1>
      </div>
      <SaleScreen
        idempotencyKey={loaderData.idempotencyKey}
        defaultCustomer={loaderData.customer}
        storeCreditCents={loaderData.storeCreditCents}
        isRegisterOpen={loaderData.isRegisterOpen}
        pixDiscountBasisPoints={loaderData.pixDiscountBasisPoints}
        defaultLoyaltyLevel={loaderData.loyaltyLevel}
        pixUnavailableMessage={loaderData.pixUnavailableMessage}
        creditContext={loaderData.creditContext}
        errors={actionData?.errors ?? {}}
      />
    </>
  );
}
