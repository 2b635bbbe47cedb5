import type { ReactNode } from "react";
import { cx } from "~/lib/class-names";

/** A titled card of a management page (an order's payments, the register's movement, the dashboard's figures). */
export function Panel({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cx("space-y-3 rounded-lg border border-slate-200 bg-white p-4", className)}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
