import { cx } from "~/lib/class-names";
import { STATUS_LABELS, type ServiceOrderStatus } from "../status";

/** Colour groups: waiting on the shop, on the customer, finished well, finished otherwise. */
const TONES: Record<ServiceOrderStatus, string> = {
  received: "border-slate-300 bg-slate-100 text-slate-800",
  diagnosing: "border-brand-100 bg-brand-50 text-brand-800",
  awaiting_approval: "border-amber-300 bg-amber-50 text-amber-900",
  approved: "border-brand-100 bg-brand-50 text-brand-800",
  declined: "border-red-200 bg-red-50 text-red-800",
  awaiting_part: "border-amber-300 bg-amber-50 text-amber-900",
  repairing: "border-brand-100 bg-brand-50 text-brand-800",
  ready: "border-emerald-300 bg-emerald-50 text-emerald-900",
  delivered: "border-slate-300 bg-white text-slate-700",
  cancelled: "border-slate-300 bg-white text-slate-700",
  not_repairable: "border-red-200 bg-red-50 text-red-800",
};

export function StatusBadge({ status, className }: { status: ServiceOrderStatus; className?: string }) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-medium whitespace-nowrap",
        TONES[status],
        className,
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
