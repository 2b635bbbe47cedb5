import { staffAreaMeta } from "~/components/layout/staff-area-page";
import { CustomerAccount } from "~/modules/accounts/components/customer-account";
import { findProfile } from "~/modules/accounts/profiles.server";
import { canSeeFinance, isStaffRole } from "~/modules/accounts/roles";
import { actorOf, currentUser } from "~/modules/accounts/session.server";
import { ShopOverview } from "~/modules/dashboard/components/shop-overview";
import { getShopOverviewForPage, quickActionsFor } from "~/modules/dashboard/overview.server";
import { listAccountCreditPlans } from "~/modules/credit/account-plans.server";
import { AccountCreditPlans } from "~/modules/credit/components/account-credit-plans";
import { listAccountDocuments } from "~/modules/print-templates/account-documents.server";
import { AccountDocuments } from "~/modules/print-templates/components/account-documents";
import { listAccountServiceOrders } from "~/modules/service-orders/account-orders.server";
import { listAccountWarranties } from "~/modules/warranties/account-warranties.server";
import { AccountWarranties } from "~/modules/warranties/components/account-warranties";
import { AccountReferralShare } from "~/modules/customers/components/referral-share";
import { customerIdsOfAccount } from "~/modules/customers/account-links.server";
import { accountPointsOf } from "~/modules/loyalty/queries.server";
import { AccountPoints } from "~/modules/loyalty/components/account-points";
import type { Route } from "./+types/dashboard";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData?.view === "staff"
    ? staffAreaMeta("dashboard")
    : [{ title: "Minha conta — Balcão" }, { name: "robots", content: "noindex" }];

/** Staff see the shop at a glance; a customer sees "Minha conta". */
export async function loader({ context }: Route.LoaderArgs) {
  const user = currentUser(context);
  if (isStaffRole(user.role)) {
    const overview = await getShopOverviewForPage(actorOf(user), new Date(), { withFinance: canSeeFinance(user) });
    return {
      view: "staff" as const,
      overview,
      quickActions: quickActionsFor(user.role, { isRegisterOpen: overview.register.open !== null }),
    };
  }
  const [profile, repairs, creditPlans, warranties, documents, loyalty] = await Promise.all([
    findProfile(user.id),
    listAccountServiceOrders(user.id),
    listAccountCreditPlans(user.id),
    listAccountWarranties(user.id),
    listAccountDocuments(user.id),
    customerIdsOfAccount(user.id).then(accountPointsOf),
  ]);
  return {
    view: "customer" as const,
    fullName: profile?.fullName || user.name,
    email: user.email,
    repairs,
    creditPlans,
    warranties,
    documents,
    loyalty,
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "staff") return <ShopOverview overview={loaderData.overview} quickActions={loaderData.quickActions} />;
  return (
    <CustomerAccount fullName={loaderData.fullName} email={loaderData.email} repairs={loaderData.repairs}>
      <AccountCreditPlans plans={loaderData.creditPlans} />
      <AccountPoints loyalty={loaderData.loyalty} />
      <AccountReferralShare />
      <AccountWarranties warranties={loaderData.warranties} />
      <AccountDocuments documents={loaderData.documents} />
    </CustomerAccount>
  );
}
