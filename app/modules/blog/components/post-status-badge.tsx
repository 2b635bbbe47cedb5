import type { BlogPostStatus } from "~/db/schema/blog";
import { cx } from "~/lib/class-names";
import { POST_STATUS_LABELS } from "../validation";

const TONES: Record<BlogPostStatus, string> = {
  draft: "bg-slate-100 text-slate-800",
  scheduled: "bg-amber-100 text-amber-900",
  published: "bg-emerald-100 text-emerald-900",
};

export function PostStatusBadge({ status }: { status: BlogPostStatus }) {
  return (
    <span className={cx("rounded-full px-2 py-0.5 text-xs font-semibold", TONES[status])}>{POST_STATUS_LABELS[status]}</span>
  );
}
