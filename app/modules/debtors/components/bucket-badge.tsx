import { cx } from "~/lib/class-names";
import { AGEING_BUCKET_LABELS, type AgeingBucket } from "../ageing";

const BUCKET_TONES: Record<AgeingBucket, string> = {
  "0-30": "bg-amber-50 text-amber-900 ring-amber-200",
  "31-60": "bg-orange-50 text-orange-900 ring-orange-200",
  "61-90": "bg-red-50 text-red-900 ring-red-200",
  "90+": "bg-red-100 text-red-950 ring-red-300",
};

/** The ageing bucket of what is overdue, or "A vencer" when nothing is late yet. */
export function BucketBadge({ bucket }: { bucket: AgeingBucket | null }) {
  if (!bucket) return <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">A vencer</span>;
  return (
    <span className={cx("rounded-full px-2 py-0.5 text-xs font-semibold ring-1", BUCKET_TONES[bucket])}>
      {AGEING_BUCKET_LABELS[bucket]}
    </span>
  );
}
