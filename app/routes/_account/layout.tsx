import { NavLink, Outlet, useMatches } from "react-router";
import { SiteErrorBoundary, SiteFrame } from "~/components/layout/site-frame";
import { StaffShell } from "~/components/layout/staff-shell";
import { canSeeFinance, isStaffRole } from "~/modules/accounts/roles";
import { currentUser, requireUserMiddleware } from "~/modules/accounts/session.server";
import { FlashAlert } from "~/components/ui/flash-alert";
import { flashOf } from "~/lib/flash.server";
import { ownerAlerts } from "~/lib/job-alerts.server";
import { recordReferralFromLinkMiddleware } from "~/modules/customers/referral-cookie.server";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/layout";

/** A route exporting `handle = { isPrintPage: true }` is shown bare, without the frame, to be printed. */
export type PageHandle = { isPrintPage?: boolean };

/** Every signed-in page: a visitor is sent to /auth and comes back here afterwards. */
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware, recordReferralFromLinkMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const [shop, alerts] = await Promise.all([getShopSettings(), user.role === "owner" ? ownerAlerts() : []]);
  return {
    account: { name: user.name, email: user.email },
    role: user.role,
    financeAccess: canSeeFinance(user),
    shopName: shop.name,
    demoState: { hasDemoData: shop.hasDemoData, isDetailsConfirmed: shop.detailsConfirmedAt !== null },
    // Only the owner sees what failed unattended (backup, scheduled jobs, disk); staff could not fix it.
    ownerAlerts: alerts,
    // A customer's pages show no flash of their own: what the referral link or a saved form did is shown here.
    flash: isStaffRole(user.role) ? null : flashOf(context),
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** Staff work inside the back office frame; a customer's own area keeps the site's frame. */
export default function SignedInLayout({ loaderData }: Route.ComponentProps) {
  const isPrintPage = useMatches().some((match) => (match.handle as PageHandle | undefined)?.isPrintPage);
  if (isPrintPage) return <Outlet />;
  if (isStaffRole(loaderData.role)) {
    return (
      <StaffShell
        shopName={loaderData.shopName}
        account={loaderData.account}
        role={loaderData.role}
        financeAccess={loaderData.financeAccess}
        demoState={loaderData.demoState}
        ownerAlerts={loaderData.ownerAlerts}
      >
        <Outlet />
      </StaffShell>
    );
  }
  return (
    <SiteFrame>
      <main id="conteudo" className="mx-auto w-full max-w-5xl px-4 py-8">
        <CustomerNav />
        {loaderData.flash ? (
          <div className="mb-6">
            <FlashAlert flash={loaderData.flash} />
          </div>
        ) : null}
        <Outlet />
      </main>
    </SiteFrame>
  );
}

/** The customer's own area's pages ("Minha conta"), over each of them. */
const CUSTOMER_PAGES = [
  { to: "/dashboard", label: "Minha conta" },
  { to: "/minha-conta/perfil", label: "Meu perfil" },
  { to: "/fidelidade", label: "Fidelidade" },
] as const;

function CustomerNav() {
  return (
    <nav aria-label="Minha conta" className="mb-6 flex flex-wrap gap-2 border-b border-slate-200 pb-3">
      {CUSTOMER_PAGES.map((page) => (
        <NavLink
          key={page.to}
          to={page.to}
          end
          className={({ isActive }) =>
            isActive
              ? "rounded-md bg-brand-700 px-3 py-1.5 text-sm font-medium text-white"
              : "rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
          }
        >
          {page.label}
        </NavLink>
      ))}
    </nav>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SiteErrorBoundary error={error} />;
}
