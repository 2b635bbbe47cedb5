import { Link, NavLink } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { MenuDrawer } from "~/components/ui/menu-drawer";
import { cx } from "~/lib/class-names";
import { AccountMenu, type SignedInAccount } from "./account-menu";
import { ShopMark, type ShopLogo } from "./shop-mark";
import { SITE_NAVIGATION } from "./site-navigation";

function navClass({ isActive }: { isActive: boolean }, isCallToAction: boolean) {
  // Never on two lines (issue 21: "Consultar Meu Conserto" wrapped beside a signed-in account's name).
  if (isCallToAction)
    return buttonClass(
      { variant: "accent", size: "sm" },
      cx("whitespace-nowrap", isActive && "ring-2 ring-accent-600 ring-offset-2"),
    );
  return cx(
    "rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap",
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );
}

function NavigationLinks({ vertical }: { vertical?: boolean }) {
  return (
    <ul className={cx("flex gap-1", vertical ? "flex-col items-stretch" : "items-center")}>
      {SITE_NAVIGATION.map((entry) => (
        <li key={entry.to}>
          <NavLink
            to={entry.to}
            end={entry.to === "/"}
            className={(state) => cx(navClass(state, "isCallToAction" in entry), vertical && "flex w-full justify-start")}
          >
            {entry.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function SiteHeader({
  shopName,
  logo,
  account,
}: {
  shopName: string;
  logo?: ShopLogo | null;
  account: SignedInAccount | null;
}) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a href="#conteudo" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
        Pular para o conteúdo
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
        <Link to="/" className="flex min-w-0 items-center gap-2 text-sm font-bold text-brand-800 sm:text-base">
          <ShopMark logo={logo} shopName={shopName} />
        </Link>
        <nav aria-label="Principal" className="ml-auto hidden shrink-0 xl:block">
          <NavigationLinks />
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1.5 sm:gap-2 xl:ml-2">
          <AccountMenu account={account} />
          <span aria-label="Idioma: português" className="rounded bg-slate-100 px-2 py-1 text-xs font-semibold text-slate-700">
            PT
          </span>
          <MenuDrawer side="right" hiddenFrom="xl" title="Menu" description="Navegação do site" className="bg-white">
            <nav aria-label="Menu">
              <NavigationLinks vertical />
            </nav>
          </MenuDrawer>
        </div>
      </div>
    </header>
  );
}
