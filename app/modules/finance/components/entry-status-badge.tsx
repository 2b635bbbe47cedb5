import { cx } from "~/lib/class-names";
import { ENTRY_STATUS_LABELS, type EntryStatus } from "../entry-filters";

const TONES: Record<EntryStatus, string> = {
  open: "bg-slate-100 text-slate-800",
  overdue: "bg-red-100 text-red-800",
  paid: "bg-emerald-100 text-emerald-800",
  cancelled: "bg-slate-200 text-slate-600 line-through",
};

export function EntryStatusBadge({ status }: { status: EntryStatus }) {
  return (
    <span className={cx("inline-flex rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap", TONES[status])}>
      {ENTRY_STATUS_LABELS[status]}
    </span>
  );
}
