import { NavLink } from "react-router";
import { cx } from "~/lib/class-names";

/** The pages of /financial-management, in the order the owner reads them. */
export const FINANCE_TABS = [
  { to: "/financial-management", label: "Resultado", isEnd: true },
  { to: "/financial-management/lancamentos", label: "Lançamentos", isEnd: false },
  { to: "/financial-management/contas", label: "Contas", isEnd: false },
  { to: "/financial-management/recorrentes", label: "Recorrentes", isEnd: false },
  { to: "/financial-management/categorias", label: "Categorias", isEnd: false },
  { to: "/financial-management/cartoes", label: "Cartões", isEnd: false },
] as const;

/**
 * The tab links at the top of every finance page: plain links (they work
 * before hydration), the current one marked with aria-current. On a phone
 * the row scrolls sideways instead of wrapping into a block of buttons.
 */
export function FinanceTabs({ className }: { className?: string }) {
  return (
    <nav aria-label="Seções do financeiro" className={cx("-mx-1 overflow-x-auto", className)}>
      <ul className="flex min-w-max gap-1 border-b border-slate-200 px-1">
        {FINANCE_TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.isEnd}
              prefetch="intent"
              className={({ isActive }) =>
                cx(
                  "-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap",
                  isActive
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
