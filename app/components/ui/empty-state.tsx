import type { ReactNode } from "react";

export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center">
      {icon ? <div className="text-slate-500">{icon}</div> : null}
      <p className="text-lg font-semibold text-slate-800">{title}</p>
      {children ? <div className="max-w-prose text-slate-700">{children}</div> : null}
    </div>
  );
}
