import { data } from "react-router";
import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { FlashAlert } from "~/components/ui/flash-alert";
import { Pager } from "~/components/ui/pager";
import { Panel } from "~/components/ui/panel";
import type { FieldErrors } from "~/lib/errors";
import { flashOf, redirectWithFlash } from "~/lib/flash.server";
import { formProblem, formRefusal } from "~/lib/form-refusal.server";
import { formText } from "~/lib/forms";
import { newIdempotencyKey } from "~/lib/idempotency.server";
import { formatCents } from "~/lib/money";
import { whatsappLink } from "~/lib/whatsapp";
import { isStaffRole } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { customerIdsOfAccount } from "~/modules/customers/account-links.server";
import { LoyaltyHistory } from "~/modules/loyalty/components/loyalty-history";
import { LoyaltyStanding } from "~/modules/loyalty/components/loyalty-standing";
import { StaffLoyalty, type StaffLoyaltyView } from "~/modules/loyalty/components/staff-loyalty";
import { adjustPoints } from "~/modules/loyalty/ledger.server";
import { expiringPointsMessage } from "~/modules/loyalty/messages";
import {
  customersPerLevel,
  listCustomersByLevel,
  listExpiringSoon,
  loyaltyCustomer,
  loyaltySummaryOf,
} from "~/modules/loyalty/queries.server";
import type { Route } from "./+types/loyalty";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData?.view === "staff"
    ? staffAreaMeta("loyalty")
    : [{ title: "Meus pontos — Balcão" }, { name: "robots", content: "noindex" }];

function pageOf(url: URL) {
  const page = Number(url.searchParams.get("pagina") ?? "1");
  return Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

async function staffView(url: URL, isOwner: boolean): Promise<StaffLoyaltyView> {
  const page = pageOf(url);
  const customerParam = url.searchParams.get("cliente");
  if (customerParam !== null) {
    const customerId = Number(customerParam);
    const customer = Number.isSafeInteger(customerId) && customerId > 0 ? await loyaltyCustomer(customerId) : null;
    if (!customer) throw data(null, { status: 404 });
    return {
      tab: "customer",
      customer,
      summary: await loyaltySummaryOf([customer.id], { page }),
      page,
      canAdjust: isOwner,
      adjustmentKey: newIdempotencyKey(),
    };
  }
  const levels = await customersPerLevel();
  const vista = url.searchParams.get("vista");
  if (vista === "expirando") {
    const { rows, hasNextPage } = await listExpiringSoon({ page });
    return {
      tab: "expiring",
      levels,
      page,
      hasNextPage,
      rows: rows.map((row) => ({
        ...row,
        // Offered only to customers who consented to marketing (LGPD).
        whatsappUrl:
          row.marketingConsent && row.phone
            ? whatsappLink(
                row.phone,
                expiringPointsMessage({ name: row.name, points: row.expiringPoints, firstExpiry: row.firstExpiry }),
              )
            : null,
      })),
    };
  }
  const level = url.searchParams.get("nivel");
  const isClose = vista === "perto";
  const { rows, hasNextPage } = await listCustomersByLevel({ levelName: isClose ? null : level, closeOnly: isClose, page });
  return { tab: isClose ? "close" : "levels", level: isClose ? null : level, levels, rows, page, hasNextPage };
}

/** Staff manage the programme; a customer sees their own points (BRIEF §3), from the records their account sees. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = currentUser(context);
  const url = new URL(request.url);
  if (isStaffRole(user.role)) {
    return { view: "staff" as const, staff: await staffView(url, user.role === "owner"), flash: flashOf(context) };
  }
  const page = pageOf(url);
  const summary = await loyaltySummaryOf(await customerIdsOfAccount(user.id), { page });
  return { view: "customer" as const, summary, page };
}

/** The owner's manual adjustment of one customer's points (adjustPoints checks the role and the reason). */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(currentUser(context));
  const url = new URL(request.url);
  const form = await request.formData().catch(() => null);
  const values = { points: form ? formText(form, "points") : "", reason: form ? formText(form, "reason") : "" };
  const idempotencyKey = form ? formText(form, "idempotencyKey") : "";
  if (!form || formText(form, "intent") !== "adjust") return formProblem({ values });
  const customerId = url.searchParams.get("cliente");
  try {
    const { points } = await adjustPoints(actor, customerId, { ...values, idempotencyKey });
    return redirectWithFlash(`/fidelidade?cliente=${customerId}`, {
      message:
        points === Number(values.points) ? "Ajuste registrado." : `Ajuste registrado: ${points} (o saldo não fica negativo).`,
    });
  } catch (error) {
    return formRefusal(error, { values });
  }
}

export default function Loyalty({ loaderData, actionData }: Route.ComponentProps) {
  const errors: FieldErrors = actionData?.errors ?? {};
  if (loaderData.view === "staff") {
    return (
      <>
        <FlashAlert flash={loaderData.flash} />
        <StaffLoyalty view={loaderData.staff} errors={errors} values={actionData?.values ?? {}} />
      </>
    );
  }
  const { summary, page } = loaderData;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Meus pontos de fidelidade</h1>
      <Panel id="meu-saldo" title="Saldo e nível">
        <LoyaltyStanding summary={summary} />
        <p className="text-sm text-slate-700">
          A cada {formatCents(summary.earning.spendStepCents)} pagos em serviços ou produtos você ganha{" "}
          {summary.earning.pointsPerSpendStep} pontos; cada ponto vale por{" "}
          {summary.earning.validityYears === 1 ? "um ano" : `${summary.earning.validityYears} anos`}.
        </p>
      </Panel>
      <Panel id="meu-extrato" title="Extrato">
        <LoyaltyHistory rows={summary.history} />
        <Pager
          label="Páginas do extrato"
          page={page}
          hasNextPage={summary.hasMoreHistory}
          hrefFor={(next) => `/fidelidade?pagina=${next}`}
        />
      </Panel>
    </div>
  );
}
