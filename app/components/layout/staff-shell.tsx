import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { MenuDrawer } from "~/components/ui/menu-drawer";
import { cx } from "~/lib/class-names";
import { canSeeFinance, type Role } from "~/modules/accounts/roles";
import { AccountMenu, type SignedInAccount } from "./account-menu";
import type { OwnerAlert } from "~/lib/job-alerts.server";
import { DemoBanner, type DemoState } from "./demo-banner";
import { navigationIconHref } from "./navigation-icons";
import { OwnerAlertsBanner } from "./owner-alerts-banner";
import { useRootData } from "./root-data";
import { ShopLogoImage, ShopMark } from "./shop-mark";
import { SIDEBAR_AREAS, sidebarAreaOf, STAFF_AREAS, type StaffArea, type StaffAreaKey } from "./staff-areas";

/** The areas this person's menu lists. */
function navigationKeys(role: Role, financeAccess: boolean) {
  const mayOpenFinance = canSeeFinance({ role, financeAccess });
  return SIDEBAR_AREAS.filter((key) => {
    const area: StaffArea = STAFF_AREAS[key];
    if (area.isOwnerOnly) return role === "owner";
    if (area.isFinance) return mayOpenFinance;
    return true;
  });
}

/** The areas' links; the one the page belongs to (its own address or one under it) marked as current. */
function StaffNavigation({ keys }: { keys: readonly StaffAreaKey[] }) {
  const current = sidebarAreaOf(useLocation().pathname);
  return (
    <ul className="space-y-0.5">
      {keys.map((key) => {
        const { to, title } = STAFF_AREAS[key];
        const isCurrent = key === current;
        return (
          <li key={to}>
            <Link
              to={to}
              aria-current={isCurrent ? "page" : undefined}
              className={cx(
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium",
                isCurrent ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-200 hover:text-slate-900",
              )}
            >
              <svg aria-hidden viewBox="0 0 24 24" className="size-4 shrink-0">
                <use href={navigationIconHref(key)} />
              </svg>
              {title}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The back office frame: sidebar on a desktop, drawer on a phone. */
export function StaffShell({
  shopName,
  account,
  role,
  financeAccess,
  demoState,
  ownerAlerts = [],
  children,
}: {
  shopName: string;
  account: SignedInAccount;
  role: Role;
  /** Granted "Financeiro" (or the owner): the finance entry shows in the menu. */
  financeAccess: boolean;
  demoState: DemoState;
  /** The owner's: a failed or late backup, a failed job, a nearly full disk. */
  ownerAlerts?: readonly OwnerAlert[];
  children: ReactNode;
}) {
  const logo = useRootData()?.shop.logo;
  const keys = navigationKeys(role, financeAccess);
  return (
    <div className="min-h-dvh bg-slate-50 lg:grid lg:grid-cols-[16rem_1fr]">
      <aside className="hidden border-r border-slate-200 bg-slate-100 lg:block">
        <div className="sticky top-0 max-h-dvh overflow-y-auto p-4">
          <Link to="/" className="mb-6 flex flex-wrap items-center gap-2 px-3 font-bold text-brand-800">
            <ShopLogoImage logo={logo} />
            <span className="min-w-0 break-words">{shopName}</span>
          </Link>
          <nav aria-label="Gestão">
            <StaffNavigation keys={keys} />
          </nav>
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex min-h-14 items-center gap-2 border-b border-slate-200 bg-white px-4 py-1">
          <MenuDrawer side="left" hiddenFrom="lg" title="Gestão" description="Áreas da gestão da loja" className="bg-slate-100">
            <nav aria-label="Gestão (menu)">
              <StaffNavigation keys={keys} />
            </nav>
          </MenuDrawer>
          <span className="flex min-w-0 items-center gap-2 text-sm font-semibold text-slate-800 sm:text-base lg:hidden">
            <ShopMark logo={logo} shopName={shopName} />
          </span>
          <div className="ml-auto shrink-0">
            <AccountMenu account={account} />
          </div>
        </header>
        <OwnerAlertsBanner alerts={ownerAlerts} />
        <DemoBanner state={demoState} role={role} />
        <main id="conteudo" className="mx-auto w-full max-w-6xl flex-1 p-4 sm:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}
