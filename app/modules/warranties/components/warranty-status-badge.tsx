import { cx } from "~/lib/class-names";
import { daysLeftLabel, WARRANTY_STATUS_LABELS, type WarrantyStatus } from "~/modules/warranty-terms/rules";

const TONES: Record<WarrantyStatus, string> = {
  active: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  "legal-only": "bg-amber-50 text-amber-900 ring-amber-200",
  expired: "bg-slate-100 text-slate-800 ring-slate-300",
};

/** "Ativa · 12 dias", "Só garantia legal · 30 dias", "Vencida". */
export function WarrantyStatusBadge({ status, daysLeft }: { status: WarrantyStatus; daysLeft: number }) {
  return (
    <span className={cx("inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1", TONES[status])}>
      {WARRANTY_STATUS_LABELS[status]}
      {status === "expired" ? "" : ` · ${daysLeftLabel(daysLeft)}`}
    </span>
  );
}
