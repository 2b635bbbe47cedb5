import type { ReactNode } from "react";

/** `isWide` for a form with sections (the owner setup, which also asks the shop's details). */
export function AuthCard({
  title,
  description,
  isWide = false,
  children,
}: {
  title: string;
  description?: string;
  isWide?: boolean;
  children: ReactNode;
}) {
  return (
    <main id="conteudo" className={`mx-auto w-full px-4 py-12 ${isWide ? "max-w-3xl" : "max-w-md"}`}>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-slate-700">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}
