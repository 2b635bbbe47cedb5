import type { ReactNode } from "react";
import { FinanceTabs } from "./finance-tabs";

/** The top of a finance page: the area's title, the page's actions and the tabs. */
export function FinanceHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <header className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <FinanceTabs />
    </header>
  );
}

export const financeMeta = (title: string) => [
  { title: `${title} · Financeiro — Balcão` },
  { name: "robots", content: "noindex" },
];
