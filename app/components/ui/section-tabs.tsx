import { Link, useLocation, type Location } from "react-router";
import { cx } from "~/lib/class-names";

export type SectionTab = { readonly to: string; readonly label: string; readonly isEnd: boolean };

function pathMatches(tab: SectionTab, pathname: string, tabPath: string) {
  const path = pathname.replace(/\/+$/, "") || "/";
  return path === tabPath || (!tab.isEnd && path.startsWith(`${tabPath}/`));
}

/**
 * The one tab the page is on: its path matches and so does every query value
 * it names; among several, the one naming the most ("?vista=perto" over the
 * bare list). A link's own matching ignores the query, so tabs that differ
 * only by it would all read as current.
 */
export function currentTabOf(tabs: readonly SectionTab[], location: Pick<Location, "pathname" | "search">): string | null {
  const here = new URLSearchParams(location.search);
  let best: { to: string; specificity: number } | null = null;
  for (const tab of tabs) {
    const url = new URL(tab.to, "http://x");
    if (!pathMatches(tab, location.pathname, url.pathname)) continue;
    const wanted = [...url.searchParams];
    if (!wanted.every(([key, value]) => here.get(key) === value)) continue;
    if (!best || wanted.length > best.specificity) best = { to: tab.to, specificity: wanted.length };
  }
  return best?.to ?? null;
}

/**
 * The tab links at the top of the pages of one staff area: plain links (they
 * work before hydration), the current one marked with aria-current. On a
 * phone the row scrolls sideways instead of wrapping into a block of buttons.
 */
export function SectionTabs({ label, tabs, className }: { label: string; tabs: readonly SectionTab[]; className?: string }) {
  const current = currentTabOf(tabs, useLocation());
  return (
    <nav aria-label={label} className={cx("-mx-1 overflow-x-auto", className)}>
      <ul className="flex min-w-max gap-1 border-b border-slate-200 px-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              prefetch="intent"
              aria-current={tab.to === current ? "page" : undefined}
              className={cx(
                "-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap",
                tab.to === current
                  ? "border-brand-700 text-brand-800"
                  : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
