import type { ReactNode } from "react";

/** The heading band of an inner public page: its only h1 and a line about it. */
export function PageIntro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="bg-gradient-to-b from-brand-800 to-brand-700 px-4 py-12 text-white">
      <div className="mx-auto max-w-4xl space-y-3">
        <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
        {children ? <div className="max-w-2xl text-lg text-brand-50">{children}</div> : null}
      </div>
    </header>
  );
}
