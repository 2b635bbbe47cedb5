import type { CreditPlanStatus } from "~/db/schema/credit";
import { cx } from "~/lib/class-names";

const LOOKS: Record<CreditPlanStatus | "overdue", { label: string; className: string }> = {
  active: { label: "Ativo", className: "bg-sky-100 text-sky-900" },
  overdue: { label: "Parcela atrasada", className: "bg-red-100 text-red-800" },
  paid: { label: "Quitado", className: "bg-emerald-100 text-emerald-800" },
  cancelled: { label: "Cancelado", className: "bg-slate-200 text-slate-800" },
};

/** A plan's situation as a tag: active, with an overdue instalment, paid off or cancelled. */
export function PlanStatusBadge({ status, isOverdue }: { status: CreditPlanStatus; isOverdue: boolean }) {
  const look = LOOKS[status === "active" && isOverdue ? "overdue" : status];
  return (
    <span className={cx("inline-block rounded px-2 py-0.5 text-sm font-medium whitespace-nowrap", look.className)}>
      {look.label}
    </span>
  );
}
