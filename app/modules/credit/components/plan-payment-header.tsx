import { NavLink } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { cx } from "~/lib/class-names";
import { formatCents } from "~/lib/money";

export type PlanHeaderData = {
  id: number;
  statusLabel: string;
  status: string;
  customerName: string;
  instalmentCount: number;
};

const TABS = [
  { to: "pagar", label: "Pagar" },
  { to: "quitar", label: "Quitar" },
  { to: "extrato", label: "Extrato" },
] as const;

/**
 * The heading of a plan's payment pages: whose plan, its status, what is
 * owed today, and the tabs between paying, paying off and the statement.
 */
export function PlanPaymentHeader({
  plan,
  title,
  owedTodayCents,
}: {
  plan: PlanHeaderData;
  title: string;
  owedTodayCents: number;
}) {
  return (
    <div className="space-y-3">
      <BackLink to={`/cdc/${plan.id}`}>Crediário nº {plan.id}</BackLink>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <span
          className={cx(
            "rounded px-2 py-0.5 text-sm font-medium",
            plan.status === "active"
              ? "bg-sky-100 text-sky-900"
              : plan.status === "paid"
                ? "bg-emerald-100 text-emerald-900"
                : "bg-red-100 text-red-900",
          )}
        >
          {plan.statusLabel}
        </span>
      </div>
      <p className="text-slate-700">
        {plan.customerName} · {plan.instalmentCount} parcelas
        {owedTodayCents > 0 ? ` · em aberto hoje: ${formatCents(owedTodayCents)}` : ""}
      </p>
      <nav aria-label="Pagamentos do crediário" className="flex gap-1 border-b border-slate-200">
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={`/cdc/${plan.id}/${tab.to}`}
            className={({ isActive }) =>
              cx(
                "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
                isActive ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:text-slate-900",
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
