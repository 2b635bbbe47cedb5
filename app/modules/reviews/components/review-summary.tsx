import { MapPin } from "lucide-react";
import type { ReviewSummary } from "../queries.server";
import { ReviewIconSprite, StarRating } from "./review-icons";

const averageFormat = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The testimonials' heading and summary card: average, stars, total, satisfaction and the address. */
export function ReviewSummaryCard({ summary, address }: { summary: ReviewSummary; address: string }) {
  return (
    <>
      <ReviewIconSprite />
      <h2 id="avaliacoes-titulo" className="text-3xl font-bold text-slate-900">
        O que nossos clientes dizem
      </h2>
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-4">
          <p className="text-5xl font-bold text-slate-900">{averageFormat.format(summary.average)}</p>
          <div className="space-y-1">
            <StarRating rating={Math.round(summary.average)} className="h-6" />
            <p className="text-sm text-slate-700">
              {summary.total} {summary.total === 1 ? "avaliação" : "avaliações"}
            </p>
          </div>
        </div>
        <p className="text-lg font-semibold text-emerald-800">{summary.satisfiedPercent}% de satisfação</p>
        <p className="flex items-start gap-2 text-slate-700">
          <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          {address}
        </p>
      </div>
    </>
  );
}
