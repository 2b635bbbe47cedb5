import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The "Voltar para …" link at the top of a page, back to the list or area it was opened from. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2">
      <ArrowLeft aria-hidden className="size-4" />
      {children}
    </Link>
  );
}
