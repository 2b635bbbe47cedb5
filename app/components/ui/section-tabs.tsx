import { NavLink } from "react-router";
import { cx } from "~/lib/class-names";

export type SectionTab = { readonly to: string; readonly label: string; readonly isEnd: boolean };

/**
 * The tab links at the top of the pages of one staff area: plain links (they
 * work before hydration), the current one marked with aria-current. On a
 * phone the row scrolls sideways instead of wrapping into a block of buttons.
 */
export function SectionTabs({ label, tabs, className }: { label: string; tabs: readonly SectionTab[]; className?: string }) {
  return (
    <nav aria-label={label} className={cx("-mx-1 overflow-x-auto", className)}>
      <ul className="flex min-w-max gap-1 border-b border-slate-200 px-1">
        {tabs.map((tab) => (
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
