import type { ReactNode } from "react";
import { cx } from "~/lib/class-names";

const TONES = {
  destructive: "border-red-300 bg-red-50 text-red-900",
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  info: "border-brand-100 bg-brand-50 text-brand-800",
} as const;

export function Alert({ tone = "info", title, children }: { tone?: keyof typeof TONES; title?: string; children: ReactNode }) {
  return (
    <div role={tone === "destructive" ? "alert" : "status"} className={cx("rounded-md border p-3 text-sm", TONES[tone])}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
